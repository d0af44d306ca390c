/*
 * process.h - starting the copies of a pass (process.c): fork + execve
 * (never a shell), one process group per pass, the start barrier of
 * doc/protocol.md, a watchdog; the signals that stop a run and the
 * runner's waits (signals.c).
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
	int pin; /* the CPU it runs on, -1 any */
};

/* A pass to run: its copies and its times. */
struct pass_spec {
	const struct launch *l; /* one a copy */
	int ncopies;
	double seconds; /* the copies' duration */
	double margin; /* how long past it the watchdog waits */
	double origin; /* the run's start (bench_now()), of start_s */
	enum counters_level counters;
};

/*
 * The first stop signal (every signal whose default ends a process, but
 * the faults) that asked the run to stop, 0 while none has;
 * process_stop_again is set by a second one.  process_continued is set by
 * a SIGCONT to the runner (it was stopped and goes on); process_run_pass
 * clears it when it forks.  Only the handlers write them.
 */
extern volatile sig_atomic_t process_stop_signal, process_stop_again;
extern volatile sig_atomic_t process_continued;

/* Blocks SIGCHLD and the stop signals; the mask before goes to old. */
void process_block(sigset_t *old);

/*
 * Installs the handlers: the stop signals set the flags above (a SIGHUP
 * already ignored, as under nohup, stays so), SIGCHLD wakes the waits,
 * SIGCONT sets process_continued; SIGPIPE and SIGXFSZ are ignored (the
 * copies get them back); on Linux the runner becomes a subreaper.  0 or -1.
 */
int process_install_signals(void);

/* Kills and reaps what was re-parented to the runner (Linux). */
void process_kill_adopted(void);

/* fn(arg) is called at least once a second while a pass runs; NULL: none. */
void process_tick_hook(void (*fn)(void *), void *arg);

/*
 * Sleeps until fd (>= 0) is readable, a signal not in mask arrives or
 * `seconds` pass (< 0: no limit), at most a second while a tick is set,
 * then calls the tick.  Returns pselect's value.
 */
int process_wait(int fd, double seconds, const sigset_t *mask);

/*
 * Runs spec's copies at once and waits for them, using no CPU meanwhile
 * (doc/protocol.md): up to 60 s + seconds for every ready byte, then
 * they are released together; the watchdog sends the group SIGTERM, then
 * SIGKILL 2 s later, at release + seconds + margin or on a stop signal
 * (SIGKILL at once on a second); what is left when they end is killed.
 *
 * p->copies gets one entry per copy: exit_status, signal, wall_s =
 * time_s, start_s and outcome (OK when it ended on its own, for
 * protocol_parse to judge; else TIMEOUT, INTERRUPTED or FAILED with a
 * message); p->nready, skew_s (first to last ready byte), barrier_s
 * (first fork to release); with counters, each copy's (perf's with
 * COUNTERS_ALL, or counters_note says why not) and the machine's over the
 * pass.  Returns PROCESS_RAN, PROCESS_NOT_STARTED with err set (its
 * copies killed and reaped) or PROCESS_NOMEM.
 */
enum { PROCESS_RAN = 0, PROCESS_NOMEM = -1, PROCESS_NOT_STARTED = -2 };
int process_run_pass(const struct pass_spec *spec, struct pass_result *p,
    char *err, size_t errlen);

#endif
