/*
 * launch.c - one pass of a test (launch.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exec/launch.h"
#include "exec/process.h"
#include "exec/protocol.h"
#include "file.h"
#include "score/stats.h"
#include "write/escape.h"
#include "write/files.h"

extern char **environ;

/*
 * A pass's private directory under the scratch directory: bytebench.XXXXXX
 * with a scratch directory c<i> and output files out.<i> and err.<i> for
 * each copy.
 */
struct pass_dirs {
	char pass[4096]; /* the pass's directory; "" when none */
	struct pass_copy {
		char *dir, *out, *err; /* its scratch, stdout and stderr */
	} * copy; /* n of them */
	int n;
	int lock; /* its lock file, open and locked; -1 when none */
};

/*
 * A file in each pass directory that the runner keeps locked during the
 * pass: a later run removes a directory whose lock no process holds.
 */
#define PASS_LOCK "lock"

/* Removes the directory of d and frees d's names. */
static void
pass_dirs_free(struct pass_dirs *d)
{
	int i;

	for (i = 0; i < d->n; i++) {
		free(d->copy[i].dir);
		free(d->copy[i].out);
		free(d->copy[i].err);
	}
	free(d->copy);
	if (d->pass[0] != '\0')
		files_remove_tree(d->pass, PASS_LOCK);
	if (d->lock != -1)
		close(d->lock);
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

/* The most of a copy's stdout or stderr kept in the report. */
#define MAX_CAPTURE (1 << 20)

/*
 * Up to MAX_CAPTURE of a copy's output file at path, malloc'd, without
 * NUL bytes (the reserve's) and with what a terminal would act on made
 * '?' (escape_plain); "" when it cannot be read, NULL out of memory.
 */
static char *
capture(const char *path)
{
	char *buf = NULL;
	size_t len = 0, from, n = 0;

	/* Up to twice the most kept: the NULs among the bytes are left out. */
	if (file_read_path(path, O_NOFOLLOW, 2 * MAX_CAPTURE, &buf, &len) ==
	    -1) {
		buf = NULL;
		len = 0;
	}
	if (buf == NULL && (buf = malloc(1)) == NULL)
		return NULL;
	for (from = 0; from < len && n < MAX_CAPTURE; from++)
		if (buf[from] != '\0')
			buf[n++] = buf[from];
	buf[n] = '\0';
	escape_plain(buf, 1);
	return buf;
}

/* dir/<prefix><i>, malloc'd. */
static char *
path_in(const char *dir, const char *prefix, int i)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/%s%d", dir, prefix, i);
	return strdup(path);
}

/* The directory and output files of copy i of d's pass.  0, or -1. */
static int
copy_make(struct pass_dirs *d, int i, char *err, size_t errlen)
{
	struct pass_copy *c = &d->copy[i];

	d->n = i + 1;
	c->dir = path_in(d->pass, "c", i);
	c->out = path_in(d->pass, "out.", i);
	c->err = path_in(d->pass, "err.", i);
	if (!c->dir || !c->out || !c->err) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (mkdir(c->dir, 0700) == -1) {
		snprintf(err, errlen, "cannot create %s: %s", c->dir,
		    strerror(errno));
		return -1;
	}
	if (capture_file(c->out) == -1 || capture_file(c->err) == -1) {
		snprintf(err, errlen,
		    "cannot create the output files in %.400s: %s", d->pass,
		    strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Creates the directory of a pass of ncopies copies under tmpdir into *d.
 * 0, or -1 with why in err (then pass_dirs_free(d) is still due).
 */
static int
pass_dirs_make(struct pass_dirs *d, const char *tmpdir, int ncopies, char *err,
    size_t errlen)
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
	d->lock = open(
	    path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	/* Locked before it holds the mark a tidying run looks for. */
	if (d->lock != -1 && files_lock(d->lock) == 0)
		files_mark(d->lock);
	if ((d->copy = calloc((size_t)ncopies, sizeof(*d->copy))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 0; i < ncopies; i++)
		if (copy_make(d, i, err, errlen) == -1)
			return -1;
	return 0;
}

/* A pass directory: bytebench. and mkdtemp's six letters or digits. */
static int
pass_dir(int dirfd, const char *name, const struct stat *st)
{
	(void)dirfd;
	return S_ISDIR(st->st_mode) && strncmp(name, "bytebench.", 10) == 0 &&
	       files_six_random(name + 10);
}

int
launch_tidy(const char *tmpdir)
{
	return files_remove_dead(tmpdir, pass_dir, PASS_LOCK);
}

/* Text of one catalog argument with its @ token expanded; malloc'd. */
static char *
expand_arg(const char *tok, const struct plan_step *st, const struct run_env *e,
    const char *copydir)
{
	static const char *const prefix[3] = {"@BIN/", "@DATA/", "@TMP/"};
	const char *dir[3] = {e->bindir, e->testdir, copydir};
	char buf[4096];
	size_t i, n;

	if (strcmp(tok, "@T") == 0) {
		snprintf(buf, sizeof(buf), "%g", st->seconds);
		return strdup(buf);
	}
	if (strncmp(tok, "@PLACE=", 7) == 0)
		return strdup(st->placement != NULL ? st->placement : tok + 7);
	for (i = 0; i < 3; i++) {
		n = strlen(prefix[i]);
		if (strncmp(tok, prefix[i], n) != 0)
			continue;
		if (tok[n] == '\0')
			return strdup(dir[i]);
		snprintf(buf, sizeof(buf), "%s/%s", dir[i], tok + n);
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
	char **argv;
	size_t n = 0, q = 0, i;

	while (n < CATALOG_MAX_ARGS && t->args[n] != NULL)
		n++;
	while (st->quick_args[q] != NULL)
		q++;
	if ((argv = calloc(n + q + 2, sizeof(*argv))) == NULL)
		return NULL;
	argv[0] = strdup(st->path);
	for (i = 0; i < q; i++)
		argv[i + 1] = strdup(st->quick_args[i]);
	for (i = 0; i < n; i++)
		argv[q + i + 1] = expand_arg(t->args[i], st, e, copydir);
	for (i = 0; i <= n + q; i++)
		if (argv[i] == NULL) {
			for (i = 0; i <= n + q; i++)
				free(argv[i]);
			free(argv);
			return NULL;
		}
	return argv;
}

/*
 * The names the runner sets in a copy's environment, in the order they
 * are added; any the runner's own environment has are left out of it.
 */
#define NENV 6
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
	char copy_s[24], copies_s[24], **env;
	/* own_env's values; LC_ALL for tests of system tools only. */
	const char *value[NENV] = {copy_s, copies_s, def->env->bindir,
	    def->env->testdir, copydir,
	    def->step->test->flags & TEST_SHELL ? def->report->sys.locale
	                                        : NULL};
	size_t n = 0, k = 0, i, len;

	snprintf(copy_s, sizeof(copy_s), "%d", copy);
	snprintf(copies_s, sizeof(copies_s), "%d", def->step->copies);
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
static const int severity[] = {[OUTCOME_INTERRUPTED] = 5,
    [OUTCOME_TIMEOUT] = 4,
    [OUTCOME_FAILED] = 3,
    [OUTCOME_NO_RESULT] = 2,
    [OUTCOME_SKIPPED] = 1,
    [OUTCOME_NOT_RUN] = 0};

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
	int i, n = def->step->copies;

	for (i = 0; i < n; i++) {
		l[i].argv = make_argv(def->step, def->env, d->copy[i].dir);
		l[i].envp = make_env(def, d->copy[i].dir, i);
		l[i].cwd = d->copy[i].dir;
		l[i].out_path = d->copy[i].out;
		l[i].err_path = d->copy[i].err;
		l[i].pin = def->step->pin;
		if (l[i].argv == NULL || l[i].envp == NULL)
			return -1;
	}
	return 0;
}

/* argv joined with spaces, made plain, malloc'd; NULL out of memory. */
static char *
join_argv(char *const *argv)
{
	size_t n = 1, i;
	char *s;

	for (i = 0; argv[i] != NULL; i++)
		n += strlen(argv[i]) + 1;
	if ((s = malloc(n)) == NULL)
		return NULL;
	s[0] = '\0';
	for (i = 0; argv[i] != NULL; i++) {
		if (i > 0)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	escape_plain(s, 0);
	return s;
}

/* Prints a copy's command, as a line of its own, with -v. */
static void
show_command(const struct run_env *e, char *const *argv)
{
	char *cmd;

	if (!e->verbose || e->console == NULL ||
	    (cmd = join_argv(argv)) == NULL)
		return;
	fprintf(e->console, "\n    %s\n", cmd);
	fflush(e->console);
	free(cmd);
}

/*
 * Reads back the command, output and lines of each copy l of a pass that
 * ran into p and sets its outcome: the most severe of its copies', with
 * that copy's message in msg; when every copy succeeded, the pass's
 * combined result and counters.  0, or -1 when out of memory.
 */
static int
pass_outcome(struct pass_result *p, const struct launch *l, unsigned flags,
    char *msg, size_t msglen)
{
	const char *why;
	int i, worst = -1, ncopies = p->ncopies;

	for (i = 0; i < ncopies; i++) {
		struct copy_result *c = &p->copies[i];

		c->command = join_argv(l[i].argv);
		c->output = capture(l[i].out_path);
		c->errors = capture(l[i].err_path);
		if (!c->command || !c->output || !c->errors) {
			p->ncopies = 0; /* nothing to report of them */
			return -1;
		}
		if (c->outcome == OUTCOME_OK &&
		    protocol_parse(c->output, c->errors, c->exit_status,
		        c->signal, c) == -1)
			return -1;
		if (c->outcome != OUTCOME_OK &&
		    (worst == -1 || severity[c->outcome] >
		                        severity[p->copies[worst].outcome]))
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

/* Runs the pass of l, its copies, into p.  0, or -1 (memory). */
static int
run_launches(const struct launch_pass_def *def, const struct launch *l,
    struct pass_result *p, char *msg, size_t msglen)
{
	const struct plan_step *st = def->step;
	struct pass_spec spec = {l, st->copies, st->seconds, st->margin_s,
	    def->origin, def->report->settings.counters};
	char err[512];
	int ran;

	if (def->show)
		show_command(def->env, l[0].argv);
	ran = process_run_pass(&spec, p, err, sizeof(err));
	if (ran == PROCESS_NOMEM)
		return -1;
	if (ran == PROCESS_NOT_STARTED) {
		snprintf(msg, msglen, "%s", err);
		p->outcome = OUTCOME_FAILED;
		return 0;
	}
	return pass_outcome(p, l, st->test->flags, msg, msglen);
}

int
launch_pass(const struct launch_pass_def *def, struct pass_result *p, char *msg,
    size_t msglen)
{
	struct pass_dirs d;
	struct launch *l = NULL;
	int i, n = def->step->copies, rc;

	msg[0] = '\0';
	memset(p, 0, sizeof(*p));
	p->outcome = OUTCOME_FAILED;
	/*
	 * Dirty file data of the previous pass is flushed (sync) so it is not
	 * written back during this one.  No pause follows (UnixBench's 3 s
	 * sleep changed no result beyond run-to-run noise); fstime syncs and
	 * pauses before each of its phases itself.
	 */
	sync();
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
	    make_launches(l, def, &d) == -1)
		rc = -1;
	else
		rc = run_launches(def, l, p, msg, msglen);
	for (i = 0; l != NULL && i < n; i++) {
		free_strings(l[i].argv);
		free_strings(l[i].envp);
	}
	free(l);
	pass_dirs_free(&d);
	return rc;
}
