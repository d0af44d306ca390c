/* estimate.c - the time a run is expected to take (estimate.h). */
#include <stdio.h>
#include <stdlib.h>

#include "plan/estimate.h"

int
estimate_start(struct plan_run *pr, const struct plan_step *steps, int n)
{
	int i;

	pr->steps = steps;
	pr->n = n;
	if ((pr->tally = calloc(n > 0 ? (size_t)n : 1, sizeof(*pr->tally))) ==
	    NULL)
		return -1;
	for (i = 0; i < n; i++)
		pr->tally[i].passes = steps[i].passes;
	return 0;
}

double
estimate_pass_guess(const struct plan_run *pr, int i)
{
	const struct plan_step *steps = pr->steps;
	const struct step_tally *t = pr->tally;
	int j;

	if (t[i].done > 0)
		return t[i].done_s / t[i].done;
	for (j = 0; j < pr->n; j++)
		if (j != i && steps[j].test == steps[i].test && t[j].done > 0)
			return t[j].done_s / t[j].done;
	return steps[i].seconds + steps[i].extra_s;
}

double
estimate_left(const struct plan_run *pr)
{
	double left = 0;
	int i;

	for (i = 0; i < pr->n; i++)
		if (pr->tally[i].passes > pr->tally[i].done)
			left += (pr->tally[i].passes - pr->tally[i].done) *
			        estimate_pass_guess(pr, i);
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
