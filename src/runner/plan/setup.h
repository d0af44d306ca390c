/*
 * setup.h - the plan of a run before anything runs: the settings from the
 * options, completed and checked against the machine's limits, and the
 * directories the run reads and writes.  Each check returns 0, or -1
 * with one line naming the problem in err (the caller says it and exits
 * 2: bad input stops the run before any long work).
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
 * The settings of the run into *s from the options: o's settings (its
 * copies and tests move to s), the passes (-i, else 10 long and 3 short;
 * quick mode's own), the default copies (1, then one per usable CPU),
 * and the most copies checked against the processes and memory this
 * user may have (room_check_copies).
 */
int setup_settings(
    struct settings *s, struct options *o, char *err, size_t errlen);

/*
 * Finds and checks every directory into *d (argv0: how the runner was
 * started, to find its own directory): the program directory, the test
 * data (when a test of s reads it or UB_TESTDIR names it), the scratch
 * directory (writable, a name short enough, room for the file tests of
 * s), UB_OUTPUT_FILE_NAME a plain name, the results directory (made when
 * missing).
 */
int setup_dirs(struct dirs *d, const struct settings *s, const char *argv0,
    char *err, size_t errlen);

/*
 * The environment the workloads read, checked: plain decimal
 * MULTI_SH_WORK_FACTOR from 1 to 1000000.
 */
int setup_check_env(char *err, size_t errlen);

/*
 * The wait after a build, from the environment: BYTEBENCH_BUILT, the
 * seconds ./Run's build took (Run sets it when it built), and UB_SETTLE,
 * the most seconds to wait (0 to 3600; default NOISE_SETTLE_MAX_S).  0,
 * or -1 with the problem in err.
 */
int setup_settle(struct settle *st, char *err, size_t errlen);

/*
 * The file descriptors of a run of s writing nformats result files,
 * against the limit (room_check_fds): 0, or -1 with one line in err.
 */
int setup_check_fds(
    const struct settings *s, int nformats, char *err, size_t errlen);

/* 1 when one of the tests of s takes an argument starting with prefix. */
int setup_uses_arg(const struct settings *s, const char *prefix);

#endif
