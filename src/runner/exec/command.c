/*
 * command.c - the run command (command.h): the options parsed, the run
 * planned and checked before any work, the machine described, the
 * result files claimed, the tests run, the report written and printed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "exec/command.h"
#include "exec/launch.h"
#include "exec/process.h"
#include "exec/progress.h"
#include "exec/schedule.h"
#include "model/catalog.h"
#include "model/report.h"
#include "plan/estimate.h"
#include "plan/options.h"
#include "plan/outputs.h"
#include "plan/setup.h"
#include "plan/sysinfo.h"
#include "exec/noise_sample.h"
#include "score/precision.h"
#include "score/scaling.h"
#include "write/escape.h"
#include "write/files.h"
#include "write/results.h"
#include "write/textwrap.h"
#include "write/writers.h"

#ifndef BYTEBENCH_VERSION
#define BYTEBENCH_VERSION "unknown"
#endif

/* Formats written when -f is not given. */
static const char *const default_formats[] = {
    "text", "log", "json", "html", NULL};

/*
 * The command people type: "./Run" when the Run script started us (it
 * says so in BYTEBENCH_COMMAND), else "bytebench", the installed command.
 */
static const char *
command_name(void)
{
	const char *env = getenv("BYTEBENCH_COMMAND");

	return env != NULL && *env != '\0' && strlen(env) < 64 ? env
	                                                       : "bytebench";
}

/* Says what is wrong (a printf format) on one line; returns exit status 2. */
static int complain(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int
complain(const char *fmt, ...)
{
	char line[8400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	escape_plain(line, 0);
	fprintf(stderr, "bytebench: %s\n", line);
	return 2;
}

/*
 * The formats to write into the results directory: -f's, else the
 * defaults that exist; and csv when UB_OUTPUT_CSV=true (UnixBench's
 * switch, which adds it to -f's formats too).
 */
static int
pick_formats(const struct options *o, const struct writer **out)
{
	const char *env = getenv("UB_OUTPUT_CSV");
	const struct writer *csv = writer_find("csv");
	int n = 0, i;

	for (i = 0; i < o->nformats; i++)
		out[n++] = writer_find(o->formats[i]);
	for (i = 0; !o->formats_given && default_formats[i] != NULL; i++)
		if (writer_find(default_formats[i]) != NULL)
			out[n++] = writer_find(default_formats[i]);
	for (i = 0; i < n && out[i] != csv; i++)
		;
	if (env != NULL && strcmp(env, "true") == 0 && i == n && csv != NULL &&
	    n < RESULTS_MAX_FORMATS)
		out[n++] = csv;
	return n;
}

/*
 * Prints " <base><suffix>" as a shell word that can be pasted: in single
 * quotes when it holds anything but letters, digits and _ . / : @ % + , = -.
 */
static void
print_path(FILE *f, const char *base, const char *suffix)
{
	static const char plain[] =
	    "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+,=-";
	const char *parts[2] = {base, suffix}, *p;
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

/* What the run command carries from its set-up to its end. */
struct run_cmd {
	struct report r;
	struct results res;
	struct dirs d;
	struct run_env env;
	struct noise nz; /* what disturbed the run, with warnings */
	const struct writer *formats[RESULTS_MAX_FORMATS];
	int nformats;
	struct options_output outputs[OPTIONS_MAX_FORMATS];
	int noutputs;
	int to_stdout; /* one of them is standard output */
	int no_warnings;
	FILE *text_out; /* the text report: stdout, else stderr */
	char shown[4096]; /* the results' base name, made plain */
};

/*
 * Standard input, output and error that were closed get /dev/null, read
 * only: a file the runner opens never takes their place, and a write to
 * them fails (EBADF) as it would have, so it is seen.
 */
static void
std_fds(void)
{
	int fd;

	for (fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) == -1 && errno == EBADF &&
		    open("/dev/null", O_RDONLY) == -1)
			return;
}

/* After printing to stdout: 0, or 1 after saying it could not be written. */
static int
stdout_written(void)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	fprintf(stderr, "bytebench: cannot write to standard output: %s\n",
	    errno != 0 ? strerror(errno) : "write error");
	return 1;
}

/* -h, --version, -l: prints it; the exit status. */
static int
other_action(struct options *o)
{
	if (o->action == ACTION_HELP)
		options_print_usage(stdout, command_name());
	else if (o->action == ACTION_VERSION)
		printf("bytebench %s (index method %d)\n", BYTEBENCH_VERSION,
		    catalog_indexes[0].method);
	else if (o->smoke)
		listing_print_smoke(stdout);
	else
		listing_print(stdout);
	options_free(o);
	return stdout_written();
}

/*
 * The settings, directories, environment and output formats from the
 * options (freed here), checked before any work: 0, or the exit status
 * after saying what is wrong.
 */
static int
prepare(struct run_cmd *c, struct options *o, const char *argv0)
{
	char err[8400];

	/* All of it: the noise record is read at the end even when the
	 * settle step ran out of memory before noise_start cleared it. */
	memset(c, 0, sizeof(*c));
	if (setup_settings(&c->r.settings, o, err, sizeof(err)) == -1 ||
	    setup_dirs(&c->d, &c->r.settings, argv0, err, sizeof(err)) == -1 ||
	    setup_env(&c->r.settle, err, sizeof(err)) == -1) {
		options_free(o);
		return complain("%s", err);
	}
	c->nformats = pick_formats(o, c->formats);
	c->noutputs = o->noutputs;
	memcpy(c->outputs, o->outputs, sizeof(c->outputs));
	c->no_warnings = o->no_warnings;
	options_free(o);
	if ((c->to_stdout = outputs_check(
	         c->outputs, c->noutputs, err, sizeof(err))) == -1 ||
	    setup_check_fds(&c->r.settings, c->nformats, err, sizeof(err)) ==
	        -1)
		return complain("%s", err);
	c->r.version = strdup(BYTEBENCH_VERSION);
	c->r.index_method = catalog_indexes[0].method;
	return 0;
}

/*
 * Facts about the machine, the signal handlers, the result files claimed
 * and the warnings known before the run: 0, or the exit status 2.
 */
static int
start(struct run_cmd *c)
{
	struct report *r = &c->r;
	char err[4096];
	int files, dirs;

	if (r->version == NULL || sysinfo_collect(&r->sys, c->d.bin) == -1 ||
	    sysinfo_scratch(&r->sys, c->d.tmp) == -1)
		return complain("out of memory");
	report_plain_sys(&r->sys);
	/* Before the claim: a stop from now on still writes the report. */
	if (process_install_signals() == -1)
		return complain("cannot install signal handlers");
	/* What killed runs left in the results and scratch directories. */
	files = results_tidy(c->d.results);
	dirs = launch_tidy(c->d.tmp);
	if (files > 0 || dirs > 0)
		complain(
		    "removed what a stopped run left: %d unfinished result "
		    "file%s in %s, %d scratch director%s in %s",
		    files, files == 1 ? "" : "s", c->d.results, dirs,
		    dirs == 1 ? "y" : "ies", c->d.tmp);
	r->start = time(NULL);
	if (results_claim(&c->res, c->d.results, getenv("UB_OUTPUT_FILE_NAME"),
	        r->sys.hostname, r->start, c->formats, c->nformats, err,
	        sizeof(err)) == -1)
		return complain("%s", err);
	snprintf(c->shown, sizeof(c->shown), "%s", c->res.base);
	escape_plain(c->shown, 0);
	if (r->settings.duration_s > 0)
		report_warn(r,
		    "every test ran %g s per pass instead of its own "
		    "duration: not comparable with standard runs",
		    r->settings.duration_s);
	if (!c->no_warnings && setup_uses_arg(&r->settings, "@TMP/") &&
	    (strcmp(r->sys.scratch_fs, "tmpfs") == 0 ||
	        strcmp(r->sys.scratch_fs, "ramfs") == 0))
		report_warn(r,
		    "the scratch directory %s is on %s: the file "
		    "tests measure memory, not a disk (set UB_TMPDIR)",
		    r->sys.scratch_dir, r->sys.scratch_fs);
	return 0;
}

/* Where the run prints: progress, the text report; the header line. */
static void
open_console(struct run_cmd *c)
{
	const struct report *r = &c->r;
	size_t n, cols;

	c->env.bindir = c->d.bin;
	c->env.testdir = c->d.test;
	c->env.tmpdir = c->d.tmp;
	/* -q: none; stdout on a terminal (as UnixBench), else stderr, so
	 * that a harness reading stdout gets the report and nothing else. */
	c->env.console = r->settings.quiet > 0   ? NULL
	                 : isatty(STDOUT_FILENO) ? stdout
	                                         : stderr;
	c->text_out = stdout;
	/* Standard output carries a named format: nothing else goes there. */
	if (c->to_stdout) {
		c->text_out = stderr;
		if (c->env.console == stdout)
			c->env.console = stderr;
	}
	c->env.verbose = r->settings.verbose;
	if (c->env.console != NULL) {
		n = fprintf(c->env.console,
		    "bytebench %s: %d test%s; results in", r->version,
		    r->settings.ntests, r->settings.ntests == 1 ? "" : "s");
		/* The path whole on a line of its own when it does not fit
		 * the terminal, or 80 columns. */
		cols = (size_t)progress_columns(c->env.console);
		if (cols < 1 || cols > TEXT_COLUMNS)
			cols = TEXT_COLUMNS;
		fprintf(c->env.console, "%s%s\n",
		    n + 1 + text_width(c->shown, strlen(c->shown)) > cols
		        ? "\n  "
		        : " ",
		    c->shown);
	}
}

/*
 * Writes each named output (-f FMT=PATH, --json PATH): 0, or -1 after
 * saying the first problem.
 */
static int
write_named(struct run_cmd *c)
{
	char err[4096];
	int i, bad = 0;

	for (i = 0; i < c->noutputs; i++)
		if (files_write_named(c->outputs[i].format, c->outputs[i].path,
		        c->outputs[i].fd, &c->r) != 0 &&
		    bad++ == 0)
			snprintf(err, sizeof(err), "writing %s: %s",
			    strcmp(c->outputs[i].path, "-") == 0
			        ? "the report to standard output"
			        : c->outputs[i].path,
			    strerror(errno));
	if (bad == 0)
		return 0;
	fprintf(stderr, "bytebench: %s\n", err);
	/* Which were written is not known: none listed. */
	c->noutputs = 0;
	return -1;
}

/*
 * Writes the result files and the named outputs, and prints the text
 * report; rc is the run's exit status, made 1 when a file could not be
 * written.  Returns it.
 */
static int
write_all(struct run_cmd *c, int rc)
{
	char err[4096];
	int failed = results_write(&c->res, &c->r, err, sizeof(err)) == -1;

	if (c->res.taken != NULL) {
		complain("%s was taken by another run; the results are in %s",
		    c->res.taken, c->res.base != NULL ? c->res.base : "none");
		if (c->res.base != NULL)
			snprintf(c->shown, sizeof(c->shown), "%s", c->res.base);
		escape_plain(c->shown, 0);
	}
	if (failed)
		complain("%s", err);
	if (c->r.settings.quiet < 2) {
		/* UnixBench's rule above the report, with it (not -q). */
		if (c->env.console != NULL)
			fprintf(c->text_out,
			    "\n================================"
			    "========================================\n");
		errno = 0;
		if (write_text(c->text_out, &c->r) == -1 ||
		    fflush(c->text_out) != 0 || ferror(c->text_out)) {
			fprintf(stderr,
			    "bytebench: cannot write the report to standard "
			    "%s: %s\n",
			    c->text_out == stdout ? "output" : "error",
			    errno != 0 ? strerror(errno) : "write error");
			failed = 1;
		}
	}
	if (write_named(c) == -1)
		failed = 1;
	return rc == 0 && failed ? 1 : rc;
}

/*
 * Prints the files written on f, each as a whole path (named ones as
 * given) after sep; their number.
 */
static int
print_results(const struct run_cmd *c, FILE *f, const char *sep)
{
	int i, written = 0;

	for (i = 0; i < c->res.nformats; i++)
		if (c->res.written[i]) {
			fputs(written++ > 0 ? sep : "", f);
			print_path(f, c->shown, c->res.formats[i]->suffix);
		}
	for (i = 0; i < c->noutputs; i++)
		if (c->outputs[i].fd == -1) {
			fputs(written++ > 0 ? sep : "", f);
			print_path(f, c->outputs[i].path, "");
		}
	return written;
}

/*
 * The Results line: the files on one line when it fits, else one a line
 * under the first, so that no path is broken across lines.
 */
static void
list_results(const struct run_cmd *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int fits = 1;

	if (m != NULL) {
		print_results(c, m, "");
		fits =
		    fclose(m) != 0 ||
		    text_width(buf, len) + strlen("Results:") <= TEXT_COLUMNS;
		free(buf);
	}
	fputs("\nResults:", stderr);
	if (print_results(c, stderr, fits ? "" : "\n        ") == 0)
		fputs(" none written", stderr);
	fputc('\n', stderr);
}

/* "1 copy", "4 copies", "1 and 2 copies", "1, 2 and 4 copies". */
static void
copies_list(FILE *f, const struct settings *s)
{
	int i;

	for (i = 0; i < s->ncopies; i++)
		fprintf(f, "%s%d",
		    i == 0                ? ""
		    : i == s->ncopies - 1 ? " and "
		                          : ", ",
		    s->copies[i]);
	fputs(s->ncopies == 1 && s->copies[0] == 1 ? " copy" : " copies", f);
}

/* --dry-run's estimated time of the whole plan pr of s, on f. */
static void
dry_run_total(FILE *f, const struct settings *s, const struct plan_run *pr)
{
	char total[32];

	estimate_clock(estimate_left(pr), total, sizeof(total));
	fprintf(f, "\n%d test%s at ", s->ntests, s->ntests == 1 ? "" : "s");
	copies_list(f, s);
	fprintf(f, "; estimated time: %s\n", total);
	if (s->runs > 1) {
		estimate_clock(s->runs * (estimate_left(pr) + s->settle_s),
		    total, sizeof(total));
		fprintf(f,
		    "--runs %d: that %d times, %g s of settle before each; "
		    "in all: %s\n",
		    s->runs, s->runs, s->settle_s, total);
	}
	if (s->precision_pct > 0)
		fprintf(f,
		    "Then one pass at a time to the noisiest tests until "
		    "each index is within +/-%g%%,\nor the budget of %g s "
		    "is spent (doc/precision.md)\n",
		    s->precision_pct, s->budget_s);
}

/*
 * --dry-run: prints the plan of r's settings on f (every test at every
 * copies value with its passes and estimated seconds a pass, in run
 * order, and the estimated time of the whole), then where the scratch
 * files and the results would go.  0, or -1 out of memory or on a
 * failed write.
 */
static int
dry_run_print(
    FILE *f, const struct report *r, const char *tmpdir, const char *resultdir)
{
	const struct settings *s = &r->settings;
	struct plan_step *st;
	struct plan_run pr = {NULL, NULL, 0};
	char each[32];
	int i, n;

	if (plan_make(s, NULL, &st, &n) == -1)
		return -1;
	if (estimate_start(&pr, st, n) == -1) {
		free(st);
		return -1;
	}
	fprintf(f, "bytebench %s: the plan of this run (nothing is run)%s\n\n",
	    r->version,
	    s->precision_pct > 0 ? ", --precision: its first "
	                           "rounds, one pass of every test a round"
	    : s->quick           ? ", quick "
	                           "mode: one pass of every test a round"
	                         : "");
	fprintf(f, "copies  %-18s %6s  %s\n", "test", "passes",
	    "each pass (estimate)");
	for (i = 0; i < n; i++) {
		estimate_clock(estimate_pass_guess(&pr, i), each, sizeof(each));
		fprintf(f, "%6d  %-18s %6d  %s\n", st[i].copies,
		    st[i].test->name, st[i].passes, each);
	}
	dry_run_total(f, s, &pr);
	fprintf(f, "Scratch files: %s\nResults: %s\n", tmpdir, resultdir);
	free(pr.tally);
	free(st);
	return ferror(f) ? -1 : 0;
}

/* Runs the tests of c, then writes and prints; the exit status. */
static int
run_and_write(struct run_cmd *c)
{
	struct report *r = &c->r;
	int rc;

	c->env.noise = c->no_warnings ? NULL : &c->nz;
	open_console(c);
	rc = schedule_settle(r, &c->env);
	if (rc == 0 && c->env.noise != NULL)
		noise_start(c->env.noise, r);
	if (rc == 0)
		rc = schedule_runs(r, &c->env);
	if (c->env.noise != NULL) {
		noise_finish(c->env.noise, r);
		precision_warn(r);
	}
	scaling_judge(r, c->env.noise != NULL);
	if (scaling_compute(r) == -1)
		rc = -1;
	if (rc == -1)
		fprintf(stderr, "bytebench: out of memory; writing what was "
		                "measured\n");
	rc = write_all(c, r->interrupted                  ? 128 + r->interrupted
	                  : rc == 0 && schedule_run_ok(r) ? 0
	                                                  : 1);
	if (r->settings.quiet < 2)
		list_results(c);
	results_free(&c->res);
	return rc;
}

int
command_run(int argc, char **argv)
{
	struct run_cmd c;
	struct options o;
	char err[4096];
	int rc, dry_run;

	std_fds();
	if (options_parse(argc, argv, &o, err, sizeof(err)) == -1)
		return complain("%s", err);
	if (o.action != ACTION_RUN)
		return other_action(&o);
	dry_run = o.dry_run;
	if ((rc = prepare(&c, &o, argv[0])) != 0) {
		report_free(&c.r);
		return rc;
	}
	/* A write that failed is said by stdout_written, out of memory here. */
	if (dry_run &&
	    (c.r.version == NULL ||
	        (dry_run_print(stdout, &c.r, c.d.tmp, c.d.results) == -1 &&
	            !ferror(stdout)))) {
		fprintf(stderr, "bytebench: out of memory\n");
		rc = 1;
	} else if (dry_run)
		rc = stdout_written();
	else if ((rc = start(&c)) == 0)
		rc = run_and_write(&c);
	report_free(&c.r);
	if (!dry_run && fflush(stdout) != 0 && rc == 0)
		rc = 1;
	return rc;
}
