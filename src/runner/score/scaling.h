/*
 * scaling.h - how the machine scaled from 1 copy to N: each test's and
 * each index's result at N copies over its result at 1 copy, flagged
 * below 1 and above N (model/report.h, struct scaling).
 */
#ifndef SCALING_H
#define SCALING_H

#include "model/report.h"

/*
 * Fills r->scaling from the first block of 1 copy and the last of more:
 * a row per test that succeeded in both (not lower-is-better ones), then
 * per index; flagged below 1 or above N as two decimals show them.
 * Returns 0, or -1 when out of memory (no rows).
 */
int scaling_compute(struct report *r);

/* x's 95% interval's wider half as a share of its score; 0: none. */
double scaling_interval_half(const struct index_result *x);

/* Above this half width an interval cannot tell two runs 5% apart. */
#define SCALING_WIDE 0.05

/* Sets each index score's ci_half and ci_wide, and with warn one
 * warning naming the wide ones of the last run and the remedies. */
void scaling_judge(struct report *r, int warn);

#endif
