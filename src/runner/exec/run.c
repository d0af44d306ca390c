/*
 * run.c - the run loop (contract in run.h): blocks of copies, tests,
 * passes; a private scratch directory per pass, removed after it.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "write/escape.h"
#include "score/interval.h"
#include "score/latency.h"
#include "score/noise.h"
#include "score/precision.h"
#include "exec/process.h"
#include "exec/progress.h"
#include "exec/protocol.h"
#include "model/quick.h"
#include "exec/run.h"
#include "score/stats.h"
#include "plan/sysinfo.h"

extern char **environ;

/* bench_now() when the run started: pass start times are relative to it. */
static double run_origin;

/* The console's view of the run. */
static struct progress progress;

/*
 * How long past its duration a pass may run before the watchdog ends it:
 * max(10 s, 3 x the duration), since a loaded machine stretches what a
 * program does around its timed loop (whetstone's calibration took a 10 s
 * pass past 20 s under a load of 15); file tests also prime their files
 * and sync before measuring (fstime: up to 2 x 2 s of priming and three
 * 2 s pauses), so they get at least 60 s for slow disks.
 */
static double
watchdog_margin(const struct test_def *t, double seconds)
{
	double least = t->flags & TEST_SCRATCH ? 60 : 10;

	return 3 * seconds > least ? 3 * seconds : least;
}

/* Environment names the runner sets for every copy. */
static const char *const own_env[] = { "BENCH_COPY=", "BENCH_COPIES=",
	"UB_BINDIR=", "UB_TESTDIR=", "UB_TMPDIR=", "LC_ALL=" };

/* Text of one catalog argument with its @ token expanded; malloc'd. */
static char *
expand_arg(const char *tok, const struct report *r, const struct run_env *e,
    const char *copydir, double seconds)
{
	static const struct {
		const char *prefix;
		int which;
	} dirs[] = { { "@BIN/", 0 }, { "@DATA/", 1 }, { "@TMP/", 2 } };
	const char *dir[3] = { e->bindir, e->testdir, copydir };
	char buf[4096];
	size_t i, n;

	if (strcmp(tok, "@T") == 0) {
		snprintf(buf, sizeof(buf), "%g", seconds);
		return strdup(buf);
	}
	if (strncmp(tok, "@PLACE=", 7) == 0)
		return strdup(r->settings.placement_given ?
		    r->settings.placement : tok + 7);
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		n = strlen(dirs[i].prefix);
		if (strncmp(tok, dirs[i].prefix, n) != 0)
			continue;
		if (tok[n] == '\0')
			return strdup(dir[dirs[i].which]);
		snprintf(buf, sizeof(buf), "%s/%s", dir[dirs[i].which],
		    tok + n);
		return strdup(buf);
	}
	return strdup(tok);
}

static void
free_strings(char **v)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; v[i] != NULL; i++)
		free(v[i]);
	free(v);
}

/*
 * The copy's argv: the program's path, in quick mode its quick options,
 * then the expanded arguments.
 */
static char **
make_argv(const struct test_def *t, const struct report *r,
    const struct run_env *e, const char *copydir, double seconds)
{
	const char *const *quick = r->settings.quick ? quick_args(t) : NULL;
	char **argv, path[4096];
	size_t n = 0, q = 0, i;

	while (n < sizeof(t->args) / sizeof(t->args[0]) && t->args[n] != NULL)
		n++;
	while (quick != NULL && quick[q] != NULL)
		q++;
	if ((argv = calloc(n + q + 2, sizeof(*argv))) == NULL)
		return NULL;
	snprintf(path, sizeof(path), "%s/%s", e->bindir, t->program);
	if ((argv[0] = strdup(path)) == NULL) {
		free(argv);
		return NULL;
	}
	for (i = 0; i < q; i++) {
		if ((argv[i + 1] = strdup(quick[i])) == NULL) {
			free_strings(argv);
			return NULL;
		}
	}
	for (i = 0; i < n; i++) {
		argv[q + i + 1] = expand_arg(t->args[i], r, e, copydir,
		    seconds);
		if (argv[q + i + 1] == NULL) {
			free_strings(argv);
			return NULL;
		}
	}
	return argv;
}

static char *
env_entry(const char *name, const char *value)
{
	size_t n = strlen(name) + strlen(value) + 2;
	char *s = malloc(n);

	if (s != NULL)
		snprintf(s, n, "%s=%s", name, value);
	return s;
}

/*
 * The copy's environment: the runner's, less the names it sets, plus
 * BENCH_COPY, BENCH_COPIES, UB_BINDIR, UB_TESTDIR, UB_TMPDIR (the copy's
 * scratch directory) and, for tests of system tools, LC_ALL.
 */
static char **
make_env(const struct test_def *t, const struct run_env *e,
    const char *copydir, int copy, int ncopies, const char *locale)
{
	char num[24], **env;
	size_t n = 0, k = 0, i, j;
	int own;

	while (environ[n] != NULL)
		n++;
	if ((env = calloc(n + 7, sizeof(*env))) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		for (own = 0, j = 0; j < sizeof(own_env) / sizeof(own_env[0]);
		    j++)
			own |= strncmp(environ[i], own_env[j],
			    strlen(own_env[j])) == 0;
		if (!own && (env[k] = strdup(environ[i])) != NULL)
			k++;
	}
	snprintf(num, sizeof(num), "%d", copy);
	env[k++] = env_entry("BENCH_COPY", num);
	snprintf(num, sizeof(num), "%d", ncopies);
	env[k++] = env_entry("BENCH_COPIES", num);
	env[k++] = env_entry("UB_BINDIR", e->bindir);
	env[k++] = env_entry("UB_TESTDIR", e->testdir);
	env[k++] = env_entry("UB_TMPDIR", copydir);
	if (t->flags & TEST_SHELL)
		env[k++] = env_entry("LC_ALL", locale);
	for (i = 0; i < k; i++) {
		if (env[i] == NULL) {
			while (i < k)
				free(env[i++]);
			free_strings(env);
			return NULL;
		}
	}
	return env;
}

/* Severity of a copy's outcome when choosing the pass's. */
static int
severity(enum outcome o)
{
	switch (o) {
	case OUTCOME_INTERRUPTED:
		return 5;
	case OUTCOME_TIMEOUT:
		return 4;
	case OUTCOME_FAILED:
		return 3;
	case OUTCOME_NO_RESULT:
		return 2;
	case OUTCOME_SKIPPED:
		return 1;
	default:
		return 0;
	}
}

/* Sets the test's outcome and message (copied). */
static int
test_fail(struct test_result *t, enum outcome o, const char *msg)
{
	t->outcome = o;
	free(t->message);
	t->message = strdup(msg);
	return t->message == NULL ? -1 : 0;
}

struct pass_dirs {
	char pass[4096];
	char **copydirs, **outs, **errs;
	int n;
	int lock;	/* PASS_LOCK in pass, open and locked; -1 when none */
};

/*
 * A file in each pass directory that the runner keeps locked during the
 * pass: a later run removes a directory whose lock no process holds.
 */
#define PASS_LOCK "lock"

static void
pass_dirs_free(struct pass_dirs *d)
{
	int i;

	for (i = 0; i < d->n; i++) {
		free(d->copydirs[i]);
		free(d->outs[i]);
		free(d->errs[i]);
	}
	free(d->copydirs);
	free(d->outs);
	free(d->errs);
	if (d->pass[0] != '\0')
		process_remove_tree(d->pass);
	if (d->lock != -1)
		close(d->lock);
	memset(d, 0, sizeof(*d));
	d->lock = -1;
}

/*
 * Zero bytes written ahead into each copy's stdout and stderr file, which
 * the copy then overwrites: when the scratch file system fills up during
 * the pass, its ERROR line still has room (where blocks are overwritten in
 * place).  The runner drops NUL bytes when it reads the files back.
 */
#define CAPTURE_RESERVE 4096

/* Creates a copy's output file exclusively, no link followed; 0 or -1. */
static int
capture_file(const char *path)
{
	static const char zeros[CAPTURE_RESERVE];
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
	ssize_t n;

	if (fd == -1)
		return -1;
	/* Short of space already, the file just gets less (or no) reserve. */
	n = write(fd, zeros, sizeof(zeros));
	(void)n;
	return close(fd);
}

/* dir/<prefix><i>, malloc'd. */
static char *
path_in(const char *dir, const char *prefix, int i)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/%s%d", dir, prefix, i);
	return strdup(path);
}

/*
 * A private directory for the pass under tmpdir, with one scratch
 * subdirectory per copy (c<i>) and the names of its output files.
 */
static int
pass_dirs_make(struct pass_dirs *d, const char *tmpdir, int ncopies,
    char *err, size_t errlen)
{
	char path[4200];
	int i;

	memset(d, 0, sizeof(*d));
	d->lock = -1;
	snprintf(d->pass, sizeof(d->pass), "%s/bytebench.XXXXXX", tmpdir);
	if (mkdtemp(d->pass) == NULL) {
		snprintf(err, errlen, "cannot create a directory in %s: %s",
		    tmpdir, strerror(errno));
		d->pass[0] = '\0';
		return -1;
	}
	snprintf(path, sizeof(path), "%s/" PASS_LOCK, d->pass);
	d->lock = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0600);
	if (d->lock != -1)
		process_lock(d->lock);
	d->copydirs = calloc((size_t)ncopies, sizeof(char *));
	d->outs = calloc((size_t)ncopies, sizeof(char *));
	d->errs = calloc((size_t)ncopies, sizeof(char *));
	if (!d->copydirs || !d->outs || !d->errs) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 0; i < ncopies; i++) {
		d->n = i + 1;
		d->copydirs[i] = path_in(d->pass, "c", i);
		d->outs[i] = path_in(d->pass, "out.", i);
		d->errs[i] = path_in(d->pass, "err.", i);
		if (!d->copydirs[i] || !d->outs[i] || !d->errs[i]) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (mkdir(d->copydirs[i], 0700) == -1) {
			snprintf(err, errlen, "cannot create %s: %s",
			    d->copydirs[i], strerror(errno));
			return -1;
		}
		if (capture_file(d->outs[i]) == -1 ||
		    capture_file(d->errs[i]) == -1) {
			snprintf(err, errlen, "cannot create the output files "
			    "in %.400s: %s", d->pass, strerror(errno));
			return -1;
		}
	}
	return 0;
}

static void
say(const struct run_env *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prints progress on the console unless quiet. */
static void
say(const struct run_env *e, const char *fmt, ...)
{
	va_list ap;

	if (e->console == NULL)
		return;
	va_start(ap, fmt);
	vfprintf(e->console, fmt, ap);
	va_end(ap);
	fflush(e->console);
}

/*
 * Sums the copies' counters into the pass's (which holds the machine's)
 * and derives the per-loop values.  The loops of a copy are its count;
 * of a copy that printed a rate (timebase 0), the rate times its time.
 */
static void
pass_counters(struct pass_result *p)
{
	const struct copy_result *c;
	double loops = 0, wall = 0;
	int i;

	for (i = 0; i < p->ncopies; i++) {
		c = &p->copies[i];
		counters_add(&p->counters, &c->counters);
		loops += c->timebase > 0 ? c->count : c->count * c->time_s;
		wall += c->wall_s;
	}
	counters_derive(&p->counters, loops, wall, &p->derived);
}

/*
 * Runs one pass of t with ncopies copies into *p.  The pass outcome is the
 * most severe of its copies'; its message goes to msg.  With show set and
 * -v, the first copy's command is printed.  Returns -1 only when out of
 * memory.
 */
static int
run_pass(const struct test_def *t, int ncopies, const struct report *r,
    const struct run_env *e, double seconds, double origin,
    int show, struct pass_result *p, char *msg, size_t msglen)
{
	struct pass_dirs d;
	struct launch *l = NULL;
	char err[512];
	const char *why;
	int i, worst = -1, rc = 0;

	msg[0] = '\0';
	memset(p, 0, sizeof(*p));
	p->outcome = OUTCOME_FAILED;
	/*
	 * Dirty file data of the previous pass is flushed (sync) so it is not
	 * written back during this one.  UnixBench also sleeps 3 s before
	 * every pass: measured here (8 alternating pairs of fsbuffer and of
	 * pipe passes, with and without it) the median ratio was 0.99 and
	 * 1.02, within run-to-run noise, so there is no sleep; fstime syncs
	 * and pauses before each of its phases itself.
	 */
	sysinfo_flush_files();
	if (process_stop_signal) {
		p->outcome = OUTCOME_INTERRUPTED;
		snprintf(msg, msglen, "interrupted");
		return 0;
	}
	if (pass_dirs_make(&d, e->tmpdir, ncopies, msg, msglen) == -1) {
		pass_dirs_free(&d);
		return 0;
	}
	if ((l = calloc((size_t)ncopies, sizeof(*l))) == NULL) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < ncopies; i++) {
		l[i].argv = make_argv(t, r, e, d.copydirs[i], seconds);
		l[i].envp = make_env(t, e, d.copydirs[i], i, ncopies,
		    r->sys.locale);
		l[i].cwd = d.copydirs[i];
		l[i].out_path = d.outs[i];
		l[i].err_path = d.errs[i];
		l[i].counters = r->settings.counters;
		if (l[i].argv == NULL || l[i].envp == NULL) {
			rc = -1;
			goto out;
		}
	}
	if (show && e->verbose) {
		char arg[4200];

		say(e, "\n   ");
		for (i = 0; l[0].argv[i] != NULL; i++) {
			snprintf(arg, sizeof(arg), "%s", l[0].argv[i]);
			escape_plain(arg, 0);
			say(e, " %s", arg);
		}
		say(e, "\n");
	}
	if (process_run_pass(l, ncopies, seconds, watchdog_margin(t, seconds),
	    origin, p, err, sizeof(err)) == -1) {
		snprintf(msg, msglen, "%s", err);
		p->outcome = OUTCOME_FAILED;
		goto out;
	}
	for (i = 0; i < ncopies; i++) {
		struct copy_result *c = &p->copies[i];

		if (c->outcome == OUTCOME_OK &&
		    protocol_parse(c->output, c->errors, c->exit_status,
		    c->signal, c) == -1) {
			rc = -1;
			goto out;
		}
		if (c->outcome != OUTCOME_OK && (worst == -1 ||
		    severity(c->outcome) > severity(p->copies[worst].outcome)))
			worst = i;
	}
	if (worst >= 0) {
		p->outcome = p->copies[worst].outcome;
		if (ncopies > 1)
			snprintf(msg, msglen, "copy %d of %d: %s", worst + 1,
			    ncopies, p->copies[worst].message);
		else
			snprintf(msg, msglen, "%s", p->copies[worst].message);
	} else {
		p->outcome = OUTCOME_OK;
		stats_combine_pass(p, t->flags, &why);
		snprintf(msg, msglen, "%s", why);
		pass_counters(p);
	}
	escape_plain(msg, 0);
out:
	if (l != NULL)
		for (i = 0; i < ncopies; i++) {
			free_strings(l[i].argv);
			free_strings(l[i].envp);
		}
	free(l);
	pass_dirs_free(&d);
	return rc;
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
test_start(struct test_run *tr, const struct test_def *def, int copies,
    const struct report *r, const struct run_env *e, struct test_result *t)
{
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
	snprintf(path, sizeof(path), "%s/%s", e->bindir, def->program);
	if (access(path, X_OK) == -1) {
		progress_test_begin(&progress, def, copies, bench_now());
		snprintf(msg, sizeof(msg), "not built: %.500s", path);
		progress_test_end(&progress, bench_now(), msg);
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
test_pass(struct test_run *tr, const struct report *r,
    const struct run_env *e)
{
	struct test_result *t = tr->t;
	struct pass_result *p = &t->passes[t->npasses];
	char msg[600], line[700];

	if (process_stop_signal) {
		tr->running = 0;
		return test_fail(t, OUTCOME_INTERRUPTED, "interrupted");
	}
	progress_pass_begin(&progress, t->npasses + 1, bench_now());
	if (run_pass(tr->def, tr->copies, r, e, tr->seconds, run_origin,
	    t->npasses == 0, p, msg, sizeof(msg)) == -1)
		return -1;
	t->npasses++;
	if (p->outcome == OUTCOME_OK) {
		tr->running = t->npasses < tr->planned;
		progress_pass_end(&progress, bench_now(), NULL);
		return 0;
	}
	tr->running = 0;
	snprintf(line, sizeof(line), "%s: %s", outcome_name(p->outcome),
	    msg);
	progress_pass_end(&progress, bench_now(), line);
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
run_block_in_turn(struct block *b, struct report *r, const struct run_env *e)
{
	const struct settings *s = &r->settings;
	struct test_run tr;
	int i;

	for (i = 0; i < s->ntests && !process_stop_signal; i++) {
		b->ntests++;
		if (test_start(&tr, s->tests[i], b->copies, r, e,
		    &b->tests[i]) == -1)
			return -1;
		if (!tr.running)
			continue;
		progress_test_begin(&progress, tr.def, b->copies, bench_now());
		noise_test_begin(e->noise);
		while (tr.running)
			if (test_pass(&tr, r, e) == -1)
				return -1;
		if (test_finish(&tr) == -1)
			return -1;
		noise_test_end(e->noise, tr.t, b->copies);
		progress_test_end(&progress, bench_now(), NULL);
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

	b->indexes = calloc(catalog_nindexes > 0 ? catalog_nindexes : 1,
	    sizeof(*b->indexes));
	if (b->indexes == NULL)
		return -1;
	for (i = 0; i < catalog_nindexes; i++)
		any |= stats_index_covered(&catalog_indexes[i], s->tests,
		    s->ntests);
	for (i = 0; i < catalog_nindexes; i++) {
		if (stats_index(&ir, &catalog_indexes[i], b->tests,
		    b->ntests) == -1)
			return -1;
		/* Run in whole rounds (a --precision run's are not). */
		if (s->quick && !(s->precision_pct > 0))
			interval_index_rounds(&ir);
		show = any ? stats_index_covered(&catalog_indexes[i], s->tests,
		    s->ntests) : b->nindexes == 0;
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
precise_line(const struct run_env *e, const char *what, const char *text)
{
	char took[24];

	progress_clock(bench_now() - run_origin, took, sizeof(took));
	say(e, "%s%s: %s  (%s elapsed)\n", progress.tty && progress.drawn > 0 ?
	    "\n" : "", what, text, took);
	progress.drawn = 0;
}

/*
 * The passes of a --precision run after its first rounds (tr: every test
 * at every copies value, in run order): one at a time, where
 * precision_choose puts it, until it says stop; sets r->precision_end.
 * Returns 0, or -1 when out of memory.
 */
static int
run_precise(struct report *r, const struct run_env *e, struct test_run *tr)
{
	const struct settings *s = &r->settings;
	const struct test_result **t;
	enum precision_stop stop = PRECISION_STUCK;
	struct pass_result *grown;
	struct test_run *x;
	double *secs, next_line = bench_now() + PRECISE_LINE_S;
	int *open, k, n = s->ncopies * s->ntests, more = 0, rc = -1;
	char line[160];

	t = calloc((size_t)n, sizeof(*t));
	open = calloc((size_t)n, sizeof(*open));
	secs = calloc((size_t)n, sizeof(*secs));
	if (t == NULL || open == NULL || secs == NULL)
		goto out;
	if (!process_stop_signal)
		precise_line(e, "Precision", "first rounds done; passes to "
		    "the noisiest tests from here");
	for (;;) {
		for (k = 0; k < n; k++) {
			t[k] = tr[k].t;
			open[k] = !tr[k].running && tr[k].t->passes != NULL &&
			    tr[k].t->outcome == OUTCOME_OK &&
			    tr[k].t->npasses < PRECISION_MAX_PASSES;
			secs[k] = progress_pass_guess(progress.steps,
			    progress.nsteps, k);
		}
		if (process_stop_signal)
			break;
		k = precision_choose(s, t, open, secs, s->budget_s -
		    (bench_now() - run_origin), &stop);
		if (k == -1)
			break;
		x = &tr[k];
		grown = realloc(x->t->passes, sizeof(*grown) *
		    (size_t)(x->planned + 1));
		if (grown == NULL)
			goto out;
		x->t->passes = grown;
		memset(&grown[x->planned++], 0, sizeof(*grown));
		x->running = 1;
		progress.steps[k].passes = x->planned;
		progress.round = 1;	/* no line a pass: see precise_line */
		progress_test_begin(&progress, x->def, x->copies, bench_now());
		noise_test_begin(e->noise);
		if (test_pass(x, r, e) == -1)
			goto out;
		noise_test_end(e->noise, x->t, x->copies);
		progress_test_end(&progress, bench_now(), NULL);
		more++;
		if (bench_now() >= next_line) {
			next_line = bench_now() + PRECISE_LINE_S;
			snprintf(line, sizeof(line), "%d more pass%s after the "
			    "first rounds", more, more == 1 ? "" : "es");
			precise_line(e, "Precision", line);
		}
	}
	progress.round = 0;
	r->precision_end = process_stop_signal ? "interrupted" :
	    stop == PRECISION_REACHED ? "reached" :
	    stop == PRECISION_BUDGET ? "budget" : "stopped";
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
run_blocks_in_rounds(struct report *r, const struct run_env *e)
{
	const struct settings *s = &r->settings;
	struct test_run *tr, *x;
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
		if ((b->tests = calloc((size_t)s->ntests,
		    sizeof(*b->tests))) == NULL)
			goto out;
		for (i = 0; i < s->ntests; i++) {
			x = &tr[c * s->ntests + i];
			b->ntests++;
			if (test_start(x, s->tests[i], b->copies, r, e,
			    &b->tests[i]) == -1)
				goto out;
			if (x->planned > rounds)
				rounds = x->planned;
		}
	}
	for (k = 0; k < rounds && !process_stop_signal; k++)
		for (c = 0; c < s->ncopies && !process_stop_signal; c++) {
			progress_round_begin(&progress, k + 1, rounds,
			    s->copies[c], bench_now());
			for (i = 0; i < s->ntests && !process_stop_signal;
			    i++) {
				x = &tr[c * s->ntests + i];
				if (!x->running)
					continue;
				progress_test_begin(&progress, x->def,
				    x->copies, bench_now());
				noise_test_begin(e->noise);
				if (test_pass(x, r, e) == -1)
					goto out;
				noise_test_end(e->noise, x->t, x->copies);
				if (!x->running)
					progress_test_end(&progress,
					    bench_now(), NULL);
			}
			progress_round_end(&progress, bench_now());
		}
	if (s->precision_pct > 0 && run_precise(r, e, tr) == -1)
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
		precise_line(e, "Precision", line);
	}
	rc = 0;
out:
	free(tr);
	return rc;
}

/* Runs the blocks of r one copies value after another, as UnixBench does. */
static int
run_blocks_in_turn(struct report *r, const struct run_env *e)
{
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
		if (run_block_in_turn(b, r, e) == -1)
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

	run_origin = bench_now();
	if (progress_init(&progress, s, e->console, e->console != NULL &&
	    isatty(fileno(e->console)), run_origin) == -1)
		return -1;
	r->blocks = calloc((size_t)s->ncopies, sizeof(*r->blocks));
	if (r->blocks == NULL)
		return -1;
	if ((s->quick ? run_blocks_in_rounds(r, e) :
	    run_blocks_in_turn(r, e)) == -1)
		return -1;
	if (process_stop_signal)
		r->interrupted = (int)process_stop_signal;
	counters_missing(r);
	r->end = time(NULL);
	progress_free(&progress);
	return 0;
}

/* A pass directory: bytebench.XXXXXX, a directory. */
static int
pass_dir(const char *name, const struct stat *st)
{
	return S_ISDIR(st->st_mode) && strncmp(name, "bytebench.", 10) == 0 &&
	    strlen(name) == 16;
}

int
run_tidy_scratch(const char *tmpdir)
{
	return process_remove_dead(tmpdir, pass_dir, PASS_LOCK);
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
