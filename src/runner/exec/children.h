/*
 * children.h - this process's children as the system shows them, to end
 * what a pass left behind (exec/process.c).
 */
#ifndef CHILDREN_H
#define CHILDREN_H

#include <sys/types.h>

/*
 * Makes this process a child subreaper (Linux PR_SET_CHILD_SUBREAPER): an
 * orphan below it, even one in a session of its own, becomes its child
 * instead of init's.  0, or -1 where the system has none.
 */
int children_subreaper(void);

/*
 * The pids of this process's children (from /proc on Linux), at most
 * max of them into out.  Returns how many, 0 where it cannot tell.
 */
int children_list(pid_t *out, int max);

#endif
