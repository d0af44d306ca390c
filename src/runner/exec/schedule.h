/*
 * schedule.h - the run loop: --runs K whole runs and one run in turn
 * (schedule.c) or in rounds (rounds.c); a test and a block (steps.c).
 */
#ifndef SCHEDULE_H
#define SCHEDULE_H

#include <time.h>

#include "exec/launch.h"
#include "exec/progress.h"
#include "model/report.h"

/* A run as it goes; its plan (plan.h) is owned, with the tallies. */
struct run_ctx {
	struct report *r;
	const struct run_env *e;
	struct plan_step *steps;
	struct plan_run plan;
	struct progress progress; /* the console's view of the run */
	double origin; /* bench_now() when the run started */
};

/* A test at one copies value as it runs. */
struct test_run {
	const struct plan_step *step;
	struct step_tally *tally; /* its passes to run, and done */
	int k; /* the step's place in the plan */
	struct test_result *t;
	int running; /* no pass failed, it was built, no stop signal */
};

/*
 * Starts tr for step k of the plan into *t: room for its passes, the
 * program and its input found (else the test ends here).  0, or -1 when
 * out of memory.
 */
int steps_test_start(
    struct run_ctx *x, struct test_run *tr, int k, struct test_result *t);

/*
 * Runs the next pass of tr, with all every pass and then scores the test,
 * between the console's and the noise's begin and end of it.  A pass that
 * fails, or a stop signal, ends the test.  0, or -1 when out of memory.
 */
int steps_test_run(struct run_ctx *x, struct test_run *tr, int all);

/* Ends tr: a test whose passes all ran is scored.  0, or -1 (memory). */
int steps_test_finish(struct test_run *tr);

/* Adds the block of the c-th copies value to the run; NULL out of memory. */
struct block *steps_block_begin(struct run_ctx *x, int c, time_t start);

/* Ends b: its passes by kind of core, its index tables; 0 or -1. */
int steps_block_end(struct block *b, const struct report *r, time_t end);

/* Runs every block in rounds (quick mode, --precision).  0 or -1. */
int schedule_rounds(struct run_ctx *x);

/*
 * Runs r->settings into a new run at the end of r->runs.  A test that
 * failed is recorded and the run goes on; a stop signal ends it with
 * r->interrupted set and what was measured kept.  0, or -1 (memory).
 */
int schedule_run(struct report *r, const struct run_env *e);

/* 1 when every test of the last run succeeded and none was stopped. */
int schedule_run_ok(const struct report *r);

/*
 * schedule_run K times (--runs), each after a sync and settle_s seconds
 * idle, then their summary (between_runs); a stop signal or a failure
 * ends the series.  0, or -1 when out of memory.
 */
int runs_all(struct report *r, const struct run_env *e);

/*
 * When ./Run has just built the suite, waits a second at a time until
 * the load average falls (noise_settle, at most r->settle.max_s) or a
 * stop signal; r->settle says how it ended.  0, or -1 (memory).
 */
int runs_settle(struct report *r, const struct run_env *e);

#endif
