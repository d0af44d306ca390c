/*
 * tick.c - the runner's waits while a pass runs (pselect, so a signal
 * blocked outside them wakes them) and the clock called at least once a
 * second from them.
 */
#include <sys/select.h>

#include <stddef.h>
#include <time.h>

#include "exec/tick.h"

static void (*tick_fn)(void *);
static void *tick_arg;

void
tick_hook(void (*fn)(void *), void *arg)
{
	tick_fn = fn;
	tick_arg = arg;
}

int
tick_wait(int fd, double seconds, const sigset_t *mask)
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
