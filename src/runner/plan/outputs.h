/*
 * outputs.h - a report format sent to a file the user named (-f FMT=PATH,
 * --json PATH) or to standard output ("-"), besides the result files,
 * checked before the run (write/files.h writes them after it).
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

#endif
