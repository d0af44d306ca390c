/*
 * outputs.h - a report format sent to a file the user named (-f FMT=PATH,
 * --json PATH), to standard output ("-") or to another descriptor,
 * besides the result files, checked before the run (write/files.h writes
 * them after it).
 */
#ifndef OUTPUTS_H
#define OUTPUTS_H

#include <stddef.h>

#include "plan/options.h"
#include "model/report.h"

/*
 * Decides, before anything runs, where each output goes, and sets its fd:
 * "-", or a path that is the file of a descriptor this process has open
 * (/dev/stdout, /dev/fd/N, /proc/self/fd/N, a link to one), is written
 * to that descriptor (fd); any other path (fd -1) is a file created or
 * replaced in a directory that exists and is writable, a link there
 * replaced itself, never what it leads to.  Refused: standard input, a
 * directory, a device, FIFO or socket, a link that leads nowhere.
 * Returns 0, or -1 after writing one line naming the problem into err.
 */
int outputs_check(struct options_output *out, int n, char *err, size_t errlen);

/* 1 when one of the outputs (checked) is standard output. */
int outputs_to_stdout(const struct options_output *out, int n);

#endif
