/*
 * scaling.h - how the machine scaled from 1 copy to N: each test's and
 * each index's result at N copies over its result at 1 copy, flagged
 * below 1 and above N (model/report.h, struct scaling).
 */
#ifndef SCALING_H
#define SCALING_H

#include "model/report.h"

/*
 * Fills r->scaling from the first block of 1 copy and the last block of
 * more: a row per test that succeeded in both (but those where lower is
 * better), then one per index scored in both; flagged below 1 or above N
 * as two decimals show them (0.99 is below 1, 1.00 is not).  No such pair of
 * blocks: no rows.  Returns 0, or -1 when out of memory (no rows).
 */
int scaling_compute(struct report *r);

/*
 * The half width of the 95% interval of x as a share of its score (0.18
 * for +/-18%: the wider side); 0 when it has none.
 */
double scaling_interval_half(const struct index_result *x);

/* Above this half width an interval cannot tell two runs 5% apart. */
#define SCALING_WIDE 0.05

/*
 * Sets each index score's ci_half and ci_wide (wider than +/-SCALING_WIDE),
 * and with warn adds one warning naming the wide ones and what to do for
 * a narrower interval; none when all are narrower (or have none).
 */
void scaling_judge(struct report *r, int warn);

#endif
