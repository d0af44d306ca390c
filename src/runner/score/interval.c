/* interval.c - the 95% interval of an index score (interval.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "score/interval.h"

/* t(0.975, dof) at the dof of the table, the last one infinite. */
static const struct {
	double dof, t;
} t975[] = {{1, 12.706}, {2, 4.303}, {3, 3.182}, {4, 2.776}, {5, 2.571},
    {6, 2.447}, {7, 2.365}, {8, 2.306}, {9, 2.262}, {10, 2.228}, {11, 2.201},
    {12, 2.179}, {13, 2.160}, {14, 2.145}, {15, 2.131}, {16, 2.120},
    {17, 2.110}, {18, 2.101}, {19, 2.093}, {20, 2.086}, {21, 2.080},
    {22, 2.074}, {23, 2.069}, {24, 2.064}, {25, 2.060}, {26, 2.056},
    {27, 2.052}, {28, 2.048}, {29, 2.045}, {30, 2.042}, {40, 2.021},
    {60, 2.000}, {120, 1.980}, {INFINITY, 1.960}};

double
interval_t975(double dof)
{
	size_t i, n = sizeof(t975) / sizeof(t975[0]);
	double x, x0, x1;

	if (!(dof >= 1))
		return 0;
	for (i = 1; i < n; i++) {
		if (dof > t975[i].dof)
			continue;
		/* Linear in 1/dof between t975[i - 1] and t975[i]. */
		x = 1 / dof;
		x0 = 1 / t975[i - 1].dof;
		x1 = 1 / t975[i].dof;
		return t975[i].t +
		       (t975[i - 1].t - t975[i].t) * (x - x1) / (x0 - x1);
	}
	return t975[n - 1].t;
}

/*
 * Mean and sample variance (0 for one) of ln(rate) over n >= 1 rates, each
 * at base + i * stride bytes (a double array, or the rate member of an
 * array of passes).  -1 when a rate is not a positive finite number.
 */
static int
log_moments(const char *base, size_t stride, int n, double *mean, double *var)
{
	double m = 0, ss = 0, d, rate;
	int i;

	for (i = 0; i < n; i++) {
		memcpy(&rate, base + (size_t)i * stride, sizeof(rate));
		if (!(rate > 0) || !isfinite(rate))
			return -1;
		m += log(rate);
	}
	m /= n;
	for (i = 0; i < n; i++) {
		memcpy(&rate, base + (size_t)i * stride, sizeof(rate));
		d = log(rate) - m;
		ss += d * d;
	}
	*mean = m;
	*var = n > 1 ? ss / (n - 1) : 0;
	return 0;
}

/* var = that variance / kept, dof = n - 1, from the rates at base. */
static int
log_var(
    const char *base, size_t stride, int n, int kept, double *var, double *dof)
{
	double mean;

	*var = *dof = 0;
	if (n < 2 || kept < 1 || log_moments(base, stride, n, &mean, var) == -1)
		return -1;
	*var /= kept;
	*dof = n - 1;
	return 0;
}

double
interval_ss(const double *x, int n, double *mean)
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
interval_test_var(const struct test_result *t, double *var, double *dof)
{
	*var = *dof = 0;
	if (t->npasses < 1)
		return -1;
	return log_var((const char *)&t->passes[0].rate, sizeof(t->passes[0]),
	    t->npasses, t->samples, var, dof);
}

int
interval_pass_spread(const struct test_result *t, double *mean, double *var)
{
	*mean = *var = 0;
	if (t->npasses < 1)
		return -1;
	return log_moments((const char *)&t->passes[0].rate,
	    sizeof(t->passes[0]), t->npasses, mean, var);
}

int
interval_log_var(const double *rates, int n, int kept, double *var, double *dof)
{
	*var = *dof = 0;
	if (rates == NULL)
		return -1;
	return log_var((const char *)rates, sizeof(*rates), n, kept, var, dof);
}

int
interval_log_moments(const double *v, int n, double *mean, double *var)
{
	if (v == NULL || n < 1)
		return -1;
	return log_moments((const char *)v, sizeof(*v), n, mean, var);
}

int
interval_within(double d, double va, double dofa, double vb, double dofb)
{
	double se2 = va + vb, df;

	if (se2 == 0)
		return d == 0;
	df = se2 * se2 / (va * va / dofa + vb * vb / dofb);
	return fabs(d) <= interval_t975(df) * sqrt(se2);
}

int
interval_tests_within(const double *kept_a, int ka, const double *all_a, int na,
    const double *kept_b, int kb, const double *all_b, int nb)
{
	double ma, mb, va, vb, dfa, dfb;

	if (interval_log_moments(kept_a, ka, &ma, &va) == -1 ||
	    interval_log_moments(kept_b, kb, &mb, &vb) == -1 ||
	    interval_log_var(all_a, na, ka, &va, &dfa) == -1 ||
	    interval_log_var(all_b, nb, kb, &vb, &dfb) == -1)
		return -1;
	return interval_within(mb - ma, va, dfa, vb, dfb);
}

/* The standard error of ln score from its 95% interval; -1: unknown. */
static double
score_se(double score, double low, double high)
{
	if (!(low > 0) || !(high >= low) || !isfinite(high) ||
	    !(score >= low && score <= high))
		return -1;
	return (log(high) - log(low)) / (2 * 1.96);
}

int
interval_scores_within(double a, double a_low, double a_high, double b,
    double b_low, double b_high)
{
	double sa = score_se(a, a_low, a_high), sb = score_se(b, b_low, b_high);
	double se;

	if (sa < 0 || sb < 0)
		return -1;
	se = sqrt(sa * sa + sb * sb);
	if (se == 0)
		return a == b;
	return fabs(log(b) - log(a)) <= 1.96 * se;
}

void
interval_common_add(struct interval_common *c, const double *x, const double *w,
    int m, int rounds)
{
	double e, d, mean, wmean = 0;
	int i, r;

	if (rounds < 2)
		return;
	/* e_r = sum_i w_i x_ir - sum_i w_i mean_i: each test's mean once. */
	for (i = 0; i < m; i++) {
		interval_ss(x + i * rounds, rounds, &mean);
		wmean += w[i] * mean;
		for (r = 0; r < rounds; r++) {
			d = x[i * rounds + r] - mean;
			c->tests += w[i] * w[i] * d * d; /* (R - 1) w^2 s^2 */
		}
	}
	for (r = 0; r < rounds; r++) {
		for (i = 0, e = -wmean; i < m; i++)
			e += w[i] * x[i * rounds + r];
		c->ss += e * e;
	}
	c->dof += rounds - 1;
}

double
interval_common_var(const struct interval_common *c)
{
	double v;

	if (c->dof < 1)
		return 0;
	v = (c->ss - c->tests) / c->dof;
	return v > 0 ? v : 0;
}

void
interval_common_acc(double *a, double *b, double w, int n, int rounds, int sign)
{
	if (n < 1)
		return;
	*a += sign * w / n;
	*b += sign * (w / n) * (w / n) * (n - rounds);
}

double
interval_common_share(double a, double b, int rounds)
{
	double g = rounds * a * a + b;

	return g > 0 ? g : 0;
}

void
interval_index_common(
    struct index_result *ir, double var, double dof, int rounds)
{
	double v, tdof, w, sum_w = 0, sum_w2 = 0, sum_r = 0, se, half;
	double a = 0, b = 0, common;
	int sum_avg = ir->def->agg == INDEX_SUM_AVERAGE;
	int i, m = 0;

	ir->ci_low = ir->ci_high = 0;
	ir->tests_half = ir->rounds_half = 0;
	ir->shared_var = ir->shared_sd = 0;
	for (i = 0; i < ir->nentries; i++) {
		const struct index_entry *e = &ir->entries[i];
		double r;

		if (!e->ok)
			continue;
		if (interval_test_var(e->result, &v, &tdof) == -1)
			return;
		r = e->result->score / e->row->baseline;
		w = sum_avg ? r * r * v : v;
		sum_w += w;
		sum_w2 += w * w / tdof;
		sum_r += r;
		m++;
	}
	if (m == 0 || !(ir->score > 0))
		return;
	/* The same sum in ln(index): w_i^2 v_i with w_i = 1/m or r_i/sum r. */
	sum_w /= sum_avg ? sum_r * sum_r : (double)m * m;
	sum_w2 /= sum_avg ? pow(sum_r, 4) : pow(m, 4);
	if (var > 0 && dof >= 1) {
		for (i = 0; i < ir->nentries; i++) {
			const struct index_entry *e = &ir->entries[i];

			if (e->ok)
				interval_common_acc(&a, &b,
				    sum_avg ? e->result->score /
				                  e->row->baseline / sum_r
				            : 1.0 / m,
				    e->result->npasses, rounds, 1);
		}
		common = var * interval_common_share(a, b, rounds);
		ir->shared_var = common;
		ir->shared_sd = sqrt(var);
		sum_w += common;
		sum_w2 += common * common / dof;
	}
	if (sum_w == 0) {
		ir->ci_low = ir->ci_high = ir->score;
		return;
	}
	se = sqrt(sum_w);
	half = interval_t975(sum_w * sum_w / sum_w2) * se;
	ir->tests_half = half;
	ir->ci_low = ir->score * exp(-half);
	ir->ci_high = ir->score * exp(half);
}

void
interval_index(struct index_result *ir)
{
	interval_index_common(ir, 0, 0, 0);
}

int
interval_known(const struct index_result *ir)
{
	return ir->nok > 0 && ir->ci_low > 0 && ir->ci_high > 0 &&
	       isfinite(ir->ci_high);
}

/* I_k of round k (0-based) over the ok entries; NAN when not positive. */
static double
round_index(const struct index_result *ir, int k)
{
	double sum = 0, rate;
	int i, m = 0;

	for (i = 0; i < ir->nentries; i++) {
		const struct index_entry *e = &ir->entries[i];

		if (!e->ok)
			continue;
		rate = e->result->passes[k].rate;
		if (!(rate > 0) || !isfinite(rate))
			return NAN;
		sum += ir->def->agg == INDEX_SUM_AVERAGE
		           ? rate / e->row->baseline
		           : log(rate / e->row->baseline);
		m++;
	}
	return ir->def->agg == INDEX_SUM_AVERAGE ? log(sum / m) : sum / m;
}

void
interval_index_rounds(struct index_result *ir)
{
	double mean, ss, half, *ik;
	int i, k, rounds = -1, kept = 0;

	for (i = 0; i < ir->nentries; i++) {
		const struct test_result *t = ir->entries[i].result;

		if (!ir->entries[i].ok)
			continue;
		if (rounds == -1 || t->samples < kept)
			kept = t->samples;
		if (rounds != -1 && t->npasses != rounds)
			return;
		rounds = t->npasses;
	}
	if (rounds < 2 || kept < 1 || !(ir->score > 0) || !(ir->ci_high > 0))
		return;
	if ((ik = malloc(sizeof(*ik) * (size_t)rounds)) == NULL)
		return;
	for (k = 0; k < rounds; k++) {
		ik[k] = round_index(ir, k);
		if (isnan(ik[k])) {
			free(ik);
			return;
		}
	}
	ss = interval_ss(ik, rounds, &mean);
	free(ik);
	half = interval_t975(rounds - 1) * sqrt(ss / (rounds - 1) / kept);
	ir->rounds_half = half;
	if (half > log(ir->ci_high / ir->score)) {
		ir->ci_low = ir->score * exp(-half);
		ir->ci_high = ir->score * exp(half);
	}
}
