/*
 * estimate.h - the time a run is expected to take: its steps (every test
 * at every copies value, in run order), each pass's guessed time, learnt
 * from the passes that ran; for the progress line, --dry-run and the
 * budget of a --precision run.
 */
#ifndef ESTIMATE_H
#define ESTIMATE_H

#include <stddef.h>

#include "model/report.h"

/* One test at one copies value, as planned and as far as it has run. */
struct estimate_step {
	const struct test_def *test;
	int copies;
	int passes; /* planned; cut to done when the test stops */
	double seconds; /* duration of one pass */
	double extra_s; /* first guess of a pass's time beyond that */
	int done; /* passes finished */
	double done_s; /* their wall time, seconds */
};

/*
 * The expected wall time of one more pass of step i: the mean of its
 * finished passes; else that of the same test at another copies value;
 * else seconds + extra_s.
 */
double estimate_pass_guess(const struct estimate_step *steps, int n, int i);

/* Seconds left: the sum over steps of (passes - done) x the guess. */
double estimate_left(const struct estimate_step *steps, int n);

/* "m:ss", or "h:mm:ss" from an hour, into buf. */
void estimate_clock(double seconds, char *buf, size_t len);

/*
 * The steps of s (every copies value, every test, in run order), as
 * planned, into *steps (malloc'd, at least one element) and their number
 * into *n.  Returns 0, or -1 when out of memory.
 */
int estimate_steps(
    const struct settings *s, struct estimate_step **steps, int *n);

/* Seconds the plan of s is expected to take; -1 when out of memory. */
double estimate_total(const struct settings *s);

#endif
