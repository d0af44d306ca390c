/*
 * estimate.c - the time a run is expected to take (estimate.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "model/quick.h"
#include "plan/estimate.h"

double
estimate_pass_guess(const struct estimate_step *steps, int n, int i)
{
	int j;

	if (steps[i].done > 0)
		return steps[i].done_s / steps[i].done;
	for (j = 0; j < n; j++)
		if (j != i && steps[j].test == steps[i].test &&
		    steps[j].done > 0)
			return steps[j].done_s / steps[j].done;
	return steps[i].seconds + steps[i].extra_s;
}

double
estimate_left(const struct estimate_step *steps, int n)
{
	double left = 0;
	int i;

	for (i = 0; i < n; i++)
		if (steps[i].passes > steps[i].done)
			left += (steps[i].passes - steps[i].done) *
			        estimate_pass_guess(steps, n, i);
	return left;
}

void
estimate_clock(double seconds, char *buf, size_t len)
{
	long s = seconds > 0 ? (long)(seconds + 0.5) : 0;

	if (s >= 3600)
		snprintf(
		    buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else
		snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
}

int
estimate_steps(const struct settings *s, struct estimate_step **steps, int *n)
{
	struct estimate_step *st;
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
			st->passes = quick_passes(s, st->test);
			st->seconds = quick_pass_seconds(s, st->test);
			st->extra_s = quick_extra_seconds(st->test, s->quick);
		}
	}
	return 0;
}

double
estimate_total(const struct settings *s)
{
	struct estimate_step *steps;
	double left;
	int n;

	if (estimate_steps(s, &steps, &n) == -1)
		return -1;
	left = estimate_left(steps, n);
	free(steps);
	return left;
}
