/*
 * html_runs.c - the runs of a --runs report in its HTML (html_runs.h):
 * every pass of every run in the order they ran, each test's rate
 * relative to the median of all its passes (so drift of the machine over
 * the runs shows as a slope or a step), and each run's score, their
 * geometric mean and the spread between runs.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "score/between.h"
#include "write/escape.h"
#include "write/html_runs.h"
#include "write/text_runs.h"

#define RUNS_W     500 /* the plot's size, in SVG units */
#define RUNS_H     180
#define RUNS_LEFT  56
#define RUNS_TOP   16
#define RUNS_RANGE 0.25 /* +/- 25% from the median; beyond: at the edge */

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of v[0..n-1] (n > 0), sorting v. */
static double
median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), by_value);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The blocks of run k (0: the first; the last is r->blocks). */
static const struct block *
run_blocks(const struct report *r, int k, int *n)
{
	*n = k < r->nreps ? r->reps[k].nblocks : r->nblocks;
	return k < r->nreps ? r->reps[k].blocks : r->blocks;
}

/* The median of the rates of every pass of test t (at copies) of every
 * run; 0 when none. */
static double
test_median(const struct report *r, int copies, const struct test_def *t,
    double *v, int max)
{
	const struct block *blocks;
	int k, i, j, p, nb, n = 0;

	for (k = 0; k <= r->nreps; k++) {
		blocks = run_blocks(r, k, &nb);
		for (i = 0; i < nb; i++)
			for (j = 0;
			     blocks[i].copies == copies && j < blocks[i].ntests;
			     j++)
				for (p = 0;
				     blocks[i].tests[j].test == t &&
				     p < blocks[i].tests[j].npasses && n < max;
				     p++)
					if (blocks[i].tests[j].passes[p].rate >
					    0)
						v[n++] = blocks[i]
						             .tests[j]
						             .passes[p]
						             .rate;
	}
	return n > 0 ? median(v, n) : 0;
}

/* The dots: pass after pass, run after run; y the rate over the median. */
static void
runs_dots(FILE *f, const struct report *r, int npasses, double *v, int max)
{
	static const char *const colour[] = {
	    "#4e79a7", "#e15759", "#59a14f", "#b07aa1"};
	const struct block *blocks;
	const struct test_result *t;
	double x, y, m;
	int k, i, j, p, nb, seq = 0;

	for (k = 0; k <= r->nreps; k++) {
		blocks = run_blocks(r, k, &nb);
		fprintf(f, "<g fill=\"%s\">\n", colour[k % 4]);
		for (i = 0; i < nb; i++)
			for (j = 0; j < blocks[i].ntests; j++) {
				t = &blocks[i].tests[j];
				m = test_median(
				    r, blocks[i].copies, t->test, v, max);
				for (p = 0; p < t->npasses; p++, seq++) {
					if (!(m > 0) ||
					    !(t->passes[p].rate > 0))
						continue;
					y = t->passes[p].rate / m - 1;
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
runs_table(FILE *f, const struct report *r, double *v)
{
	const struct block *b;
	int i, j, k, ok;
	double s;

	/* In a box of its own width: the page never scrolls sideways. */
	fputs("<div class=\"scroll\"><table>\n<tr><th>Copies</th><th>Test</th>",
	    f);
	for (k = 0; k <= r->nreps; k++)
		fprintf(f, "<th>Run %d</th>", k + 1);
	fputs("<th>Mean</th><th>Spread</th></tr>\n", f);
	for (i = 0; i < r->nblocks; i++) {
		b = &r->blocks[i];
		for (j = 0; j < b->ntests + b->nindexes; j++) {
			fprintf(f, "<tr><td>%d</td><td>", b->copies);
			escape_html(
			    f, j < b->ntests
			           ? b->tests[j].test->title
			           : b->indexes[j - b->ntests].def->label);
			fputs(j < b->ntests ? "</td>" : " Index Score</td>", f);
			for (k = 0, ok = 0; k <= r->nreps; k++) {
				int nb;
				const struct block *bl = run_blocks(r, k, &nb);

				v[ok] = runs_score(bl, nb, b->copies,
				    j < b->ntests
				        ? (const void *)b->tests[j].test
				        : (const void *)b
				              ->indexes[j - b->ntests]
				              .def,
				    j >= b->ntests);
				fprintf(f,
				    isfinite(v[ok])
				        ? "<td class=\"n\">%.1f</td>"
				        : "<td>-</td>",
				    v[ok]);
				ok += isfinite(v[ok]) && v[ok] > 0;
			}
			s = between_spread(v, ok);
			fprintf(f, "<td class=\"n\">%.1f</td>",
			    between_geomean(v, ok));
			fprintf(f,
			    isnan(s) ? "<td>-</td></tr>\n"
			             : "<td class=\"n\">%.2f%%</td></tr>\n",
			    100 * s);
		}
	}
	fputs("</table></div>\n", f);
}

void
html_runs(FILE *f, const struct report *r)
{
	const struct block *blocks;
	double *v;
	int k, i, j, nb, npasses = 0;

	if (r->nreps < 1)
		return;
	for (k = 0; k <= r->nreps; k++) {
		blocks = run_blocks(r, k, &nb);
		for (i = 0; i < nb; i++)
			for (j = 0; j < blocks[i].ntests; j++)
				npasses += blocks[i].tests[j].npasses;
	}
	if ((v = calloc((size_t)npasses + (size_t)r->nreps + 2, sizeof(*v))) ==
	    NULL)
		return;
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
	    r->nreps + 1, r->settings.settle_s, RUNS_LEFT + RUNS_W + 8,
	    RUNS_H + 2 * RUNS_TOP, RUNS_LEFT + RUNS_W + 8,
	    RUNS_H + 2 * RUNS_TOP, RUNS_LEFT, RUNS_TOP + RUNS_H / 2,
	    RUNS_LEFT + RUNS_W, RUNS_TOP + RUNS_H / 2, RUNS_TOP + 10,
	    RUNS_TOP + RUNS_H / 2 + 4, RUNS_TOP + RUNS_H);
	runs_dots(f, r, npasses, v, npasses);
	fputs("</svg>\n<p>Each run's score, their geometric mean, and the "
	      "spread between runs (s.d. of ln score).</p>\n",
	    f);
	runs_table(f, r, v);
	free(v);
}
