/*
 * plan.h - the plan of a run, made once from its settings before anything
 * runs: one step for every test at every copies value, in run order, with
 * what running it takes (its passes and their duration, the program's
 * path, its placement and quick options, the watchdog's margin).  The
 * estimate, the progress line, both schedulers and the launch of a pass
 * read it; nothing changes it once made (what ran is counted in the
 * estimate's tallies, estimate.h).
 */
#ifndef PLAN_H
#define PLAN_H

#include "model/report.h"

/* Room for a program's path. */
#define PLAN_PATH 4096

/* One test at one copies value, as planned. */
struct plan_step {
	const struct test_def *test;
	int copies;
	int pin; /* the CPU its copies run on, -1 any (--per-core-type) */
	int passes;
	double seconds; /* duration of one pass, the program's -t */
	double extra_s; /* first guess of a pass's time beyond that */
	double margin_s; /* how long past seconds the watchdog waits */
	const char *placement; /* what "@PLACE=" becomes; NULL: takes none */
	const char *const *quick_args; /* before the arguments; never NULL */
	char path[PLAN_PATH]; /* the program */
};

/*
 * The steps of s (every copies value, then every test, in run order:
 * step c x s->ntests + i is test i at copies value c), the programs in
 * bindir (NULL: no path, for an estimate only), into *steps (malloc'd, at
 * least one element) and their number into *n.  Returns 0, or -1 when out
 * of memory.
 */
int plan_make(const struct settings *s, const char *bindir,
    struct plan_step **steps, int *n);

/*
 * The passes and the seconds of one pass of t in a run of s: -i or the
 * defaults by the test's kind (quick: QUICK_PASSES, as plan/setup.c sets
 * them); --duration, else quick_seconds in quick mode, else the test's
 * own.
 */
int plan_passes(const struct settings *s, const struct test_def *t);
double plan_pass_seconds(const struct settings *s, const struct test_def *t);

#endif
