/* scaling.c - the N-copy / 1-copy ratios of a report (scaling.h). */
#include <stdio.h>
#include <stdlib.h>

#include "score/scaling.h"

/*
 * The ratio's flag for N copies: beyond 1 or N as the reports print it
 * (two decimals), so that no 1.00 or N.00 is flagged.
 */
static enum scale_flag
flag_of(double ratio, int n)
{
	return ratio < 0.995        ? SCALE_BELOW_ONE
	       : ratio >= n + 0.005 ? SCALE_ABOVE_N
	                            : SCALE_OK;
}

/* The score of test t (t NULL: of index d) in block b; 0 when none. */
static double
score_of(
    const struct block *b, const struct test_def *t, const struct index_def *d)
{
	int i;

	for (i = 0; t != NULL && i < b->ntests; i++)
		if (b->tests[i].test == t && b->tests[i].outcome == OUTCOME_OK)
			return b->tests[i].score;
	for (i = 0; t == NULL && i < b->nindexes; i++)
		if (b->indexes[i].def == d && b->indexes[i].nok > 0)
			return b->indexes[i].score;
	return 0;
}

/* Adds a row for t (or d) when both blocks have its score. */
static void
add(struct scaling *s, const struct block *b1, const struct block *bn,
    const struct test_def *t, const struct index_def *d)
{
	double one = score_of(b1, t, d), many = score_of(bn, t, d);
	struct scale_row *row;

	if (!(one > 0) || !(many > 0))
		return;
	row = &s->rows[s->nrows++];
	row->test = t;
	row->index = d;
	row->ratio = many / one;
	row->flag = flag_of(row->ratio, s->to);
}

int
scaling_compute(struct report *r)
{
	struct scaling *s = &r->scaling;
	const struct run *last = report_last(r);
	const struct block *one = NULL, *many = NULL;
	int i;

	s->nrows = 0;
	for (i = 0; i < last->nblocks; i++)
		if (last->blocks[i].copies == 1 && one == NULL)
			one = &last->blocks[i];
		else if (last->blocks[i].copies > 1)
			many = &last->blocks[i];
	if (one == NULL || many == NULL)
		return 0;
	s->rows = calloc(
	    (size_t)(many->ntests + many->nindexes) + 1, sizeof(*s->rows));
	if (s->rows == NULL)
		return -1;
	s->from = 1;
	s->to = many->copies;
	for (i = 0; i < many->ntests; i++)
		if (!(many->tests[i].test->flags & TEST_LOWER_BETTER))
			add(s, one, many, many->tests[i].test, NULL);
	for (i = 0; i < many->nindexes; i++)
		add(s, one, many, NULL, many->indexes[i].def);
	return 0;
}

double
scaling_interval_half(const struct index_result *x)
{
	double up, down;

	if (x->nok == 0 || !(x->score > 0) || !(x->ci_low > 0) ||
	    !(x->ci_high > 0))
		return 0;
	up = x->ci_high / x->score - 1;
	down = 1 - x->ci_low / x->score;
	return up > down ? up : down;
}

void
scaling_judge(struct report *r, int warn)
{
	struct index_result *x;
	struct block *b;
	char list[512];
	size_t n = 0;
	double half;
	int k, i, j = 0;

	list[0] = '\0';
	for (k = 0; k < r->nruns; k++)
		for (b = r->runs[k].blocks;
		     b < r->runs[k].blocks + r->runs[k].nblocks; b++)
			for (i = 0; i < b->nindexes; i++) {
				x = &b->indexes[i];
				half = x->ci_half = scaling_interval_half(x);
				x->ci_wide = half > SCALING_WIDE;
				/* The warning speaks of the last run. */
				if (!x->ci_wide || k + 1 < r->nruns ||
				    n >= sizeof(list))
					continue;
				n += (size_t)snprintf(list + n,
				    sizeof(list) - n, "%s+/-%.0f%% (%d cop%s)",
				    j++ ? ", " : "", 100 * half, b->copies,
				    b->copies == 1 ? "y" : "ies");
			}
	if (j > 0 && warn)
		report_warn(r,
		    "the 95%% interval%s %s %s: too wide to tell two runs "
		    "%.0f%% apart. For a narrower one, let the machine idle "
		    "(no other work), run the default passes instead of "
		    "--quick, or ask for --precision 2 or --runs 3",
		    j == 1 ? "" : "s", j == 1 ? "is" : "are", list,
		    100 * SCALING_WIDE);
}
