/*
 * launch.c - one pass of a test (launch.h): a private scratch directory
 * with one directory per copy, each copy's argv (the catalog's arguments
 * with their @ tokens expanded) and environment, the copies run by
 * process.c, their lines read and the pass's result combined.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exec/launch.h"
#include "exec/passdir.h"
#include "exec/process.h"
#include "exec/protocol.h"
#include "plan/sysinfo.h"
#include "score/stats.h"
#include "write/escape.h"

extern char **environ;

/* Text of one catalog argument with its @ token expanded; malloc'd. */
static char *
expand_arg(const char *tok, const struct plan_step *st, const struct run_env *e,
    const char *copydir)
{
	static const struct {
		const char *prefix;
		int which;
	} dirs[] = {{"@BIN/", 0}, {"@DATA/", 1}, {"@TMP/", 2}};
	const char *dir[3] = {e->bindir, e->testdir, copydir};
	char buf[4096];
	size_t i, n;

	if (strcmp(tok, "@T") == 0) {
		snprintf(buf, sizeof(buf), "%g", st->seconds);
		return strdup(buf);
	}
	if (strncmp(tok, "@PLACE=", 7) == 0)
		return strdup(st->placement != NULL ? st->placement : tok + 7);
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		n = strlen(dirs[i].prefix);
		if (strncmp(tok, dirs[i].prefix, n) != 0)
			continue;
		if (tok[n] == '\0')
			return strdup(dir[dirs[i].which]);
		snprintf(
		    buf, sizeof(buf), "%s/%s", dir[dirs[i].which], tok + n);
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
make_argv(
    const struct plan_step *st, const struct run_env *e, const char *copydir)
{
	const struct test_def *t = st->test;
	const char *const *quick = st->quick_args;
	char **argv;
	size_t n = 0, q = 0, i;

	while (n < sizeof(t->args) / sizeof(t->args[0]) && t->args[n] != NULL)
		n++;
	while (quick[q] != NULL)
		q++;
	if ((argv = calloc(n + q + 2, sizeof(*argv))) == NULL)
		return NULL;
	if ((argv[0] = strdup(st->path)) == NULL) {
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
		argv[q + i + 1] = expand_arg(t->args[i], st, e, copydir);
		if (argv[q + i + 1] == NULL) {
			free_strings(argv);
			return NULL;
		}
	}
	return argv;
}

/*
 * The names the runner sets in a copy's environment, in the order they
 * are added; any the runner's own environment has are left out of it.
 * LC_ALL is set for tests of system tools only.
 */
enum {
	ENV_COPY,
	ENV_COPIES,
	ENV_BINDIR,
	ENV_TESTDIR,
	ENV_TMPDIR,
	ENV_LC_ALL,
	NENV
};
static const char *const own_env[NENV] = {"BENCH_COPY", "BENCH_COPIES",
    "UB_BINDIR", "UB_TESTDIR", "UB_TMPDIR", "LC_ALL"};

/* Whether entry ("NAME=value") sets one of own_env's names. */
static int
own_entry(const char *entry)
{
	size_t j, len;

	for (j = 0; j < NENV; j++) {
		len = strlen(own_env[j]);
		if (strncmp(entry, own_env[j], len) == 0 && entry[len] == '=')
			return 1;
	}
	return 0;
}

/*
 * The copy's environment: the runner's, less own_env's names, plus those
 * names with the copy's values (UB_TMPDIR: the copy's scratch directory).
 * NULL when out of memory.
 */
static char **
make_env(const struct launch_pass_def *def, const char *copydir, int copy)
{
	const struct test_def *t = def->step->test;
	const struct run_env *e = def->env;
	char copy_s[24], copies_s[24], **env;
	const char *value[NENV];
	size_t n = 0, k = 0, i, len;

	snprintf(copy_s, sizeof(copy_s), "%d", copy);
	snprintf(copies_s, sizeof(copies_s), "%d", def->step->copies);
	value[ENV_COPY] = copy_s;
	value[ENV_COPIES] = copies_s;
	value[ENV_BINDIR] = e->bindir;
	value[ENV_TESTDIR] = e->testdir;
	value[ENV_TMPDIR] = copydir;
	value[ENV_LC_ALL] =
	    t->flags & TEST_SHELL ? def->report->sys.locale : NULL;
	while (environ[n] != NULL)
		n++;
	if ((env = calloc(n + NENV + 1, sizeof(*env))) == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		if (!own_entry(environ[i]) &&
		    (env[k++] = strdup(environ[i])) == NULL)
			goto nomem;
	for (i = 0; i < NENV; i++) {
		if (value[i] == NULL)
			continue;
		len = strlen(own_env[i]) + strlen(value[i]) + 2;
		if ((env[k] = malloc(len)) == NULL)
			goto nomem;
		snprintf(env[k++], len, "%s=%s", own_env[i], value[i]);
	}
	return env;
nomem:
	free_strings(env);
	return NULL;
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
 * Fills the copies' launches l (argv, environment, scratch directory and
 * output files in d) for a pass of t.  Returns 0, or -1 when out of
 * memory.
 */
static int
make_launches(struct launch *l, const struct launch_pass_def *def,
    const struct pass_dirs *d)
{
	const struct report *r = def->report;
	int i, n = def->step->copies;

	for (i = 0; i < n; i++) {
		l[i].argv = make_argv(def->step, def->env, d->copydirs[i]);
		l[i].envp = make_env(def, d->copydirs[i], i);
		l[i].cwd = d->copydirs[i];
		l[i].out_path = d->outs[i];
		l[i].err_path = d->errs[i];
		l[i].counters = r->settings.counters;
		l[i].pin = def->step->pin;
		if (l[i].argv == NULL || l[i].envp == NULL)
			return -1;
	}
	return 0;
}

/* Prints a copy's command, as a line of its own, with -v. */
static void
show_command(const struct run_env *e, char *const *argv)
{
	char arg[4200];
	int i;

	if (!e->verbose || e->console == NULL)
		return;
	fputs("\n   ", e->console);
	for (i = 0; argv[i] != NULL; i++) {
		snprintf(arg, sizeof(arg), "%s", argv[i]);
		escape_plain(arg, 0);
		fprintf(e->console, " %s", arg);
	}
	fputc('\n', e->console);
	fflush(e->console);
}

/*
 * Reads the copies' lines of a pass that ran into p and sets its outcome:
 * the most severe of its copies', with that copy's message in msg; when
 * every copy succeeded, the pass's combined result and counters.
 * Returns 0, or -1 when out of memory.
 */
static int
pass_outcome(struct pass_result *p, int ncopies, unsigned flags, char *msg,
    size_t msglen)
{
	const char *why;
	int i, worst = -1;

	for (i = 0; i < ncopies; i++) {
		struct copy_result *c = &p->copies[i];

		if (c->outcome == OUTCOME_OK &&
		    protocol_parse(c->output, c->errors, c->exit_status,
		        c->signal, c) == -1)
			return -1;
		if (c->outcome != OUTCOME_OK &&
		    (worst == -1 || severity(c->outcome) >
		                        severity(p->copies[worst].outcome)))
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
		stats_combine_pass(p, flags, &why);
		snprintf(msg, msglen, "%s", why);
		pass_counters(p);
	}
	escape_plain(msg, 0);
	return 0;
}

int
launch_pass(const struct launch_pass_def *def, struct pass_result *p, char *msg,
    size_t msglen)
{
	struct pass_dirs d;
	struct launch *l = NULL;
	char err[512];
	const struct plan_step *st = def->step;
	int i, n = st->copies, rc = 0, ran;

	msg[0] = '\0';
	memset(p, 0, sizeof(*p));
	p->outcome = OUTCOME_FAILED;
	/*
	 * Dirty file data of the previous pass is flushed (sync) so it is not
	 * written back during this one.  No pause follows (UnixBench's 3 s
	 * sleep changed no result beyond run-to-run noise); fstime syncs and
	 * pauses before each of its phases itself.
	 */
	sysinfo_flush_files();
	if (process_stop_signal) {
		p->outcome = OUTCOME_INTERRUPTED;
		snprintf(msg, msglen, "interrupted");
		return 0;
	}
	if (pass_dirs_make(&d, def->env->tmpdir, n, msg, msglen) == -1) {
		pass_dirs_free(&d);
		return 0;
	}
	if ((l = calloc((size_t)n, sizeof(*l))) == NULL ||
	    make_launches(l, def, &d) == -1) {
		rc = -1;
	} else {
		struct pass_spec spec = {
		    l, n, st->seconds, st->margin_s, def->origin};

		if (def->show)
			show_command(def->env, l[0].argv);
		ran = process_run_pass(&spec, p, err, sizeof(err));
		if (ran == PROCESS_NOMEM)
			rc = -1;
		else if (ran == PROCESS_NOT_STARTED) {
			snprintf(msg, msglen, "%s", err);
			p->outcome = OUTCOME_FAILED;
		} else
			rc = pass_outcome(p, n, st->test->flags, msg, msglen);
	}
	for (i = 0; l != NULL && i < n; i++) {
		free_strings(l[i].argv);
		free_strings(l[i].envp);
	}
	free(l);
	pass_dirs_free(&d);
	return rc;
}
