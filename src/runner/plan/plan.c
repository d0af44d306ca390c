/* plan.c - the plan of a run (plan.h). */
#include <stdio.h>
#include <stdlib.h>

#include "model/quick.h"
#include "plan/plan.h"

/*
 * How long past its duration a pass may run before the watchdog ends it:
 * max(10 s, 3 x the duration), room for what a program does around its
 * timed loop on a loaded machine (whetstone's calibration); tests with a
 * scratch directory get at least 60 s, as fstime primes its files and
 * pauses to settle before each phase (up to 15 s beyond the duration).
 */
static double
watchdog_margin(const struct test_def *t, double seconds)
{
	double least = t->flags & TEST_SCRATCH ? 60 : 10;

	return 3 * seconds > least ? 3 * seconds : least;
}

double
plan_pass_seconds(const struct settings *s, const struct test_def *t)
{
	if (s->duration_s > 0)
		return s->duration_s;
	return s->quick ? quick_seconds(t) : t->seconds;
}

int
plan_make(const struct settings *s, const char *bindir,
    struct plan_step **steps, int *n)
{
	static const char *const none[] = {NULL};
	struct plan_step *st;
	int c, i;

	*n = 0;
	*steps = calloc(
	    (size_t)(s->ncopies * s->ntests > 0 ? s->ncopies * s->ntests : 1),
	    sizeof(**steps));
	if (*steps == NULL)
		return -1;
	for (c = 0; c < s->ncopies; c++) {
		for (i = 0; i < s->ntests; i++) {
			st = &(*steps)[(*n)++];
			st->test = s->tests[i];
			st->copies = s->copies[c];
			st->pin = s->pins != NULL ? s->pins[c] : -1;
			st->passes = st->test->passes == PASSES_LONG
			                 ? s->long_passes
			                 : s->short_passes;
			st->seconds = plan_pass_seconds(s, st->test);
			st->extra_s = quick_extra_seconds(st->test, s->quick);
			st->margin_s = watchdog_margin(st->test, st->seconds);
			st->placement = catalog_placement(
			    st->test, s->placement, s->placement_given);
			st->quick_args = s->quick ? quick_args(st->test) : none;
			if (bindir != NULL)
				snprintf(st->path, sizeof(st->path), "%s/%s",
				    bindir, st->test->program);
		}
	}
	return 0;
}
