/*
 * plan.h - the plan of a run, made once from its settings before anything
 * runs: one step for every test at every copies value, in run order, with
 * what running it takes.  Nothing changes it once made (what ran is
 * counted in the estimate's tallies, estimate.h).
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
 * The steps of s into *steps (malloc'd) and *n: step c x s->ntests + i is
 * test i at copies value c; the programs in bindir (NULL: no path, for an
 * estimate).  0, or -1 when out of memory.
 */
int plan_make(const struct settings *s, const char *bindir,
    struct plan_step **steps, int *n);

/* The seconds of one pass of t in a run of s. */
double plan_pass_seconds(const struct settings *s, const struct test_def *t);

#endif
