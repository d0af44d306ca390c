/*
 * write_html.c - one self-contained HTML page: system table, a table per
 * copies value, and an inline SVG bar chart of the index values.  No
 * script, no network; every string from the system is escaped.
 */
#include <math.h>
#include <stdio.h>

#include "write/escape.h"
#include "write/writers.h"

/* Bar colours, one per copies value (repeating after six). */
static const char *const html_colours[] = {
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1"};
#define NCOLOURS (sizeof(html_colours) / sizeof(html_colours[0]))

/* Chart geometry in pixels. */
enum {
	CHART_LEFT = 290, /* test titles, right-aligned */
	CHART_PLOT = 480, /* the bars */
	CHART_RIGHT = 70, /* value labels */
	CHART_TOP = 44, /* legend */
	CHART_BOTTOM = 50, /* ticks and the axis title */
	CHART_BAR = 16,
	CHART_GAP = 12 /* between tests */
};

static const char html_style[] =
    "body{font-family:sans-serif;margin:2em;color:#222;max-width:62em}\n"
    "table{border-collapse:collapse;margin:0.5em 0 1.5em}\n"
    "table.run{width:100%}\n"
    "th,td{border:1px solid #aaa;padding:0.2em 0.6em;text-align:left;"
    "vertical-align:top}\n"
    "th{background:#f2f2f2}\n"
    "td.n{text-align:right;font-family:monospace;white-space:nowrap}\n"
    "tr.score th,tr.score td{font-weight:bold;background:#eef3f8}\n"
    ".fail{color:#a00}\n"
    ".warn{background:#fff3cd;border:1px solid #e0c36c;padding:0.5em}\n"
    "svg text{fill:#222}\n";

/* The entry of block b for row of index d, or NULL. */
static const struct index_entry *
find_entry(const struct block *b, const struct index_def *d,
    const struct index_row *row)
{
	int i, k;

	for (i = 0; i < b->nindexes; i++) {
		if (b->indexes[i].def != d)
			continue;
		for (k = 0; k < b->indexes[i].nentries; k++)
			if (b->indexes[i].entries[k].row == row)
				return &b->indexes[i].entries[k];
	}
	return NULL;
}

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

static const char *
entry_title(const struct index_entry *e)
{
	const struct test_def *t = e->result != NULL
	                               ? e->result->test
	                               : catalog_find_test(e->row->test);

	if (e->row->title != NULL)
		return e->row->title;
	return t != NULL ? t->title : e->row->test;
}

/* "failed: killed by signal 11", or the bare outcome without a message. */
static void
html_outcome(FILE *f, enum outcome o, const char *message)
{
	escape_html(f, outcome_name(o));
	if (message != NULL && *message != '\0') {
		fputs(": ", f);
		escape_html(f, message);
	}
}

/* Opens a row of the system table; the caller writes the value. */
static void
sys_row(FILE *f, const char *label)
{
	fprintf(f, "<tr><th>%s</th><td>", label);
}

static void
html_system(FILE *f, const struct report *r)
{
	const struct sysinfo *s = &r->sys;
	char start[32], end[32];

	fputs("<h2>Test System Information</h2>\n<table>\n", f);
	sys_row(f, "System");
	escape_html(f, s->hostname);
	fputs("</td></tr>\n", f);
	sys_row(f, "OS");
	escape_html(f, s->os_name);
	fputs(" -- ", f);
	escape_html(f, s->os_release);
	fputs(" -- ", f);
	escape_html(f, s->os_version);
	fputs("</td></tr>\n", f);
	if (s->distro != NULL && *s->distro != '\0') {
		sys_row(f, "Distribution");
		escape_html(f, s->distro);
		fputs("</td></tr>\n", f);
	}
	sys_row(f, "Machine");
	escape_html(f, s->machine);
	fputs(" (", f);
	escape_html(f, s->platform);
	fputs(")</td></tr>\n", f);
	sys_row(f, "Language");
	escape_html(f, s->locale);
	fputs(" (charmap=", f);
	escape_html(f, s->charmap);
	fputs(", collate=", f);
	escape_html(f, s->collate);
	fputs(")</td></tr>\n", f);
	sys_row(f, "CPU");
	escape_html(f, s->cpu_model);
	if (s->cpu_mhz > 0) {
		fputs(" (", f);
		escape_fixed(f, s->cpu_mhz, 1);
		fputs(" MHz)", f);
	}
	if (s->cpu_flags != NULL && *s->cpu_flags != '\0') {
		fputs("<br>", f);
		escape_html(f, s->cpu_flags);
	}
	fputs("</td></tr>\n", f);
	sys_row(f, "CPUs");
	fprintf(f, "%d in system, %d usable by this run</td></tr>\n",
	    s->cpus_online, s->cpus_usable);
	sys_row(f, "Compiler");
	escape_html(f, s->compiler);
	putc(' ', f);
	escape_html(f, s->cflags);
	fputs(" (build: ", f);
	escape_html(f, s->build_kind);
	fputs(")</td></tr>\n", f);
	sys_row(f, "Shell");
	escape_html(f, s->shell);
	fputs("</td></tr>\n", f);
	sys_row(f, "Uptime");
	escape_html(f, s->uptime);
	fputs("</td></tr>\n", f);
	sys_row(f, "Load average");
	escape_fixed(f, s->load1, 2);
	fputs(", ", f);
	escape_fixed(f, s->load5, 2);
	fputs(", ", f);
	escape_fixed(f, s->load15, 2);
	fputs(" (at start)</td></tr>\n", f);
	sys_row(f, "Settings");
	fprintf(f, "%d long / %d short passes", r->settings.long_passes,
	    r->settings.short_passes);
	if (r->settings.duration_s > 0) {
		fputs(", every test ", f);
		escape_fixed(f, r->settings.duration_s, 1);
		fputs(" s", f);
	}
	if (r->settings.placement != NULL) {
		fputs(", placement ", f);
		escape_html(f, r->settings.placement);
	}
	fputs("</td></tr>\n", f);
	sys_row(f, "Run");
	fprintf(f, "%s to %s (UTC)</td></tr>\n</table>\n",
	    escape_utc(start, sizeof(start), r->start),
	    escape_utc(end, sizeof(end), r->end));
}

static void
html_warnings(FILE *f, const struct report *r)
{
	int i;

	if (r->nwarnings == 0)
		return;
	fputs("<h2>Warnings</h2>\n<ul>\n", f);
	for (i = 0; i < r->nwarnings; i++) {
		fputs("<li>", f);
		escape_html(f, r->warnings[i]);
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
}

/* The chart's tick step: 1, 2 or 5 times a power of ten, about 5 ticks. */
static double
chart_step(double max)
{
	double raw = max / 5, mag = pow(10, floor(log10(raw)));
	double norm = raw / mag;

	if (norm <= 1)
		return mag;
	if (norm <= 2)
		return 2 * mag;
	if (norm <= 5)
		return 5 * mag;
	return 10 * mag;
}

static void
chart_axes(FILE *f, const struct index_def *d, double axis_max, double step,
    int plot_h)
{
	int decimals = step >= 1 ? 0 : (int)ceil(-log10(step));
	int bottom = CHART_TOP + plot_h, x, i, nticks;

	nticks = (int)(axis_max / step + 0.5);
	for (i = 0; i <= nticks; i++) {
		x = CHART_LEFT +
		    (int)(CHART_PLOT * (i * step) / axis_max + 0.5);
		fprintf(f,
		    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
		    "stroke=\"#ddd\"/>\n",
		    x, CHART_TOP, x, bottom);
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", x,
		    bottom + 16);
		escape_fixed(f, i * step, decimals);
		fputs("</text>\n", f);
	}
	fprintf(f,
	    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	    "stroke=\"#333\"/>\n",
	    CHART_LEFT, CHART_TOP, CHART_LEFT, bottom);
	fprintf(f,
	    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	    "stroke=\"#333\"/>\n",
	    CHART_LEFT, bottom, CHART_LEFT + CHART_PLOT, bottom);
	fprintf(f,
	    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
	    "font-weight=\"bold\">%s</text>\n",
	    CHART_LEFT + CHART_PLOT / 2, bottom + 40,
	    d->agg == INDEX_SUM_AVERAGE
	        ? "Index (score / baseline)"
	        : "Index (score / baseline \xc3\x97 10)");
	fprintf(f,
	    "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" "
	    "font-weight=\"bold\">Test</text>\n",
	    CHART_LEFT - 8, CHART_TOP - 8);
}

static void
chart_legend(FILE *f, const struct report *r)
{
	int b, x;

	for (b = 0; b < r->nblocks; b++) {
		x = CHART_LEFT + b * 120;
		fprintf(f,
		    "<rect x=\"%d\" y=\"8\" width=\"12\" height=\"12\" "
		    "fill=\"%s\"/>\n",
		    x, html_colours[b % NCOLOURS]);
		fprintf(f, "<text x=\"%d\" y=\"18\">%d %s</text>\n", x + 16,
		    r->blocks[b].copies,
		    r->blocks[b].copies == 1 ? "copy" : "copies");
	}
}

/* One test's bars, one per copies value, the group starting at y. */
static void
chart_group(FILE *f, const struct report *r, const struct index_result *x0,
    const struct index_row *row, int y, double axis_max)
{
	const struct index_entry *e;
	int b, w, by;

	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">",
	    CHART_LEFT - 8, y + r->nblocks * CHART_BAR / 2 + 4);
	e = find_entry(&r->blocks[0], x0->def, row);
	escape_html(f, e != NULL ? entry_title(e) : row->test);
	fputs("</text>\n", f);
	for (b = 0; b < r->nblocks; b++) {
		by = y + b * CHART_BAR;
		e = find_entry(&r->blocks[b], x0->def, row);
		if (e == NULL || !e->ok || !isfinite(e->index)) {
			fprintf(f,
			    "<text x=\"%d\" y=\"%d\" font-size=\"10\" "
			    "font-style=\"italic\" fill=\"#a00\">",
			    CHART_LEFT + 4, by + CHART_BAR - 5);
			escape_html(f, e != NULL && e->result != NULL
			                   ? outcome_name(e->result->outcome)
			                   : outcome_name(OUTCOME_NOT_RUN));
			fputs("</text>\n", f);
			continue;
		}
		w = (int)(CHART_PLOT * e->index / axis_max + 0.5);
		fprintf(f,
		    "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
		    "height=\"%d\" fill=\"%s\"><title>",
		    CHART_LEFT, by, w, CHART_BAR - 2,
		    html_colours[b % NCOLOURS]);
		fprintf(f, "%d %s: ", r->blocks[b].copies,
		    r->blocks[b].copies == 1 ? "copy" : "copies");
		escape_fixed(f, e->index, 1);
		fprintf(f,
		    "</title></rect>\n<text x=\"%d\" y=\"%d\" "
		    "font-size=\"10\">",
		    CHART_LEFT + w + 4, by + CHART_BAR - 5);
		escape_fixed(f, e->index, 1);
		fputs("</text>\n", f);
	}
}

/*
 * The index values of x0's index as horizontal bars: a group per test (the
 * rows of the first run), a bar per copies value.
 */
static void
html_chart(FILE *f, const struct report *r, const struct index_result *x0)
{
	const struct index_entry *e;
	double max = 0, step, axis_max;
	int b, i, plot_h, group_h;

	fputs("<h2>", f);
	escape_html(f, x0->def->label);
	fputs(" Index Values</h2>\n", f);
	for (b = 0; b < r->nblocks; b++) {
		for (i = 0; i < x0->nentries; i++) {
			e = find_entry(
			    &r->blocks[b], x0->def, x0->entries[i].row);
			if (e != NULL && e->ok && isfinite(e->index) &&
			    e->index > max)
				max = e->index;
		}
	}
	if (!(max > 0)) {
		fputs("<p>No index values to chart.</p>\n", f);
		return;
	}
	step = chart_step(max);
	axis_max = ceil(max / step) * step;
	group_h = r->nblocks * CHART_BAR + CHART_GAP;
	plot_h = x0->nentries * group_h;
	fprintf(f,
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
	    "font-size=\"12\" role=\"img\" aria-label=\"",
	    CHART_LEFT + CHART_PLOT + CHART_RIGHT,
	    CHART_TOP + plot_h + CHART_BOTTOM,
	    CHART_LEFT + CHART_PLOT + CHART_RIGHT,
	    CHART_TOP + plot_h + CHART_BOTTOM);
	escape_html(f, x0->def->label);
	fputs(" index values by test and copies\">\n", f);
	chart_legend(f, r);
	chart_axes(f, x0->def, axis_max, step, plot_h);
	for (i = 0; i < x0->nentries; i++)
		chart_group(f, r, x0, x0->entries[i].row,
		    CHART_TOP + i * group_h + CHART_GAP / 2, axis_max);
	fputs("</svg>\n", f);
}

static void
html_test_row(FILE *f, const struct block *b, const struct test_result *t)
{
	const struct index_entry *e = find_entry_of(b, t);

	fputs("<tr><td>", f);
	escape_html(f, t->test->title);
	fputs("</td>", f);
	if (t->outcome == OUTCOME_OK) {
		fputs("<td class=\"n\">", f);
		escape_fixed(f, t->score, 1);
		fputs("</td><td>", f);
		escape_html(f, t->unit);
		fputs("</td><td class=\"n\">", f);
		escape_fixed(f, t->time_s, 1);
		fprintf(f, " s</td><td class=\"n\">%d</td><td class=\"n\">",
		    t->samples);
		escape_fixed(f, 100 * t->spread.cv, 1);
		fputs("%</td>", f);
	} else {
		fputs("<td colspan=\"5\" class=\"fail\">", f);
		html_outcome(f, t->outcome, t->message);
		fputs("</td>", f);
	}
	fputs("<td class=\"n\">", f);
	if (e != NULL)
		escape_fixed(f, e->row->baseline, 1);
	else
		fputs("---", f);
	fputs("</td><td class=\"n\">", f);
	if (e != NULL && e->ok)
		escape_fixed(f, e->index, 1);
	else
		fputs("---", f);
	fputs("</td></tr>\n", f);
}

static void
html_score_row(FILE *f, const struct index_result *x)
{
	fputs("<tr class=\"score\"><th colspan=\"7\">", f);
	escape_html(f, x->def->label);
	fputs(x->partial ? " Index Score (Partial Only)" : " Index Score", f);
	fputs("</th><td class=\"n\">", f);
	if (x->nok > 0)
		escape_fixed(f, x->score, 1);
	else
		fputs("---", f);
	fputs("</td></tr>\n", f);
	if (x->nok > 0 && x->ci_low != 0 && x->ci_high != 0) {
		fputs("<tr><td colspan=\"7\">95% interval of the index score"
		      "</td><td class=\"n\">",
		    f);
		escape_fixed(f, x->ci_low, 1);
		fputs(" &ndash; ", f);
		escape_fixed(f, x->ci_high, 1);
		fputs("</td></tr>\n", f);
	}
}

static void
html_block(FILE *f, const struct report *r, const struct block *b)
{
	char start[32], end[32];
	int i;

	fprintf(f,
	    "<h2>Benchmark Run: %d CPUs in system; running %d "
	    "parallel %s of tests</h2>\n",
	    r->sys.cpus_online, b->copies, b->copies == 1 ? "copy" : "copies");
	fprintf(f, "<p>%s to %s (UTC)</p>\n",
	    escape_utc(start, sizeof(start), b->start),
	    escape_utc(end, sizeof(end), b->end));
	fputs("<table class=\"run\">\n<tr><th>Test</th><th>Score</th>"
	      "<th>Unit</th>"
	      "<th>Time</th><th>Samples</th><th>CV</th><th>Baseline</th>"
	      "<th>Index</th></tr>\n",
	    f);
	for (i = 0; i < b->ntests; i++)
		html_test_row(f, b, &b->tests[i]);
	for (i = 0; i < b->nindexes; i++)
		html_score_row(f, &b->indexes[i]);
	fputs("</table>\n", f);
}

int
write_html(FILE *f, const struct report *r)
{
	int i;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" "
	      "content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
	      "<title>bytebench: ",
	    f);
	escape_html(f, r->sys.hostname);
	fprintf(
	    f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", html_style);
	fputs("<h1>BYTE UNIX Benchmarks (bytebench ", f);
	escape_html(f, r->version);
	fprintf(f, "; index method %d)</h1>\n", r->index_method);
	if (r->interrupted)
		fputs("<p class=\"warn\"><strong>Interrupted:</strong> the run "
		      "was stopped; these are partial results.</p>\n",
		    f);
	if (r->settings.quick)
		fputs("<p class=\"warn\"><strong>Quick mode:</strong> short "
		      "passes; see the interval of each index score.</p>\n",
		    f);
	html_system(f, r);
	html_warnings(f, r);
	for (i = 0; r->nblocks > 0 && i < r->blocks[0].nindexes; i++)
		html_chart(f, r, &r->blocks[0].indexes[i]);
	for (i = 0; i < r->nblocks; i++)
		html_block(f, r, &r->blocks[i]);
	fputs("</body>\n</html>\n", f);
	if (fflush(f) == EOF || ferror(f))
		return -1;
	return 0;
}
