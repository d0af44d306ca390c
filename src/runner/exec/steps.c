/*
 * steps.c - a test and a block as they run, shared by both schedulers
 * (schedule.h): a test started, its passes run through launch.c, scored;
 * a block begun and ended with its index tables.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "exec/noise_sample.h"
#include "exec/process.h"
#include "exec/schedule.h"
#include "score/interval.h"
#include "score/latency.h"
#include "score/stats.h"
#include "write/writers.h"

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
 * Says in msg which test-data file of t in testdir cannot be read, is no
 * file or is empty (a workload such as GNU dc would run without it, and
 * count); "" when all can be read.
 */
static void
missing_input(
    const struct test_def *t, const char *testdir, char *msg, size_t len)
{
	const char *names[CATALOG_MAX_ARGS];
	int n = catalog_inputs(t, names, CATALOG_MAX_ARGS), i;
	char path[4200];
	struct stat st;

	msg[0] = '\0';
	for (i = 0; i < n && msg[0] == '\0'; i++) {
		snprintf(path, sizeof(path), "%s/%s", testdir, names[i]);
		if (stat(path, &st) == -1 || access(path, R_OK) == -1)
			snprintf(msg, len, "cannot read its input %.500s: %s",
			    path, strerror(errno));
		else if (!S_ISREG(st.st_mode))
			snprintf(
			    msg, len, "its input %.500s is not a file", path);
		else if (st.st_size == 0)
			snprintf(msg, len, "its input %.500s is empty", path);
	}
}

int
steps_test_start(
    struct run_ctx *x, struct test_run *tr, int k, struct test_result *t)
{
	const struct plan_step *st = &x->plan.steps[k];
	char msg[600];

	memset(t, 0, sizeof(*t));
	memset(tr, 0, sizeof(*tr));
	tr->step = st;
	tr->tally = &x->plan.tally[k];
	tr->k = k;
	tr->t = t;
	t->test = st->test;
	t->placement = st->placement;
	snprintf(t->unit, sizeof(t->unit), "%s", st->test->unit);
	if (test_fail(t, OUTCOME_OK, "") == -1)
		return -1;
	if (access(st->path, X_OK) == -1)
		snprintf(msg, sizeof(msg), "not built: %.500s", st->path);
	else
		missing_input(st->test, x->e->testdir, msg, sizeof(msg));
	if (msg[0] != '\0') {
		progress_test_begin(&x->progress, k, bench_now());
		progress_test_end(&x->progress, bench_now(), msg);
		return test_fail(t, OUTCOME_MISSING, msg);
	}
	t->passes = calloc((size_t)tr->tally->passes, sizeof(*t->passes));
	if (t->passes == NULL)
		return -1;
	tr->running = 1;
	return 0;
}

/* The next pass of tr; one that fails, or a stop signal, ends the test. */
static int
test_pass(struct run_ctx *x, struct test_run *tr)
{
	struct test_result *t = tr->t;
	struct pass_result *p = &t->passes[t->npasses];
	struct launch_pass_def def = {
	    tr->step, x->origin, t->npasses == 0, x->r, x->e};
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
		tr->running = t->npasses < tr->tally->passes;
		progress_pass_end(&x->progress, bench_now(), NULL);
		return 0;
	}
	tr->running = 0;
	writer_outcome_line(line, sizeof(line), p->outcome, msg);
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

int
steps_test_finish(struct test_run *tr)
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

int
steps_test_run(struct run_ctx *x, struct test_run *tr, int all)
{
	progress_test_begin(&x->progress, tr->k, bench_now());
	noise_test_begin(x->e->noise);
	do
		if (test_pass(x, tr) == -1)
			return -1;
	while (all && tr->running);
	if (all && steps_test_finish(tr) == -1)
		return -1;
	noise_test_end(x->e->noise, tr->t, tr->step->copies);
	if (!tr->running)
		progress_test_end(&x->progress, bench_now(), NULL);
	return 0;
}

struct block *
steps_block_begin(struct run_ctx *x, int c, time_t start)
{
	const struct report *r = x->r;
	const struct cpu_topology *t = &r->sys.topo;
	struct run *run = &x->r->runs[x->r->nruns - 1];
	struct block *b = &run->blocks[run->nblocks++];

	b->copies = r->settings.copies[c];
	b->pin = r->settings.pins != NULL ? r->settings.pins[c] : -1;
	b->pinned = b->pin >= 0;
	b->kind = b->pinned && b->pin < t->ncpus ? t->cpus[b->pin].kind : -1;
	b->start = start;
	b->tests = calloc((size_t)r->settings.ntests, sizeof(*b->tests));
	return b->tests != NULL ? b : NULL;
}

/* Counts the passes of a 1-copy block, not pinned, by kind of core. */
static void
block_kinds(struct block *b, const struct report *r)
{
	const struct cpu_topology *t = &r->sys.topo;
	const struct pass_result *p;
	int i, k, cpu;

	for (i = 0; b->copies == 1 && !b->pinned && i < b->ntests; i++)
		for (k = 0; k < b->tests[i].npasses; k++) {
			p = &b->tests[i].passes[k];
			cpu = p->ncopies == 1
			          ? p->copies[0].counters.cpu_end - 1
			          : -1;
			if (cpu >= 0 && cpu < t->ncpus &&
			    t->cpus[cpu].kind >= 0)
				b->kind_passes[t->cpus[cpu].kind]++;
		}
}

/*
 * The index tables a block shows: every index whose tests were all asked
 * for (failed or interrupted ones make it partial); when no index was,
 * the first one in the catalog with a test in the block, as a partial
 * index (UnixBench shows one for any subset of its tests).
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

int
steps_block_end(struct block *b, const struct report *r, time_t end)
{
	b->end = end;
	block_kinds(b, r);
	return block_indexes(b, &r->settings);
}
