/*
 * estimate.h - the time a run is expected to take, learnt from the passes
 * that ran: for the progress line, --dry-run and --precision's budget.
 */
#ifndef ESTIMATE_H
#define ESTIMATE_H

#include <stddef.h>

#include "model/report.h"
#include "plan/plan.h"

/* What a step of a plan has run so far. */
struct step_tally {
	int passes; /* to run: as planned, more in a --precision run, cut
	               to done when the test ends */
	int done; /* passes finished */
	double done_s; /* their wall time, seconds */
};

/* A plan as it runs: its steps and, one a step, their tallies. */
struct plan_run {
	const struct plan_step *steps;
	struct step_tally *tally; /* one a step (estimate_start) */
	int n;
};

/* pr of steps[0..n-1], tallies malloc'd as planned; 0 or -1. */
int estimate_start(struct plan_run *pr, const struct plan_step *steps, int n);

/*
 * One more pass of step i: the mean of its passes, else of the same test
 * at another copies value, else seconds + extra_s.
 */
double estimate_pass_guess(const struct plan_run *pr, int i);

/* Seconds left: the sum over steps of (passes - done) x the guess. */
double estimate_left(const struct plan_run *pr);

/* "m:ss", or "h:mm:ss" from an hour, into buf. */
void estimate_clock(double seconds, char *buf, size_t len);

#endif
