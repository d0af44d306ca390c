/*
 * progress.h - the console while a run goes: the current test, pass k of
 * P, copies, elapsed time and an estimate of the time left for the whole
 * run, every line "C x NAME  STATE  (E elapsed, ~L left)"; on a terminal
 * a finished line (a test's, a round's) is redrawn without the time left.
 * The clock is a parameter (now, in seconds) so tests can fake it.
 */
#ifndef PROGRESS_H
#define PROGRESS_H

#include <stdio.h>

#include "model/report.h"
#include "plan/estimate.h"
#include "plan/plan.h"

struct progress {
	struct plan_run *plan; /* the run's plan and tallies, not owned */
	int cur; /* the last step begun, -1 before the first */
	int active; /* that step is running */
	int pass; /* its pass running (1-based), 0 between */
	double start; /* when the run started */
	double pass_start; /* when the current pass started */
	FILE *out; /* NULL: quiet */
	int tty; /* out is a terminal: one line redrawn */
	int columns; /* on a terminal: the most a line may take */
	int drawn; /* length of the line drawn in place */
	double drawn_at; /* when it was drawn */
	int round, rounds; /* in rounds: round k of n (1-based), else 0 */
	int round_copies; /* the copies of that round */
	int precise; /* --precision's passes after the first rounds */
};

/*
 * Starts the progress of a run over plan (estimate.h), whose passes it
 * counts in the plan's tallies as they end, on out from now.  out NULL
 * prints nothing ever.  tty is out's width in columns when out is a
 * terminal (its lines are then kept within it, and 79), 0 when it is
 * not.
 */
void progress_init(
    struct progress *p, struct plan_run *plan, FILE *out, int tty, double now);

/*
 * Prints the estimate of the run of s when it is a minute or more, and
 * with --precision what comes after the first rounds.
 */
void progress_estimate(struct progress *p, const struct settings *s);

/* Step k of the plan starts, or in rounds its next pass. */
void progress_test_begin(struct progress *p, int k, double now);

/* Pass k (1-based) of the current step starts. */
void progress_pass_begin(struct progress *p, int k, double now);

/* That pass ended; failure is what went wrong, NULL when it was ok. */
void progress_pass_end(struct progress *p, double now, const char *failure);

/*
 * The current step ends (its remaining passes will not run); note, when
 * not NULL, is printed after it (e.g. why it did not run).
 */
void progress_test_end(struct progress *p, double now, const char *note);

/*
 * Round k (1-based) of n at copies starts or ends: the runner runs one
 * pass of every test a round (quick mode); in between, before each pass
 * it calls progress_test_begin and progress_pass_begin, after it
 * progress_pass_end, and progress_test_end once the test stops.  Off a terminal
 * a round is one line at its end (and a line for each pass that failed); on a
 * terminal the line of the pass running is redrawn and kept at the end of the
 * round as the round's line.
 */
void progress_round_begin(
    struct progress *p, int k, int n, int copies, double now);
void progress_round_end(struct progress *p, double now);

/*
 * A --precision run's passes after its first rounds begin (on 1) or end
 * (on 0): while they go, a pass draws no line of its own, as in a round;
 * the run says what it does with progress_note.
 */
void progress_precise(struct progress *p, int on);

/*
 * "what: text  (E elapsed)" as a line of its own after any line drawn in
 * place, in lines of at most 80 columns going on at column 11 as the text
 * report does.
 */
void progress_note(
    struct progress *p, double now, const char *what, const char *text);

/*
 * Redraws the line of the pass running on a terminal when a second or
 * more has passed since it was drawn, so the elapsed time moves; the
 * runner calls it while it waits for the pass (at least every second).
 */
void progress_tick(struct progress *p, double now);

/* The width of the terminal f is, 0 when it is not one (80 unknown). */
int progress_columns(FILE *f);

#endif
