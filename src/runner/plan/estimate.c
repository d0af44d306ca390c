/*
 * estimate.c - the time a run is expected to take (estimate.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "plan/estimate.h"

double
estimate_pass_guess(const struct plan_step *steps, int n, int i)
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
estimate_left(const struct plan_step *steps, int n)
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

double
estimate_total(const struct settings *s)
{
	struct plan_step *steps;
	double left;
	int n;

	if (plan_make(s, NULL, &steps, &n) == -1)
		return -1;
	left = estimate_left(steps, n);
	free(steps);
	return left;
}
