/*
 * ctxlat.h - what ctxlat's files share: ctxlat.c the method, command line
 * and report; handoff.c the pair and its timed repetitions; extras.c the
 * busy-looping extras, the pair's priority and the stop flag.
 */
#ifndef CTXLAT_H
#define CTXLAT_H

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#include "place.h"

#define TOKEN_QUIT 0xffffffffu /* the partner answers with its CPU, exits */
#define TOKEN_MASK 0x7fffffffu

/* Set by SIGINT and SIGTERM (and SIGALRM in an extra): stop and clean up. */
extern volatile sig_atomic_t ctxlat_quit;

/* The state of a run: options, the chosen CPUs, priorities, the extras. */
struct run {
	const struct place *place;
	int cpu[2]; /* measuring side, partner; -1: unpinned */
	long extras;
	long reps;
	double slice_seconds; /* one repetition */
	int rt; /* the pair may use SCHED_FIFO */
	int rt_priority;
	int rt_errno; /* why not, when rt is 0 */
	int extras_nice;
	int go[2]; /* closing go[1] lets the extras spin */
	pid_t *spinners;
	long nspinners; /* forked so far */
};

/* The two pipes of a hand-off and the partner's side of it. */
struct hand_off {
	int to_partner[2];
	int to_measurer[2];
	int cpu; /* the partner pins itself here, -1: not */
	int go_fd; /* a forked partner closes it, -1: none */
	pid_t pid; /* process partner */
	pthread_t thread; /* thread partner */
	int status; /* thread partner: 0 ok, -1 failed */
};

/* One configuration of the table. */
struct config {
	const char *key; /* INFO key prefix */
	int threaded;
	int loaded; /* with the extras spinning */
	double us[3]; /* min, avg, max microseconds per switch */
	int ran_on[2]; /* sched_getcpu of measurer and partner */
	double seconds; /* time measured */
};

/* Measures one configuration (the partner inherits the measuring thread's
 * priority).  Returns 0, or 1 after an ERROR line. */
int run_config(const struct run *r, struct config *c);

/* Sets ctxlat_quit and bench_stop (the handler of SIGINT and SIGTERM). */
void on_quit(int sig);

/* The calling thread to SCHED_FIFO (raise) or back to SCHED_OTHER, when
 * permitted.  Returns 0 or an error number. */
int pair_priority(const struct run *r, int raise);

/* Tries SCHED_FIFO for the pair; sets the extras' nice.  Returns 0, or -1
 * if the thread could not be put back. */
int probe_priority(struct run *r);

/* Forks the extras; they wait, not runnable, until go[1] is closed. */
int spinners_start(struct run *r);
/* Stops and reaps every extra forked.  Returns 0, or -1 if one failed. */
int spinners_stop(struct run *r);

/* Closes *fd unless it is -1, and sets it to -1. */
void close_fd(int *fd);

#endif
