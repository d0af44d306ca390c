/* precision.c - the rules of --precision (precision.h).  No I/O, no clock. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "score/interval.h"
#include "score/precision.h"
#include "score/stats.h"

double
precision_test_var(const struct precision_test *t)
{
	if (t->passes < 2)
		return -1;
	return t->var / (t->passes - stats_dropped(t->passes));
}

/* G of the shared part for ix's tests (interval_common_share). */
static double
common_share(const struct precision_test *tests,
    const struct precision_index *ix, int more)
{
	double a = 0, b = 0;
	int i;

	for (i = 0; i < ix->n; i++)
		interval_common_acc(&a, &b, ix->weights[i],
		    tests[ix->tests[i]].passes + (i == more), ix->rounds, 1);
	return interval_common_share(a, b, ix->rounds);
}

int
precision_half(const struct precision_test *tests,
    const struct precision_index *ix, double *half)
{
	double sum = 0, sum2 = 0, u, v, w;
	int i;

	*half = 0;
	if (ix->n < 1)
		return -1;
	for (i = 0; i < ix->n; i++) {
		const struct precision_test *t = &tests[ix->tests[i]];

		if ((v = precision_test_var(t)) < 0)
			return -1;
		w = ix->weights[i];
		u = w * w * v;
		sum += u;
		sum2 += u * u / (t->passes - 1);
	}
	if (ix->common_var > 0 && ix->common_dof >= 1) {
		u = ix->common_var * common_share(tests, ix, -1);
		sum += u;
		sum2 += u * u / ix->common_dof;
	}
	if (sum > 0)
		*half = interval_t975(sum * sum / sum2) * sqrt(sum);
	return 0;
}

double
precision_pct(double half)
{
	return 100 * (exp(half) - 1);
}

/* c(P) = 3 / (2P): the smooth 1/k of the gain. */
static double
smooth_inverse_kept(int passes)
{
	return 3.0 / (2.0 * passes);
}

/* The index furthest from the target, or -1 when all are within it. */
static int
furthest(const struct precision_test *tests, const struct precision_index *ixs,
    int nix, double target_pct)
{
	double half, ratio, worst = 1;
	int j, at = -1;

	for (j = 0; j < nix; j++) {
		ratio = precision_half(tests, &ixs[j], &half) == -1
		            ? INFINITY
		            : precision_pct(half) / target_pct;
		if (ratio > worst) {
			worst = ratio;
			at = j;
		}
	}
	return at;
}

int
precision_next(const struct precision_test *tests,
    const struct precision_index *ixs, int nix, double target_pct,
    double left_s, enum precision_stop *stop)
{
	const struct precision_index *ix;
	double gain, best = 0, secs, g = 0, shared = 0;
	int i, j, at = -1, useful = 0;

	if ((j = furthest(tests, ixs, nix, target_pct)) == -1) {
		*stop = PRECISION_REACHED;
		return -1;
	}
	ix = &ixs[j];
	if (ix->common_var > 0)
		g = common_share(tests, ix, -1);
	for (i = 0; i < ix->n; i++) {
		const struct precision_test *t = &tests[ix->tests[i]];

		if (!t->open && t->passes < 2)
			break; /* its interval stays unknown */
		if (!t->open)
			continue;
		secs = t->seconds > 1e-3 ? t->seconds : 1e-3;
		if (ix->common_var > 0)
			shared =
			    ix->common_var * (g - common_share(tests, ix, i));
		if (t->passes < 2)
			gain = INFINITY;
		else
			gain = (ix->weights[i] * ix->weights[i] * t->var *
			               (smooth_inverse_kept(t->passes) -
			                   smooth_inverse_kept(t->passes + 1)) +
			           shared) /
			       secs;
		if (!(gain > 0))
			continue;
		useful = 1;
		if (t->seconds > left_s)
			continue;
		if (at == -1 || gain > best) {
			best = gain;
			at = ix->tests[i];
		}
	}
	if (i < ix->n) { /* stopped at a closed test of one pass */
		*stop = PRECISION_STUCK;
		return -1;
	}
	*stop = at != -1 ? PRECISION_GO
	        : useful ? PRECISION_BUDGET
	                 : PRECISION_STUCK;
	return at;
}

int
precision_bimodal(const double *rates, int n, struct precision_bimodal *b)
{
	double *x, gap, within, ml, mh, best = 0;
	int i, j, found = 0;

	memset(b, 0, sizeof(*b));
	if (n < 5 || (x = malloc(sizeof(*x) * (size_t)n)) == NULL)
		return 0;
	for (i = 0; i < n; i++) {
		if (!(rates[i] > 0)) {
			free(x);
			return 0;
		}
		x[i] = log(rates[i]);
	}
	qsort(x, (size_t)n, sizeof(*x), cmp_double);
	/* Split before x[j]: x[0..j-1] low, x[j..n-1] high. */
	for (j = PRECISION_BIMODAL_LEAST; j <= n - PRECISION_BIMODAL_LEAST;
	     j++) {
		gap = x[j] - x[j - 1];
		within = sqrt(
		    (interval_ss(x, j, &ml) + interval_ss(x + j, n - j, &mh)) /
		    (n - 2));
		if (gap < log(1 + PRECISION_BIMODAL_GAP) ||
		    !(gap > PRECISION_BIMODAL_K * within) || gap <= best)
			continue;
		best = gap;
		found = 1;
		b->nlow = j;
		b->nhigh = n - j;
		b->low = exp(ml);
		b->high = exp(mh);
	}
	free(x);
	return found;
}

/* The passes of t so far as the rules see them; 0, or -1 when unusable. */
static int
test_view(const struct test_result *t, struct precision_test *pt, double *mean)
{
	int i;

	pt->passes = t->npasses;
	pt->var = 0;
	*mean = 0;
	if (t->outcome != OUTCOME_OK || t->npasses < 1)
		return -1;
	for (i = 0; i < t->npasses; i++)
		if (t->passes[i].outcome != OUTCOME_OK ||
		    !isfinite(t->passes[i].rate))
			return -1;
	return interval_pass_spread(t, mean, &pt->var);
}

/* Position of test t in s->tests, or -1. */
static int
test_at(const struct settings *s, const struct test_def *t)
{
	int i;

	for (i = 0; i < s->ntests; i++)
		if (s->tests[i] == t)
			return i;
	return -1;
}

/* Whether the report shows index d (as block_indexes chooses). */
static int
shown(const struct settings *s, size_t d)
{
	size_t i, k;
	int any = 0;

	for (i = 0; i < catalog_nindexes; i++)
		any |= stats_index_covered(
		    &catalog_indexes[i], s->tests, s->ntests);
	if (any)
		return stats_index_covered(
		    &catalog_indexes[d], s->tests, s->ntests);
	for (i = 0; i < catalog_nindexes; i++)
		for (k = 0; k < catalog_indexes[i].nrows; k++)
			if (test_at(s, catalog_indexes[i].rows[k].test) >= 0)
				return i == d;
	return 0;
}

/*
 * Adds the first rounds of m tests, t[at[i]] (at NULL: t[i]) with weights
 * w, to *c: pass r of each is its round r.  Nothing when a test has fewer
 * passes, a rate that is not positive, or out of memory (the shared part
 * is then left out).
 */
static void
add_rounds(struct interval_common *c, const struct test_result *const *t,
    const int *at, const double *w, int m)
{
	const int rounds = PRECISION_FIRST_ROUNDS;
	const struct test_result *ti;
	double *x;
	int i, r;

	if (m < 1 || (x = malloc(sizeof(*x) * (size_t)m * rounds)) == NULL)
		return;
	for (i = 0; i < m; i++) {
		ti = t[at != NULL ? at[i] : i];
		if (ti->npasses < rounds)
			goto out;
		for (r = 0; r < rounds; r++) {
			if (!(ti->passes[r].rate > 0))
				goto out;
			x[i * rounds + r] = log(ti->passes[r].rate);
		}
	}
	interval_common_add(c, x, w, m, rounds);
out:
	free(x);
}

/*
 * The shared part of every index of ixs (def[j] its catalog index),
 * pooled over the copies values: the first rounds of each index's tests.
 */
static void
set_common(const struct test_result *const *tests, struct precision_index *ixs,
    const size_t *def, int nix)
{
	struct interval_common c;
	int j, q;

	for (j = 0; j < nix; j++) {
		memset(&c, 0, sizeof(c));
		for (q = 0; q < nix; q++)
			if (def[q] == def[j])
				add_rounds(&c, tests, ixs[q].tests,
				    ixs[q].weights, ixs[q].n);
		ixs[j].common_var = interval_common_var(&c);
		ixs[j].common_dof = c.dof;
		ixs[j].rounds = PRECISION_FIRST_ROUNDS;
	}
}

int
precision_choose(const struct settings *s,
    const struct test_result *const *tests, struct precision_test *pt,
    double left_s, enum precision_stop *stop)
{
	struct precision_index *ixs;
	double *mean, *w, sum;
	int *at, *ok, n = s->ncopies * s->ntests, nix = 0, c, i, k, next = -1;
	size_t d, row, slots = 0, *defs;

	*stop = PRECISION_STUCK;
	for (d = 0; d < catalog_nindexes; d++)
		slots += catalog_indexes[d].nrows;
	slots *= (size_t)s->ncopies;
	mean = calloc((size_t)n + 1, sizeof(*mean));
	ok = calloc((size_t)n + 1, sizeof(*ok));
	ixs = calloc(catalog_nindexes * (size_t)s->ncopies + 1, sizeof(*ixs));
	defs = calloc(catalog_nindexes * (size_t)s->ncopies + 1, sizeof(*defs));
	at = calloc(slots + 1, sizeof(*at));
	w = calloc(slots + 1, sizeof(*w));
	if (!mean || !ok || !ixs || !defs || !at || !w)
		goto out;
	for (k = 0; k < n; k++) {
		ok[k] = test_view(tests[k], &pt[k], &mean[k]) == 0;
		pt[k].open &= ok[k];
	}
	slots = 0;
	for (c = 0; c < s->ncopies; c++) {
		for (d = 0; d < catalog_nindexes; d++) {
			const struct index_def *def = &catalog_indexes[d];
			struct precision_index *ix = &ixs[nix];

			if (!shown(s, d))
				continue;
			ix->tests = at + slots;
			ix->weights = w + slots;
			for (row = 0, sum = 0; row < def->nrows; row++) {
				i = test_at(s, def->rows[row].test);
				if (i < 0 || !ok[k = c * s->ntests + i])
					continue;
				at[slots + (size_t)ix->n] = k;
				w[slots + (size_t)ix->n] =
				    def->agg == INDEX_SUM_AVERAGE
				        ? exp(mean[k]) / def->rows[row].baseline
				        : 1;
				sum += w[slots + (size_t)ix->n++];
			}
			for (i = 0; i < ix->n; i++)
				w[slots + (size_t)i] /= sum;
			slots += (size_t)ix->n;
			defs[nix] = d;
			nix += ix->n > 0;
		}
	}
	set_common(tests, ixs, defs, nix);
	next = precision_next(pt, ixs, nix, s->precision_pct, left_s, stop);
out:
	free(mean);
	free(ok);
	free(ixs);
	free(defs);
	free(at);
	free(w);
	return next;
}

/* Adds ir's first rounds to *c: its ok entries, weighted as in ln(index). */
static void
add_index_rounds(struct interval_common *c, const struct index_result *ir)
{
	const struct test_result **t;
	double *w, sum = 0;
	int i, m = 0;

	t = calloc((size_t)ir->nentries + 1, sizeof(*t));
	w = calloc((size_t)ir->nentries + 1, sizeof(*w));
	if (t != NULL && w != NULL) {
		for (i = 0; i < ir->nentries; i++) {
			if (!ir->entries[i].ok)
				continue;
			t[m] = ir->entries[i].result;
			w[m] = ir->def->agg == INDEX_SUM_AVERAGE
			           ? t[m]->score / ir->entries[i].row->baseline
			           : 1;
			sum += w[m++];
		}
		for (i = 0; i < m; i++)
			w[i] /= sum;
		add_rounds(c, t, NULL, w, m);
	}
	free(t);
	free(w);
}

void
precision_intervals(struct report *r)
{
	struct run *run = &r->runs[r->nruns - 1];
	struct interval_common c;
	struct index_result *ir;
	size_t d;
	int b, j;

	for (d = 0; d < catalog_nindexes; d++) {
		memset(&c, 0, sizeof(c));
		for (b = 0; b < run->nblocks; b++)
			for (j = 0; j < run->blocks[b].nindexes; j++)
				if (run->blocks[b].indexes[j].def ==
				    &catalog_indexes[d])
					add_index_rounds(
					    &c, &run->blocks[b].indexes[j]);
		for (b = 0; b < run->nblocks; b++)
			for (j = 0; j < run->blocks[b].nindexes; j++) {
				ir = &run->blocks[b].indexes[j];
				if (ir->def == &catalog_indexes[d])
					interval_index_common(ir,
					    interval_common_var(&c), c.dof,
					    PRECISION_FIRST_ROUNDS);
			}
	}
}
