/*
 * room.h - what a run needs of the machine, checked before it starts;
 * pure functions of the numbers given.  Each check returns 0, or -1 with
 * one line giving the numbers in err.
 */
#ifndef ROOM_H
#define ROOM_H

#include <stddef.h>

#include "model/catalog.h"

/*
 * The least memory one copy takes, in KiB: a small program's private pages
 * (about 100 KiB), page tables (about 40), kernel stack and task, and the
 * runner's bookkeeping for it.
 */
#define ROOM_COPY_KIB 256

/* KiB of scratch one copy of t needs: a TEST_SCRATCH test's "-m N" x 2. */
long room_scratch_kib(const struct test_def *t);

/*
 * Refuses copies not below room (processes this user may still start; -1:
 * no limit), or more than memory_kib (-1: unknown) at ROOM_COPY_KIB each.
 */
int room_check_copies(
    int copies, long room, long long memory_kib, char *err, size_t errlen);

/*
 * The runner's descriptors on top of those open at its start: a pass's
 * lock, the barrier's two pipes, a copy's output read back; and one a
 * result file, held from the start to keep the name.
 */
#define ROOM_RUNNER_FDS 6

/*
 * A shell test's: dash keeps its script and the descriptors it saves
 * around a redirection at 10 and above, three at most in our scripts.
 */
#define ROOM_SHELL_FDS 13

/*
 * Refuses a limit (-1: none) below open + ROOM_RUNNER_FDS + nformats, or
 * with shell set ROOM_SHELL_FDS + high (those open at 10 and above).
 */
int room_check_fds(long limit, int open, int high, int nformats, int shell,
    char *err, size_t errlen);

/*
 * The stack bytebench needs, in KiB: its deepest calls take some tens of
 * KiB (the run command's about 52), and a program's arguments and
 * environment sit on the stack too.
 */
#define ROOM_STACK_KIB 256

/* Refuses a stack limit of kib (-1: none) below ROOM_STACK_KIB. */
int room_check_stack(long long kib, char *err, size_t errlen);

/*
 * Refuses file tests that do not fit in dir's free_kib: the most a test
 * needs a copy times the most copies (the message names UB_TMPDIR).
 */
int room_check_scratch(const struct test_def *const *tests, int ntests,
    const int *copies, int ncopies, const char *dir, long long free_kib,
    char *err, size_t errlen);

#endif
