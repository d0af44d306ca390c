/*
 * launch.h - one pass of a test: its private directory, each copy's argv
 * and environment, the copies run (process.h), their lines read
 * (protocol.h) and the pass's result combined.
 */
#ifndef LAUNCH_H
#define LAUNCH_H

#include <stddef.h>
#include <stdio.h>

#include "model/report.h"
#include "plan/plan.h"
#include "score/noise.h"

/* Where a run's programs, data and scratch are, and its console. */
struct run_env {
	const char *bindir; /* the programs */
	const char *testdir; /* their input data */
	const char *tmpdir; /* where each pass gets a private directory */
	FILE *console; /* progress; NULL: quiet */
	int verbose; /* print each command */
	struct noise *noise; /* measured around each test; NULL: not */
};

/* What a pass runs, and how. */
struct launch_pass_def {
	const struct plan_step *step; /* the test, its copies and duration */
	double origin; /* bench_now() when the run started */
	int show; /* with -v, print the first copy's command */
	const struct report *report; /* the settings and the locale */
	const struct run_env *env;
};

/*
 * Runs one pass of def->step's test with its copies into *p.  The pass
 * outcome is the most severe of its copies'; its message goes to msg.
 * Returns -1 only when out of memory.
 */
int launch_pass(const struct launch_pass_def *def, struct pass_result *p,
    char *msg, size_t msglen);

/* Removes the pass directories killed runs left in tmpdir; how many. */
int launch_tidy(const char *tmpdir);

#endif
