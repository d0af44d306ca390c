/*
 * text_runs.c - the summary of a --runs report (text_runs.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "score/between.h"
#include "write/text_runs.h"
#include "write/textwrap.h"

double
runs_score(
    const struct block *blocks, int n, int copies, const void *def, int index)
{
	const struct block *b;
	int i, j;

	for (i = 0; i < n; i++) {
		b = &blocks[i];
		if (b->copies != copies)
			continue;
		for (j = 0; !index && j < b->ntests; j++)
			if ((const void *)b->tests[j].test == def)
				return b->tests[j].outcome == OUTCOME_OK
				           ? b->tests[j].score
				           : NAN;
		for (j = 0; index && j < b->nindexes; j++)
			if ((const void *)b->indexes[j].def == def)
				return b->indexes[j].nok > 0
				           ? b->indexes[j].score
				           : NAN;
	}
	return NAN;
}

/* One row: its title, then each run's score, their mean and spread. */
static void
row(FILE *f, const struct report *r, int copies, const void *def, int index,
    const char *title, const char *unit, double *v)
{
	char line[2048];
	size_t n = 0;
	int k, runs = r->nreps + 1, ok = 0;
	double s;

	for (k = 0; k < runs; k++) {
		v[ok] =
		    k < r->nreps
		        ? runs_score(r->reps[k].blocks, r->reps[k].nblocks,
		              copies, def, index)
		        : runs_score(r->blocks, r->nblocks, copies, def, index);
		n += (size_t)snprintf(line + n, sizeof(line) - n,
		    isfinite(v[ok]) ? "%s %.1f" : "%s -", k ? "" : "  runs",
		    v[ok]);
		ok += isfinite(v[ok]) && v[ok] > 0;
		if (n >= sizeof(line))
			n = sizeof(line) - 1;
	}
	s = between_spread(v, ok);
	if (ok > 0 && n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n, "; mean %.1f",
		    between_geomean(v, ok));
	if (!isnan(s) && n < sizeof(line))
		snprintf(
		    line + n, sizeof(line) - n, "; spread %.2f%%", 100 * s);
	fprintf(f, "%s%s%s%s\n", title, unit[0] ? " (" : "", unit,
	    unit[0] ? ")" : "");
	text_wrap(f, line, 0, 7, TEXT_COLUMNS);
}

void
text_runs(FILE *f, const struct report *r)
{
	const struct block *b;
	char title[256];
	double *v;
	int i, j;

	if (r->nreps < 1)
		return;
	if ((v = calloc((size_t)r->nreps + 2, sizeof(*v))) == NULL)
		return;
	fprintf(f,
	    "------------------------------------------------------------"
	    "------------\n");
	fprintf(f,
	    "%d runs, %g s of settle before each: each run's score, "
	    "their geometric\nmean, and the spread between runs (s.d. "
	    "of ln score)\n",
	    r->nreps + 1, r->settings.settle_s);
	for (i = 0; i < r->nblocks; i++) {
		b = &r->blocks[i];
		fprintf(f, "\n%d cop%s:\n", b->copies,
		    b->copies == 1 ? "y" : "ies");
		for (j = 0; j < b->ntests; j++)
			row(f, r, b->copies, b->tests[j].test, 0,
			    b->tests[j].test->title, b->tests[j].test->unit, v);
		for (j = 0; j < b->nindexes; j++) {
			snprintf(title, sizeof(title), "%s Index Score",
			    b->indexes[j].def->label);
			row(f, r, b->copies, b->indexes[j].def, 1, title, "",
			    v);
		}
	}
	fputc('\n', f);
	free(v);
}
