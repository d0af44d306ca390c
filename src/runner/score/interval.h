/*
 * interval.h - the 95% confidence interval of an index score, from the
 * spread of each test's passes on the log scale.  Pure functions: no I/O.
 */
#ifndef INTERVAL_H
#define INTERVAL_H

#include "model/report.h"

/*
 * The 0.975 quantile of Student's t distribution with dof degrees of
 * freedom (dof >= 1, fractions allowed): exact table values at whole dof
 * up to 30, linear in 1/dof between the table's points and towards 1.96
 * (dof infinite).  Returns 0 when dof < 1.
 */
double interval_t975(double dof);

/*
 * The log-scale spread of one test that produced a score: s = the sample
 * standard deviation of ln(rate) over all its passes (kept or dropped),
 * and *var = s^2 / samples, the variance of ln(score) taken as that of a
 * mean of the kept passes (conservative for the top two thirds that the
 * score keeps).  *dof = passes - 1.  Returns 0, or -1 when unknown: fewer
 * than two passes, or a pass rate that is not positive (a zero).
 */
int interval_test_var(const struct test_result *t, double *var, double *dof);

/*
 * The spread of one pass: *mean and *var = s^2 (0 with one pass) of
 * ln(rate) over all of t's passes, kept or dropped.  Returns 0, or -1
 * when t has no pass or a rate that is not positive.
 */
int interval_pass_spread(
    const struct test_result *t, double *mean, double *var);

/*
 * The same from the rates alone: rates[0..n-1] of every pass (kept or
 * dropped), kept of them counted in the score.  The one variance rule of
 * bytebench: Run's intervals and Run compare's noise marks both use it.
 * Returns 0, or -1 when unknown (n < 2, kept < 1, a rate not positive).
 */
int interval_log_var(
    const double *rates, int n, int kept, double *var, double *dof);

/* The mean and sample variance (0 for one) of ln v[0..n-1]; -1 when
 * n < 1 or some v[i] is not a positive finite number. */
int interval_log_moments(const double *v, int n, double *mean, double *var);

/*
 * Whether a difference d of two log scores is within the noise of their
 * variances va, vb (degrees of freedom dofa, dofb; interval_log_var):
 * |d| <= interval_t975(df) x sqrt(va + vb), df by Welch-Satterthwaite
 * (va + vb)^2 / (va^2 / dofa + vb^2 / dofb), as interval_index combines
 * the tests.  Returns 1 within, 0 beyond (va = vb = 0: within only when
 * d is 0).
 */
int interval_within(double d, double va, double dofa, double vb, double dofb);

/*
 * Whether two tests' scores differ by more than run-to-run noise (Run
 * compare's marks), from each one's kept pass rates kept[0..k-1] and all
 * its pass rates all[0..n-1], kept or dropped: d = the difference of the
 * means of ln kept (the log of the ratio of the scores, geometric means
 * of the kept rates), each side's variance interval_log_var(all, n, k),
 * then interval_within.  Returns 1 within, 0 beyond, -1 unknown (a side
 * with fewer than 2 passes, no kept one, or a rate that is not positive).
 */
int interval_tests_within(const double *kept_a, int ka, const double *all_a,
    int na, const double *kept_b, int kb, const double *all_b, int nb);

/*
 * The same for two index scores a and b from their 95% intervals: each
 * gives se = (ln high - ln low) / (2 x 1.96) of ln score; within when
 * |ln(b/a)| <= 1.96 x sqrt(se_a^2 + se_b^2).  -1 unknown when an interval
 * is missing (0) or does not hold its score.
 */
int interval_scores_within(double a, double a_low, double a_high, double b,
    double b_low, double b_high);

/*
 * Sets ir->ci_low and ir->ci_high from the ok entries of a computed index
 * (stats_index).  With m ok entries, v_i = interval_test_var of entry i:
 *   se = sqrt(sum(v_i)) / m, the standard error of ln(score) (the index
 *        score is 10 x exp(mean ln(score_i / baseline_i)));
 *   for INDEX_SUM_AVERAGE, the delta method: se = sqrt(sum(r_i^2 v_i)) /
 *        sum(r_i) with r_i = score_i / baseline_i;
 *   dof by Welch-Satterthwaite: (sum w_i)^2 / sum(w_i^2 / dof_i), w_i
 *        the terms of the sum above;
 *   interval = score x exp(-/+ interval_t975(dof) x se).
 * Equal passes everywhere give score..score.  Both ends are 0 (unknown)
 * when no entry is ok or some ok entry's spread is unknown.  The half
 * width, interval_t975(dof) x se, is kept in ir->tests_half.
 */
void interval_index(struct index_result *ir);

/*
 * The interval of an index whose tests ran in rounds (quick mode: round
 * k ran pass k of every test).  A change of the machine during the run
 * moves every test of a round together, which the sum above, taking the
 * tests as independent, counts m times too small; here every round is an
 * index of its own and the rounds are the replicates:
 *   I_k = mean_i ln(rate_ik / baseline_i) (for INDEX_SUM_AVERAGE
 *         ln(mean_i rate_ik / baseline_i)) over the m ok entries;
 *   se = sd(I_1..I_K) / sqrt(kept), kept the fewest passes an ok test
 *        kept (conservative, as for one test above);
 *   dof = K - 1; half = interval_t975(dof) x se, kept in
 *        ir->rounds_half.
 * The wider of this and interval_index's interval is kept: with 5 rounds
 * this estimate has 4 degrees of freedom and may come out narrow when the
 * tests' noise happens to cancel within rounds; the other misses changes
 * shared by the tests.  Keeps interval_index's when the rounds are not
 * whole (ok tests with different numbers of passes, fewer than two, or a
 * rate that is not positive) or its interval is unknown.
 */
void interval_index_rounds(struct index_result *ir);

/*
 * The part of an index's noise that the tests share (doc/precision.md,
 * "Changes shared by the tests"): a change of the machine's speed moves
 * every test running at that time, which interval_index, taking the
 * tests as independent, counts m times too small.  Whole rounds show it.
 * With x_ir = ln(rate) of test i's pass r in round r (r < R) and w_i the
 * test's weight on ln(index) (sum 1), round r's effect is
 *   e_r = sum_i w_i (x_ir - mean over r of x_ir);
 * sum_r e_r^2 / (R - 1) is on average var_c + sum_i w_i^2 s_i^2 (s_i^2
 * the variance of test i's R passes), so
 *   var_c = (sum e_r^2 - (R - 1) sum_i w_i^2 s_i^2) / (R - 1), >= 0,
 * pooled over several sets of rounds (copies values) by adding both sums
 * and the R - 1 (its degrees of freedom).
 */
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
 * How much of var_c reaches ln(index) when test i has n_i passes, the
 * first R of them in the shared rounds and the rest each at a time of
 * its own: G = R a^2 + b, with a = sum_i w_i / n_i and
 * b = sum_i (w_i / n_i)^2 (n_i - R); all n_i = R gives 1 / R.
 * interval_common_acc adds (sign 1) or takes away (-1) test i's terms.
 */
void interval_common_acc(
    double *a, double *b, double w, int n, int rounds, int sign);
double interval_common_share(double a, double b, int rounds);

/*
 * interval_index with the shared part added: the tests' sum of
 * variances plus var x G (the ok entries' passes, rounds R), dof by
 * Welch-Satterthwaite with dof for that term; var x G is kept in
 * ir->shared_var, sqrt(var) in ir->shared_sd.  var 0 is interval_index.
 */
void interval_index_common(
    struct index_result *ir, double var, double dof, int rounds);

#endif
