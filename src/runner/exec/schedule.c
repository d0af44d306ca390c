/*
 * schedule.c - the run loop (schedule.h): K runs, a settle before each;
 * one run's blocks of copies values, tests and passes in the order the
 * settings ask, in turn (UnixBench's order) or in rounds (rounds.c).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "exec/process.h"
#include "exec/schedule.h"
#include "plan/sysinfo.h"
#include "score/between.h"
#include "score/noise.h"

/*
 * Every pass of a test before the next test, one copies value after
 * another, as UnixBench does.
 */
static int
run_in_turn(struct run_ctx *x)
{
	const struct settings *s = &x->r->settings;
	struct test_run tr;
	struct block *b;
	int c, i;

	for (c = 0; c < s->ncopies && !process_stop_signal; c++) {
		if ((b = steps_block_begin(x, c, time(NULL))) == NULL)
			return -1;
		for (i = 0; i < s->ntests && !process_stop_signal; i++)
			if (steps_test_start(x, &tr, c * s->ntests + i,
			        &b->tests[b->ntests++]) == -1 ||
			    (tr.running && steps_test_run(x, &tr, 1) == -1))
				return -1;
		if (steps_block_end(b, x->r, time(NULL)) == -1)
			return -1;
	}
	return 0;
}

/*
 * Which counters some pass got (r->counters_have) and which of those
 * asked for none did, with the first reason given (r->counters_missing;
 * "" when no pass started a copy).
 */
static void
counters_missing(struct report *r)
{
	const struct run *run = report_last(r);
	const struct pass_result *p;
	const char *note = "";
	unsigned long want = 0;
	size_t n = 0, len = sizeof(r->counters_missing);
	char *out = r->counters_missing;
	int b, i, k, passes = 0;

	for (b = 0; b < run->nblocks; b++)
		for (i = 0; i < run->blocks[b].ntests; i++)
			for (k = 0; k < run->blocks[b].tests[i].npasses; k++) {
				p = &run->blocks[b].tests[i].passes[k];
				passes += p->ncopies > 0;
				r->counters_have |= p->counters.have;
				if (note[0] == '\0')
					note = p->counters_note;
			}
	for (k = 0; k < NCOUNTERS; k++)
		if (r->settings.counters == COUNTERS_ALL ||
		    (r->settings.counters == COUNTERS_ON &&
		        counter_defs[k].source != SRC_PERF))
			want |= COUNTER_BIT(k);
	out[0] = '\0';
	/* Nothing ran: nothing is known to be missing. */
	for (k = 0; k < NCOUNTERS && n < len && passes > 0; k++)
		if ((want & ~r->counters_have) & COUNTER_BIT(k))
			n += (size_t)snprintf(out + n, len - n, "%s%s",
			    n ? ", " : "", counter_defs[k].key);
	if (n > 0 && n < len && note[0] != '\0')
		snprintf(out + n, len - n, " (%s)", note);
}

static void
tick(void *progress)
{
	progress_tick(progress, bench_now());
}

int
schedule_run(struct report *r, const struct run_env *e)
{
	const struct settings *s = &r->settings;
	struct run_ctx x = {r, e, NULL, {NULL, NULL, 0}, {0}, bench_now()};
	struct run *run;
	int n, rc = -1;

	if (plan_make(s, e->bindir, &x.steps, &n) == -1)
		return -1;
	if (estimate_start(&x.plan, x.steps, n) == -1) {
		free(x.steps);
		return -1;
	}
	progress_init(&x.progress, &x.plan, e->console,
	    progress_columns(e->console), x.origin);
	progress_estimate(&x.progress, s);
	process_tick_hook(tick, &x.progress);
	if ((run = report_add_run(r)) == NULL ||
	    (run->blocks = calloc((size_t)s->ncopies, sizeof(*run->blocks))) ==
	        NULL)
		goto out;
	if ((s->quick ? schedule_rounds(&x) : run_in_turn(&x)) == -1)
		goto out;
	if (process_stop_signal)
		r->interrupted = (int)process_stop_signal;
	counters_missing(r);
	r->end = time(NULL);
	rc = 0;
out:
	process_tick_hook(NULL, NULL);
	free(x.plan.tally);
	free(x.steps);
	return rc;
}

int
schedule_run_ok(const struct report *r)
{
	const struct run *run = report_last(r);
	int b, i;

	if (r->interrupted)
		return 0;
	for (b = 0; b < run->nblocks; b++)
		for (i = 0; i < run->blocks[b].ntests; i++)
			if (run->blocks[b].tests[i].outcome != OUTCOME_OK)
				return 0;
	return 1;
}

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
