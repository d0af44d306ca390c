/*
 * between.h - whole runs against each other: the summary of a --runs
 * report, and the verdict between two groups of runs (compare's groups):
 * is their difference beyond run-to-run noise?  doc/compare.md ("The
 * verdict between groups") states the rule.  No I/O.
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
	double ratio; /* geometric mean of b / a's (a / b: lower better) */
	double low, high; /* its 95% interval */
	double spread_a, spread_b; /* s.d. of ln score; NAN: 1 run */
	double dof; /* degrees of freedom of the t quantile */
	enum between_assumed assumed;
	int small; /* |ln ratio| <= ln(1 + min_change / 100) */
	enum between_verdict verdict;
};

/* The geometric mean of v[0..n-1], and the sample s.d. of ln v; NAN when
 * n < 1 (n < 2) or a value is not a positive finite number. */
double between_geomean(const double *v, int n);
double between_spread(const double *v, int n);

/*
 * What stands for a side's spread (between_groups): var, pooled over
 * the group's tests, with dof degrees of freedom (0: the side's own), and
 * floor, the least s.d. of ln score for both sides.
 */
struct between_pool {
	double var_a, dof_a;
	double var_b, dof_b;
	double floor;
};

/*
 * The variance of ln score pooled over rows[i] (the scores of one test
 * in each of n[i] runs) into *var, its dof into *dof.  Returns 0, or -1
 * (both 0) when no row has 2 runs.
 */
int between_pooled(const double *const *rows, const int *n, int nrows,
    double *var, double *dof);

/*
 * The verdict between group a (a[0..na-1], the runs' scores) and group
 * b; pool NULL: each side's own spread.  Returns 0, or -1 (*out unset)
 * when a side has no run, both have one only, or a score is not a
 * positive finite number.
 */
int between_groups(const double *a, int na, const double *b, int nb,
    int lower_is_better, double min_change, const struct between_pool *pool,
    struct between *out);

/*
 * The summary of r's runs (r->nruns > 1): r->runs_rows, a row for each
 * test and index of each block of the last run, and every test result's
 * runs_median.  Returns 0, or -1 when out of memory.
 */
int between_runs(struct report *r);

#endif
