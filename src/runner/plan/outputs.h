/*
 * outputs.h - the files the user named for formats (-f FMT=PATH, --json
 * PATH), checked before the run (write/files.h writes them after it).
 */
#ifndef OUTPUTS_H
#define OUTPUTS_H

#include <stddef.h>

#include "plan/options.h"
#include "model/report.h"

/*
 * Sets each output's fd: "-" or the file of a descriptor open here
 * (/dev/stdout, /dev/fd/N, a link to one) is written there; any other
 * path (fd -1) is a file made or replaced (a link itself, never what it
 * leads to) in a writable directory.  Refused: standard input, a
 * directory, a device, FIFO or socket, a dangling link.  1 when one of
 * them is standard output, else 0; -1 (err).
 */
int outputs_check(struct options_output *out, int n, char *err, size_t errlen);

/* The directory part of path into dir: "." when it has none, "/" the root. */
void outputs_dir_of(const char *path, char *dir, size_t size);

#endif
