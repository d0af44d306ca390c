/*
 * stats.h - the scoring as pure functions: combining the copies
 * of a pass, dropping the worst third, the geometric mean, the spread and
 * the indexes.  Nothing here prints or reads the clock.
 */
#ifndef STATS_H
#define STATS_H

#include "model/report.h"

/* Passes to run: long = n, short = max(1, (n + 1) / 3) for -i n. */
int stats_short_passes(int long_passes);

/* How many of npasses are dropped: floor(npasses / 3). */
int stats_dropped(int npasses);

/*
 * Geometric mean of v[0..n-1], all > 0: exp(sum(ln v) / n), summed in
 * the order given (the score of a test and of an index both come from
 * here).  Returns 0 when n is 0 or some value is not positive.
 */
double stats_geomean(const double *v, int n);

/*
 * Combines the copies of a pass whose copies all succeeded:
 *   count = sum of the copies' counts; for a TEST_LOWER_BETTER test (in
 *           flags, the test's) the mean, as a time per operation (us)
 *           does not add up over copies;
 *   time  = mean of the copies' time_s (the reported TIME, else the wall
 *           time, as protocol and process left it);
 *   rate  = count / (time / timebase) when timebase > 0, else count (the
 *           copies' rates summed).
 * Sets p->outcome to OUTCOME_FAILED with a message in *why when copies
 * disagree on timebase or unit, or the time is not positive.
 */
void stats_combine_pass(
    struct pass_result *p, unsigned flags, const char **why);

/*
 * Scores a test whose passes all succeeded: sorts the passes by count
 * (ties keep their order), drops the worst floor(P/3) (the lowest counts;
 * the highest for a TEST_LOWER_BETTER test, whose count is a time), marks
 * the others kept, and sets
 *   score   = geometric mean of the kept rates,
 *   time_s  = mean time of the kept passes,
 *   samples = number of kept passes,
 *   spread  = median, min, max and coefficient of variation (sample
 *             standard deviation / mean; 0 for one pass) of every pass rate.
 * The passes array itself is not reordered.  Returns 0; 1 when there is
 * no pass or a kept rate is not positive (the test produced zero: no
 * score); -1 when out of memory.
 */
int stats_score_test(struct test_result *t);

/* The sum of squared deviations of x[0..n-1] (n >= 1) from their mean. */
double stats_ss(const double *x, int n, double *mean);

/* Spread of v[0..n-1] (n >= 1); v is not changed. */
void stats_spread(const double *v, int n, struct spread *s);

/*
 * Fills one index table from the tests of a block: one entry per index row
 * whose test ran in the block (result set; ok when the test succeeded with
 * a positive score), index = score / baseline (× 10 for
 * INDEX_GEOMEAN_X10).  The index score is
 *   INDEX_GEOMEAN_X10: 10 × exp(mean of ln(score / baseline)) over the ok
 *                      entries (the geometric mean of their indexes);
 *   INDEX_SUM_AVERAGE: sum of score / baseline over the ok entries, and
 *                      score = that sum / the number of ok entries.
 * partial is set unless every row of the index is ok.  ci_low and
 * ci_high are its 95% interval (interval_index).  Returns 0, or -1 when
 * out of memory.  ir->entries is malloc'd (freed by report_free).
 */
int stats_index(struct index_result *ir, const struct index_def *def,
    const struct test_result *tests, int ntests);

/* 1 when every row of def names one of tests[0..ntests-1], else 0. */
int stats_index_covered(const struct index_def *def,
    const struct test_def *const *tests, int ntests);

#endif
