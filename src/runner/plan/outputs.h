/*
 * outputs.h - a report format sent to a file the user named (-f FMT=PATH,
 * --json PATH) or to standard output ("-"), besides the result files:
 * checked before the run, written after it, a file replaced atomically.
 */
#ifndef OUTPUTS_H
#define OUTPUTS_H

#include <stddef.h>

#include "plan/options.h"
#include "model/report.h"

/*
 * Checks that every output can be written before anything runs: its
 * directory exists and is writable, and it is not a directory itself.
 * Returns 0, or -1 after writing one line naming the problem into err.
 */
int outputs_check(
    const struct options_output *out, int n, char *err, size_t errlen);

/* 1 when one of the outputs is standard output. */
int outputs_to_stdout(const struct options_output *out, int n);

/*
 * Writes r in each output's format: "-" on stdout, else into a temporary
 * file beside PATH, renamed over it.  Returns 0, or -1 after writing the
 * first problem into err (the others are still written).
 */
int outputs_write(const struct options_output *out, int n,
    const struct report *r, char *err, size_t errlen);

#endif
