/*
 * schedule.c - the run loop (run.h): blocks of copies values, tests and
 * passes in the order the settings ask, in turn (UnixBench's order) or
 * in rounds (quick mode); each pass launched by launch.c; scoring and
 * progress on the console.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "exec/launch.h"
#include "exec/process.h"
#include "exec/progress.h"
#include "exec/run.h"
#include "model/quick.h"
#include "score/interval.h"
#include "score/latency.h"
#include "score/noise.h"
#include "score/precision.h"
#include "score/stats.h"

void
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

/* A run as it goes: what it fills, where, the console, its start. */
struct run_ctx {
	struct report *r;
	const struct run_env *e;
	struct progress progress; /* the console's view of the run */
	double origin; /* bench_now() when the run started */
};

/* Sets the test's outcome and message (copied). */
static int
test_fail(struct test_result *t, enum outcome o, const char *msg)
{
	t->outcome = o;
	free(t->message);
	t->message = strdup(msg);
	return t->message == NULL ? -1 : 0;
}

/*
 * A test at one copies value as it runs: its result, the passes planned,
 * their duration, and whether it still runs (no pass failed, it was
 * built, the run was not stopped).
 */
struct test_run {
	const struct test_def *def;
	struct test_result *t;
	int copies, planned, running;
	double seconds;
};

/*
 * Starts tr for def at copies into *t: the passes planned, the program
 * found.  A missing program ends the test here.  Returns 0, or -1 when
 * out of memory.
 */
static int
test_start(struct run_ctx *x, struct test_run *tr, const struct test_def *def,
    int copies, struct test_result *t)
{
	const struct report *r = x->r;
	char msg[600], path[4096];

	memset(t, 0, sizeof(*t));
	memset(tr, 0, sizeof(*tr));
	tr->def = def;
	tr->t = t;
	tr->copies = copies;
	tr->planned = quick_passes(&r->settings, def);
	tr->seconds = quick_pass_seconds(&r->settings, def);
	t->test = def;
	snprintf(t->unit, sizeof(t->unit), "%s", def->unit);
	if (test_fail(t, OUTCOME_OK, "") == -1)
		return -1;
	snprintf(path, sizeof(path), "%s/%s", x->e->bindir, def->program);
	if (access(path, X_OK) == -1) {
		progress_test_begin(&x->progress, def, copies, bench_now());
		snprintf(msg, sizeof(msg), "not built: %.500s", path);
		progress_test_end(&x->progress, bench_now(), msg);
		return test_fail(t, OUTCOME_MISSING, msg);
	}
	t->passes = calloc((size_t)tr->planned, sizeof(*t->passes));
	if (t->passes == NULL)
		return -1;
	tr->running = 1;
	return 0;
}

/*
 * Runs the next pass of tr.  A pass that fails, or a stop signal, ends
 * the test.  Returns 0, or -1 when out of memory.
 */
static int
test_pass(struct run_ctx *x, struct test_run *tr)
{
	struct test_result *t = tr->t;
	struct pass_result *p = &t->passes[t->npasses];
	struct launch_pass_def def = {tr->def, tr->copies, tr->seconds,
	    x->origin, t->npasses == 0, x->r, x->e};
	char msg[600], line[700];

	if (process_stop_signal) {
		tr->running = 0;
		return test_fail(t, OUTCOME_INTERRUPTED, "interrupted");
	}
	progress_pass_begin(&x->progress, t->npasses + 1, bench_now());
	if (launch_pass(&def, p, msg, sizeof(msg)) == -1)
		return -1;
	t->npasses++;
	if (p->outcome == OUTCOME_OK) {
		tr->running = t->npasses < tr->planned;
		progress_pass_end(&x->progress, bench_now(), NULL);
		return 0;
	}
	tr->running = 0;
	snprintf(line, sizeof(line), "%s: %s", outcome_name(p->outcome), msg);
	progress_pass_end(&x->progress, bench_now(), line);
	return test_fail(t, p->outcome, msg);
}

/* The medians of the derived values over the kept passes; 0 or -1. */
static int
test_counters(struct test_result *t)
{
	const struct derived **kept;
	int i, n = 0;

	if ((kept = calloc((size_t)t->npasses + 1, sizeof(*kept))) == NULL)
		return -1;
	for (i = 0; i < t->npasses; i++)
		if (t->passes[i].kept)
			kept[n++] = &t->passes[i].derived;
	counters_median(kept, n, &t->derived);
	free(kept);
	return 0;
}

/*
 * Ends tr: a test whose passes all ran is scored.  Returns 0, or -1 when
 * out of memory.
 */
static int
test_finish(struct test_run *tr)
{
	struct test_result *t = tr->t;

	if (t->outcome == OUTCOME_OK && tr->running)
		if (test_fail(t, OUTCOME_INTERRUPTED, "interrupted") == -1)
			return -1;
	if (t->outcome == OUTCOME_OK) {
		if (t->passes[0].copies[0].unit[0] != '\0')
			snprintf(t->unit, sizeof(t->unit), "%s",
			    t->passes[0].copies[0].unit);
		switch (stats_score_test(t)) {
		case -1:
			return -1;
		case 1:
			if (test_fail(t, OUTCOME_NO_RESULT, "result is zero") ==
			    -1)
				return -1;
		}
		if (t->outcome == OUTCOME_OK && (t->test->flags & TEST_LATENCY))
			latency_combine(t);
		if (t->outcome == OUTCOME_OK)
			return test_counters(t);
	}
	return 0;
}

/*
 * Runs the tests of block b one after another, every pass of a test
 * before the next test, as UnixBench does.
 */
static int
run_block_in_turn(struct run_ctx *x, struct block *b)
{
	const struct settings *s = &x->r->settings;
	struct test_run tr;
	int i;

	for (i = 0; i < s->ntests && !process_stop_signal; i++) {
		b->ntests++;
		if (test_start(x, &tr, s->tests[i], b->copies, &b->tests[i]) ==
		    -1)
			return -1;
		if (!tr.running)
			continue;
		progress_test_begin(
		    &x->progress, tr.def, b->copies, bench_now());
		noise_test_begin(x->e->noise);
		while (tr.running)
			if (test_pass(x, &tr) == -1)
				return -1;
		if (test_finish(&tr) == -1)
			return -1;
		noise_test_end(x->e->noise, tr.t, b->copies);
		progress_test_end(&x->progress, bench_now(), NULL);
	}
	return 0;
}

/*
 * Computes the index tables a block shows: every index whose tests were
 * all asked for (failed or interrupted ones make it partial); when no
 * index was, the first one in the catalog with a test in the block, as a
 * partial index (UnixBench shows one for any subset of its tests).
 */
static int
block_indexes(struct block *b, const struct settings *s)
{
	struct index_result ir;
	size_t i;
	int any = 0, show;

	b->indexes = calloc(
	    catalog_nindexes > 0 ? catalog_nindexes : 1, sizeof(*b->indexes));
	if (b->indexes == NULL)
		return -1;
	for (i = 0; i < catalog_nindexes; i++)
		any |= stats_index_covered(
		    &catalog_indexes[i], s->tests, s->ntests);
	for (i = 0; i < catalog_nindexes; i++) {
		if (stats_index(
		        &ir, &catalog_indexes[i], b->tests, b->ntests) == -1)
			return -1;
		/* Run in whole rounds (a --precision run's are not). */
		if (s->quick && !(s->precision_pct > 0))
			interval_index_rounds(&ir);
		show = any ? stats_index_covered(
		                 &catalog_indexes[i], s->tests, s->ntests)
		           : b->nindexes == 0;
		if (show && ir.nentries > 0)
			b->indexes[b->nindexes++] = ir;
		else
			free(ir.entries);
	}
	return 0;
}

/* Seconds between the console's lines in a --precision run's passes. */
#define PRECISE_LINE_S 30

/* "what: text (elapsed)" on the console, after a line drawn in place. */
static void
precise_line(struct run_ctx *x, const char *what, const char *text)
{
	char took[24];

	progress_clock(bench_now() - x->origin, took, sizeof(took));
	run_say(x->e, "%s%s: %s  (%s elapsed)\n",
	    x->progress.tty && x->progress.drawn > 0 ? "\n" : "", what, text,
	    took);
	x->progress.drawn = 0;
}

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
	snprintf(line, sizeof(line),
	    "first rounds done; passes to the "
	    "noisiest tests until +/-%g%% or %g s",
	    s->precision_pct, s->budget_s);
	precise_line(x, "Precision", line);
	for (;;) {
		for (k = 0; k < n; k++) {
			t[k] = tr[k].t;
			open[k] = !tr[k].running && tr[k].t->passes != NULL &&
			          tr[k].t->outcome == OUTCOME_OK &&
			          tr[k].t->npasses < PRECISION_MAX_PASSES;
			secs[k] = progress_pass_guess(
			    x->progress.steps, x->progress.nsteps, k);
		}
		if (process_stop_signal)
			break;
		k = precision_choose(s, t, open, secs,
		    s->budget_s - (bench_now() - x->origin), &stop);
		if (k == -1)
			break;
		one = &tr[k];
		grown = realloc(one->t->passes,
		    sizeof(*grown) * (size_t)(one->planned + 1));
		if (grown == NULL)
			goto out;
		one->t->passes = grown;
		memset(&grown[one->planned++], 0, sizeof(*grown));
		one->running = 1;
		x->progress.steps[k].passes = one->planned;
		x->progress.round = 1; /* no line a pass: see precise_line */
		progress_test_begin(
		    &x->progress, one->def, one->copies, bench_now());
		noise_test_begin(x->e->noise);
		if (test_pass(x, one) == -1)
			goto out;
		noise_test_end(x->e->noise, one->t, one->copies);
		progress_test_end(&x->progress, bench_now(), NULL);
		more++;
		if (bench_now() >= next_line) {
			next_line = bench_now() + PRECISE_LINE_S;
			snprintf(line, sizeof(line),
			    "%d more pass%s after the "
			    "first rounds",
			    more, more == 1 ? "" : "es");
			precise_line(x, "Precision", line);
		}
	}
	x->progress.round = 0;
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
 * Runs every block of r in rounds (quick mode): round k runs pass k of
 * every test at every copies value, one copies value after another.  A
 * change of the machine during the run, such as another program starting
 * or the host giving the VM a slower core for a minute, then reaches
 * passes of every test of every block and shows in their spread, and so
 * in the interval, instead of moving the scores of the tests that
 * happened to run at that time; and each index samples the whole run,
 * not a part of it.
 */
static int
run_blocks_in_rounds(struct run_ctx *x)
{
	struct report *r = x->r;
	const struct settings *s = &r->settings;
	struct test_run *tr, *one;
	struct block *b;
	int c, i, k, rounds = 0, rc = -1;
	time_t start = time(NULL), end;

	tr = calloc((size_t)s->ncopies * (size_t)s->ntests, sizeof(*tr));
	if (tr == NULL)
		return -1;
	for (c = 0; c < s->ncopies; c++) {
		b = &r->blocks[r->nblocks++];
		b->copies = s->copies[c];
		b->start = start;
		if ((b->tests = calloc((size_t)s->ntests, sizeof(*b->tests))) ==
		    NULL)
			goto out;
		for (i = 0; i < s->ntests; i++) {
			one = &tr[c * s->ntests + i];
			b->ntests++;
			if (test_start(x, one, s->tests[i], b->copies,
			        &b->tests[i]) == -1)
				goto out;
			if (one->planned > rounds)
				rounds = one->planned;
		}
	}
	for (k = 0; k < rounds && !process_stop_signal; k++)
		for (c = 0; c < s->ncopies && !process_stop_signal; c++) {
			progress_round_begin(&x->progress, k + 1, rounds,
			    s->copies[c], bench_now());
			for (i = 0; i < s->ntests && !process_stop_signal;
			     i++) {
				one = &tr[c * s->ntests + i];
				if (!one->running)
					continue;
				progress_test_begin(&x->progress, one->def,
				    one->copies, bench_now());
				noise_test_begin(x->e->noise);
				if (test_pass(x, one) == -1)
					goto out;
				noise_test_end(
				    x->e->noise, one->t, one->copies);
				if (!one->running)
					progress_test_end(
					    &x->progress, bench_now(), NULL);
			}
			progress_round_end(&x->progress, bench_now());
		}
	if (s->precision_pct > 0 && run_precise(x, tr) == -1)
		goto out;
	/* One end for every block, as one start: they share the rounds. */
	end = time(NULL);
	for (c = 0; c < r->nblocks; c++) {
		for (i = 0; i < r->blocks[c].ntests; i++)
			if (test_finish(&tr[c * s->ntests + i]) == -1)
				goto out;
		r->blocks[c].end = end;
		if (block_indexes(&r->blocks[c], s) == -1)
			goto out;
	}
	if (r->precision_end != NULL) {
		char line[600];

		precision_summary(r, line, sizeof(line));
		precise_line(x, "Precision", line);
	}
	rc = 0;
out:
	free(tr);
	return rc;
}

/* Runs the blocks of r one copies value after another, as UnixBench does. */
static int
run_blocks_in_turn(struct run_ctx *x)
{
	struct report *r = x->r;
	const struct settings *s = &r->settings;
	struct block *b;
	int c;

	for (c = 0; c < s->ncopies && !process_stop_signal; c++) {
		b = &r->blocks[r->nblocks++];
		b->copies = s->copies[c];
		b->start = time(NULL);
		b->tests = calloc((size_t)s->ntests, sizeof(*b->tests));
		if (b->tests == NULL)
			return -1;
		if (run_block_in_turn(x, b) == -1)
			return -1;
		b->end = time(NULL);
		if (block_indexes(b, s) == -1)
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
	const struct pass_result *p;
	const char *note = "";
	unsigned long want = 0;
	size_t n = 0, len = sizeof(r->counters_missing);
	char *out = r->counters_missing;
	int b, i, k, passes = 0;

	for (b = 0; b < r->nblocks; b++)
		for (i = 0; i < r->blocks[b].ntests; i++)
			for (k = 0; k < r->blocks[b].tests[i].npasses; k++) {
				p = &r->blocks[b].tests[i].passes[k];
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

int
run_all(struct report *r, const struct run_env *e)
{
	const struct settings *s = &r->settings;
	struct run_ctx x = {r, e, {0}, bench_now()};
	int rc = -1;

	if (progress_init(&x.progress, s, e->console,
	        e->console != NULL && isatty(fileno(e->console)),
	        x.origin) == -1)
		return -1;
	r->blocks = calloc((size_t)s->ncopies, sizeof(*r->blocks));
	if (r->blocks == NULL)
		goto out;
	if ((s->quick ? run_blocks_in_rounds(&x) : run_blocks_in_turn(&x)) ==
	    -1)
		goto out;
	if (process_stop_signal)
		r->interrupted = (int)process_stop_signal;
	counters_missing(r);
	r->end = time(NULL);
	rc = 0;
out:
	progress_free(&x.progress);
	return rc;
}

int
run_all_ok(const struct report *r)
{
	int b, i;

	if (r->interrupted)
		return 0;
	for (b = 0; b < r->nblocks; b++)
		for (i = 0; i < r->blocks[b].ntests; i++)
			if (r->blocks[b].tests[i].outcome != OUTCOME_OK)
				return 0;
	return 1;
}
