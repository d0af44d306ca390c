/*
 * schedule.c - the run loop (schedule.h): --runs K whole runs, a settle
 * before each; one run's blocks of copies values, tests and passes in
 * turn (UnixBench's order) or in rounds (quick mode, --precision).
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "exec/launch.h"
#include "exec/noise_sample.h"
#include "exec/process.h"
#include "exec/progress.h"
#include "exec/schedule.h"
#include "plan/sysinfo.h"
#include "score/between.h"
#include "score/interval.h"
#include "score/latency.h"
#include "score/noise.h"
#include "score/precision.h"
#include "score/stats.h"
#include "write/writers.h"

/* A run as it goes; its plan (plan.h) is owned, with the tallies. */
struct run_ctx {
	struct report *r;
	const struct run_env *e;
	struct plan_step *steps;
	struct plan_run plan;
	struct progress progress; /* the console's view of the run */
	double origin; /* bench_now() when the run started */
};

/* A test at one copies value as it runs. */
struct test_run {
	struct step_tally *tally; /* its passes to run, and done */
	int k; /* its step's place in the plan */
	struct test_result *t;
	int running; /* no pass failed, it was built, no stop signal */
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

/*
 * Starts tr for step k of the plan into *t, or ends it when its program
 * or input is missing.  0, or -1 when out of memory.
 */
static int
test_start(struct run_ctx *x, struct test_run *tr, int k, struct test_result *t)
{
	const struct plan_step *st = &x->plan.steps[k];
	char msg[600];

	memset(t, 0, sizeof(*t));
	memset(tr, 0, sizeof(*tr));
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
	    &x->plan.steps[tr->k], x->origin, t->npasses == 0, x->r, x->e};
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

/* Ends tr: a test whose passes all ran is scored.  0, or -1 (memory). */
static int
test_finish(struct test_run *tr)
{
	struct test_result *t = tr->t;
	int rc;

	if (t->outcome != OUTCOME_OK)
		return 0;
	if (tr->running)
		return test_fail(t, OUTCOME_INTERRUPTED, "interrupted");
	if (t->passes[0].copies[0].unit[0] != '\0')
		snprintf(t->unit, sizeof(t->unit), "%s",
		    t->passes[0].copies[0].unit);
	if ((rc = stats_score_test(t)) != 0)
		return rc == -1
		           ? -1
		           : test_fail(t, OUTCOME_NO_RESULT, "result is zero");
	if (t->test->flags & TEST_LATENCY)
		latency_combine(t);
	counters_median(t->passes, t->npasses, &t->derived);
	return 0;
}

/*
 * The next pass of tr (all: every pass, then the score) between the
 * console's and the noise's begin and end of the test.  0 or -1.
 */
static int
run_test(struct run_ctx *x, struct test_run *tr, int all)
{
	progress_test_begin(&x->progress, tr->k, bench_now());
	noise_test_begin(x->e->noise);
	do
		if (test_pass(x, tr) == -1)
			return -1;
	while (all && tr->running);
	if (all && test_finish(tr) == -1)
		return -1;
	noise_test_end(x->e->noise, tr->t, x->plan.steps[tr->k].copies);
	if (!tr->running)
		progress_test_end(&x->progress, bench_now(), NULL);
	return 0;
}

/* Adds the block of the c-th copies value to the run; NULL out of memory. */
static struct block *
block_begin(struct run_ctx *x, int c, time_t start)
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

/*
 * Ends b at end: the passes of a 1-copy block, not pinned, counted by the
 * kind of core they ended on; its index tables.  0, or -1 (memory).
 */
static int
block_end(struct block *b, const struct report *r, time_t end)
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
	b->end = end;
	return block_indexes(b, &r->settings);
}

/* Seconds between the console's lines in a --precision run's passes. */
#define PRECISE_LINE_S 30

/* What precision_choose reads of a run's tests, one entry a test. */
struct precise {
	const struct test_result **t;
	struct precision_test *pt; /* may it have one more pass, how long */
	int more; /* passes after the first rounds */
	double next_line; /* bench_now() of the next line on the console */
};

/*
 * The test (in run order) that precision_choose gives the next pass, or
 * -1: enough (*stop says why) or a stop signal.
 */
static int
precise_choose(struct run_ctx *x, struct test_run *tr, struct precise *pr,
    enum precision_stop *stop)
{
	const struct settings *s = &x->r->settings;
	int k;

	for (k = 0; k < s->ncopies * s->ntests; k++) {
		pr->t[k] = tr[k].t;
		pr->pt[k].open = !tr[k].running && tr[k].t->passes != NULL &&
		                 tr[k].t->outcome == OUTCOME_OK &&
		                 tr[k].t->npasses < PRECISION_MAX_PASSES;
		pr->pt[k].seconds = estimate_pass_guess(&x->plan, k);
	}
	if (process_stop_signal)
		return -1;
	return precision_choose(
	    s, pr->t, pr->pt, s->budget_s - (bench_now() - x->origin), stop);
}

/* One more pass of one, and a line on the console now and then. */
static int
precise_pass(struct run_ctx *x, struct test_run *one, struct precise *pr)
{
	struct pass_result *grown;
	char line[160];

	grown = realloc(
	    one->t->passes, sizeof(*grown) * (size_t)(one->tally->passes + 1));
	if (grown == NULL)
		return -1;
	one->t->passes = grown;
	memset(&grown[one->tally->passes++], 0, sizeof(*grown));
	one->running = 1;
	if (run_test(x, one, 0) == -1)
		return -1;
	pr->more++;
	if (bench_now() >= pr->next_line) {
		pr->next_line = bench_now() + PRECISE_LINE_S;
		snprintf(line, sizeof(line),
		    "%d more pass%s after the first rounds", pr->more,
		    pr->more == 1 ? "" : "es");
		progress_note(&x->progress, bench_now(), "Precision", line);
	}
	return 0;
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
	size_t n = (size_t)r->settings.ncopies * (size_t)r->settings.ntests;
	struct precise pr = {NULL, NULL, 0, bench_now() + PRECISE_LINE_S};
	enum precision_stop stop = PRECISION_STUCK;
	int k, rc = -1;

	pr.t = calloc(n, sizeof(*pr.t));
	pr.pt = calloc(n, sizeof(*pr.pt));
	if (pr.t == NULL || pr.pt == NULL)
		goto out;
	x->progress.precise = 1;
	if (!process_stop_signal)
		progress_note(&x->progress, bench_now(), "Precision",
		    "first rounds done, now passes to the noisiest tests");
	while ((k = precise_choose(x, tr, &pr, &stop)) != -1)
		if (precise_pass(x, &tr[k], &pr) == -1)
			goto out;
	x->progress.precise = 0;
	r->precision_end = process_stop_signal         ? "interrupted"
	                   : stop == PRECISION_REACHED ? "reached"
	                   : stop == PRECISION_BUDGET  ? "budget"
	                                               : "stopped";
	rc = 0;
out:
	free(pr.t);
	free(pr.pt);
	return rc;
}

/*
 * Starts every block and its tests into tr: the most passes of a test,
 * or -1 (memory).
 */
static int
rounds_start(struct run_ctx *x, struct test_run *tr)
{
	const struct settings *s = &x->r->settings;
	time_t start = time(NULL);
	struct block *b;
	int c, i, k, rounds = 0;

	for (c = 0; c < s->ncopies; c++) {
		if ((b = block_begin(x, c, start)) == NULL)
			return -1;
		b->took_turns = s->ncopies > 1;
		for (i = 0; i < s->ntests; i++) {
			k = c * s->ntests + i;
			if (test_start(x, &tr[k], k, &b->tests[b->ntests++]) ==
			    -1)
				return -1;
			if (tr[k].tally->passes > rounds)
				rounds = tr[k].tally->passes;
		}
	}
	return rounds;
}

/* Round k: pass k of every test still running at every copies value. */
static int
rounds_run(struct run_ctx *x, struct test_run *tr, int rounds)
{
	const struct settings *s = &x->r->settings;
	struct test_run *one;
	int c, i, k;

	for (k = 0; k < rounds && !process_stop_signal; k++)
		for (c = 0; c < s->ncopies && !process_stop_signal; c++) {
			progress_round_begin(&x->progress, k + 1, rounds,
			    s->copies[c], bench_now());
			for (i = 0; i < s->ntests && !process_stop_signal;
			     i++) {
				one = &tr[c * s->ntests + i];
				if (one->running && run_test(x, one, 0) == -1)
					return -1;
			}
			progress_round_end(&x->progress, bench_now());
		}
	return 0;
}

/* Scores every test and ends every block; the precision summary. */
static int
rounds_end(struct run_ctx *x, struct test_run *tr)
{
	struct report *r = x->r;
	struct run *run = &r->runs[r->nruns - 1];
	/* One end for every block, as one start: they share the rounds. */
	time_t end = time(NULL);
	int c, i;

	for (c = 0; c < run->nblocks; c++) {
		for (i = 0; i < run->blocks[c].ntests; i++)
			if (test_finish(&tr[c * r->settings.ntests + i]) == -1)
				return -1;
		if (block_end(&run->blocks[c], r, end) == -1)
			return -1;
	}
	if (r->settings.precision_pct > 0)
		precision_intervals(r);
	if (r->precision_end != NULL) {
		precision_summary(r);
		progress_note(
		    &x->progress, bench_now(), "Precision", r->precision_text);
	}
	return 0;
}

/*
 * Runs every block in rounds.  Round k runs pass k of every test at every
 * copies value, so that a change of the machine during the run shows in every
 * test's spread, not in the scores of the tests it met (doc/quick-mode.md).
 */
static int
run_rounds(struct run_ctx *x)
{
	const struct settings *s = &x->r->settings;
	struct test_run *tr;
	int rounds, rc = -1;

	tr = calloc((size_t)s->ncopies * (size_t)s->ntests, sizeof(*tr));
	if (tr != NULL && (rounds = rounds_start(x, tr)) != -1 &&
	    rounds_run(x, tr, rounds) == 0 &&
	    (!(s->precision_pct > 0) || run_precise(x, tr) == 0))
		rc = rounds_end(x, tr);
	free(tr);
	return rc;
}

/* Every pass of a test before the next, as UnixBench does. */
static int
run_in_turn(struct run_ctx *x)
{
	const struct settings *s = &x->r->settings;
	struct test_run tr;
	struct block *b;
	int c, i;

	for (c = 0; c < s->ncopies && !process_stop_signal; c++) {
		if ((b = block_begin(x, c, time(NULL))) == NULL)
			return -1;
		for (i = 0; i < s->ntests && !process_stop_signal; i++)
			if (test_start(x, &tr, c * s->ntests + i,
			        &b->tests[b->ntests++]) == -1 ||
			    (tr.running && run_test(x, &tr, 1) == -1))
				return -1;
		if (block_end(b, x->r, time(NULL)) == -1)
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

/*
 * Runs r->settings into a new run at the end of r->runs.  A test that
 * failed is recorded and the run goes on; a stop signal ends it with
 * r->interrupted set and what was measured kept.  0, or -1 (memory).
 */
static int
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
	if ((s->quick ? run_rounds(&x) : run_in_turn(&x)) == -1)
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
static void run_say(const struct run_env *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
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
schedule_settle(struct report *r, const struct run_env *e)
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
schedule_runs(struct report *r, const struct run_env *e)
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
