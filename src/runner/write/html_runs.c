/*
 * html_runs.c - the runs of a --runs report in its HTML (html_runs.h):
 * every pass of every run in the order they ran, each test's rate
 * relative to the median of all its passes (so drift of the machine over
 * the runs shows as a slope or a step), and each run's score, their
 * geometric mean and the spread between runs.
 */
#include <math.h>
#include <stdio.h>

#include "write/escape.h"
#include "write/html_runs.h"

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
					y = y > RUNS_RANGE    ? RUNS_RANGE
					    : y < -RUNS_RANGE ? -RUNS_RANGE
					                      : y;
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
