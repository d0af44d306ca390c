/*
 * precision.h - the rules of --precision PCT and --budget SECONDS, as
 * doc/precision.md states them (its formulas): each index's interval from
 * the passes so far, the next pass, the stop, passes in two clusters.
 * No I/O, no clock: the caller says how many seconds are left.
 */
#ifndef PRECISION_H
#define PRECISION_H

#include "model/report.h"

/* Whole rounds (a pass of every test) before passes go where the noise is. */
#define PRECISION_FIRST_ROUNDS 3

/* Passes of one test at one copies value at most (memory, and sense). */
#define PRECISION_MAX_PASSES 1000

/* Defaults and bounds of the options. */
#define PRECISION_BUDGET_DEFAULT 600.0
#define PRECISION_BUDGET_MIN     1.0
#define PRECISION_BUDGET_MAX     604800.0
#define PRECISION_PCT_MIN        0.1
#define PRECISION_PCT_MAX        50.0

/* One test at one copies value as the scheduler sees it. */
struct precision_test {
	int passes; /* P: its passes so far, all of them ok */
	double var; /* sample variance of ln(rate) over them (P >= 2) */
	double seconds; /* expected wall seconds of its next pass */
	int open; /* it may get another pass (none failed, under the cap) */
};

/*
 * One index: the tests it counts (positions in the test array), the
 * weight w_i of each on ln(index score), and the part the tests share
 * (interval_common_var), its dof and the rounds that showed it; 0: none.
 */
struct precision_index {
	const int *tests;
	const double *weights;
	int n;
	double common_var, common_dof;
	int rounds;
};

/* var / k, k = P - floor(P/3) the kept passes; -1 when P < 2 (unknown). */
double precision_test_var(const struct precision_test *t);

/* The log half width of an index's 95% interval (as interval_index_common);
 * -1 when a test's variance is unknown or no test counts. */
int precision_half(const struct precision_test *tests,
    const struct precision_index *ix, double *half);

/* The half width in percent: 100 (exp(half) - 1), the upper side. */
double precision_pct(double half);

enum precision_stop {
	PRECISION_GO, /* a pass to run: the return value */
	PRECISION_REACHED, /* every index within the target */
	PRECISION_BUDGET, /* no useful pass fits in the time left */
	PRECISION_STUCK /* no test that could help may run again */
};

/*
 * The next pass: the index furthest from the target (unknown is
 * furthest) takes, of its open tests whose next pass fits in left_s, the
 * one of the largest gain per second (an open test with fewer than two
 * passes first).  Returns the test's position with *stop PRECISION_GO;
 * else -1 with *stop REACHED, BUDGET (a pass would help but none fits)
 * or STUCK (no open test of the furthest index has a gain).
 */
int precision_next(const struct precision_test *tests,
    const struct precision_index *ixs, int nix, double target_pct,
    double left_s, enum precision_stop *stop);

/* Two clusters of a test's passes: their sizes and geometric means. */
struct precision_bimodal {
	int nlow, nhigh;
	double low, high;
};

/*
 * Whether rates[0..n-1] (all > 0, n >= 5) fall in two clusters: the
 * widest split of ln(rate) with at least PRECISION_BIMODAL_LEAST on each
 * side, a gap of at least ln(1 + PRECISION_BIMODAL_GAP) and over
 * PRECISION_BIMODAL_K pooled within-cluster s.d.  1 with *b filled, or 0.
 */
#define PRECISION_BIMODAL_LEAST 2
#define PRECISION_BIMODAL_GAP   0.10
#define PRECISION_BIMODAL_K     6.0
int precision_bimodal(const double *rates, int n, struct precision_bimodal *b);

/*
 * The rules applied to a run in progress.  tests[c * s->ntests + i] is
 * test i of s at copies value c with its passes so far; the caller sets
 * pt[k].open and .seconds, the rest is filled here (open cleared where
 * the passes are unusable).
 * The indexes are those its report shows, at every copies value, over
 * the tests whose passes all succeeded.  Returns precision_next's choice,
 * or -1 with *stop (PRECISION_STUCK also when out of memory).
 */
int precision_choose(const struct settings *s,
    const struct test_result *const *tests, struct precision_test *pt,
    double left_s, enum precision_stop *stop);

/* The intervals of a --precision run's indexes with the shared part of
 * the first rounds, pooled over copies values as precision_choose does. */
void precision_intervals(struct report *r);

/* How a --precision run ended, into r->precision_text (the target, the
 * widest index and why), and r->precision_widest_pct. */
void precision_summary(struct report *r);

/* A warning for every test of r whose passes fall in two clusters, with
 * both levels (suggesting --placement for a TEST_PLACEMENT test). */
void precision_warn(struct report *r);

#endif
