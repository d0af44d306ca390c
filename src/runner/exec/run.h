/*
 * run.h - the run loop: for each copies value, each test, each pass,
 * start the copies (process), read their lines (protocol), score (stats)
 * and fill the report model; progress on the console.  schedule.c runs
 * the loop (steps.c each test, rounds.c quick mode), launch.c each pass,
 * passdir.c tidies the scratch directory, say.c writes the console.
 */
#ifndef RUN_H
#define RUN_H

#include <stdio.h>

#include "model/report.h"
#include "score/noise.h"

struct run_env {
	const char *bindir; /* the programs */
	const char *testdir; /* their input data */
	const char *tmpdir; /* where each pass gets a private directory */
	FILE *console; /* progress; NULL: quiet */
	int verbose; /* print each command */
	struct noise *noise; /* measured around each test; NULL: not */
};

/*
 * Runs r->settings (tests, copies, passes, duration, placement) and fills
 * a new run at the end of r->runs: its blocks, their test results and
 * index tables.  A failed, skipped or timed-out test is recorded and the
 * run goes on; a stop signal ends the run with r->interrupted set and
 * what was measured kept.  Returns 0, or -1 when out of memory.
 */
int run_all(struct report *r, const struct run_env *e);

/*
 * Removes the pass directories (bytebench.XXXXXX) that killed runs left in
 * tmpdir: those whose lock file no live process holds.  Returns how many.
 */
int run_tidy_scratch(const char *tmpdir);

/* Prints on e's console (a printf format), unless quiet. */
void run_say(const struct run_env *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* 1 when every test of every block succeeded and the run was not stopped. */
int run_all_ok(const struct report *r);

#endif
