/*
 * test_writers_html.c - the HTML page of the fixed report of
 * writers_fixture.h read back: hostile strings as text, no script and no
 * network, the chart, and the layout for small screens, dark modes and
 * print.  The page against its golden file is test_writers.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "writers_fixture.h"

/* Whether the attribute name (" width=") is in the tag from s to end. */
static int
has_attr(const char *s, const char *end, const char *name)
{
	const char *p = strstr(s, name);

	return p != NULL && p < end;
}

/* The page's layout for small screens, dark modes and print (issue 17). */
static void
check_html_layout(const char *out)
{
	const char *svg = strstr(out, "<svg "), *end, *table;

	end = svg != NULL ? strchr(svg, '>') : NULL;
	table = strstr(out, "<table");
	CHECK("html viewport meta",
	    strstr(out, "<meta name=\"viewport\" content=\"width=device-width"
	                ", initial-scale=1\">") != NULL);
	CHECK("html svg sized by its viewBox only",
	    end != NULL && strstr(svg, " viewBox=\"0 0 ") < end &&
	        !has_attr(svg, end, " width=") &&
	        !has_attr(svg, end, " height="));
	CHECK("html svg scales to the page",
	    strstr(out, "svg{display:block;width:100%;") != NULL);
	CHECK("html dark preference",
	    strstr(out, "@media screen and (prefers-color-scheme:dark){") !=
	            NULL &&
	        strstr(out, "color-scheme:light dark") != NULL);
	/* Chromium's forced dark mode darkens the page but leaves the SVG's
	 * colours alone: the chart paints its own background, light unless
	 * the reader prefers dark. */
	CHECK("html chart text follows the page colour",
	    strstr(out, "svg text{fill:currentColor}") != NULL &&
	        strstr(out, "fill:#222") == NULL);
	CHECK("html chart paints its background",
	    strstr(out, "svg .bg{fill:#fff}") != NULL &&
	        strstr(out, "svg .bg{fill:#181818}") != NULL &&
	        strstr(out, "\n<rect class=\"bg\" width=\"440\" height=\"") !=
	            NULL);
	CHECK("html interval whiskers", count(out, "class=\"whisker\"") == 1);
	/* At 400 px (350 px for the chart's 440 units) text of 16 units is
	 * 12.7 px; the run tables become cards, each value named. */
	CHECK("html chart text readable on a phone",
	    strstr(out, "<svg viewBox=\"0 0 440 ") != NULL &&
	        strstr(out, "font-size=\"17\" role=\"img\"") != NULL &&
	        count(out, "font-size=\"16\"") == 12 &&
	        count(out, "font-size=") == 13);
	CHECK("html run tables as cards on a narrow screen",
	    strstr(out, "@media screen and (max-width:40em){\n"
	                "table.run,table.run tbody{display:block}\n"
	                "table.run thead{display:none}\n"
	                "table.run tr{display:flex;flex-wrap:wrap;") != NULL &&
	        strstr(out, "table.run td:first-child{flex-basis:100%") !=
	            NULL &&
	        strstr(out, "content:attr(data-k)") != NULL &&
	        count(out, " data-k=\"Index\">") == 10 &&
	        count(out, " data-k=\"Score\">") == 9);
	CHECK("html scores first",
	    strstr(out, "<h2>Index Scores</h2>") != NULL && table != NULL &&
	        strstr(out, "<h2>Index Scores</h2>") < table &&
	        strstr(out, "<strong>1898.3</strong> System Benchmarks Index "
	                    "Score (Partial Only), 2 copies; 95% interval "
	                    "1790.0 &ndash; 2015.0 (&plusmn;6%): <em>too "
	                    "wide to tell two runs 5% apart</em>") != NULL);
	CHECK("html warnings shown open",
	    strstr(out, "<details open>\n<summary>3 warnings</summary>") !=
	            NULL &&
	        strstr(out, "<h2>Warnings</h2>") == NULL);
	CHECK("html scaling flagged and explained",
	    strstr(out, "<h2>Scaling</h2>") != NULL &&
	        strstr(out,
	            "<td class=\"n\">0.40</td><td class=\"n\"><strong>below "
	            "1</strong>") != NULL &&
	        strstr(out, "<p class=\"warn\">above 2: each copy did more") !=
	            NULL);
	CHECK("html tables scroll in their box",
	    count(out, "<div class=\"scroll\"><table") == 4 &&
	        strstr(out, ".scroll{overflow-x:auto") != NULL);
	CHECK("html table headers repeat when printed",
	    count(out, "<thead><tr><th>Test</th>") == 3 &&
	        strstr(out, "thead{display:table-header-group}") != NULL);
}

static void
check_html(const char *out)
{
	CHECK("html clean text", clean_text(out, 1));
	CHECK("html no script element", strstr(out, "<script") == NULL &&
	                                    strstr(out, "<b>") == NULL &&
	                                    strstr(out, "<i>") == NULL);
	CHECK("html hostname as text",
	    count(out, "&lt;script&gt;alert(1)&lt;/script&gt;") == 2);
	CHECK("html message as text",
	    strstr(out,
	        "killed by signal 11; said "
	        "&quot;bad\\path&quot;\n&lt;script&gt;alert(2)&lt;/script&gt;, "
	        "| pipe &#xFFFD; &#xFFFD;") != NULL);
	/* No URL at all: inline SVG needs no namespace in HTML. */
	CHECK("html no network",
	    strstr(out, "http:") == NULL && strstr(out, "https:") == NULL &&
	        strstr(out, "src=") == NULL && strstr(out, "href=") == NULL &&
	        strstr(out, "url(") == NULL && strstr(out, "@import") == NULL);
	CHECK("html one chart",
	    count(out, "<svg ") == 1 && count(out, "</svg>") == 1);
	/* The background, 2 legend boxes, 2 index scores, 3 bars for 1 copy
	 * (execl failed), 4 for 2 copies. */
	CHECK("html chart bars", count(out, "<rect ") == 12);
	CHECK("html chart missing bars named",
	    count(out, ">failed</text>") == 1 &&
	        count(out, ">not run</text>") == 2);
	CHECK("html two run tables", count(out, "<table class=\"run\">") == 2);
	CHECK("html tests in the text report's order",
	    in_order(strstr(out, "<table class=\"run\">"), "<tr><td>Execl",
	        "<tr><td>Odd,", "<tr><td>Pipe"));
	CHECK("html chart in the text report's order",
	    in_order(out, ">Pipe Throughput</text>",
	        ">Shell Scripts (8 concurrent)</text>",
	        ">System Call Overhead</text>"));
	/* The headline (twice: one says there is none), the chart's
	 * tooltip, the table's row, the warning. */
	CHECK("html interval", count(out, "95% interval") == 5);
	CHECK("html memory and mitigations",
	    strstr(out, "<tr><th>Memory</th><td>3.8 GiB, 4028232 KiB</td>") !=
	            NULL &&
	        strstr(out, "<summary>1 vulnerable: srbds; 1 mitigated: "
	                    "meltdown; 1 not affected</summary>") != NULL &&
	        strstr(out, "<li>srbds: Vulnerable: &quot;&lt;b&gt;no&lt;/"
	                    "b&gt;&quot; \\ microcode</li>") != NULL);
	check_html_layout(out);
}

int
main(void)
{
	struct report r;
	size_t len;
	char *out;
	int rc;

	make_report(&r);
	rc = render(write_html, &r, &out, &len);
	CHECK("html writer returns 0 (the page read back)", rc == 0);
	check_html(out);
	free(out);
	report_free(&r);
	return check_exit();
}
