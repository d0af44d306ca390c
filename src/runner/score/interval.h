/*
 * interval.h - the 95% confidence interval of an index score, from the
 * spread of each test's passes on the log scale.  The formulas are those
 * of doc/quick-mode.md (steps 1 to 6) and doc/precision.md ("Changes
 * shared by the tests").  Pure functions: no I/O.
 */
#ifndef INTERVAL_H
#define INTERVAL_H

#include "model/report.h"

/* t(0.975, dof), from a table (linear in 1/dof between its points);
 * 0 when dof < 1. */
double interval_t975(double dof);

/*
 * The variance of ln(score) of a test: s^2 of ln(rate) over all its
 * passes / samples, *dof = passes - 1.  -1 when unknown: fewer than two
 * passes, or a rate that is not positive.
 */
int interval_test_var(const struct test_result *t, double *var, double *dof);

/* The mean and s^2 (0 for one pass) of ln(rate) over t's passes; -1 when
 * t has no pass or a rate that is not positive. */
int interval_pass_spread(
    const struct test_result *t, double *mean, double *var);

/* interval_test_var from the rates of every pass, kept of them counted
 * (compare's marks); -1 when n < 2, kept < 1 or a rate is not positive. */
int interval_log_var(
    const double *rates, int n, int kept, double *var, double *dof);

/* The sum of squared deviations of x[0..n-1] (n >= 1) from their mean. */
double interval_ss(const double *x, int n, double *mean);

/* The mean and sample variance (0 for one) of ln v[0..n-1]; -1 when
 * n < 1 or some v[i] is not a positive finite number. */
int interval_log_moments(const double *v, int n, double *mean, double *var);

/*
 * 1 when a difference d of two log scores is within the noise of their
 * variances (interval_log_var): |d| <= t975(Welch-Satterthwaite dof) x
 * sqrt(va + vb); else 0 (va = vb = 0: within only when d is 0).
 */
int interval_within(double d, double va, double dofa, double vb, double dofb);

/*
 * interval_within for two tests (compare's marks) from each one's kept
 * rates and all its rates: d the difference of the mean ln kept rates.
 * -1 unknown (a side with fewer than 2 passes, none kept, a rate <= 0).
 */
int interval_tests_within(const double *kept_a, int ka, const double *all_a,
    int na, const double *kept_b, int kb, const double *all_b, int nb);

/*
 * The same for two index scores from their 95% intervals (se = (ln high -
 * ln low) / (2 x 1.96) each).  -1 when an interval is missing (0) or
 * does not hold its score.
 */
int interval_scores_within(double a, double a_low, double a_high, double b,
    double b_low, double b_high);

/*
 * Sets ir->ci_low and ci_high from the ok entries of a computed index
 * (stats_index), steps 1 to 4, and the log half width in tests_half.
 * Equal passes everywhere give score..score; both 0 (unknown) when no
 * entry is ok or an ok entry's spread is unknown.
 */
void interval_index(struct index_result *ir);

/*
 * Widens that interval to the rounds' one (steps 5 and 6: quick mode,
 * round k ran pass k of every test), keeping its log half width in
 * rounds_half.  Unchanged when the rounds are not whole (ok tests with
 * different numbers of passes, fewer than two, a rate not positive) or
 * the interval is unknown.
 */
void interval_index_rounds(struct index_result *ir);

/* 1 when the index has a score and a 95% interval (both ends > 0). */
int interval_known(const struct index_result *ir);

/* The part of an index's noise that the tests share, var_c, from whole
 * rounds, pooled over several sets of rounds by adding the sums. */
struct interval_common {
	double ss; /* sum of e_r^2 */
	double tests; /* sum of (R - 1) sum_i w_i^2 s_i^2 */
	int dof; /* sum of R - 1 */
};

/* Adds the rounds x[i * rounds + r] (m tests, weights w) to *c. */
void interval_common_add(struct interval_common *c, const double *x,
    const double *w, int m, int rounds);

/* var_c from the sums (0 when they have no degree of freedom). */
double interval_common_var(const struct interval_common *c);

/*
 * G, the share of var_c that reaches ln(index), from a = sum_i w_i / n_i
 * and b = sum_i (w_i / n_i)^2 (n_i - R); interval_common_acc adds
 * (sign 1) or takes away (-1) the terms of a test of n passes.
 */
void interval_common_acc(
    double *a, double *b, double w, int n, int rounds, int sign);
double interval_common_share(double a, double b, int rounds);

/*
 * interval_index with var x G added to the tests' sum (dof for its
 * term), var x G kept in ir->shared_var and sqrt(var) in shared_sd.
 * var 0 is interval_index.
 */
void interval_index_common(
    struct index_result *ir, double var, double dof, int rounds);

#endif
