/*
 * signals.c - the runner's signals: a stop signal (every signal whose
 * default action ends a process and that can be caught, but the faults
 * a broken runner raises itself) is noted for the run loop to end the
 * run; SIGCHLD wakes the waits of process.c; SIGCONT notes that the
 * runner was stopped; SIGPIPE and SIGXFSZ are ignored.
 */
#include <signal.h>
#include <string.h>

#include "exec/children.h"
#include "exec/process.h"

volatile sig_atomic_t process_stop_signal, process_stop_again,
    process_continued;

/*
 * SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS and SIGABRT are left
 * to their default: they say the runner itself went wrong, where going
 * on to write a report cannot be trusted.
 */
static const int stops[] = {
    SIGINT,
    SIGTERM,
    SIGHUP,
    SIGQUIT,
    SIGUSR1,
    SIGUSR2,
    SIGALRM,
    SIGVTALRM,
    SIGPROF,
    SIGXCPU,
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
};

#define NSTOPS (sizeof(stops) / sizeof(stops[0]))

void
process_stop_set(sigset_t *set)
{
	size_t i;

	for (i = 0; i < NSTOPS; i++)
		sigaddset(set, stops[i]);
#ifdef SIGRTMIN
	{
		int sig;

		for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
			sigaddset(set, sig);
	}
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

static void
on_child(int sig)
{
	(void)sig;
}

static void
on_continue(int sig)
{
	(void)sig;
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

int
process_install_signals(void)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	process_stop_set(&sa.sa_mask);
	sa.sa_handler = on_stop;
	for (i = 0; i < NSTOPS; i++)
		if (catch_stop(stops[i], &sa) == -1)
			return -1;
#ifdef SIGRTMIN
	{
		int sig;

		/* Not fatal: a tool (valgrind) may keep some for itself. */
		for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
			catch_stop(sig, &sa);
	}
#endif
	sa.sa_handler = on_child;
	if (sigaction(SIGCHLD, &sa, NULL) == -1)
		return -1;
	sa.sa_handler = on_continue;
	sa.sa_flags = SA_RESTART; /* whatever the runner was doing goes on */
	if (sigaction(SIGCONT, &sa, NULL) == -1)
		return -1;
	sa.sa_flags = 0;
	/* Orphans of the passes come back to the runner to be killed. */
	children_subreaper();
	sa.sa_handler = SIG_IGN;
	/* Past a file size limit a write fails (EFBIG) instead of killing. */
	if (sigaction(SIGXFSZ, &sa, NULL) == -1)
		return -1;
	return sigaction(SIGPIPE, &sa, NULL);
}
