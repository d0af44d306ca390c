/*
 * schedule.h - the parts of the run loop that schedule.c (in turn) and
 * rounds.c (in rounds) share: the run and each test as they go (the
 * test's steps in steps.c, the run in rounds in rounds.c).
 */
#ifndef SCHEDULE_H
#define SCHEDULE_H

#include "exec/progress.h"
#include "exec/run.h"
#include "model/report.h"

/*
 * A run as it goes: what it fills, where, its plan (plan.h: steps, owned)
 * with the tallies of what ran (estimate.h), the console, its start.
 */
struct run_ctx {
	struct report *r;
	const struct run_env *e;
	struct plan_step *steps;
	struct plan_run plan;
	struct progress progress; /* the console's view of the run */
	double origin; /* bench_now() when the run started */
};

/*
 * A test at one copies value as it runs: its step of the plan, its
 * result, and whether it still runs (no pass failed, it was built, the
 * run was not stopped).
 */
struct test_run {
	const struct plan_step *step;
	struct step_tally *tally; /* its passes to run, and done */
	int k; /* the step's place in the plan */
	struct test_result *t;
	int running;
};

/*
 * Starts tr for step k of the plan into *t: room for its passes, the
 * program found.  A missing program ends the test here.  Returns 0, or -1
 * when out of memory.
 */
int steps_test_start(
    struct run_ctx *x, struct test_run *tr, int k, struct test_result *t);

/*
 * Runs the next pass of tr.  A pass that fails, or a stop signal, ends
 * the test.  Returns 0, or -1 when out of memory.
 */
int steps_test_pass(struct run_ctx *x, struct test_run *tr);

/*
 * Ends tr: a test whose passes all ran is scored.  Returns 0, or -1 when
 * out of memory.
 */
int steps_test_finish(struct test_run *tr);

/*
 * Computes the index tables block b shows (an index whose tests were all
 * asked for, else the first with a test in b, partial).  0, or -1 when
 * out of memory.
 */
int steps_block_indexes(struct block *b, const struct settings *s);

/*
 * Starts block b, the c-th copies value of r's settings: its copies, the
 * CPU they are pinned to and its kind of core.
 */
void steps_block_begin(struct block *b, const struct report *r, int c);

/*
 * Counts the passes of a 1-copy block (not --per-core-type's) by the
 * kind of core their copy ended on (b->kind_passes).
 */
void steps_block_kinds(struct block *b, const struct report *r);

/*
 * Runs every block of x's report in rounds (quick mode; with --precision
 * then its further passes).  Returns 0, or -1 when out of memory.
 */
int schedule_rounds(struct run_ctx *x);

/*
 * Runs r->settings (tests, copies, passes, duration, placement) and fills
 * a new run at the end of r->runs: its blocks, their test results and
 * index tables.  A failed, skipped or timed-out test is recorded and the
 * run goes on; a stop signal ends the run with r->interrupted set and
 * what was measured kept.  Returns 0, or -1 when out of memory.
 */
int schedule_run(struct report *r, const struct run_env *e);

/* 1 when every test of every block succeeded and the run was not stopped. */
int schedule_run_ok(const struct report *r);

#endif
