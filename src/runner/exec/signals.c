/*
 * signals.c - the runner's signals (process.h), its waits (pselect(), so
 * that a signal blocked outside them wakes them) and its orphans.
 */
#include <sys/select.h>
#include <sys/types.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "exec/process.h"
#include "file.h"
#include "parse.h"

volatile sig_atomic_t process_stop_signal, process_stop_again,
    process_continued;

static void (*tick_fn)(void *);
static void *tick_arg;

/*
 * SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS and SIGABRT are left
 * to their default: they say the runner itself went wrong, where going
 * on to write a report cannot be trusted.
 */
static const int stops[] = {
#ifdef SIGPOLL
    SIGPOLL,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGEMT
    SIGEMT,
#endif
#ifdef SIGLOST
    SIGLOST,
#endif
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
    SIGPROF, SIGXCPU};

#define NSTOPS ((int)(sizeof(stops) / sizeof(stops[0])))

/* Adds every stop signal to set. */
static void
stop_set(sigset_t *set)
{
	int i;

	for (i = 0; i < NSTOPS; i++)
		sigaddset(set, stops[i]);
#ifdef SIGRTMIN
	for (i = SIGRTMIN; i <= SIGRTMAX; i++)
		sigaddset(set, i);
#endif
}

static void
on_stop(int sig)
{
	if (process_stop_signal)
		process_stop_again = 1;
	else
		process_stop_signal = sig;
}

/* SIGCHLD only wakes the waits; SIGCONT notes the runner was stopped. */
static void
on_child_or_continue(int sig)
{
	if (sig == SIGCONT)
		process_continued = 1;
}

/* Catches sig with sa; a SIGHUP already ignored (nohup) stays so. */
static int
catch_stop(int sig, const struct sigaction *sa)
{
	struct sigaction was;

	if (sigaction(sig, NULL, &was) == -1)
		return -1;
	if (sig == SIGHUP && was.sa_handler == SIG_IGN)
		return 0;
	return sigaction(sig, sa, NULL);
}

void
process_block(sigset_t *old)
{
	sigset_t block;

	sigemptyset(&block);
	sigaddset(&block, SIGCHLD);
	stop_set(&block);
	sigprocmask(SIG_BLOCK, &block, old);
}

int
process_install_signals(void)
{
	struct sigaction sa;
	int i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	stop_set(&sa.sa_mask);
	sa.sa_handler = on_stop;
	for (i = 0; i < NSTOPS; i++)
		if (catch_stop(stops[i], &sa) == -1)
			return -1;
#ifdef SIGRTMIN
	/* Not fatal: a tool (valgrind) may keep some for itself. */
	for (i = SIGRTMIN; i <= SIGRTMAX; i++)
		catch_stop(i, &sa);
#endif
	sa.sa_handler = on_child_or_continue;
	if (sigaction(SIGCHLD, &sa, NULL) == -1)
		return -1;
	sa.sa_flags = SA_RESTART; /* whatever the runner was doing goes on */
	if (sigaction(SIGCONT, &sa, NULL) == -1)
		return -1;
	sa.sa_flags = 0;
	/* An orphan of a pass, even in a session of its own, becomes the
	 * runner's child instead of init's, to be killed. */
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
	prctl(PR_SET_CHILD_SUBREAPER, 1L, 0L, 0L, 0L);
#endif
	sa.sa_handler = SIG_IGN;
	/* Past a file size limit a write fails (EFBIG) instead of killing. */
	if (sigaction(SIGXFSZ, &sa, NULL) == -1)
		return -1;
	return sigaction(SIGPIPE, &sa, NULL);
}

/* The pids of the runner's children (from /proc on Linux), at most max. */
static int
children_list(pid_t *out, int max)
{
#ifdef __linux__
	DIR *d = opendir("/proc");
	struct dirent *e;
	char path[64], stat[512], *paren;
	long ppid, pid;
	int n = 0;

	if (d == NULL)
		return 0;
	while (n < max && (e = readdir(d)) != NULL) {
		if (parse_long(e->d_name, 1, LONG_MAX, &pid) == -1)
			continue;
		snprintf(path, sizeof(path), "/proc/%.20s/stat", e->d_name);
		/* "pid (comm) state ppid ...": comm may hold anything. */
		if (file_read_small(path, stat, sizeof(stat)) == -1 ||
		    (paren = strrchr(stat, ')')) == NULL ||
		    sscanf(paren + 1, " %*c %ld", &ppid) != 1 ||
		    ppid != (long)getpid())
			continue;
		out[n++] = (pid_t)pid;
	}
	closedir(d);
	return n;
#else
	(void)out;
	(void)max;
	return 0;
#endif
}

void
process_kill_adopted(void)
{
	pid_t kids[64];
	int n, i, round;

	/* Their children come back to the runner in turn. */
	for (round = 0; round < 100; round++) {
		if ((n = children_list(kids, 64)) == 0)
			return;
		for (i = 0; i < n; i++)
			kill(kids[i], SIGKILL);
		for (i = 0; i < n; i++)
			while (
			    waitpid(kids[i], NULL, 0) == -1 && errno == EINTR)
				;
	}
}

void
process_tick_hook(void (*fn)(void *), void *arg)
{
	tick_fn = fn;
	tick_arg = arg;
}

int
process_wait(int fd, double seconds, const sigset_t *mask)
{
	struct timespec ts, *tsp = NULL;
	fd_set rfds;
	int rc;

	if (tick_fn != NULL && (seconds < 0 || seconds > 1))
		seconds = 1;
	FD_ZERO(&rfds);
	if (fd >= 0)
		FD_SET(fd, &rfds);
	if (seconds >= 0) {
		ts.tv_sec = (time_t)seconds;
		ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
		tsp = &ts;
	}
	rc = pselect(fd >= 0 ? fd + 1 : 0, fd >= 0 ? &rfds : NULL, NULL, NULL,
	    tsp, mask);
	if (tick_fn != NULL)
		tick_fn(tick_arg);
	return rc;
}
