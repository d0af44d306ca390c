/*
 * text_runs.c - the summary of a --runs report (text_runs.h).
 */
#include <math.h>
#include <stdio.h>

#include "write/text_runs.h"
#include "write/textwrap.h"

/* One row: its title, then each run's score, their mean and spread. */
static void
row(FILE *f, const struct report *r, const struct runs_row *w)
{
	char line[2048];
	const char *unit = w->test != NULL ? w->test->unit : "";
	size_t n = 0;
	int k;

	for (k = 0; k < r->nruns && n < sizeof(line); k++)
		n += (size_t)snprintf(line + n, sizeof(line) - n,
		    isfinite(w->scores[k]) ? "%s %.1f" : "%s -",
		    k ? "" : "  runs", w->scores[k]);
	if (w->nok > 0 && n < sizeof(line))
		n += (size_t)snprintf(
		    line + n, sizeof(line) - n, "; mean %.1f", w->mean);
	if (!isnan(w->spread) && n < sizeof(line))
		snprintf(line + n, sizeof(line) - n, "; spread %.2f%%",
		    100 * w->spread);
	if (w->test != NULL)
		fputs(w->test->title, f);
	else
		fprintf(f, "%s Index Score", w->index->label);
	fprintf(f, "%s%s%s\n", unit[0] ? " (" : "", unit, unit[0] ? ")" : "");
	text_wrap(f, line, 0, 7, TEXT_COLUMNS);
}

void
text_runs(FILE *f, const struct report *r)
{
	int i;

	if (r->nruns < 2)
		return;
	fprintf(f,
	    "------------------------------------------------------------"
	    "------------\n");
	fprintf(f,
	    "%d runs, %g s of settle before each: each run's score, "
	    "their geometric\nmean, and the spread between runs (s.d. "
	    "of ln score)\n",
	    r->nruns, r->settings.settle_s);
	for (i = 0; i < r->nruns_rows; i++) {
		if (i == 0 ||
		    r->runs_rows[i].copies != r->runs_rows[i - 1].copies)
			fprintf(f, "\n%d cop%s:\n", r->runs_rows[i].copies,
			    r->runs_rows[i].copies == 1 ? "y" : "ies");
		row(f, r, &r->runs_rows[i]);
	}
	fputc('\n', f);
}
