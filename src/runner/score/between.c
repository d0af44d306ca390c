/*
 * between.c - the verdict between two groups of runs (between.h): the
 * ratio of their geometric means and its 95% interval from the spread of
 * the logs of the runs' scores.
 */
#include <math.h>

#include "score/between.h"
#include "score/interval.h"

/* Mean and sample variance (0 with one) of ln v[0..n-1]; -1: not > 0. */
static int
log_moments(const double *v, int n, double *mean, double *var)
{
	double dof;

	*var = 0;
	if (interval_log_mean(v, n, mean) == -1)
		return -1;
	return n > 1 ? interval_log_var(v, n, 1, var, &dof) : 0;
}

double
between_geomean(const double *v, int n)
{
	double mean, var;

	return log_moments(v, n, &mean, &var) == 0 ? exp(mean) : NAN;
}

double
between_spread(const double *v, int n)
{
	double mean, var;

	return n > 1 && log_moments(v, n, &mean, &var) == 0 ? sqrt(var) : NAN;
}

/* se² and dof of d when both sides have their own spread (Welch). */
static void
welch(double va, int na, double vb, int nb, double *se2, double *dof)
{
	double qa = va / na, qb = vb / nb, den;

	*se2 = qa + qb;
	den = qa * qa / (na - 1) + qb * qb / (nb - 1);
	*dof = den > 0 ? *se2 * *se2 / den : na + nb - 2;
}

int
between_groups(const double *a, int na, const double *b, int nb,
    int lower_is_better, double min_change, struct between *out)
{
	double ma, va, mb, vb, se2, dof, d, half;
	struct between v;

	if (na < 1 || nb < 1 || (na < 2 && nb < 2) ||
	    log_moments(a, na, &ma, &va) == -1 ||
	    log_moments(b, nb, &mb, &vb) == -1)
		return -1;
	v.na = na;
	v.nb = nb;
	v.spread_a = na > 1 ? sqrt(va) : NAN;
	v.spread_b = nb > 1 ? sqrt(vb) : NAN;
	if (na > 1 && nb > 1) {
		welch(va, na, vb, nb, &se2, &dof);
		v.assumed = BETWEEN_OWN;
	} else if (na > 1) {
		se2 = va * (1 + 1.0 / na);
		dof = na - 1;
		v.assumed = BETWEEN_A_FOR_B;
	} else {
		se2 = vb * (1 + 1.0 / nb);
		dof = nb - 1;
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
