/* setup.c - the plan of a run before anything runs (setup.h). */
#include <sys/stat.h>
#include <sys/statvfs.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpu.h"
#include "model/catalog.h"
#include "model/quick.h"
#include "parse.h"
#include "plan/estimate.h"
#include "plan/limits.h"
#include "plan/optable.h"
#include "plan/outputs.h"
#include "plan/room.h"
#include "plan/topology.h"
#include "plan/setup.h"
#include "score/noise.h"
#include "score/precision.h"
#include "score/stats.h"
#include "write/results.h"

/*
 * The longest scratch directory name: room below it for the pass's own
 * directories and the file names the programs make there.
 */
#define MAX_TMPDIR      3000
#define MAX_TMPDIR_TEXT "3000"

/* dir as an absolute path (relative ones are taken from the cwd). */
static int
absolute(char *out, size_t len, const char *dir)
{
	char cwd[4096];
	size_t n;

	if (dir[0] == '/') {
		if ((size_t)snprintf(out, len, "%s", dir) >= len)
			return -1;
	} else if (getcwd(cwd, sizeof(cwd)) == NULL ||
	           (size_t)snprintf(out, len, "%s/%s", cwd, dir) >= len) {
		return -1;
	}
	for (n = strlen(out); n > 1 && out[n - 1] == '/'; n--)
		out[n - 1] = '\0';
	return 0;
}

/* The directory of the running program: from argv[0], or found in PATH. */
static int
program_dir(char *out, size_t len, const char *argv0)
{
	char path[4096], *slash;
	const char *p, *q, *env = getenv("PATH");

	if (strchr(argv0, '/') != NULL) {
		snprintf(path, sizeof(path), "%s", argv0);
	} else {
		path[0] = '\0';
		for (p = env != NULL ? env : ""; *p != '\0';
		     p = *q ? q + 1 : q) {
			q = p + strcspn(p, ":");
			snprintf(path, sizeof(path), "%.*s/%s", (int)(q - p),
			    q == p ? "." : p, argv0);
			if (access(path, X_OK) == 0)
				break;
			path[0] = '\0';
		}
		if (path[0] == '\0')
			return -1;
	}
	slash = strrchr(path, '/');
	*slash = '\0';
	return absolute(out, len, path[0] != '\0' ? path : "/");
}

static int
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Checks that path is a directory, writable when writable is set. */
static int
check_dir(
    const char *what, const char *path, int writable, char *err, size_t errlen)
{
	struct stat st;
	const char *why = NULL;

	if (stat(path, &st) == -1)
		why = errno == ENOENT    ? "missing"
		      : errno == ENOTDIR ? "not a directory (below a file)"
		                         : strerror(errno);
	else if (!S_ISDIR(st.st_mode))
		why = "not a directory";
	else if (writable && access(path, W_OK | X_OK) == -1)
		why = "not writable";
	if (why == NULL)
		return 0;
	snprintf(err, errlen, "%s %s: %s", what, why, path);
	return -1;
}

int
setup_uses_arg(const struct settings *s, const char *prefix)
{
	int i, k;

	for (i = 0; i < s->ntests; i++)
		for (k = 0;
		     k < CATALOG_MAX_ARGS && s->tests[i]->args[k] != NULL; k++)
			if (strncmp(s->tests[i]->args[k], prefix,
			        strlen(prefix)) == 0)
				return 1;
	return 0;
}

/* The scratch's free space for the file tests, where statvfs can say. */
static int
scratch_room(
    const struct settings *s, const char *dir, char *out, size_t outlen)
{
	struct statvfs vfs;
	unsigned long long kib;
	char err[600];

	if (statvfs(dir, &vfs) == -1)
		return 0;
	kib = (unsigned long long)vfs.f_bavail / 1024 * vfs.f_frsize +
	      (unsigned long long)vfs.f_bavail % 1024 * vfs.f_frsize / 1024;
	if (room_check_scratch(s->tests, s->ntests, s->copies, s->ncopies, dir,
	        kib > LLONG_MAX ? LLONG_MAX : (long long)kib, err,
	        sizeof(err)) == 0)
		return 0;
	return opt_bad(out, outlen, err, NULL);
}

int
setup_env(struct settle *st, char *err, size_t errlen)
{
	const char *factor = getenv("MULTI_SH_WORK_FACTOR"),
	           *built = getenv("BYTEBENCH_BUILT"),
	           *max = getenv("UB_SETTLE");
	long n;

	if (factor != NULL && parse_long(factor, 1, 1000000, &n) == -1)
		return opt_bad(err, errlen,
		    "MULTI_SH_WORK_FACTOR must be a whole number from 1 to "
		    "1000000",
		    factor);
	n = NOISE_SETTLE_MAX_S;
	if (max != NULL && parse_long(max, 0, 3600, &n) == -1)
		return opt_bad(err, errlen,
		    "UB_SETTLE must be a whole number of seconds from 0 to "
		    "3600",
		    max);
	st->max_s = (int)n;
	/* Run's own variable: a bad value is no build. */
	if (built == NULL || parse_double(built, 0, 1e6, &st->build_s) == -1)
		st->build_s = 0;
	return 0;
}

int
setup_check_fds(
    const struct settings *s, int nformats, char *err, size_t errlen)
{
	int open, high, shell = 0, i;
	long limit = limits_fds(&open, &high);

	for (i = 0; i < s->ntests; i++)
		if (s->tests[i]->flags & TEST_SHELL)
			shell = 1;
	return room_check_fds(limit, open, high, nformats, shell, err, errlen);
}

/* *val: the variable name's value, NULL when unset; -1 when empty. */
static int
env_of(const char *name, const char **val, char *err, size_t errlen)
{
	if ((*val = getenv(name)) == NULL || **val != '\0')
		return 0;
	snprintf(err, errlen, "%s is empty", name);
	return -1;
}

/*
 * The test data when UB_TESTDIR does not name it: testdir/ beside the
 * program directory, or when there is none there (UB_BINDIR names
 * programs copied elsewhere) the runner's own tree's.  0, or -1 when the
 * name is too long.
 */
static int
default_testdir(char *out, size_t len, const char *top, const char *argv0)
{
	char own[4096], own_top[4000];

	if ((size_t)snprintf(out, len, "%s/testdir", top) >= len)
		return -1;
	if (is_dir(out) || program_dir(own, sizeof(own), argv0) == -1)
		return 0;
	outputs_dir_of(own, own_top, sizeof(own_top));
	if ((size_t)snprintf(own, sizeof(own), "%s/testdir", own_top) <
	        sizeof(own) &&
	    is_dir(own) && (size_t)snprintf(out, len, "%s", own) >= len)
		return -1;
	return 0;
}

int
setup_dirs(struct dirs *d, const struct settings *s, const char *argv0,
    char *err, size_t errlen)
{
	char top[4096];
	const char *env;

	if (env_of("UB_BINDIR", &env, err, errlen) == -1)
		return -1;
	if (env != NULL ? absolute(d->bin, sizeof(d->bin), env) == -1
	                : program_dir(d->bin, sizeof(d->bin), argv0) == -1)
		return opt_bad(
		    err, errlen, "cannot find the program directory", NULL);
	if (check_dir("program directory", d->bin, 0, err, errlen) == -1)
		return -1;
	outputs_dir_of(d->bin, top, sizeof(top));
	if (env_of("UB_TESTDIR", &env, err, errlen) == -1)
		return -1;
	if (env != NULL
	        ? absolute(d->test, sizeof(d->test), env) == -1
	        : default_testdir(d->test, sizeof(d->test), top, argv0) == -1)
		return opt_bad(
		    err, errlen, "test data directory name too long", NULL);
	if ((env != NULL || setup_uses_arg(s, "@DATA/")) &&
	    check_dir("test data directory", d->test, 0, err, errlen) == -1)
		return -1;
	if (env_of("UB_TMPDIR", &env, err, errlen) == -1)
		return -1;
	if (env == NULL && ((env = getenv("TMPDIR")) == NULL || *env == '\0'))
		env = "/tmp";
	if (absolute(d->tmp, sizeof(d->tmp), env) == -1 ||
	    strlen(d->tmp) > MAX_TMPDIR)
		return opt_bad(err, errlen,
		    "scratch directory name too long (more "
		    "than " MAX_TMPDIR_TEXT " characters)",
		    env);
	if (check_dir("scratch directory", d->tmp, 1, err, errlen) == -1)
		return -1;
	if (scratch_room(s, d->tmp, err, errlen) == -1)
		return -1;
	env = getenv("UB_OUTPUT_FILE_NAME");
	if (env != NULL && !results_plain_name(env))
		return opt_bad(err, errlen,
		    "UB_OUTPUT_FILE_NAME must be a plain file name", env);
	if (env_of("UB_RESULTDIR", &env, err, errlen) == -1)
		return -1;
	if (env != NULL ? absolute(d->results, sizeof(d->results), env) == -1
	                : (size_t)snprintf(d->results, sizeof(d->results),
	                      "%s/results", top) >= sizeof(d->results))
		return opt_bad(
		    err, errlen, "results directory name too long", NULL);
	if (mkdir(d->results, 0755) == -1 && errno != EEXIST) {
		snprintf(err, errlen, "cannot create the results directory %s",
		    d->results);
		return -1;
	}
	if (check_dir("results directory", d->results, 1, err, errlen) == -1)
		return -1;
	return 0;
}

/*
 * --per-core-type: after the blocks asked for, a 1-copy block for each
 * kind of core this process may use, pinned to its first CPU of it.
 */
static int
kind_blocks(struct settings *s, char *out, size_t outlen)
{
	static int usable[CPU_LIST_MAX];
	struct cpu_topology t;
	int k, i, n, *copies, *pins;

	if (topology_collect(&t, "") == -1)
		return opt_bad(out, outlen, "out of memory", NULL);
	n = cpu_usable_list(usable, CPU_LIST_MAX);
	copies = realloc(
	    s->copies, sizeof(int) * ((size_t)s->ncopies + TOPO_KINDS_MAX));
	if (copies != NULL)
		s->copies = copies;
	pins = calloc((size_t)s->ncopies + TOPO_KINDS_MAX, sizeof(*pins));
	if (copies == NULL || pins == NULL || t.nkinds == 0 || n < 1) {
		free(t.cpus);
		free(pins);
		return opt_bad(out, outlen, "--per-core-type",
		    copies == NULL || pins == NULL ? "out of memory"
		    : t.nkinds == 0 ? "this system does not say what kinds "
		                      "of core it has"
		                    : "cannot pin a process to a CPU here");
	}
	for (k = 0; k < s->ncopies; k++)
		pins[k] = -1;
	for (k = 0; k < t.nkinds; k++)
		for (i = 0; i < n; i++)
			if (usable[i] < t.ncpus &&
			    t.cpus[usable[i]].kind == k) {
				s->copies[s->ncopies] = 1;
				pins[s->ncopies++] = usable[i];
				break;
			}
	s->pins = pins;
	free(t.cpus);
	return 0;
}

/*
 * --precision pct with a budget (0: the default): quick passes,
 * PRECISION_FIRST_ROUNDS of them first, which must fit in the budget.
 */
static int
budget_plan(
    struct settings *s, double pct, double budget, char *err, size_t errlen)
{
	struct plan_step *steps = NULL;
	struct plan_run pr = {NULL, NULL, 0};
	char need[24];
	double first = -1;
	int n;

	s->quick = 1;
	s->long_passes = s->short_passes = PRECISION_FIRST_ROUNDS;
	s->precision_pct = pct;
	s->budget_s = budget > 0 ? budget : PRECISION_BUDGET_DEFAULT;
	/* The first rounds: every planned pass, as the estimate guesses. */
	if (plan_make(s, NULL, &steps, &n) == 0 &&
	    estimate_start(&pr, steps, n) == 0)
		first = estimate_left(&pr);
	free(pr.tally);
	free(steps);
	if (first < 0)
		return opt_bad(err, errlen, "out of memory", NULL);
	if (first > s->budget_s) {
		estimate_clock(first, need, sizeof(need));
		snprintf(err, errlen,
		    "--budget %g s is less than the first %d "
		    "rounds need (about %s): give more seconds or fewer tests",
		    s->budget_s, PRECISION_FIRST_ROUNDS, need);
		return -1;
	}
	return 0;
}

int
setup_settings(struct settings *s, struct options *o, char *out, size_t outlen)
{
	long room = limits_process_room();
	int i, most = 0, usable = limits_usable_cpus();

	*s = o->settings; /* s takes o's copies and tests */
	memset(&o->settings, 0, sizeof(o->settings));
	s->long_passes = o->iterations > 0 ? o->iterations : 10;
	s->short_passes =
	    o->iterations > 0 ? stats_short_passes(o->iterations) : 3;
	if (s->quick)
		s->long_passes = s->short_passes = QUICK_PASSES;
	if (s->ncopies == 0) {
		if ((s->copies = malloc(2 * sizeof(*s->copies))) == NULL)
			return opt_bad(out, outlen, "out of memory", NULL);
		s->copies[s->ncopies++] = 1;
		if (usable > 1)
			s->copies[s->ncopies++] = usable;
	}
	if (s->per_kind && kind_blocks(s, out, outlen) == -1)
		return -1;
	for (i = 0; i < s->ncopies; i++)
		if (s->copies[i] > most)
			most = s->copies[i];
	if (room_check_copies(most, room, limits_memory_kib(), out, outlen) ==
	    -1)
		return -1;
	return o->precision_pct > 0
	           ? budget_plan(s, o->precision_pct, o->budget_s, out, outlen)
	           : 0;
}
