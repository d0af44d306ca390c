/*
 * counters_sys.h - the system-specific half of the resource counters
 * (model/counters.h's struct counters): a child reaped with its counters,
 * perf software counters of a copy's process tree, the machine's totals.
 */
#ifndef BYTEBENCH_COUNTERS_SYS_H
#define BYTEBENCH_COUNTERS_SYS_H

#include <sys/types.h>

#include <stddef.h>

#include "model/counters.h"

/*
 * Like waitpid(-1, status, WNOHANG), with level > COUNTERS_OFF the
 * child's counters into *c (its rusage; on Linux its run-queue wait and
 * migrations, read just before it is reaped).  Its pid, 0 or -1.
 */
pid_t counters_reap(int *status, enum counters_level level, struct counters *c);

/*
 * The CPU the task pid is on, or last ran on (Linux: /proc/PID/stat's
 * processor field, also of a zombie not yet reaped); -1 when unknown.
 */
int counters_task_cpu(pid_t pid);

/* The perf counters of one copy's process tree. */
struct counters_perf {
	int fd[3]; /* task clock, context switches, migrations */
};

/*
 * Opens perf software counters on pid, a child that has not yet exec'd,
 * counting from its exec on, inherited by what it forks.  0, or -1 with
 * fd[] all -1 and why (size len) saying what failed.  With
 * BYTEBENCH_NO_PERF set it fails as when not permitted (to test that).
 */
int counters_perf_open(
    struct counters_perf *p, pid_t pid, char *why, size_t len);

/* Adds what p counted into c and closes it (fd[] -1 after). */
void counters_perf_close(struct counters_perf *p, struct counters *c);

/* Machine-wide totals now (/proc/stat, /proc/vmstat); none elsewhere. */
void counters_machine(struct counters *c);

#endif
