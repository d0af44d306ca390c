/*
 * runs.c - K whole runs in one report, the settle after a build
 * (schedule.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "exec/process.h"
#include "exec/schedule.h"
#include "plan/sysinfo.h"
#include "score/noise.h"
#include "score/between.h"

/* Prints on e's console (a printf format), unless quiet. */
static void __attribute__((format(printf, 2, 3)))
run_say(const struct run_env *e, const char *fmt, ...)
{
	va_list ap;

	if (e->console == NULL)
		return;
	va_start(ap, fmt);
	vfprintf(e->console, fmt, ap);
	va_end(ap);
	fflush(e->console);
}

/* s seconds of idle, cut short by a stop signal. */
static void
idle(double s)
{
	struct timespec left;

	if (!(s > 0))
		return;
	left.tv_sec = (time_t)s;
	left.tv_nsec = (long)((s - (double)left.tv_sec) * 1e9);
	while (!process_stop_signal && nanosleep(&left, &left) == -1 &&
	       errno == EINTR)
		;
}

int
runs_settle(struct report *r, const struct run_env *e)
{
	struct settle *st = &r->settle;
	double load[NOISE_SETTLE_MAX_S * 4 + 1];
	int n = 0, most = (int)(sizeof(load) / sizeof(load[0])) - 1;

	if (!(st->build_s > 0) || st->max_s == 0)
		return 0;
	st->load_from = r->sys.load1;
	run_say(e,
	    "Letting the machine settle after the build (load %.2f; at most "
	    "%d s) ...\n",
	    r->sys.load1, st->max_s);
	do {
		if (n > 0) {
			idle(1);
			if (sysinfo_load_again(&r->sys) == -1)
				return -1;
		}
		load[n++] = r->sys.load1;
		st->end =
		    noise_settle(load, n, st->max_s < most ? st->max_s : most);
	} while (st->end == SETTLE_WAITING && !process_stop_signal);
	st->waited_s = n - 1;
	st->load_to = r->sys.load1;
	run_say(e, "Waited %d s: load %.2f%s\n", st->waited_s, st->load_to,
	    st->end == SETTLE_BUSY    ? ", kept up by other work"
	    : st->end == SETTLE_LIMIT ? ", still falling (UB_SETTLE)"
	                              : "");
	return 0;
}

int
runs_all(struct report *r, const struct run_env *e)
{
	const struct settings *s = &r->settings;
	int k;

	if (s->runs < 2)
		return schedule_run(r, e);
	for (k = 0; k < s->runs; k++) {
		run_say(e, "run %d of %d: settling %g s\n", k + 1, s->runs,
		    s->settle_s);
		sync();
		idle(s->settle_s);
		if (process_stop_signal) {
			r->interrupted = (int)process_stop_signal;
			break;
		}
		if (schedule_run(r, e) == -1)
			return -1;
		if (r->interrupted)
			break;
	}
	return r->nruns > 1 ? between_runs(r) : 0;
}
