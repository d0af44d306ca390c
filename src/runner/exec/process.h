/*
 * process.h - starting the copies of a pass: fork + execve (never a
 * shell), one process group per pass, the start barrier of
 * doc/protocol.md, a watchdog, and the signals that stop a run.
 */
#ifndef PROCESS_H
#define PROCESS_H

#include <signal.h>
#include <stddef.h>

#include "model/report.h"

/* How to start one copy. */
struct launch {
	char **argv; /* argv[0] is the program's path */
	char **envp; /* complete environment, NULL-terminated */
	const char *cwd; /* working directory */
	const char *out_path; /* stdout: written from its start, no link */
	const char *err_path; /* stderr goes here */
	enum counters_level counters; /* of the pass: copy 0's is used */
	int pin; /* the CPU it runs on, -1 any */
};

/* A pass to run: its copies and its times. */
struct pass_spec {
	const struct launch *l; /* one a copy */
	int ncopies;
	double seconds; /* the copies' duration */
	double margin; /* how long past it the watchdog waits */
	double origin; /* the run's start (bench_now()): start_s counts
	                  from it */
};

/*
 * The first stop signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT, ...: every one
 * whose default ends a process, but the faults) that asked the run to stop,
 * 0 while none has; process_stop_again is set by a second one.  Only the
 * handlers write them.
 */
extern volatile sig_atomic_t process_stop_signal, process_stop_again;

/*
 * Set by a SIGCONT to the runner: it was stopped (SIGSTOP, SIGTSTP, a
 * debugger) and goes on.  process_run_pass clears it when it forks.
 */
extern volatile sig_atomic_t process_continued;

/* Adds every stop signal to set. */
void process_stop_set(sigset_t *set);

/*
 * Installs the handlers: the stop signals set the stop flags
 * (a SIGHUP already ignored, as under nohup, stays ignored); SIGCHLD only
 * wakes the waiting runner; SIGCONT sets process_continued; SIGPIPE and
 * SIGXFSZ are ignored by the runner
 * (restored for the copies).  Returns 0 or -1.
 */
int process_install_signals(void);

/*
 * Runs spec's copies at once and waits for them, using no CPU while
 * they run.  Every copy is in one new process group, stdin /dev/null.
 * The runner waits up to 60 s + seconds for every copy's ready byte,
 * then releases them together (closes the start pipe).  A watchdog kills
 * the group (SIGTERM, then SIGKILL 2 s later) at release + seconds +
 * margin, and when process_stop_signal is set (SIGKILL at once after a
 * second signal); when the copies have ended, anything left in the group
 * is killed.
 *
 * p->copies is allocated with one entry per copy, each with command,
 * output (stdout), errors (stderr), exit_status and signal, wall_s (from
 * the release to its exit), time_s = wall_s, start_s (the release,
 * relative to origin, a bench_now() value) and outcome: OK when it ended
 * on its own (protocol_parse decides the rest), TIMEOUT or INTERRUPTED
 * with a message.  p->nready, p->skew_s (first to last ready byte) and
 * p->barrier_s (first fork to release) are set.  With l[0].counters not
 * COUNTERS_OFF each copy's counters are filled (counters_reap, and with
 * COUNTERS_ALL its perf counters: the copies then wait before their exec
 * until those are attached; p->counters_note says why they were not), and
 * p->counters gets the machine's counters over the pass.  Returns
 * PROCESS_RAN; PROCESS_NOT_STARTED with err set when the pass could not
 * be started (a pipe or fork failed: its copies are then already killed
 * and reaped); PROCESS_NOMEM when out of memory.
 */
enum { PROCESS_RAN = 0, PROCESS_NOMEM = -1, PROCESS_NOT_STARTED = -2 };
int process_run_pass(const struct pass_spec *spec, struct pass_result *p,
    char *err, size_t errlen);

#endif
