/*
 * room.h - what a run needs of the machine, checked before it starts:
 * processes and memory for the copies, free space for the file tests.
 * Pure functions of the numbers given, so they can be tested.
 */
#ifndef ROOM_H
#define ROOM_H

#include <stddef.h>

#include "model/catalog.h"

/*
 * The least memory one copy takes, in KiB: a small test program's private
 * pages (about 100 KiB), page tables (about 40 KiB), kernel stack and
 * task, and the runner's own bookkeeping for it.
 */
#define ROOM_COPY_KIB 256

/*
 * KiB of scratch space one copy of t needs: a TEST_SCRATCH test with the
 * arguments "-m N" (fstime) writes two files of N KiB; others need none
 * worth counting.
 */
long room_scratch_kib(const struct test_def *t);

/*
 * Refuses copies that do not fit: not below room (the processes this user
 * may still start; -1: no known limit), or more than memory_kib (the
 * machine's memory; -1: unknown) at ROOM_COPY_KIB each.  Returns 0, or
 * -1 with one line giving the numbers in err.
 */
int room_check_copies(
    int copies, long room, long long memory_kib, char *err, size_t errlen);

/*
 * The file descriptors the runner opens on top of those open when it
 * starts: a pass's lock, the start barrier's two pipes and a copy's
 * output file read back; and one for each result file (nformats), held
 * from the start to keep the name.
 */
#define ROOM_RUNNER_FDS 6

/*
 * What a test that runs a shell script needs: the shell (dash) keeps its
 * script and the descriptors it saves around a redirection at 10 and
 * above, three at most in the suite's scripts, besides any open there.
 */
#define ROOM_SHELL_FDS 13

/*
 * Refuses a run that would be short of file descriptors: limit (-1: none
 * worth checking) against open (those open now) + ROOM_RUNNER_FDS +
 * nformats, and with shell set ROOM_SHELL_FDS + high (those open now at
 * 10 or above, which copies inherit).  Returns 0, or -1 with one line
 * giving the limit and the need in err.
 */
int room_check_fds(long limit, int open, int high, int nformats, int shell,
    char *err, size_t errlen);

/*
 * The stack bytebench asks for, in KiB: its deepest calls take some tens
 * of KiB of frames (the run command's own about 52 KiB), and a program's
 * arguments and environment sit on the stack too.
 */
#define ROOM_STACK_KIB 256

/*
 * Refuses a stack size limit of kib (-1: none) below ROOM_STACK_KIB,
 * where bytebench would crash part-way.  Returns 0, or -1 with one line
 * in err.
 */
int room_check_stack(long long kib, char *err, size_t errlen);

/*
 * Refuses a run whose file tests cannot fit in the scratch directory dir
 * with free_kib KiB free: the most any test needs per copy times the most
 * copies.  Returns 0, or -1 with one line naming the test, the need, the
 * free space and the way out (UB_TMPDIR) in err.
 */
int room_check_scratch(const struct test_def *const *tests, int ntests,
    const int *copies, int ncopies, const char *dir, long long free_kib,
    char *err, size_t errlen);

#endif
