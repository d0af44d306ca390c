/*
 * rounds.c - the run in rounds (quick mode, schedule.h): pass k of every test
 * at every copies value in round k, and a --precision run's passes after
 * its first rounds, one at a time to the noisiest tests.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "exec/process.h"
#include "exec/schedule.h"
#include "score/precision.h"

/* Seconds between the console's lines in a --precision run's passes. */
#define PRECISE_LINE_S 30

/*
 * The passes of a --precision run after its first rounds (tr: every test
 * at every copies value, in run order): one at a time, where
 * precision_choose puts it, until it says stop; sets r->precision_end.
 * Returns 0, or -1 when out of memory.
 */
static int
run_precise(struct run_ctx *x, struct test_run *tr)
{
	struct report *r = x->r;
	const struct settings *s = &r->settings;
	const struct test_result **t;
	enum precision_stop stop = PRECISION_STUCK;
	struct pass_result *grown;
	struct test_run *one;
	double *secs, next_line = bench_now() + PRECISE_LINE_S;
	int *open, k, n = s->ncopies * s->ntests, more = 0, rc = -1;
	char line[160];

	t = calloc((size_t)n, sizeof(*t));
	open = calloc((size_t)n, sizeof(*open));
	secs = calloc((size_t)n, sizeof(*secs));
	if (t == NULL || open == NULL || secs == NULL)
		goto out;
	x->progress.precise = 1;
	if (!process_stop_signal)
		progress_note(&x->progress, bench_now(), "Precision",
		    "first rounds done, now passes to the noisiest tests");
	for (;;) {
		for (k = 0; k < n; k++) {
			t[k] = tr[k].t;
			open[k] = !tr[k].running && tr[k].t->passes != NULL &&
			          tr[k].t->outcome == OUTCOME_OK &&
			          tr[k].t->npasses < PRECISION_MAX_PASSES;
			secs[k] = estimate_pass_guess(&x->plan, k);
		}
		if (process_stop_signal)
			break;
		k = precision_choose(s, t, open, secs,
		    s->budget_s - (bench_now() - x->origin), &stop);
		if (k == -1)
			break;
		one = &tr[k];
		grown = realloc(one->t->passes,
		    sizeof(*grown) * (size_t)(one->tally->passes + 1));
		if (grown == NULL)
			goto out;
		one->t->passes = grown;
		memset(&grown[one->tally->passes++], 0, sizeof(*grown));
		one->running = 1;
		if (steps_test_run(x, one, 0) == -1)
			goto out;
		more++;
		if (bench_now() >= next_line) {
			next_line = bench_now() + PRECISE_LINE_S;
			snprintf(line, sizeof(line),
			    "%d more pass%s after the "
			    "first rounds",
			    more, more == 1 ? "" : "es");
			progress_note(
			    &x->progress, bench_now(), "Precision", line);
		}
	}
	x->progress.precise = 0;
	r->precision_end = process_stop_signal         ? "interrupted"
	                   : stop == PRECISION_REACHED ? "reached"
	                   : stop == PRECISION_BUDGET  ? "budget"
	                                               : "stopped";
	rc = 0;
out:
	free(t);
	free(open);
	free(secs);
	return rc;
}

/*
 * Round k runs pass k of every test at every copies value, so that a
 * change of the machine during the run shows in every test's spread, not
 * in the scores of the tests it met (doc/quick-mode.md).
 */
int
schedule_rounds(struct run_ctx *x)
{
	struct report *r = x->r;
	const struct settings *s = &r->settings;
	struct run *run = &r->runs[r->nruns - 1];
	struct test_run *tr, *one;
	struct block *b;
	int c, i, k, rounds = 0, rc = -1;
	time_t start = time(NULL), end;

	tr = calloc((size_t)s->ncopies * (size_t)s->ntests, sizeof(*tr));
	if (tr == NULL)
		return -1;
	for (c = 0; c < s->ncopies; c++) {
		if ((b = steps_block_begin(x, c, start)) == NULL)
			goto out;
		b->took_turns = s->ncopies > 1;
		for (i = 0; i < s->ntests; i++) {
			k = c * s->ntests + i;
			if (steps_test_start(
			        x, &tr[k], k, &b->tests[b->ntests++]) == -1)
				goto out;
			if (tr[k].tally->passes > rounds)
				rounds = tr[k].tally->passes;
		}
	}
	for (k = 0; k < rounds && !process_stop_signal; k++)
		for (c = 0; c < s->ncopies && !process_stop_signal; c++) {
			progress_round_begin(&x->progress, k + 1, rounds,
			    s->copies[c], bench_now());
			for (i = 0; i < s->ntests && !process_stop_signal;
			     i++) {
				one = &tr[c * s->ntests + i];
				if (one->running &&
				    steps_test_run(x, one, 0) == -1)
					goto out;
			}
			progress_round_end(&x->progress, bench_now());
		}
	if (s->precision_pct > 0 && run_precise(x, tr) == -1)
		goto out;
	/* One end for every block, as one start: they share the rounds. */
	end = time(NULL);
	for (c = 0; c < run->nblocks; c++) {
		for (i = 0; i < run->blocks[c].ntests; i++)
			if (steps_test_finish(&tr[c * s->ntests + i]) == -1)
				goto out;
		if (steps_block_end(&run->blocks[c], r, end) == -1)
			goto out;
	}
	if (s->precision_pct > 0)
		precision_intervals(r);
	if (r->precision_end != NULL) {
		precision_summary(r);
		progress_note(
		    &x->progress, bench_now(), "Precision", r->precision_text);
	}
	rc = 0;
out:
	free(tr);
	return rc;
}
