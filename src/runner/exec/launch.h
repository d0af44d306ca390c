/*
 * launch.h - one pass of a test: its private scratch directory, each
 * copy's argv and environment, the copies started and waited for
 * (process), their lines read (protocol) and the pass's result combined.
 */
#ifndef LAUNCH_H
#define LAUNCH_H

#include <stddef.h>

#include "exec/run.h"
#include "model/report.h"
#include "plan/plan.h"

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

#endif
