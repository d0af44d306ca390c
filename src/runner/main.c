/*
 * main.c - the runner's entry: parses the command line, checks the
 * directories and limits before anything runs, runs the tests, writes the
 * result files and prints the report.  Exit: 0 all ran, 1 some test did
 * not, 2 bad usage or setup, 128 + signal when stopped by a signal.
 */
#include <sys/stat.h>
#include <sys/statvfs.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "model/catalog.h"
#include "model/listing.h"
#include "compare/compare.h"
#include "exec/dryrun.h"
#include "write/escape.h"
#include "plan/outputs.h"
#include "plan/room.h"
#include "score/noise.h"
#include "score/precision.h"
#include "plan/options.h"
#include "parse.h"
#include "exec/process.h"
#include "model/quick.h"
#include "plan/budget.h"
#include "model/report.h"
#include "write/results.h"
#include "exec/run.h"
#include "score/stats.h"
#include "plan/limits.h"
#include "plan/sysinfo.h"
#include "write/writers.h"

#ifndef BYTEBENCH_VERSION
#define BYTEBENCH_VERSION "unknown"
#endif

/* Formats written when -f is not given, if their writers exist. */
static const char *const default_formats[] = { "text", "log", "json",
	"html" };

/*
 * The longest scratch directory name: room below it for the pass's own
 * directories and the file names the programs make there.
 */
#define MAX_TMPDIR 3000
#define MAX_TMPDIR_TEXT "3000"

struct dirs {
	char bin[4096], test[4096], tmp[4096], results[4096];
};

/*
 * The command people type: "./Run" when the Run script started us (it
 * says so in BYTEBENCH_COMMAND), else "bytebench", the installed command.
 */
static const char *
command_name(void)
{
	const char *env = getenv("BYTEBENCH_COMMAND");

	return env != NULL && *env != '\0' && strlen(env) < 64 ? env :
	    "bytebench";
}

/* Says what is wrong (what, then arg) on one line; returns exit status 2. */
static int
usage_error(const char *what, const char *arg)
{
	char line[8400];

	snprintf(line, sizeof(line), "%s%s", what, arg);
	escape_plain(line, 0);
	fprintf(stderr, "bytebench: %s\n", line);
	return 2;
}

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
		for (p = env != NULL ? env : ""; *p != '\0'; p = *q ? q + 1 : q) {
			q = strchr(p, ':');
			if (q == NULL)
				q = p + strlen(p);
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

/* The parent of dir (absolute, no trailing slash), "/" for the root. */
static void
parent_of(const char *dir, char *out, size_t len)
{
	const char *slash = strrchr(dir, '/');
	size_t n = slash != NULL ? (size_t)(slash - dir) : 0;

	snprintf(out, len, "%.*s", (int)n, dir);
	if (out[0] == '\0')
		snprintf(out, len, "/");
}

static int
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* 1 when one of the tests takes an argument starting with prefix. */
static int
uses_arg(const struct settings *s, const char *prefix)
{
	int i, k;

	for (i = 0; i < s->ntests; i++)
		for (k = 0; k < CATALOG_MAX_ARGS &&
		    s->tests[i]->args[k] != NULL; k++)
			if (strncmp(s->tests[i]->args[k], prefix,
			    strlen(prefix)) == 0)
				return 1;
	return 0;
}

/*
 * Checks the free space of the scratch directory against what the file
 * tests need (room_check_scratch); -1 after saying so.  A file system
 * that cannot say is not checked.
 */
static int
scratch_room(const struct settings *s, const char *dir)
{
	struct statvfs vfs;
	unsigned long long kib;
	char err[600];

	if (statvfs(dir, &vfs) == -1)
		return 0;
	kib = (unsigned long long)vfs.f_bavail / 1024 * vfs.f_frsize +
	    (unsigned long long)vfs.f_bavail % 1024 * vfs.f_frsize / 1024;
	if (room_check_scratch(s->tests, s->ntests, s->copies, s->ncopies,
	    dir, kib > LLONG_MAX ? LLONG_MAX : (long long)kib, err,
	    sizeof(err)) == 0)
		return 0;
	usage_error(err, "");
	return -1;
}

/*
 * The environment the workloads read, checked before any work: plain
 * decimal MULTI_SH_WORK_FACTOR from 1 to 1000000.  0 or exit status 2.
 */
static int
check_env(void)
{
	const char *factor = getenv("MULTI_SH_WORK_FACTOR");
	long n;

	if (factor != NULL && parse_long(factor, 1, 1000000, &n) == -1)
		return usage_error("MULTI_SH_WORK_FACTOR must be a whole number "
		    "from 1 to 1000000: ", factor);
	return 0;
}

/* Finds and checks every directory; returns 0 or the exit status 2. */
static int
find_dirs(struct dirs *d, const struct report *r, const char *argv0)
{
	char top[4096];
	const char *env;

	env = getenv("UB_BINDIR");
	if (env != NULL && *env == '\0')
		return usage_error("UB_BINDIR is empty", "");
	if (env != NULL ? absolute(d->bin, sizeof(d->bin), env) == -1 :
	    program_dir(d->bin, sizeof(d->bin), argv0) == -1)
		return usage_error("cannot find the program directory", "");
	if (!is_dir(d->bin))
		return usage_error("program directory missing: ", d->bin);
	parent_of(d->bin, top, sizeof(top));
	env = getenv("UB_TESTDIR");
	if (env != NULL && *env == '\0')
		return usage_error("UB_TESTDIR is empty", "");
	if (env != NULL ? absolute(d->test, sizeof(d->test), env) == -1 :
	    (size_t)snprintf(d->test, sizeof(d->test), "%s/testdir",
	    top) >= sizeof(d->test))
		return usage_error("test data directory name too long", "");
	if ((env != NULL || uses_arg(&r->settings, "@DATA/")) && !is_dir(d->test))
		return usage_error("test data directory missing: ", d->test);
	env = getenv("UB_TMPDIR");
	if (env != NULL && *env == '\0')
		return usage_error("UB_TMPDIR is empty", "");
	if (env == NULL && ((env = getenv("TMPDIR")) == NULL || *env == '\0'))
		env = "/tmp";
	if (absolute(d->tmp, sizeof(d->tmp), env) == -1 ||
	    strlen(d->tmp) > MAX_TMPDIR)
		return usage_error("scratch directory name too long (more than "
		    MAX_TMPDIR_TEXT " characters): ", env);
	if (!is_dir(d->tmp) || access(d->tmp, W_OK | X_OK) == -1)
		return usage_error("scratch directory missing or not writable: "
		    "", env);
	if (scratch_room(&r->settings, d->tmp) == -1)
		return 2;
	env = getenv("UB_OUTPUT_FILE_NAME");
	if (env != NULL && (*env == '\0' || strchr(env, '/') != NULL ||
	    strcmp(env, ".") == 0 || strcmp(env, "..") == 0))
		return usage_error("UB_OUTPUT_FILE_NAME must be a plain file "
		    "name: ", env);
	env = getenv("UB_RESULTDIR");
	if (env != NULL && *env == '\0')
		return usage_error("UB_RESULTDIR is empty", "");
	if (env != NULL ? absolute(d->results, sizeof(d->results), env) == -1 :
	    (size_t)snprintf(d->results, sizeof(d->results), "%s/results",
	    top) >= sizeof(d->results))
		return usage_error("results directory name too long", "");
	if (mkdir(d->results, 0755) == -1 && errno != EEXIST)
		return usage_error("cannot create the results directory ",
		    d->results);
	if (!is_dir(d->results) || access(d->results, W_OK | X_OK) == -1)
		return usage_error("results directory not writable: ",
		    d->results);
	return 0;
}

/*
 * The formats to write into the results directory: -f's, else the
 * defaults that exist; and csv when UB_OUTPUT_CSV=true.
 */
static int
pick_formats(const struct options *o, const struct writer **out)
{
	const char *csv = getenv("UB_OUTPUT_CSV");
	int n = 0, i;
	size_t k;

	for (i = 0; i < o->nformats; i++)
		out[n++] = writer_find(o->formats[i]);
	for (k = 0; !o->formats_given && k < sizeof(default_formats) /
	    sizeof(default_formats[0]); k++)
		if (writer_find(default_formats[k]) != NULL)
			out[n++] = writer_find(default_formats[k]);
	/* UnixBench's switch adds the CSV file to -f's formats too. */
	for (i = 0; i < n && out[i] != writer_find("csv"); i++)
		;
	if (csv != NULL && strcmp(csv, "true") == 0 && i == n &&
	    writer_find("csv") != NULL && n < RESULTS_MAX_FORMATS)
		out[n++] = writer_find("csv");
	return n;
}

/* Copies and passes into the report's settings; 0 or exit status 2. */
static int
plan(struct report *r, struct options *o)
{
	struct settings *s = &r->settings;
	long room = limits_process_room();
	char err[200];
	int i, most = 0, usable = limits_usable_cpus();

	s->long_passes = o->iterations > 0 ? o->iterations : 10;
	s->short_passes = o->iterations > 0 ?
	    stats_short_passes(o->iterations) : 3;
	if (o->quick) {
		s->quick = 1;
		s->long_passes = s->short_passes = QUICK_PASSES;
	}
	s->duration_s = o->duration_s;
	s->brief = o->brief;
	s->verbose = o->verbose;
	s->quiet = o->quiet;
	s->placement = o->placement;
	s->placement_given = o->placement_given;
	s->counters = (enum counters_level)o->counters;
	s->label = o->label;
	s->comment = o->comment;
	if (o->ncopies > 0) {
		s->copies = o->copies;
		s->ncopies = o->ncopies;
		o->copies = NULL;
		o->ncopies = 0;
	} else {
		if ((s->copies = malloc(2 * sizeof(*s->copies))) == NULL)
			return usage_error("out of memory", "");
		s->copies[s->ncopies++] = 1;
		if (usable > 1)
			s->copies[s->ncopies++] = usable;
	}
	for (i = 0; i < s->ncopies; i++)
		if (s->copies[i] > most)
			most = s->copies[i];
	if (room_check_copies(most, room, limits_memory_kib(), err,
	    sizeof(err)) == -1)
		return usage_error(err, "");
	s->tests = o->tests;
	s->ntests = o->ntests;
	o->tests = NULL;
	o->ntests = 0;
	if (o->precision_pct > 0 && budget_plan(s, o->precision_pct,
	    o->budget_s, err, sizeof(err)) == -1)
		return usage_error(err, "");
	return 0;
}

/*
 * Where progress goes: nowhere with -q or -qq; stdout on a terminal (as
 * UnixBench), else stderr, so that a harness reading stdout gets the
 * report and nothing else.
 */
static FILE *
console(int quiet)
{
	if (quiet > 0)
		return NULL;
	return isatty(STDOUT_FILENO) ? stdout : stderr;
}

/*
 * Prints " <base><suffix>" as a shell word that can be pasted: in single
 * quotes when it holds anything but letters, digits and _ . / : @ % + , = -.
 */
static void
print_path(FILE *f, const char *base, const char *suffix)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+,=-";
	const char *parts[2] = { base, suffix }, *p;
	int i, quote;

	quote = strspn(base, plain) != strlen(base) ||
	    strspn(suffix, plain) != strlen(suffix);
	fputs(quote ? " '" : " ", f);
	for (i = 0; i < 2; i++)
		for (p = parts[i]; *p != '\0'; p++)
			if (quote && *p == '\'')
				fputs("'\\''", f);
			else
				fputc(*p, f);
	if (quote)
		fputc('\'', f);
}

/* Removes what killed runs left in the results and scratch directories. */
static void
tidy(const struct dirs *d)
{
	int files = results_tidy(d->results), dirs = run_tidy_scratch(d->tmp);
	char line[8400];

	if (files == 0 && dirs == 0)
		return;
	snprintf(line, sizeof(line), "removed what a stopped run left: %d "
	    "empty result file%s in %s, %d scratch director%s in %s", files,
	    files == 1 ? "" : "s", d->results, dirs, dirs == 1 ? "y" : "ies",
	    d->tmp);
	usage_error(line, "");
}

static int
exit_status(const struct report *r, int all_ok)
{
	if (r->interrupted)
		return 128 + r->interrupted;
	return all_ok ? 0 : 1;
}

int
main(int argc, char **argv)
{
	const struct writer *formats[RESULTS_MAX_FORMATS];
	struct report r;
	struct options o;
	struct results res;
	struct dirs d;
	struct run_env env;
	struct noise nz;
	struct options_output outputs[OPTIONS_MAX_FORMATS];
	FILE *text_out = stdout;
	char err[4096], shown[4096], taken[4200];
	int nformats, noutputs, rc, i, written;

	if (argc > 1 && strcmp(argv[1], "compare") == 0)
		return compare_main(argc - 1, argv + 1);
	if (options_parse(argc, argv, &o, err, sizeof(err)) == -1)
		return usage_error(err, "");
	if (o.action != ACTION_RUN) {
		if (o.action == ACTION_HELP)
			options_print_usage(stdout, command_name());
		else if (o.action == ACTION_VERSION)
			printf("bytebench %s (index method %d)\n",
			    BYTEBENCH_VERSION, catalog_indexes[0].method);
		else if (o.smoke)
			listing_print_smoke(stdout);
		else
			listing_print(stdout);
		options_free(&o);
		return ferror(stdout) || fflush(stdout) != 0 ? 1 : 0;
	}
	memset(&r, 0, sizeof(r));
	if ((rc = plan(&r, &o)) != 0 ||
	    (rc = find_dirs(&d, &r, argv[0])) != 0 ||
	    (rc = check_env()) != 0) {
		options_free(&o);
		report_free(&r);
		return rc;
	}
	nformats = pick_formats(&o, formats);
	noutputs = o.noutputs;
	memcpy(outputs, o.outputs, sizeof(outputs));
	options_free(&o);
	if (outputs_check(outputs, noutputs, err, sizeof(err)) == -1) {
		report_free(&r);
		return usage_error(err, "");
	}
	r.version = strdup(BYTEBENCH_VERSION);
	r.index_method = catalog_indexes[0].method;
	if (o.dry_run) {
		rc = r.version == NULL || dry_run_print(stdout, &r, d.tmp,
		    d.results) == -1 || fflush(stdout) != 0 ? 1 : 0;
		report_free(&r);
		return rc;
	}
	if (r.version == NULL || sysinfo_collect(&r.sys, d.bin) == -1 ||
	    sysinfo_scratch(&r.sys, d.tmp) == -1) {
		fprintf(stderr, "bytebench: out of memory\n");
		report_free(&r);
		return 2;
	}
	report_plain_sys(&r.sys);
	/* Before the claim: a stop from now on still writes the report. */
	if (process_install_signals() == -1) {
		fprintf(stderr, "bytebench: cannot install signal handlers\n");
		report_free(&r);
		return 2;
	}
	tidy(&d);
	r.start = time(NULL);
	if (results_claim(&res, d.results, getenv("UB_OUTPUT_FILE_NAME"),
	    r.sys.hostname, r.start, formats, nformats, err, sizeof(err)) == -1) {
		usage_error(err, "");
		report_free(&r);
		return 2;
	}
	snprintf(shown, sizeof(shown), "%s", res.base);
	escape_plain(shown, 0);
	if (r.settings.duration_s > 0)
		report_warn(&r, "every test ran %g s per pass instead of its own "
		    "duration: not comparable with standard runs",
		    r.settings.duration_s);
	if (!o.no_warnings && uses_arg(&r.settings, "@TMP/") &&
	    (strcmp(r.sys.scratch_fs, "tmpfs") == 0 ||
	    strcmp(r.sys.scratch_fs, "ramfs") == 0))
		report_warn(&r, "the scratch directory %s is on %s: the file "
		    "tests measure memory, not a disk (set UB_TMPDIR)",
		    r.sys.scratch_dir, r.sys.scratch_fs);
	env.noise = o.no_warnings ? NULL : &nz;
	if (env.noise != NULL)
		noise_start(env.noise, &r);
	env.bindir = d.bin;
	env.testdir = d.test;
	env.tmpdir = d.tmp;
	env.console = console(r.settings.quiet);
	/* Standard output carries a named format: nothing else goes there. */
	if (outputs_to_stdout(outputs, noutputs)) {
		text_out = stderr;
		if (env.console == stdout)
			env.console = stderr;
	}
	env.verbose = r.settings.verbose;
	if (env.console != NULL)
		fprintf(env.console, "bytebench %s: %d test%s; results in %s\n",
		    r.version, r.settings.ntests, r.settings.ntests == 1 ? "" :
		    "s", shown);
	rc = run_all(&r, &env);
	if (env.noise != NULL) {
		noise_finish(env.noise, &r);
		precision_warn(&r);
	}
	if (rc == -1)
		fprintf(stderr, "bytebench: out of memory; writing what was "
		    "measured\n");
	rc = exit_status(&r, rc == 0 && run_all_ok(&r));
	written = results_write(&res, &r, err, sizeof(err));
	if (res.taken != NULL) {
		snprintf(taken, sizeof(taken), "%s was taken by another run; "
		    "the results are in ", res.taken);
		usage_error(taken, res.base != NULL ? res.base : "none");
		if (res.base != NULL)
			snprintf(shown, sizeof(shown), "%s", res.base);
		escape_plain(shown, 0);
	}
	if (written == -1) {
		usage_error(err, "");
		if (rc == 0)
			rc = 1;
	}
	if (r.settings.quiet < 2) {
		if (env.console != NULL) {
			fprintf(env.console, "\n================================"
			    "========================================\n");
			fflush(env.console);
		}
		write_text(text_out, &r);
		fflush(text_out);
	}
	if (outputs_write(outputs, noutputs, &r, err, sizeof(err)) == -1) {
		fprintf(stderr, "bytebench: %s\n", err);
		noutputs = 0;	/* which were written is not known: none listed */
		if (rc == 0)
			rc = 1;
	}
	if (r.settings.quiet < 2) {
		/* The files written, each as a whole path (named ones as given). */
		for (i = 0, written = 0; i < res.nformats; i++) {
			if (!res.written[i])
				continue;
			if (written++ == 0)
				fputs("\nResults:", stderr);
			print_path(stderr, shown, res.formats[i]->suffix);
		}
		for (i = 0; i < noutputs; i++) {
			if (strcmp(outputs[i].path, "-") == 0)
				continue;
			if (written++ == 0)
				fputs("\nResults:", stderr);
			print_path(stderr, outputs[i].path, "");
		}
		fputs(written == 0 ? "\nResults: none written\n" : "\n", stderr);
	}
	results_free(&res);
	report_free(&r);
	if (fflush(stdout) != 0 && rc == 0)
		rc = 1;
	return rc;
}
