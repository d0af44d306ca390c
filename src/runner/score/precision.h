/*
 * precision.h - the rules of --precision PCT and --budget SECONDS as pure
 * functions (doc/precision.md): how wide each index's 95% interval is
 * from its tests' passes so far, which test gets the next pass, when the
 * run stops, and which tests' passes fall in two clusters.  No I/O, no
 * clock: the caller says how many seconds are left.
 */
#ifndef PRECISION_H
#define PRECISION_H

#include <stddef.h>

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
 * One index: the tests it counts (positions in the test array) and the
 * weight of each on ln(index score): 1/m for the geometric mean of m
 * tests; r_i / sum(r) for an average of ratios r_i (the delta method).
 */
struct precision_index {
	const int *tests;
	const double *weights;
	int n;
	/*
	 * The part the tests share (interval.h, interval_common_var), its
	 * degrees of freedom, and the whole rounds that showed it; 0: none.
	 */
	double common_var, common_dof;
	int rounds;
};

/*
 * The variance of ln(score) of a test: var / k with k = P - floor(P/3)
 * its kept passes (interval.h's rule).  -1 when P < 2 (unknown).
 */
double precision_test_var(const struct precision_test *t);

/*
 * The log half width of an index's 95% interval: with terms
 * u_i = w_i^2 v_i (v_i = precision_test_var) and the shared part
 * U = common_var x G (interval_common_share of the passes), se =
 * sqrt(sum u_i + U), dof by Welch-Satterthwaite (sum u_i + U)^2 /
 * (sum(u_i^2 / (P_i - 1)) + U^2 / common_dof), half = interval_t975(dof)
 * x se; 0 when all are 0 (as interval_index_common).  Returns 0 with
 * *half set, or -1 when a test's variance is unknown or no test counts.
 */
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
 * The next pass: the index furthest from the target (largest half width
 * in percent over target_pct; unknown counts as furthest) chooses, among
 * its open tests whose next pass fits in left_s seconds, the one whose
 * pass shrinks its variance most per second:
 *   gain_i = (w_i^2 var_i (c(P_i) - c(P_i + 1))
 *             + common_var (G(P) - G(P with P_i + 1))) / seconds_i,
 * with c(P) = 3 / (2P), the smooth form of 1/k (the steps of floor(P/3)
 * would make every third pass look worthless), and G the share of the
 * shared part (interval_common_share).  An open test of that
 * index with fewer than two passes goes first.  Returns the test's
 * position with *stop PRECISION_GO; else -1 with *stop REACHED (every
 * index within target_pct), BUDGET (a pass would help but none fits in
 * left_s) or STUCK (no open test of the furthest index has a gain).
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
 * Whether rates[0..n-1] (all > 0) fall in two clusters: sorted by
 * ln(rate), a split with at least PRECISION_BIMODAL_LEAST passes on each
 * side whose gap g (between the clusters' nearest log rates) is at least
 * ln(1 + PRECISION_BIMODAL_GAP) and more than PRECISION_BIMODAL_K times
 * the pooled within-cluster standard deviation, sqrt((SS_low + SS_high) /
 * (n - 2)).  Of such splits the widest gap.  Needs n >= 5.  Returns 1 and
 * fills *b, else 0.
 */
#define PRECISION_BIMODAL_LEAST 2
#define PRECISION_BIMODAL_GAP   0.10
#define PRECISION_BIMODAL_K     6.0
int precision_bimodal(const double *rates, int n, struct precision_bimodal *b);

/*
 * The rules applied to a run in progress.  tests[c * s->ntests + i] is
 * test i of s at copies value c with its passes so far; open[k] whether
 * it may run again, seconds[k] the expected wall seconds of its next
 * pass.  The indexes are those its report shows (every index whose tests
 * were all asked for, else the first with a test asked for) at every
 * copies value, over the tests whose passes so far all succeeded with a
 * positive rate; weights 1/m, or r_i / sum(r) (r_i = the geometric mean
 * of its rates / baseline) for INDEX_SUM_AVERAGE.  Returns
 * precision_next's choice as a position in tests, or -1 with *stop
 * (PRECISION_STUCK also when out of memory).
 */
int precision_choose(const struct settings *s,
    const struct test_result *const *tests, const int *open,
    const double *seconds, double left_s, enum precision_stop *stop);

/*
 * The intervals of a --precision run's indexes with the part the tests
 * share (interval_index_common): the first PRECISION_FIRST_ROUNDS rounds
 * of every index of r's blocks, pooled over the copies values of each
 * catalog index, as precision_choose counts them for the stop rule.
 */
void precision_intervals(struct report *r);

/*
 * How a --precision run ended, for the reports and the console, into
 * r->precision_text: the target and budget, then "reached" with the
 * widest index's half width, or "not reached" with why
 * (r->precision_end), the widest index and the test of the largest share
 * of its variance; and that half width in r->precision_widest_pct (-1
 * when unknown or r has no index).
 */
void precision_summary(struct report *r);

/*
 * A warning for every test of r whose passes fall in two clusters
 * (precision_bimodal), with both levels; for a test that takes a
 * placement (TEST_PLACEMENT) when none was given, --placement is
 * suggested.  Out of memory, a warning is lost (as in report_warn).
 */
void precision_warn(struct report *r);

#endif
