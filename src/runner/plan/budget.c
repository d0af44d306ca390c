/*
 * budget.c - the plan of a --precision run (contract in budget.h).
 */
#include <stdio.h>

#include "plan/estimate.h"
#include "plan/budget.h"
#include "score/precision.h"

int
budget_plan(
    struct settings *s, double pct, double budget, char *err, size_t errlen)
{
	char need[24];
	double first;

	s->quick = 1;
	s->long_passes = s->short_passes = PRECISION_FIRST_ROUNDS;
	s->precision_pct = pct;
	s->budget_s = budget > 0 ? budget : PRECISION_BUDGET_DEFAULT;
	/* The first rounds: every planned pass, as the estimate guesses. */
	first = estimate_total(s);
	if (first < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (first > s->budget_s) {
		estimate_clock(first, need, sizeof(need));
		snprintf(err, errlen,
		    "--budget %g s is less than the first %d "
		    "rounds need (about %s): give more seconds or fewer tests",
		    s->budget_s, PRECISION_FIRST_ROUNDS, need);
		return -1;
	}
	return 0;
}
