/*
 * setup.h - the plan of a run before anything runs: the settings from the
 * options, completed and checked against the machine's limits, and the
 * directories the run reads and writes.  Each check returns 0, or -1 with
 * one line naming the problem in err (bad input stops the run first).
 */
#ifndef SETUP_H
#define SETUP_H

#include <stddef.h>

#include "model/report.h"
#include "plan/options.h"

/* The directories of a run, absolute. */
struct dirs {
	char bin[4096]; /* the programs: UB_BINDIR, else ours */
	char test[4096]; /* their data: UB_TESTDIR, else ../testdir */
	char tmp[4096]; /* scratch: UB_TMPDIR, TMPDIR, else /tmp */
	char results[4096]; /* UB_RESULTDIR, else ../results */
};

/*
 * s from o (its copies and tests move to s): the passes, the default
 * copies (1, then one per usable CPU), --per-core-type's blocks and
 * --precision's plan, the copies checked against the processes and memory.
 */
int setup_settings(
    struct settings *s, struct options *o, char *err, size_t errlen);

/*
 * Finds and checks every directory into d (argv0 finds our own): the
 * test data where s reads it, the scratch's room for s's file tests,
 * UB_OUTPUT_FILE_NAME a plain name, the results directory made if missing.
 */
int setup_dirs(struct dirs *d, const struct settings *s, const char *argv0,
    char *err, size_t errlen);

/*
 * MULTI_SH_WORK_FACTOR, if set, a whole number from 1 to 1000000; into
 * st the wait after a build: BYTEBENCH_BUILT (./Run's build seconds) and
 * UB_SETTLE (the most to wait, 0 to 3600; default NOISE_SETTLE_MAX_S).
 */
int setup_env(struct settle *st, char *err, size_t errlen);

/* A run of s writing nformats files against the descriptor limit. */
int setup_check_fds(
    const struct settings *s, int nformats, char *err, size_t errlen);

/* 1 when one of the tests of s takes an argument starting with prefix. */
int setup_uses_arg(const struct settings *s, const char *prefix);

#endif
