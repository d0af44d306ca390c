/* between.c - whole runs against each other (between.h). */
#include <math.h>
#include <stdlib.h>

#include "score/between.h"
#include "score/interval.h"

double
between_geomean(const double *v, int n)
{
	double mean, var;

	return interval_log_moments(v, n, &mean, &var) == 0 ? exp(mean) : NAN;
}

double
between_spread(const double *v, int n)
{
	double mean, var;

	return n > 1 && interval_log_moments(v, n, &mean, &var) == 0 ? sqrt(var)
	                                                             : NAN;
}

int
between_pooled(const double *const *rows, const int *n, int nrows, double *var,
    double *dof)
{
	double sum = 0, mean, v, df;
	int i;

	*var = *dof = 0;
	for (i = 0; i < nrows; i++)
		if (n[i] > 1 &&
		    interval_log_moments(rows[i], n[i], &mean, &v) == 0) {
			df = n[i] - 1;
			sum += df * v;
			*dof += df;
		}
	if (!(*dof > 0))
		return -1;
	*var = sum / *dof;
	return 0;
}

/* se² and dof of d when both sides have their own spread (Welch): va of
 * na runs with dfa degrees of freedom, vb likewise. */
static void
welch(double va, int na, double dfa, double vb, int nb, double dfb, double *se2,
    double *dof)
{
	double qa = va / na, qb = vb / nb, den;

	*se2 = qa + qb;
	den = qa * qa / dfa + qb * qb / dfb;
	*dof = den > 0 ? *se2 * *se2 / den : dfa + dfb;
}

/* A side's s² and its dof: its own (n - 1), or the pool's, at least the
 * floor's square. */
static void
side_var(double own, int n, double pooled, double pooled_dof, double floor,
    double *var, double *dof)
{
	*var = pooled_dof > 0 ? pooled : own;
	*dof = pooled_dof > 0 ? pooled_dof : n - 1;
	if (*var < floor * floor)
		*var = floor * floor;
}

int
between_groups(const double *a, int na, const double *b, int nb,
    int lower_is_better, double min_change, const struct between_pool *pool,
    struct between *out)
{
	static const struct between_pool own = {0, 0, 0, 0, 0};
	double ma, va, mb, vb, se2, dof, d, half, dfa, dfb;
	struct between v;

	if (pool == NULL)
		pool = &own;
	if (na < 1 || nb < 1 || (na < 2 && nb < 2) ||
	    interval_log_moments(a, na, &ma, &va) == -1 ||
	    interval_log_moments(b, nb, &mb, &vb) == -1)
		return -1;
	side_var(va, na, pool->var_a, pool->dof_a, pool->floor, &va, &dfa);
	side_var(vb, nb, pool->var_b, pool->dof_b, pool->floor, &vb, &dfb);
	v.na = na;
	v.nb = nb;
	v.spread_a = na > 1 ? sqrt(va) : NAN;
	v.spread_b = nb > 1 ? sqrt(vb) : NAN;
	if (na > 1 && nb > 1) {
		welch(va, na, dfa, vb, nb, dfb, &se2, &dof);
		v.assumed = BETWEEN_OWN;
	} else if (na > 1) {
		se2 = va * (1 + 1.0 / na);
		dof = dfa;
		v.assumed = BETWEEN_A_FOR_B;
	} else {
		se2 = vb * (1 + 1.0 / nb);
		dof = dfb;
		v.assumed = BETWEEN_B_FOR_A;
	}
	d = lower_is_better ? ma - mb : mb - ma;
	half = interval_t975(dof) * sqrt(se2);
	v.dof = dof;
	v.ratio = exp(d);
	v.low = exp(d - half);
	v.high = exp(d + half);
	v.small = !(fabs(d) > log1p(min_change / 100));
	v.verdict = (v.low > 1 || v.high < 1) && !v.small ? BETWEEN_BEYOND
	                                                  : BETWEEN_WITHIN;
	*out = v;
	return 0;
}

/* The score of test (or index) at copies in run (NAN when it has none). */
static double
run_score(const struct run *run, const struct runs_row *row)
{
	const struct block *b;
	int i, j;

	for (i = 0; i < run->nblocks; i++) {
		b = &run->blocks[i];
		if (b->copies != row->copies)
			continue;
		for (j = 0; row->test != NULL && j < b->ntests; j++)
			if (b->tests[j].test == row->test)
				return b->tests[j].outcome == OUTCOME_OK
				           ? b->tests[j].score
				           : NAN;
		for (j = 0; row->test == NULL && j < b->nindexes; j++)
			if (b->indexes[j].def == row->index)
				return b->indexes[j].nok > 0
				           ? b->indexes[j].score
				           : NAN;
	}
	return NAN;
}

/* Each run's score of row, their geometric mean and spread; -1: memory. */
static int
runs_row_fill(const struct report *r, struct runs_row *row, double *v)
{
	int k;

	if ((row->scores = malloc(sizeof(double) * (size_t)r->nruns)) == NULL)
		return -1;
	for (k = 0; k < r->nruns; k++) {
		row->scores[k] = run_score(&r->runs[k], row);
		if (isfinite(row->scores[k]) && row->scores[k] > 0)
			v[row->nok++] = row->scores[k];
	}
	row->mean = between_geomean(v, row->nok);
	row->spread = between_spread(v, row->nok);
	return 0;
}

/*
 * The median rate of the passes of test t at copies in every run of r,
 * into t->runs_median (0: none); v has room for every pass.
 */
static void
runs_median(
    const struct report *r, int copies, struct test_result *t, double *v)
{
	const struct block *b;
	const struct test_result *u;
	int k, i, j, p, n = 0;

	for (k = 0; k < r->nruns; k++)
		for (i = 0; i < r->runs[k].nblocks; i++) {
			b = &r->runs[k].blocks[i];
			for (j = 0; b->copies == copies && j < b->ntests; j++) {
				u = &b->tests[j];
				for (p = 0;
				     u->test == t->test && p < u->npasses; p++)
					if (u->passes[p].rate > 0)
						v[n++] = u->passes[p].rate;
			}
		}
	t->runs_median = n > 0 ? sorted_median(v, n) : 0;
}

int
between_runs(struct report *r)
{
	const struct run *last = report_last(r);
	const struct block *b;
	struct block *bk;
	size_t rows = 0, passes = (size_t)r->nruns;
	double *v;
	int k, i, j, rc = 0;

	for (k = 0; k < r->nruns; k++)
		for (i = 0; i < r->runs[k].nblocks; i++)
			for (j = 0; j < r->runs[k].blocks[i].ntests; j++)
				passes += (size_t)r->runs[k]
				              .blocks[i]
				              .tests[j]
				              .npasses;
	for (i = 0; i < last->nblocks; i++)
		rows +=
		    (size_t)(last->blocks[i].ntests + last->blocks[i].nindexes);
	r->runs_rows = calloc(rows > 0 ? rows : 1, sizeof(*r->runs_rows));
	if ((v = malloc(sizeof(*v) * passes)) == NULL || r->runs_rows == NULL) {
		free(v);
		return -1;
	}
	for (i = 0; i < last->nblocks && rc == 0; i++) {
		b = &last->blocks[i];
		for (j = 0; j < b->ntests + b->nindexes && rc == 0; j++) {
			struct runs_row *row = &r->runs_rows[r->nruns_rows++];

			row->copies = b->copies;
			if (j < b->ntests)
				row->test = b->tests[j].test;
			else
				row->index = b->indexes[j - b->ntests].def;
			rc = runs_row_fill(r, row, v);
		}
	}
	for (k = 0; k < r->nruns; k++)
		for (i = 0; i < r->runs[k].nblocks; i++) {
			bk = &r->runs[k].blocks[i];
			for (j = 0; j < bk->ntests; j++)
				runs_median(r, bk->copies, &bk->tests[j], v);
		}
	free(v);
	return rc;
}
