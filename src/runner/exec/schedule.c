/*
 * schedule.c - one run (schedule.h): blocks of copies values, tests and
 * passes in the order the settings ask, in turn (UnixBench's order) or
 * in rounds (quick mode, rounds.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "exec/process.h"
#include "exec/schedule.h"

/*
 * Runs the tests of block b (the c-th copies value) one after another,
 * every pass of a test before the next test, as UnixBench does.
 */
static int
run_block_in_turn(struct run_ctx *x, struct block *b, int c)
{
	const struct settings *s = &x->r->settings;
	struct test_run tr;
	int i;

	for (i = 0; i < s->ntests && !process_stop_signal; i++) {
		b->ntests++;
		if (steps_test_start(x, &tr, c * s->ntests + i, &b->tests[i]) ==
		    -1)
			return -1;
		if (tr.running && steps_test_run(x, &tr, 1) == -1)
			return -1;
	}
	return 0;
}

/* Runs the blocks of r one copies value after another, as UnixBench does. */
static int
run_blocks_in_turn(struct run_ctx *x)
{
	struct block *b;
	int c;

	for (c = 0; c < x->r->settings.ncopies && !process_stop_signal; c++)
		if ((b = steps_block_begin(x, c, time(NULL))) == NULL ||
		    run_block_in_turn(x, b, c) == -1 ||
		    steps_block_end(b, x->r, time(NULL)) == -1)
			return -1;
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
	if ((s->quick ? schedule_rounds(&x) : run_blocks_in_turn(&x)) == -1)
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
