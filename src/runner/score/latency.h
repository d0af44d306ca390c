/*
 * latency.h - the context-switch latency table of a TEST_LATENCY test
 * (ctxlat), combined from the INFO lines of its kept passes (latency.c).
 */
#ifndef LATENCY_H
#define LATENCY_H

#include "model/report.h"

/*
 * Fills t->latency (formula in report.h) from the INFO lines
 * <config>.min|avg|max of every copy of every kept pass, configs proc,
 * thread, proc.k and thread.k, with extras (K) and reps, which every copy
 * must report alike.  Returns 0, or -1 with t->latency.ok = 0 when a copy
 * lacks one of them or gives a number that is not one.  Pure.
 */
int latency_combine(struct test_result *t);

#endif
