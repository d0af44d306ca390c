/*
 * html_style.c - the style sheet of the HTML report (html.h).
 */
#include "write/html.h"

/*
 * The page's style: it fits a phone (the chart scales by its viewBox; on
 * a narrow screen a run table's row becomes a card, the test's name on a
 * line of its own, then each value named by its data-k; other wide
 * tables scroll inside their box), follows a dark preference (the chart's
 * lines and text take currentColor, so a forced dark mode that recolours
 * the text recolours them too; Chromium's forced dark mode darkens the
 * page but leaves what is inside an inline SVG alone, so the chart paints
 * its own background and stays a light card there), and repeats table
 * headers when printed, where the folded lists are printed open (in
 * browsers that know ::details-content).
 */
const char html_style[] =
    ":root{color-scheme:light dark}\n"
    "body{font-family:sans-serif;margin:1em auto;padding:0 1em;"
    "color:#222;background:#fff;max-width:62em;line-height:1.35}\n"
    "h1{font-size:1.5em}\n"
    ".scroll{overflow-x:auto;margin:0.5em 0 1.5em}\n"
    "table{border-collapse:collapse}\n"
    "table.run{width:100%}\n"
    "th,td{border:1px solid #aaa;padding:0.2em 0.6em;text-align:left;"
    "vertical-align:top;overflow-wrap:break-word}\n"
    "th{background:#f2f2f2}\n"
    "td.n{text-align:right;font-variant-numeric:tabular-nums;"
    "white-space:nowrap}\n"
    "tr.score th,tr.score td{font-weight:bold;background:#eef3f8}\n"
    "ul.scores{list-style:none;padding:0}\n"
    "ul.scores li{margin:0.3em 0}\n"
    "ul.scores strong{font-size:1.4em;margin-right:0.3em}\n"
    ".fail{color:#a00}\n"
    ".warn{background:#fff3cd;border:1px solid #e0c36c;padding:0.5em}\n"
    "details{margin:0.5em 0 1.5em}\n"
    "summary{cursor:pointer;font-weight:bold}\n"
    "td details{margin:0}\n"
    "td summary{font-weight:normal}\n"
    "svg{display:block;width:100%;max-width:28em;height:auto}\n"
    "svg text{fill:currentColor}\n"
    "svg text.fail{fill:#a00}\n"
    "svg .bg{fill:#fff}\n"
    "svg .grid{stroke:#ccc}\n"
    "svg .axis,svg .whisker{stroke:currentColor;fill:none;"
    "stroke-width:1.5px}\n"
    "@media screen and (prefers-color-scheme:dark){\n"
    "body{color:#ddd;background:#181818}\n"
    "th{background:#2a2a2a}\n"
    "th,td{border-color:#555}\n"
    "tr.score th,tr.score td{background:#1d2b38}\n"
    ".fail{color:#f88}\n"
    "svg text.fail{fill:#f88}\n"
    ".warn{background:#3b3210;border-color:#7a6522}\n"
    "svg .grid{stroke:#444}\n"
    "svg .bg{fill:#181818}\n"
    "}\n"
    "@media (max-width:30em){h1{font-size:1.25em}h2{font-size:1.1em}}\n"
    "@media screen and (max-width:40em){\n"
    "table.run,table.run tbody{display:block}\n"
    "table.run thead{display:none}\n"
    "table.run tr{display:flex;flex-wrap:wrap;gap:0 0.8em;"
    "margin:0 0 0.4em;padding:0.2em 0.5em;"
    "border:1px solid rgba(128,128,128,0.6)}\n"
    "table.run td,table.run th{border:0;padding:0;background:none}\n"
    "table.run td:first-child{flex-basis:100%;font-weight:bold}\n"
    "table.run td.fail{flex-basis:100%}\n"
    "table.run tr.score{background:rgba(70,130,180,0.15)}\n"
    "table.run td[data-k]::before{content:attr(data-k) \" \";"
    "font-weight:normal;opacity:0.75}\n"
    "}\n"
    "@media print{\n"
    "body{max-width:none;margin:0;padding:0}\n"
    "thead{display:table-header-group}\n"
    "tr,svg{break-inside:avoid}\n"
    "h1,h2{break-after:avoid}\n"
    "details::details-content{content-visibility:visible}\n"
    ".scroll{overflow:visible}\n"
    "}\n";
