/*
 * stats.h - the scoring: combining the copies of a pass, dropping the
 * worst third, the geometric mean, the spread and the indexes.  Pure.
 */
#ifndef STATS_H
#define STATS_H

#include "model/report.h"

/* Passes to run: long = n, short = max(1, (n + 1) / 3) for -i n. */
int stats_short_passes(int long_passes);

/* How many of npasses are dropped: floor(npasses / 3). */
int stats_dropped(int npasses);

/* exp(sum(ln v) / n), in the order given: every test's and index's
 * score.  0 when n is 0 or some value is not positive. */
double stats_geomean(const double *v, int n);

/*
 * Combines the copies of a pass whose copies all succeeded: count the
 * sum of theirs (the mean for a TEST_LOWER_BETTER test, a time), time_s
 * the mean, rate = count / (time / timebase), or count when timebase is
 * 0.  OUTCOME_FAILED with *why when copies disagree on timebase or unit,
 * or the time is not positive.
 */
void stats_combine_pass(
    struct pass_result *p, unsigned flags, const char **why);

/*
 * Scores a test whose passes all succeeded: marks kept all but the worst
 * floor(P/3) by count (ties in pass order; the highest counts for a
 * TEST_LOWER_BETTER test), sets score (geometric mean of the kept
 * rates), time_s (their mean time), samples (how many) and the spread of
 * every pass rate.  Returns 0; 1 when there is no pass or a kept rate is
 * not positive (no score); -1 when out of memory.
 */
int stats_score_test(struct test_result *t);

/* Spread of v[0..n-1] (n >= 1); v is not changed. */
void stats_spread(const double *v, int n, struct spread *s);

/*
 * Fills one index table from the tests of a block: an entry per row
 * whose test ran (ok with a positive score), index = score / baseline
 * (x 10 for INDEX_GEOMEAN_X10, whose score is 10 x their geometric mean;
 * INDEX_SUM_AVERAGE: sum, and score = sum / ok entries), partial unless
 * every row is ok, and the interval (interval_index).  Returns 0, or -1
 * when out of memory.  ir->entries is malloc'd (freed by report_free).
 */
int stats_index(struct index_result *ir, const struct index_def *def,
    const struct test_result *tests, int ntests);

/* 1 when every row of def names one of tests[0..ntests-1], else 0. */
int stats_index_covered(const struct index_def *def,
    const struct test_def *const *tests, int ntests);

#endif
