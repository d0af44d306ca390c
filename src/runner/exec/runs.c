/*
 * runs.c - K whole runs in one report (runs.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "exec/process.h"
#include "exec/runs.h"

/* sync and s seconds of idle, cut short by a stop signal. */
static void
settle(double s)
{
	struct timespec left;

	sync();
	if (!(s > 0))
		return;
	left.tv_sec = (time_t)s;
	left.tv_nsec = (long)((s - (double)left.tv_sec) * 1e9);
	while (!process_stop_signal && nanosleep(&left, &left) == -1 &&
	       errno == EINTR)
		;
}

int
runs_all(struct report *r, const struct run_env *e)
{
	const struct settings *s = &r->settings;
	int k;

	if (s->runs < 2)
		return run_all(r, e);
	r->reps = calloc((size_t)s->runs, sizeof(*r->reps));
	if (r->reps == NULL)
		return -1;
	for (k = 0; k < s->runs; k++) {
		run_say(e, "run %d of %d: settling %g s\n", k + 1, s->runs,
		    s->settle_s);
		settle(s->settle_s);
		if (process_stop_signal) {
			r->interrupted = (int)process_stop_signal;
			break;
		}
		if (k > 0) {
			r->reps[r->nreps].blocks = r->blocks;
			r->reps[r->nreps++].nblocks = r->nblocks;
			r->blocks = NULL;
			r->nblocks = 0;
		}
		if (run_all(r, e) == -1)
			return -1;
		if (r->interrupted)
			break;
	}
	return 0;
}
