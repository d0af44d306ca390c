/*
 * html_chart.c - the HTML report's inline SVG charts (html.h), sized by
 * their viewBox alone, coloured by the page's style; a group's title above
 * its bars keeps a chart narrow enough for a phone.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "score/interval.h"
#include "write/escape.h"
#include "write/html.h"
#include "write/writers.h"

/* Bar colours, one per copies value (repeating after six). */
static const char *const html_colours[] = {
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1"};
#define NCOLOURS (sizeof(html_colours) / sizeof(html_colours[0]))

/* Chart geometry in viewBox units (pixels at scale 1). */
enum {
	CHART_LEFT = 8,
	CHART_PLOT = 360, /* the bars */
	CHART_RIGHT = 72, /* value labels */
	CHART_TOP = 32, /* legend */
	CHART_BOTTOM = 54, /* ticks and the axis title */
	CHART_TITLE = 24, /* a group's title above its bars */
	CHART_BAR = 20,
	/* Text sizes: 12 px and up on a phone (350 px for the 440 units). */
	CHART_FONT = 17, /* titles, ticks, legend */
	CHART_SMALL = 16, /* values and why a bar is missing */
	CHART_GAP = 10 /* between groups */
};

/* One bar: its value, the interval (lo = hi = 0: none) and its tooltip. */
struct bar {
	double value, lo, hi;
	int copies;
	const char *what; /* "" or " (Partial Only)" */
};

static int
has_score(const struct index_result *x)
{
	return x != NULL && x->nok > 0 && isfinite(x->score);
}

/* The largest value the axis must hold: bars and interval tops. */
static double
chart_max(const struct report *r, const struct index_result *x0)
{
	const struct run *run = report_last(r);
	const struct index_result *x;
	const struct index_entry *e;
	double max = 0;
	int b, i;

	for (b = 0; b < run->nblocks; b++) {
		x = writer_index_of(&run->blocks[b], x0->def);
		if (has_score(x))
			max = fmax(max, interval_known(x)
			                    ? fmax(x->score, x->ci_high)
			                    : x->score);
		for (i = 0; i < x0->nentries; i++) {
			e = writer_entry_of(x, x0->entries[i].row);
			if (e != NULL && e->ok && isfinite(e->index))
				max = fmax(max, e->index);
		}
	}
	return max;
}

/* The chart's tick step: 1, 2 or 5 times a power of ten, about 5 ticks. */
static double
chart_step(double max)
{
	static const double steps[] = {1, 2, 5, 10};
	double raw = max / 5, mag = pow(10, floor(log10(raw)));
	int i = 0;

	while (i < 3 && raw / mag > steps[i])
		i++;
	return steps[i] * mag;
}

static int
chart_x(double v, double axis_max)
{
	return CHART_LEFT + (int)(CHART_PLOT * v / axis_max + 0.5);
}

static void
chart_axes(FILE *f, const struct index_def *d, double axis_max, double step,
    int plot_h)
{
	int decimals = step >= 1 ? 0 : (int)ceil(-log10(step));
	int bottom = CHART_TOP + plot_h, x, i, nticks;

	nticks = (int)(axis_max / step + 0.5);
	for (i = 0; i <= nticks; i++) {
		x = chart_x(i * step, axis_max);
		fprintf(f,
		    "<line class=\"grid\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
		    "y2=\"%d\"/>\n<text x=\"%d\" y=\"%d\" "
		    "text-anchor=\"%s\">",
		    x, CHART_TOP, x, bottom, x, bottom + 18,
		    i == 0        ? "start"
		    : i == nticks ? "end"
		                  : "middle");
		escape_fixed(f, i * step, decimals);
		fputs("</text>\n", f);
	}
	fprintf(f,
	    "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n"
	    "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
	    CHART_LEFT, CHART_TOP, CHART_LEFT, bottom, CHART_LEFT, bottom,
	    CHART_LEFT + CHART_PLOT, bottom);
	fprintf(f,
	    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
	    "font-weight=\"bold\">%s</text>\n",
	    CHART_LEFT + CHART_PLOT / 2, bottom + 46,
	    d->agg == INDEX_SUM_AVERAGE
	        ? "Index (score / baseline)"
	        : "Index (score / baseline \xc3\x97 10)");
}

static void
chart_legend(FILE *f, const struct report *r)
{
	const struct run *run = report_last(r);
	int b, x;

	for (b = 0; b < run->nblocks; b++) {
		x = CHART_LEFT + b * 100;
		fprintf(f,
		    "<rect x=\"%d\" y=\"6\" width=\"14\" height=\"14\" "
		    "fill=\"%s\"/>\n<text x=\"%d\" y=\"19\">%d %s</text>\n",
		    x, html_colours[b % NCOLOURS], x + 19,
		    run->blocks[b].copies,
		    run->blocks[b].copies == 1 ? "copy" : "copies");
	}
}

/* A group's title above its bars, at the top y of the group. */
static void
chart_title(FILE *f, int y, const char *bold, const char *title)
{
	fprintf(f, "<text x=\"%d\" y=\"%d\"%s>", CHART_LEFT + 4, y + 18,
	    bold != NULL ? " font-weight=\"bold\"" : "");
	html_printf(f, "%s%s</text>\n", title, bold != NULL ? bold : "");
}

/* Where a bar cannot be drawn: the reason in its place. */
static void
chart_missing(FILE *f, int by, const char *why)
{
	html_printf(f,
	    "<text class=\"fail\" x=\"%d\" y=\"%d\" font-size=\"%d\" "
	    "font-style=\"italic\">%s</text>\n",
	    CHART_LEFT + 4, by + CHART_BAR - 5, CHART_SMALL, why);
}

/* Bar n of a group at height by, with whiskers when it has an interval. */
static void
chart_bar(FILE *f, const struct bar *v, int n, int by, double axis_max)
{
	int w = chart_x(v->value, axis_max) - CHART_LEFT,
	    mid = by + CHART_BAR / 2 - 1;
	int lo = chart_x(v->lo, axis_max), hi = chart_x(v->hi, axis_max);
	int has = v->hi > 0, right = CHART_LEFT + w;

	fprintf(f,
	    "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"%s\"><title>%d %s: ",
	    CHART_LEFT, by, w, CHART_BAR - 2, html_colours[n % NCOLOURS],
	    v->copies, v->copies == 1 ? "copy" : "copies");
	html_printf(f, "%.1f%s", v->value, v->what);
	if (has) {
		html_printf(f, ", 95%% interval %.1f to %.1f", v->lo, v->hi);
		fprintf(f,
		    "</title></rect>\n<path class=\"whisker\" d=\"M%d %dV%d"
		    "M%d %dH%dM%d %dV%d\"/>\n",
		    lo, mid - 6, mid + 6, lo, mid, hi, hi, mid - 6, mid + 6);
		if (hi > right)
			right = hi;
	} else {
		fputs("</title></rect>\n", f);
	}
	html_printf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\">%.1f</text>\n",
	    right + 4, by + CHART_BAR - 5, CHART_SMALL, v->value);
}

/* A group at the top y: the index score (row NULL) or a test's index. */
static void
chart_group(FILE *f, const struct report *r, const struct index_result *x0,
    const struct index_row *row, int y, double axis_max)
{
	const struct run *run = report_last(r);
	const struct index_result *x;
	const struct index_entry *e;
	struct bar v = {0, 0, 0, 0, ""};
	int b, by;

	if (row == NULL)
		chart_title(f, y, " Index Score", x0->def->label);
	else
		chart_title(f, y, NULL, index_row_title(row));
	for (b = 0; b < run->nblocks; b++) {
		by = y + CHART_TITLE + b * CHART_BAR;
		x = writer_index_of(&run->blocks[b], x0->def);
		e = writer_entry_of(x, row);
		if (row == NULL && has_score(x)) {
			v.value = x->score;
			v.lo = interval_known(x) ? x->ci_low : 0;
			v.hi = interval_known(x) ? x->ci_high : 0;
			v.what = x->partial ? " (Partial Only)" : "";
		} else if (e != NULL && e->ok && isfinite(e->index)) {
			v.value = e->index;
		} else {
			chart_missing(f, by,
			    row == NULL
			        ? "no score"
			        : outcome_name(e != NULL && e->result != NULL
			                           ? e->result->outcome
			                           : OUTCOME_NOT_RUN));
			continue;
		}
		v.copies = run->blocks[b].copies;
		chart_bar(f, &v, b, by, axis_max);
	}
}

int
html_chart(FILE *f, const struct report *r, const struct index_result *x0)
{
	const struct run *run = report_last(r);
	double max = chart_max(r, x0), step, axis_max;
	const struct index_entry **entries;
	int i, plot_h, group_h;

	html_printf(f, "<h2>%s Index Values</h2>\n", x0->def->label);
	if (!(max > 0)) {
		fputs("<p>No index values to chart.</p>\n", f);
		return 0;
	}
	if ((entries = writer_sorted_entries(x0)) == NULL)
		return -1;
	step = chart_step(max);
	axis_max = ceil(max / step) * step;
	group_h = CHART_TITLE + run->nblocks * CHART_BAR + CHART_GAP;
	plot_h = (x0->nentries + 1) * group_h;
	html_printf(f,
	    "<svg viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
	    "font-size=\"%d\" role=\"img\" aria-label=\"%s index score and "
	    "index values by test and copies\">\n"
	    "<rect class=\"bg\" width=\"%d\" height=\"%d\"/>\n",
	    CHART_LEFT + CHART_PLOT + CHART_RIGHT,
	    CHART_TOP + plot_h + CHART_BOTTOM, CHART_FONT, x0->def->label,
	    CHART_LEFT + CHART_PLOT + CHART_RIGHT,
	    CHART_TOP + plot_h + CHART_BOTTOM);
	chart_legend(f, r);
	chart_axes(f, x0->def, axis_max, step, plot_h);
	chart_group(f, r, x0, NULL, CHART_TOP + CHART_GAP / 2, axis_max);
	for (i = 0; i < x0->nentries; i++)
		chart_group(f, r, x0, entries[i]->row,
		    CHART_TOP + (i + 1) * group_h + CHART_GAP / 2, axis_max);
	fputs("</svg>\n", f);
	free(entries);
	return 0;
}

#define RUNS_W     500 /* the plot's size, in SVG units */
#define RUNS_H     180
#define RUNS_LEFT  56
#define RUNS_TOP   16
#define RUNS_RANGE 0.25 /* +/- 25% from the median; beyond: at the edge */

/* The dots: pass after pass, run after run; y the rate over the median. */
static void
runs_dots(FILE *f, const struct report *r, int npasses)
{
	static const char *const colour[] = {
	    "#4e79a7", "#e15759", "#59a14f", "#b07aa1"};
	const struct run *run;
	const struct test_result *t;
	double x, y;
	int k, i, j, p, seq = 0;

	for (k = 0; k < r->nruns; k++) {
		run = &r->runs[k];
		fprintf(f, "<g fill=\"%s\">\n", colour[k % 4]);
		for (i = 0; i < run->nblocks; i++)
			for (j = 0; j < run->blocks[i].ntests; j++) {
				t = &run->blocks[i].tests[j];
				for (p = 0; p < t->npasses; p++, seq++) {
					if (!(t->runs_median > 0) ||
					    !(t->passes[p].rate > 0))
						continue;
					y = t->passes[p].rate / t->runs_median -
					    1;
					y = fmax(
					    -RUNS_RANGE, fmin(RUNS_RANGE, y));
					x = RUNS_LEFT +
					    (seq + 0.5) * RUNS_W /
					        (npasses > 0 ? npasses : 1);
					fprintf(f,
					    "<circle cx=\"%.1f\" cy=\"%.1f\" "
					    "r=\"3\"><title>",
					    x,
					    RUNS_TOP + RUNS_H / 2.0 -
					        y * RUNS_H / (2 * RUNS_RANGE));
					escape_html(f, t->test->title);
					fprintf(f,
					    ", run %d: "
					    "%+.1f%%</title></circle>\n",
					    k + 1, 100 * y);
				}
			}
		fputs("</g>\n", f);
	}
}

/* The table: a row per test and index, a column per run. */
static void
runs_table(FILE *f, const struct report *r)
{
	const struct runs_row *w;
	int i, k;

	/* In a box of its own width: the page never scrolls sideways. */
	fputs("<div class=\"scroll\"><table>\n<tr><th>Copies</th><th>Test</th>",
	    f);
	for (k = 0; k < r->nruns; k++)
		fprintf(f, "<th>Run %d</th>", k + 1);
	fputs("<th>Mean</th><th>Spread</th></tr>\n", f);
	for (i = 0; i < r->nruns_rows; i++) {
		w = &r->runs_rows[i];
		html_printf(f, "<tr><td>%d</td><td>%s%s</td>", w->copies,
		    w->test != NULL ? w->test->title : w->index->label,
		    w->test != NULL ? "" : " Index Score");
		for (k = 0; k < r->nruns; k++)
			fprintf(f,
			    isfinite(w->scores[k]) ? "<td class=\"n\">%.1f</td>"
			                           : "<td>-</td>",
			    w->scores[k]);
		fprintf(f, "<td class=\"n\">%.1f</td>", w->mean);
		fprintf(f,
		    isnan(w->spread) ? "<td>-</td></tr>\n"
		                     : "<td class=\"n\">%.2f%%</td></tr>\n",
		    100 * w->spread);
	}
	fputs("</table></div>\n", f);
}

void
html_runs(FILE *f, const struct report *r)
{
	const struct run *run;
	int k, i, j, npasses = 0;

	if (r->nruns < 2)
		return;
	for (k = 0; k < r->nruns; k++) {
		run = &r->runs[k];
		for (i = 0; i < run->nblocks; i++)
			for (j = 0; j < run->blocks[i].ntests; j++)
				npasses += run->blocks[i].tests[j].npasses;
	}
	fprintf(f,
	    "<h2>%d runs, %g s of settle before each</h2>\n"
	    "<p>Every pass of every run, in the order they ran (run 1, 2, 3, "
	    "4 in blue, red, green, purple, then again), each test's rate "
	    "against the median of "
	    "all its passes: &plusmn;25%% from the middle line, beyond at the "
	    "edge.</p>\n"
	    "<svg viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
	    "font-size=\"13\" role=\"img\" aria-label=\"every pass of every "
	    "run against its test's median\">\n"
	    "<rect class=\"bg\" width=\"%d\" height=\"%d\"/>\n"
	    "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n"
	    "<text x=\"4\" y=\"%d\">+25%%</text><text x=\"4\" y=\"%d\">"
	    "median</text><text x=\"4\" y=\"%d\">-25%%</text>\n",
	    r->nruns, r->settings.settle_s, RUNS_LEFT + RUNS_W + 8,
	    RUNS_H + 2 * RUNS_TOP, RUNS_LEFT + RUNS_W + 8,
	    RUNS_H + 2 * RUNS_TOP, RUNS_LEFT, RUNS_TOP + RUNS_H / 2,
	    RUNS_LEFT + RUNS_W, RUNS_TOP + RUNS_H / 2, RUNS_TOP + 10,
	    RUNS_TOP + RUNS_H / 2 + 4, RUNS_TOP + RUNS_H);
	runs_dots(f, r, npasses);
	fputs("</svg>\n<p>Each run's score, their geometric mean, and the "
	      "spread between runs (s.d. of ln score).</p>\n",
	    f);
	runs_table(f, r);
}
