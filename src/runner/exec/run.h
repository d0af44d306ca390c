/*
 * run.h - where a run's programs, data and scratch are and where its
 * console is (run.c): what the run loop (schedule.h: for each copies
 * value, each test, each pass, start the copies, read their lines, score
 * and fill the report model) and the passes (launch.h) take.
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

/* Prints on e's console (a printf format), unless quiet. */
void run_say(const struct run_env *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
