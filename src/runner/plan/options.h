/*
 * options.h - the runner's command line (USAGE), a pure function from
 * argv to struct options.
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "model/catalog.h"
#include "model/report.h"

enum { OPTIONS_MAX_FORMATS = 16 };

/* What the run command does after parsing. */
enum options_action { ACTION_RUN, ACTION_HELP, ACTION_VERSION, ACTION_LIST };

struct options {
	enum options_action action;
	/* What the run is asked to do; plan/setup.c completes it. */
	struct settings settings;
	double precision_pct; /* --precision PCT; 0: none */
	double budget_s; /* --budget SECONDS; 0: none given */
	int no_warnings; /* --no-warnings: no noise warnings */
	int iterations; /* -i n; 0: the defaults (10 long, 3 short) */
	const char *formats[OPTIONS_MAX_FORMATS]; /* -f names; none: default */
	int nformats;
	int formats_given; /* -f was given (maybe only FMT=PATH items) */
	/* -f FMT=PATH and --json PATH: a format to a named file, "-" stdout */
	struct options_output {
		const char *format;
		const char *path; /* points into argv */
		/* outputs_check: the descriptor it names, else -1 */
		int fd;
	} outputs[OPTIONS_MAX_FORMATS];
	int noutputs;
	int dry_run; /* --dry-run: the plan and its time, no run */
	int smoke; /* -l --smoke: list the smoke runs instead */
};

/* Bounds of the numeric options. */
#define OPTIONS_MAX_COPIES     1000000L
#define OPTIONS_MAX_ITERATIONS 10000L
#define OPTIONS_MIN_DURATION   0.01
#define OPTIONS_MAX_DURATION   86400.0
#define OPTIONS_MAX_RUNS       100 /* --runs */
#define OPTIONS_SETTLE_S       10.0 /* --settle default */
#define OPTIONS_MAX_SETTLE_S   3600.0
#define OPTIONS_MAX_TEXT       64 /* "   Comment: " and it fit 80 columns */

/*
 * Parses argv[1..argc-1] by the table in options.c, with test or group
 * names anywhere (none: "index").  0, or -1 after writing one line naming
 * the problem into err.  On success free with options_free().
 */
int options_parse(
    int argc, char *const *argv, struct options *o, char *err, size_t errlen);

void options_free(struct options *o);

/* Prints -h on f with the command's name ("./Run", "bytebench"). */
void options_print_usage(FILE *f, const char *name);

#endif
