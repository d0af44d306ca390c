/*
 * child.h - one copy of a pass: the child's side of its fork, and what it
 * left for the report.
 */
#ifndef CHILD_H
#define CHILD_H

#include <signal.h>
#include <sys/types.h>

#include "exec/process.h"

/*
 * The child's side of a fork (does not return): its process group pgid
 * (0: its own), stderr, stdout and stdin (/dev/null), directory, the
 * signal mask old_mask and SIGPIPE and SIGXFSZ as they were, then, when
 * gate[0] is not -1, it waits until the runner closes the gate; then
 * execve with envp.  A step that fails says so on stderr and exits 127.
 * Only async-signal-safe calls.
 */
void child_exec(const struct launch *l, char **envp, pid_t pgid,
    const sigset_t *old_mask, const int gate[2]);

/*
 * Up to MAX_CAPTURE (1 MiB) of a copy's output file at path, malloc'd,
 * without NUL bytes (the reserve of passdir.c's output files among
 * them); what a terminal would act on becomes '?' (escape_plain), lines
 * are kept.  "" when the file cannot be read; NULL when out of memory.
 */
char *child_capture(const char *path);

/* argv joined with spaces, malloc'd; NULL when out of memory. */
char *child_command(char *const *argv);

#endif
