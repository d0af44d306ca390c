/* quick.c - a test's quick-mode plan from its catalog row (quick.h). */
#include "model/quick.h"

/* Seconds every pass takes to start its copies. */
#define START_SECONDS 0.1

double
quick_seconds(const struct test_def *t)
{
	double s = t->seconds / 30;

	return s < QUICK_MIN_S   ? QUICK_MIN_S
	       : s > QUICK_MAX_S ? QUICK_MAX_S
	                         : s;
}

const char *const *
quick_args(const struct test_def *t)
{
	return t->quick_args;
}

double
quick_extra_seconds(const struct test_def *t, int quick)
{
	return START_SECONDS + (quick ? t->quick_extra_s : t->extra_s);
}
