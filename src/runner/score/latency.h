/*
 * latency.h - the context-switch latency table of a TEST_LATENCY test
 * (ctxlat), combined from the INFO lines of its kept passes (latency.c).
 */
#ifndef LATENCY_H
#define LATENCY_H

#include "model/report.h"

/*
 * Fills t->latency (report.h) from the INFO lines <config>.min|avg|max of
 * every copy of every kept pass, and extras and reps, which every copy
 * must give alike.  Returns 0, or -1 with t->latency.ok 0 when a copy
 * lacks one or gives no number.  Pure.
 */
int latency_combine(struct test_result *t);

#endif
