/*
 * progress.h - the console while a run goes, every line "C x NAME  STATE
 * (E elapsed, ~L left)": on a terminal one line redrawn, and a finished
 * line (a test's, a round's) without the time left.  The clock is a
 * parameter (now, in seconds) so tests can fake it.
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
	double start, pass_start; /* when the run and the pass started */
	FILE *out; /* NULL: quiet */
	int tty; /* out is a terminal: one line redrawn */
	int columns; /* on a terminal: the most a line may take */
	int drawn; /* length of the line drawn in place */
	double drawn_at; /* when it was drawn */
	int round, rounds, round_copies; /* round k of n at copies, or 0 */
	int precise; /* set in --precision's passes after its rounds */
};

/*
 * Starts the progress of a run over plan (estimate.h), whose passes it
 * counts in the plan's tallies as they end, on out (NULL: quiet) from
 * now.  tty is out's width when it is a terminal (progress_columns), 0
 * when it is not.
 */
void progress_init(
    struct progress *p, struct plan_run *plan, FILE *out, int tty, double now);

/* The estimate of the run when a minute or more; --precision's plan. */
void progress_estimate(struct progress *p, const struct settings *s);

/* Step k of the plan starts, or in rounds its next pass. */
void progress_test_begin(struct progress *p, int k, double now);

/* Pass k (1-based) of the current step starts. */
void progress_pass_begin(struct progress *p, int k, double now);

/* That pass ended; failure is what went wrong, NULL when it was ok. */
void progress_pass_end(struct progress *p, double now, const char *failure);

/* The current step ends; note, when not NULL, says why (not run). */
void progress_test_end(struct progress *p, double now, const char *note);

/*
 * Round k (1-based) of n at copies starts or ends (quick mode); each pass
 * in it is begun and ended as above.  Off a terminal a round is one line
 * at its end (and one for each pass that failed); on a terminal the pass
 * running is redrawn and kept as the round's line.
 */
void progress_round_begin(
    struct progress *p, int k, int n, int copies, double now);
void progress_round_end(struct progress *p, double now);

/* "what: text  (E elapsed)" on lines of its own, wrapped as the report. */
void progress_note(
    struct progress *p, double now, const char *what, const char *text);

/* Redraws the pass running on a terminal a second after its last draw. */
void progress_tick(struct progress *p, double now);

/* The width of the terminal f is, 0 when it is not one (80 unknown). */
int progress_columns(FILE *f);

#endif
