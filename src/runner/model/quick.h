/*
 * quick.h - how a test runs in quick mode (--quick): fewer, shorter
 * passes, and the program options that drop idle waits.  The scoring and
 * the baselines are the classic ones; doc/quick-mode.md says why.
 */
#ifndef QUICK_H
#define QUICK_H

#include "model/catalog.h"

/* Passes of every test in quick mode (the worst floor(5/3) = 1 dropped). */
#define QUICK_PASSES 5

/* The bounds of a quick pass's seconds, and as text: "1 to 2 s". */
#define QUICK_MIN_S    1
#define QUICK_MAX_S    2
#define QUICK_TEXT_(x) #x
#define QUICK_TEXT(x)  QUICK_TEXT_(x)
#define QUICK_SECONDS_TEXT                                                     \
	QUICK_TEXT(QUICK_MIN_S) " to " QUICK_TEXT(QUICK_MAX_S) " s"

/* Seconds of one quick pass: the test's duration / 30, within those. */
double quick_seconds(const struct test_def *t);

/* Options put before the row's arguments in quick mode (its quick_args,
 * NULL-terminated, never NULL). */
const char *const *quick_args(const struct test_def *t);

/* Seconds a pass of t takes beyond its duration, the time estimate's
 * first guess: starting the copies and the row's extra_s (quick_extra_s). */
double quick_extra_seconds(const struct test_def *t, int quick);

#endif
