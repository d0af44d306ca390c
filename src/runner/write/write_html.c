/*
 * write_html.c - one self-contained HTML page: the index scores with their
 * intervals first, an inline SVG chart per index (html_chart.c), the
 * system table, the warnings folded, a table per copies value.  No script,
 * no network reference; every string from the system is escaped.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score/interval.h"
#include "write/escape.h"
#include "write/html.h"
#include "write/writers.h"

/*
 * The style fits a phone (a narrow screen shows a run table row as a card,
 * each value named by its data-k; other wide tables scroll in their box),
 * follows a dark preference (the chart's lines and text take currentColor;
 * it paints its own background, as Chromium's forced dark mode leaves an
 * inline SVG alone), and prints table headers on each page and the folded
 * lists open.
 */
static const char style[] =
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

/* The first index entry of block b that holds result t, or NULL. */
static const struct index_entry *
find_entry_of(const struct block *b, const struct test_result *t)
{
	int i, k;

	for (i = 0; i < b->nindexes; i++)
		for (k = 0; k < b->indexes[i].nentries; k++)
			if (b->indexes[i].entries[k].result == t)
				return &b->indexes[i].entries[k];
	return NULL;
}

/* The rows of the run's settings and times, closing the system table. */
static void
html_settings(FILE *f, const struct report *r)
{
	char start[32], end[32];

	html_printf(f, "<tr><th>Settings</th><td>%d long / %d short passes",
	    r->settings.long_passes, r->settings.short_passes);
	if (r->settings.duration_s > 0)
		html_printf(f, ", every test %.1f s", r->settings.duration_s);
	if (r->settings.placement != NULL)
		html_printf(f, ", placement %s", r->settings.placement);
	fprintf(f,
	    "</td></tr>\n<tr><th>Run</th><td>%s to %s (UTC)</td></tr>\n"
	    "</table></div>\n",
	    escape_utc(start, sizeof(start), r->start),
	    escape_utc(end, sizeof(end), r->end));
}

/* The memory and the CPU vulnerability mitigations, each state folded. */
static void
html_facts(FILE *f, const struct sysinfo *s)
{
	const char *line, *nl;
	char *item;

	if (s->memory_kib > 0)
		html_printf(f,
		    "<tr><th>Memory</th><td>%.1f GiB, %lld KiB</td></tr>\n",
		    s->memory_kib / (1024.0 * 1024.0), s->memory_kib);
	else
		fputs("<tr><th>Memory</th><td>unknown</td></tr>\n", f);
	fputs("<tr><th>Mitigations</th><td>", f);
	if (s->mitigations == NULL || *s->mitigations == '\0' ||
	    s->mitigations_summary == NULL) {
		fputs("unknown</td></tr>\n", f);
		return;
	}
	html_printf(f, "<details><summary>%s</summary>\n<ul>\n",
	    s->mitigations_summary);
	for (line = s->mitigations; (nl = strchr(line, '\n')) != NULL;
	     line = nl + 1) {
		if ((item = strndup(line, (size_t)(nl - line))) == NULL)
			continue;
		html_printf(f, "<li>%s</li>\n", item);
		free(item);
	}
	fputs("</ul></details></td></tr>\n", f);
}

static void
html_system(FILE *f, const struct report *r)
{
	const struct sysinfo *s = &r->sys;
	char line[400];

	html_printf(f,
	    "<h2>Test System Information</h2>\n<div class=\"scroll\"><table>\n"
	    "<tr><th>System</th><td>%s</td></tr>\n"
	    "<tr><th>OS</th><td>%s -- %s -- %s</td></tr>\n",
	    s->hostname, s->os_name, s->os_release, s->os_version);
	if (s->distro != NULL && *s->distro != '\0')
		html_printf(f, "<tr><th>Distribution</th><td>%s</td></tr>\n",
		    s->distro);
	html_printf(f,
	    "<tr><th>Machine</th><td>%s (%s)</td></tr>\n"
	    "<tr><th>Language</th><td>%s (charmap=%s, collate=%s)</td></tr>\n"
	    "<tr><th>CPU</th><td>%s",
	    s->machine, s->platform, s->locale, s->charmap, s->collate,
	    s->cpu_model);
	if (s->cpu_mhz > 0)
		html_printf(f, " (%.1f MHz)", s->cpu_mhz);
	if (s->cpu_flags != NULL && *s->cpu_flags != '\0')
		html_printf(f, "<br>%s", s->cpu_flags);
	fputs("</td></tr>\n", f);
	html_facts(f, s);
	html_printf(f,
	    "<tr><th>CPUs</th><td>%d in system, %d usable by this run</td>"
	    "</tr>\n<tr><th>Compiler</th><td>%s %s (build: %s)</td></tr>\n"
	    "<tr><th>Shell</th><td>%s</td></tr>\n"
	    "<tr><th>Uptime</th><td>%s</td></tr>\n"
	    "<tr><th>Load average</th><td>%.2f, %.2f, %.2f (at start)</td>"
	    "</tr>\n",
	    s->cpus_online, s->cpus_usable, s->compiler, s->cflags,
	    s->build_kind, s->shell, s->uptime, s->load1, s->load5, s->load15);
	writer_settle(line, sizeof(line), r);
	if (line[0] != '\0')
		html_printf(f, "<tr><th>Settle</th><td>%s</td></tr>\n", line);
	html_settings(f, r);
}

/* Folded: the count in the summary, the list when opened. */
static void
html_warnings(FILE *f, const struct report *r)
{
	int i;

	if (r->nwarnings == 0)
		return;
	fprintf(f, "<details open>\n<summary>%d warning%s</summary>\n<ul>\n",
	    r->nwarnings, r->nwarnings == 1 ? "" : "s");
	for (i = 0; i < r->nwarnings; i++)
		html_printf(f, "<li>%s</li>\n", r->warnings[i]);
	fputs("</ul>\n</details>\n", f);
}

/* Under the title: label, comment, and a banner where the scores are not
 * a standard index's (stopped, quick passes, --duration). */
static void
html_notes(FILE *f, const struct report *r)
{
	if (r->settings.label != NULL)
		html_printf(f, "<p><strong>Label:</strong> %s</p>\n",
		    r->settings.label);
	if (r->settings.comment != NULL)
		html_printf(f, "<p><strong>Comment:</strong> %s</p>\n",
		    r->settings.comment);
	if (r->interrupted)
		fputs("<p class=\"warn\"><strong>Interrupted:</strong> the run "
		      "was stopped; these are partial results.</p>\n",
		    f);
	if (r->settings.quick)
		fputs("<p class=\"warn\"><strong>Quick mode:</strong> short "
		      "passes; see the interval of each index score.</p>\n",
		    f);
	if (r->settings.duration_s > 0)
		html_printf(f,
		    "<p class=\"warn\"><strong>--duration %.1f s:</strong> "
		    "every test ran that long a pass instead of its own "
		    "duration; the scores are not comparable with a real "
		    "index.</p>\n",
		    r->settings.duration_s);
}

/* The headline: each index score with its 95% interval, first. */
static void
html_scores(FILE *f, const struct report *r)
{
	const struct run *run = report_last(r);
	const struct index_result *x;
	int b, i;

	if (run->nblocks == 0 || run->blocks[0].nindexes == 0)
		return;
	fputs("<h2>Index Scores</h2>\n<ul class=\"scores\">\n", f);
	for (b = 0; b < run->nblocks; b++) {
		for (i = 0; i < run->blocks[b].nindexes; i++) {
			x = &run->blocks[b].indexes[i];
			html_printf(f,
			    "<li><strong>%.1f</strong> %s Index Score%s, %d "
			    "%s; ",
			    x->nok > 0 ? x->score : NAN, x->def->label,
			    x->partial ? " (Partial Only)" : "",
			    run->blocks[b].copies,
			    run->blocks[b].copies == 1 ? "copy" : "copies");
			if (interval_known(x)) {
				html_printf(f,
				    "95%% interval %.1f &ndash; %.1f",
				    x->ci_low, x->ci_high);
				fprintf(f, " (&plusmn;%.0f%%)%s",
				    100 * x->ci_half,
				    x->ci_wide ? ": <em>too wide to tell two "
				                 "runs 5% apart</em> (see the "
				                 "warnings)"
				               : "");
			} else {
				fputs("no 95% interval", f);
			}
			fputs("</li>\n", f);
		}
	}
	html_printf(f, "</ul>\n<p>%s</p>\n", writer_reading);
}

/* How the machine scaled: a row per test and index, flagged ones noted. */
static const struct scale_format html_scaling = {escape_html,
    {"<h2>Scaling</h2>\n<p>",
        "</p>\n<div class=\"scroll\"><table>\n<thead><tr><th>Test</th>"
        "<th>Ratio</th><th></th></tr></thead>\n<tbody>\n"},
    {"<tr><td>", "</td><td class=\"n\">", "</td><td class=\"n\"><strong>",
        "</strong></td></tr>\n"},
    "</tbody></table></div>\n", {"<p class=\"warn\">", "</p>\n"}};

static void
html_test_row(FILE *f, const struct block *b, const struct test_result *t)
{
	const struct index_entry *e = find_entry_of(b, t);

	html_printf(f, "<tr><td>%s</td>", t->test->title);
	if (t->outcome == OUTCOME_OK) {
		html_printf(f,
		    "<td class=\"n\" data-k=\"Score\">%.1f</td><td>%s</td>"
		    "<td class=\"n\" data-k=\"Time\">%.1f s</td>"
		    "<td class=\"n\" data-k=\"Samples\">%d</td>"
		    "<td class=\"n\" data-k=\"CV\">",
		    t->score, t->unit, t->time_s, t->samples);
		if (t->samples > 1) /* one sample has no spread */
			html_printf(f,
			    t->spread.wide ? "<strong>%.1f%%</strong></td>"
			                   : "%.1f%%</td>",
			    100 * t->spread.cv);
		else
			fputs("-</td>", f);
	} else {
		fputs("<td colspan=\"5\" class=\"fail\">", f);
		write_outcome(f, escape_html, t->outcome, t->message);
		fputs("</td>", f);
	}
	html_printf(f,
	    "<td class=\"n\" data-k=\"Baseline\">%.1f</td>"
	    "<td class=\"n\" data-k=\"Index\">%.1f</td></tr>\n",
	    e != NULL ? e->row->baseline : NAN,
	    e != NULL && e->ok ? e->index : NAN);
}

static void
html_score_row(FILE *f, const struct index_result *x)
{
	html_printf(f,
	    "<tr class=\"score\"><th colspan=\"7\">%s Index Score%s</th>"
	    "<td class=\"n\">%.1f</td></tr>\n",
	    x->def->label, x->partial ? " (Partial Only)" : "",
	    x->nok > 0 ? x->score : NAN);
	if (interval_known(x))
		html_printf(f,
		    "<tr><td colspan=\"7\">95%% interval of the index score"
		    "</td><td class=\"n\">%.1f &ndash; %.1f</td></tr>\n",
		    x->ci_low, x->ci_high);
}

static int
html_block(FILE *f, const struct report *r, const struct block *b)
{
	const struct test_result **tests = writer_sorted_tests(b);
	char start[32], end[32], turns[200];
	int i;

	if (tests == NULL)
		return -1;
	fprintf(f,
	    "<h2>Benchmark Run: %d CPUs in system; running %d "
	    "parallel %s of tests</h2>\n",
	    r->sys.cpus_online, b->copies, b->copies == 1 ? "copy" : "copies");
	writer_took_turns(turns, sizeof(turns), r, b);
	fprintf(f, "<p>%s to %s (UTC)%s%s</p>\n",
	    escape_utc(start, sizeof(start), b->start),
	    escape_utc(end, sizeof(end), b->end), turns[0] != '\0' ? ". " : "",
	    turns);
	fputs("<div class=\"scroll\"><table class=\"run\">\n<thead><tr>"
	      "<th>Test</th><th>Score</th><th>Unit</th><th>Time</th>"
	      "<th>Samples</th><th>CV</th><th>Baseline</th><th>Index</th>"
	      "</tr></thead>\n<tbody>\n",
	    f);
	for (i = 0; i < b->ntests; i++)
		html_test_row(f, b, tests[i]);
	for (i = 0; i < b->nindexes; i++)
		html_score_row(f, &b->indexes[i]);
	fputs("</tbody>\n</table></div>\n", f);
	free(tests);
	return 0;
}

int
write_html(FILE *f, const struct report *r)
{
	const struct run *run = report_last(r);
	int i;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" "
	      "content=\"width=device-width, initial-scale=1\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" "
	      "content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
	      "<title>bytebench: ",
	    f);
	if (r->settings.label != NULL)
		html_printf(f, "%s (", r->settings.label);
	html_printf(f, "%s%s</title>\n", r->sys.hostname,
	    r->settings.label != NULL ? ")" : "");
	fprintf(f, "<style>\n%s</style>\n</head>\n<body>\n", style);
	html_printf(f,
	    "<h1>BYTE UNIX Benchmarks (bytebench %s; index method %d)</h1>\n",
	    r->version, r->index_method);
	html_notes(f, r);
	if (r->precision_end != NULL)
		html_printf(f, "<p><strong>Precision:</strong> %s</p>\n",
		    r->precision_text);
	html_scores(f, r);
	for (i = 0; run->nblocks > 0 && i < run->blocks[0].nindexes; i++)
		if (html_chart(f, r, &run->blocks[0].indexes[i]) == -1)
			return -1;
	writer_scaling(f, &r->scaling, &html_scaling);
	html_runs(f, r);
	html_system(f, r);
	html_warnings(f, r);
	for (i = 0; i < run->nblocks; i++)
		if (html_block(f, r, &run->blocks[i]) == -1)
			return -1;
	fputs("</body>\n</html>\n", f);
	return fflush(f) == EOF || ferror(f) ? -1 : 0;
}
