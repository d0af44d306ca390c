/*
 * between.h - whole runs against each other: the summary of a --runs
 * report (each run's score, their mean and spread), and the verdict
 * between two groups of runs: is the difference of their scores beyond
 * the machine's run-to-run noise?  No I/O.  compare's groups
 * (compare/group.c) use the verdict; doc/compare.md states the rule.
 */
#ifndef BETWEEN_H
#define BETWEEN_H

#include "model/report.h"

#define BETWEEN_MIN_CHANGE 1.0 /* --min-change default, in percent */

enum between_verdict {
	BETWEEN_WITHIN, /* the interval holds 1, or the change is too small */
	BETWEEN_BEYOND /* real: beyond run-to-run noise and the minimum */
};

/* Which side's spread stood for both (one side has one run). */
enum between_assumed { BETWEEN_OWN, BETWEEN_A_FOR_B, BETWEEN_B_FOR_A };

struct between {
	int na, nb; /* runs of each side */
	double
	    ratio; /* geometric mean of b over that of a (a/b: lower better) */
	double low, high; /* its 95% interval */
	double spread_a,
	    spread_b; /* s.d. of ln score over the runs; NAN: 1 run */
	double dof; /* degrees of freedom of the t quantile */
	enum between_assumed assumed;
	int small; /* |ln ratio| <= ln(1 + min_change / 100) */
	enum between_verdict verdict;
};

/*
 * The geometric mean of v[0..n-1]; NAN when n < 1 or a value is not a
 * positive finite number.
 */
double between_geomean(const double *v, int n);

/* The sample s.d. of ln v[0..n-1]; NAN when n < 2 or a value is not a
 * positive finite number. */
double between_spread(const double *v, int n);

/*
 * What stands for a side's spread instead of its own (between_groups):
 * var, the pooled variance of ln score over the group's tests, with dof
 * degrees of freedom (dof 0: the side's own, n - 1), and for both sides
 * floor, the least s.d. of ln score (the resolution of the printed
 * numbers), so that equal runs never make an interval of zero width.
 */
struct between_pool {
	double var_a, dof_a;
	double var_b, dof_b;
	double floor;
};

/*
 * The variance of ln score pooled over rows of runs: rows[i] the scores
 * of one test in each run of a group, n[i] of them; sum (n_i - 1) s_i² /
 * sum (n_i - 1) over the rows of 2 runs or more, into *var, that sum of
 * n_i - 1 into *dof.  Returns 0, or -1 (both 0) when no row has 2 runs.
 */
int between_pooled(const double *const *rows, const int *n, int nrows,
    double *var, double *dof);

/*
 * The verdict between group a (a[0..na-1], the runs' scores) and group b.
 * With x = ln of the scores: d = mean x_b - mean x_a, s² each side's
 * sample variance.  Both sides with 2 runs or more: se² = s_a²/n_a +
 * s_b²/n_b and Welch's dof = se⁴ / ((s_a²/n_a)²/(n_a-1) + (s_b²/n_b)²/
 * (n_b-1)).  One side with one run: the other side's s² stands for both,
 * se² = s²(1 + 1/n), dof = n - 1.  The interval is exp(d ± t(0.975, dof)
 * se) (score/interval.h's t); lower_is_better turns d, ratio and interval
 * over.  Beyond when the interval excludes 1 and |d| > ln(1 + min_change
 * / 100).  With pool (NULL: none), a side's s² is its pooled var and its
 * n - 1 its pooled dof where given, and no s² is below floor²; Welch's
 * dof then takes each side's dof for its n - 1.  Returns 0, or -1 (*out
 * unset) when a side has no run, both have one only, or a score is not a
 * positive finite number.
 */
int between_groups(const double *a, int na, const double *b, int nb,
    int lower_is_better, double min_change, const struct between_pool *pool,
    struct between *out);

/*
 * The summary of r's runs (r->nruns > 1): a row of r->runs_rows for each
 * test and index of each block of the last run, with each run's score,
 * their geometric mean and spread (between_geomean, between_spread); and
 * in every test result of every run its runs_median.  Returns 0, or -1
 * when out of memory.
 */
int between_runs(struct report *r);

#endif
