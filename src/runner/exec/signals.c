/*
 * signals.c - the runner's signals: a stop signal (SIGINT, SIGTERM,
 * SIGHUP) is noted for the run loop to end the run; SIGCHLD wakes the
 * waits of process.c; SIGPIPE and SIGXFSZ are ignored.
 */
#include <signal.h>
#include <string.h>

#include "exec/children.h"
#include "exec/process.h"

volatile sig_atomic_t process_stop_signal, process_stop_again;

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

int
process_install_signals(void)
{
	static const int stops[] = {SIGINT, SIGTERM, SIGHUP};
	struct sigaction sa, was;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop;
	for (i = 0; i < sizeof(stops) / sizeof(stops[0]); i++) {
		if (sigaction(stops[i], NULL, &was) == -1)
			return -1;
		/* nohup: a hangup ignored by whoever started the run stays so.
		 */
		if (stops[i] == SIGHUP && was.sa_handler == SIG_IGN)
			continue;
		if (sigaction(stops[i], &sa, NULL) == -1)
			return -1;
	}
	sa.sa_handler = on_child;
	if (sigaction(SIGCHLD, &sa, NULL) == -1)
		return -1;
	/* Orphans of the passes come back to the runner to be killed. */
	children_subreaper();
	sa.sa_handler = SIG_IGN;
	/* Past a file size limit a write fails (EFBIG) instead of killing. */
	if (sigaction(SIGXFSZ, &sa, NULL) == -1)
		return -1;
	return sigaction(SIGPIPE, &sa, NULL);
}
