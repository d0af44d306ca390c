/*
 * precision.c - allocation, stop rule and bimodal passes of --precision
 * (formulas in precision.h).  Pure: no I/O, no clock.
 */
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
	double gain, best = 0, secs;
	int i, j, at = -1, useful = 0;

	if ((j = furthest(tests, ixs, nix, target_pct)) == -1) {
		*stop = PRECISION_REACHED;
		return -1;
	}
	ix = &ixs[j];
	for (i = 0; i < ix->n; i++) {
		const struct precision_test *t = &tests[ix->tests[i]];

		if (!t->open && t->passes < 2)
			break; /* its interval stays unknown */
		if (!t->open)
			continue;
		secs = t->seconds > 1e-3 ? t->seconds : 1e-3;
		if (t->passes < 2)
			gain = INFINITY;
		else
			gain = ix->weights[i] * ix->weights[i] * t->var *
			       (smooth_inverse_kept(t->passes) -
			           smooth_inverse_kept(t->passes + 1)) /
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

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Sum of squared deviations from the mean of x[0..n-1], and the mean. */
static double
squares(const double *x, int n, double *mean)
{
	double m = 0, ss = 0;
	int i;

	for (i = 0; i < n; i++)
		m += x[i];
	m /= n;
	for (i = 0; i < n; i++)
		ss += (x[i] - m) * (x[i] - m);
	*mean = m;
	return ss;
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
		within =
		    sqrt((squares(x, j, &ml) + squares(x + j, n - j, &mh)) /
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
