/* options.c - the runner's command line (options.h). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/counters.h"
#include "model/quick.h"
#include "plan/optable.h"
#include "plan/options.h"
#include "score/precision.h"
#include "write/writers.h"
#include "place.h"

/* The lines of -h before and after the options; '@' is the command. */
static const char usage_head[] =
    "usage: @ [-q | -qq | --silent | -v] [-b] [-Q] [-i n] [-c n]...\n"
    "         [-f fmt[,...][,fmt=PATH]] [--json PATH] [--label text]\n"
    "         [--comment text] [--duration s] [--placement p] "
    "[--per-core-type]\n"
    "         [--counters off|on|all] [--precision PCT [--budget s]]\n"
    "         [--runs K [--settle s]] [--no-warnings] [--dry-run]\n"
    "         [test|group ...]\n"
    "       @ -l [--smoke] | -h | --help | --version\n"
    "       @ compare [option ...] [LABEL=]FILE...\n"
    "         (its options: @ compare -h)\n"
    "\n";

static const char usage_tail[] =
    "\n"
    "A test's index is its result / the baseline's result x 10: the baseline\n"
    "machine (a SPARCstation 20-61) scores 10 in every test, and higher is\n"
    "better.  An index score is the geometric mean of its tests' indexes.\n"
    "\n"
    "Progress goes to stdout on a terminal, else to stderr; stdout then\n"
    "holds the report only.  Tests and groups (default: index) are listed\n"
    "by -l.  Environment: UB_RESULTDIR, UB_TMPDIR, UB_TESTDIR, UB_BINDIR,\n"
    "UB_OUTPUT_FILE_NAME, UB_OUTPUT_CSV=true, MULTI_SH_WORK_FACTOR,\n"
    "UB_SETTLE.\n"
    "\n"
    "Exit status: 0 every test ran; 1 some test failed, timed out or was\n"
    "skipped, or a file could not be written; 2 bad usage or input (nothing\n"
    "was run); 3 compare --fail-below found a regression; 128+n interrupted\n"
    "by signal n (the partial report is still written).\n"
    "\n"
    "More: man bytebench where installed; in the source tree USAGE and\n"
    "doc/bytebench.1 (man -l doc/bytebench.1).\n";

/* A format written to a named file (or "-", stdout) besides the others. */
static int
add_output(struct options *o, const char *format, const char *path, char *err,
    size_t errlen)
{
	int i;

	if (*path == '\0')
		return opt_bad(
		    err, errlen, "empty file name for format", format);
	for (i = 0; i < o->noutputs; i++)
		if (strcmp(o->outputs[i].path, path) == 0)
			return opt_bad(
			    err, errlen, "two formats to one file", path);
	if (o->noutputs == OPTIONS_MAX_FORMATS)
		return opt_bad(err, errlen, "too many named outputs", path);
	o->outputs[o->noutputs].format = writer_find(format)->name;
	o->outputs[o->noutputs++].path = path;
	return 0;
}

/*
 * Whether a FMT=PATH item's path goes on with ",FMT2=" for a known format:
 * "-f json=-,text=-" means two items, not a file named "-,text=-".
 */
static int
path_holds_item(const char *path)
{
	const char *c, *eq;
	char name[32];

	for (c = strchr(path, ','); c != NULL; c = strchr(c + 1, ',')) {
		eq = strchr(c + 1, '=');
		if (eq == NULL)
			return 0;
		if ((size_t)(eq - c - 1) >= sizeof(name))
			continue;
		memcpy(name, c + 1, (size_t)(eq - c - 1));
		name[eq - c - 1] = '\0';
		if (writer_find(name) != NULL)
			return 1;
	}
	return 0;
}

/* Adds format name (a known one) to the list of o, once; 0 or -1. */
static int
add_format(struct options *o, const char *name, const char *list, char *err,
    size_t errlen)
{
	int i;

	for (i = 0; i < o->nformats; i++)
		if (strcmp(o->formats[i], name) == 0)
			return 0;
	if (o->nformats == OPTIONS_MAX_FORMATS)
		return opt_bad(err, errlen, "too many formats", list);
	o->formats[o->nformats++] = writer_find(name)->name;
	return 0;
}

/* 0 when name is a format, else -1 with the message, which lists them. */
static int
known_format(const char *name, char *err, size_t errlen)
{
	size_t i, len;

	if (writer_find(name) != NULL)
		return 0;
	snprintf(err, errlen, "unknown format: %s (", name);
	for (i = 0; i < nwriters; i++) {
		len = strlen(err);
		snprintf(err + len, errlen - len, "%s%s", writers[i].name,
		    i + 1 < nwriters ? ", " : ")");
	}
	return -1;
}

/*
 * Splits a comma-separated list of formats and checks each name; an item
 * FMT=PATH sends that format to PATH as well as into the results (alone,
 * as --json PATH does: the default formats stay), and takes the rest of
 * the list, which must not hold another FMT=PATH item.
 */
static int
set_formats(void *ctx, const char *list, char *err, size_t errlen)
{
	struct options *o = ctx;
	const char *p = list, *q, *eq;
	char name[32];
	int given = o->formats_given, item;
	size_t n;

	o->formats_given = 1;
	if (*list == '\0')
		return opt_bad(err, errlen, "empty format list for -f", NULL);
	for (; *p != '\0'; p = *q == ',' ? q + 1 : q) {
		q = p + strcspn(p, ",");
		eq = strchr(p, '=');
		item = eq != NULL && eq < q;
		n = (size_t)((item ? eq : q) - p);
		if ((!item && n == 0) || n >= sizeof(name))
			return opt_bad(
			    err, errlen, "bad format list for -f", list);
		memcpy(name, p, n);
		name[n] = '\0';
		if (known_format(name, err, errlen) == -1)
			return -1;
		if (item) {
			if (path_holds_item(eq + 1))
				return opt_bad(err, errlen,
				    "fmt=PATH must be the last item of -f "
				    "(another -f for another file)",
				    list);
			o->formats_given = p != list || given;
			if (o->formats_given &&
			    add_format(o, name, list, err, errlen) == -1)
				return -1;
			return add_output(o, name, eq + 1, err, errlen);
		}
		if (add_format(o, name, list, err, errlen) == -1)
			return -1;
		if (*q == ',' && q[1] == '\0')
			return opt_bad(
			    err, errlen, "bad format list for -f", list);
	}
	return 0;
}

#define O(ctx) ((struct options *)(ctx))

static int
set_quiet(void *ctx, const char *val, char *err, size_t errlen)
{
	(void)val, (void)err, (void)errlen;
	if (O(ctx)->settings.quiet < 2)
		O(ctx)->settings.quiet++;
	return 0;
}

static int
set_copies(void *ctx, const char *val, char *err, size_t errlen)
{
	struct settings *s = &O(ctx)->settings;
	int *grown =
	    realloc(s->copies, sizeof(*grown) * (size_t)(s->ncopies + 1));

	if (grown == NULL)
		return opt_bad(err, errlen, "out of memory", NULL);
	s->copies = grown;
	s->copies[s->ncopies++] = (int)strtol(val, NULL, 10);
	return 0;
}

static int
set_json(void *ctx, const char *val, char *err, size_t errlen)
{
	return add_output(O(ctx), "json", val, err, errlen);
}

static int
set_counters(void *ctx, const char *val, char *err, size_t errlen)
{
	int level = counters_level_named(val);

	if (level == -1)
		return opt_bad(
		    err, errlen, "--counters must be off, on or all", val);
	O(ctx)->settings.counters = (enum counters_level)level;
	return 0;
}

static int
set_placement(void *ctx, const char *val, char *err, size_t errlen)
{
	/* The programs' own table (src/lib/place.c). */
	const struct place *p = place_find(val);

	O(ctx)->settings.placement_given = 1;
	if (p == NULL)
		return opt_bad(err, errlen,
		    "--placement must be unpinned, same-cpu or cross-cpu", val);
	O(ctx)->settings.placement = p->name;
	return 0;
}

/* A row's type and where it goes in struct options (plan/optable.h). */
#define FLAG(field, v) OPT_FLAG_IN(struct options, field, v)
#define NUMBER(t, field, lo, hi, w)                                            \
	OPT_NUMBER_IN(struct options, t, field, lo, hi, w)
#define LINE(field) OPT_LINE_IN(struct options, field, OPTIONS_MAX_TEXT)

/*
 * The run command's options: the parser, its errors and -h read this
 * table only.  Options with logic of their own have a function: -q
 * (counted), -c (repeatable), -f and --json (outputs), --placement and
 * --counters (named values).
 */
static const struct opt_def run_options[] = {
    {"-q", NULL,
        "quiet: no progress; the report still goes to stdout at the end, "
        "the names of the result files to stderr",
        NULL, .set = set_quiet},
    {"-qq, --silent", NULL, "print nothing but errors", NULL,
        FLAG(settings.quiet, 2)},
    {"-v", NULL, "verbose: also print every command, and each test's spread",
        NULL, FLAG(settings.verbose, 1)},
    {"-b", NULL, "brief system information in the report header", NULL,
        FLAG(settings.brief, 1)},
    {"-Q, --quick", NULL,
        "quick mode: " QUICK_TEXT(QUICK_PASSES) " passes of " QUICK_TEXT(
            QUICK_MIN_S) " or " QUICK_TEXT(QUICK_MAX_S) " s per test, the "
                                                        "index with its 95% "
                                                        "interval, labelled "
                                                        "quick (about 3 min on "
                                                        "2 CPUs)",
        NULL, FLAG(settings.quick, 1)},
    {"--precision", "PCT",
        "quick passes until each index is known to +/-PCT% (its 95% "
        "interval), the passes to the noisiest tests",
        NULL,
        NUMBER(OPT_DOUBLE, precision_pct, PRECISION_PCT_MIN, PRECISION_PCT_MAX,
            "a percentage")},
    {"--budget", "s", "at most s seconds for a --precision run (default 600)",
        NULL,
        NUMBER(OPT_DOUBLE, budget_s, PRECISION_BUDGET_MIN, PRECISION_BUDGET_MAX,
            "seconds")},
    {"-i", "n",
        "passes: n for long tests (default 10), max(1, (n+1)/3) for short "
        "ones (default 3)",
        NULL,
        NUMBER(OPT_INT, iterations, 1, OPTIONS_MAX_ITERATIONS,
            "a number of passes")},
    {"-c", "n",
        "run n copies of each test at once (repeatable; default: 1, then "
        "one per usable CPU)",
        NULL, .set = set_copies, .type = OPT_INT, .min = 1,
        .max = OPTIONS_MAX_COPIES, .what = "a number of copies"},
    {"-f", "fmt,...",
        "result files to write: text, log, json, html, csv, md (default: "
        "text, log, json, html; UB_OUTPUT_CSV=true adds csv); a last item "
        "fmt=PATH also writes fmt to PATH, - for stdout (then the text "
        "report goes to stderr)",
        NULL, .set = set_formats},
    {"--json", "PATH", "also write the JSON report to PATH (- for stdout)",
        NULL, .set = set_json},
    {"--label", "text", "a name for this run, in the report and in compare",
        NULL, LINE(settings.label)},
    {"--comment", "text", "a line of notes kept in the report", NULL,
        LINE(settings.comment)},
    {"--duration", "s", "run every test for s seconds (not comparable)", NULL,
        NULL,
        NUMBER(OPT_DOUBLE, settings.duration_s, OPTIONS_MIN_DURATION,
            OPTIONS_MAX_DURATION, "seconds")},
    {"--placement", "p",
        "context1 and ctxlat: unpinned, same-cpu, cross-cpu (default: "
        "context1 unpinned, ctxlat same-cpu)",
        NULL, .set = set_placement},
    {"--counters", "c",
        "resource counters of each pass: off, on (default: rusage and "
        "/proc, nothing in the timed loop), all (also perf_event_open; see "
        "doc/why.md)",
        NULL, .set = set_counters},
    {"--per-core-type", NULL,
        "then a 1-copy block on one CPU of each kind of core (P- and "
        "E-cores, big and little), pinned there",
        NULL, FLAG(settings.per_kind, 1)},
    {"--runs", "K",
        "K whole runs, one after another, in one report: each run's score, "
        "their mean and spread",
        NULL,
        NUMBER(
            OPT_INT, settings.runs, 1, OPTIONS_MAX_RUNS, "a number of runs")},
    {"--settle", "s", "idle seconds before each of them (default 10)", NULL,
        NULL,
        NUMBER(
            OPT_DOUBLE, settings.settle_s, 0, OPTIONS_MAX_SETTLE_S, "seconds")},
    {"--no-warnings", NULL, "no noise warnings (load, governor, busy, spread)",
        NULL, FLAG(no_warnings, 1)},
    {"--dry-run", NULL,
        "print the tests, copies, passes and estimated time; run nothing", NULL,
        NULL, FLAG(dry_run, 1)},
    {"-l", NULL, "list the tests, groups and index baselines", NULL,
        FLAG(action, ACTION_LIST)},
    {"--smoke", NULL,
        "with -l, for developers: each test's smoke runs "
        "(tests/t-prog-smoke.sh)",
        NULL, FLAG(smoke, 1)},
    {"-h, --help", NULL, "print this usage", NULL, FLAG(action, ACTION_HELP)},
    {"--version", NULL, "print the version and the index method", NULL,
        FLAG(action, ACTION_VERSION)},
};

static const struct opt_table run_table = {run_options,
    sizeof(run_options) / sizeof(run_options[0]), "unknown option: ", ""};

/* Prints text with each '@' replaced by name. */
static void
print_named(FILE *f, const char *text, const char *name)
{
	for (; *text != '\0'; text++)
		if (*text == '@')
			fputs(name, f);
		else
			fputc(*text, f);
}

void
options_print_usage(FILE *f, const char *name)
{
	print_named(f, usage_head, name);
	opt_print(f, &run_table);
	print_named(f, usage_tail, name);
}

/*
 * The message for a name that is no test or group; a report's file name
 * (an existing file, or a report's suffix) is pointed to compare.
 */
static int
unknown_name(const char *name, char *err, size_t errlen)
{
	const char *dot = strrchr(name, '.');

	if (access(name, F_OK) == 0 ||
	    (dot != NULL &&
	        (strcmp(dot, ".json") == 0 || strcmp(dot, ".log") == 0 ||
	            strcmp(dot, ".txt") == 0)))
		snprintf(err, errlen,
		    "unknown test or group: %s (to compare reports: "
		    "compare %s ...)",
		    name, name);
	else
		catalog_unknown(name, err, errlen);
	return -1;
}

int
options_parse(
    int argc, char *const *argv, struct options *o, char *err, size_t errlen)
{
	char **names, badname[64];
	static char index_name[] = CATALOG_DEFAULT;
	int nnames = 0, rc = 0, n;

	memset(o, 0, sizeof(*o));
	o->action = ACTION_RUN;
	o->settings.settle_s = -1; /* not given */
	o->settings.placement = place_find("unpinned")->name;
	o->settings.counters = COUNTERS_ON;
	names = calloc((size_t)argc + 1, sizeof(*names));
	if (names == NULL)
		return opt_bad(err, errlen, "out of memory", NULL);
	rc = opt_parse(&run_table, o, argc, argv, names, &nnames, err, errlen);
	if (rc == 0 && o->settings.quiet && o->settings.verbose)
		rc = opt_bad(err, errlen,
		    "-q, -qq or --silent and -v cannot be used together", NULL);
	if (rc == 0 && o->smoke && o->action != ACTION_LIST)
		rc = opt_bad(err, errlen, "--smoke goes with -l", NULL);
	if (rc == 0 && o->settings.quick &&
	    (o->iterations > 0 || o->settings.duration_s > 0))
		rc = opt_bad(err, errlen,
		    "--quick chooses its own passes and "
		    "durations: not with -i or --duration",
		    NULL);
	if (rc == 0 && o->precision_pct > 0 &&
	    (o->settings.quick || o->iterations > 0 ||
	        o->settings.duration_s > 0))
		rc = opt_bad(err, errlen,
		    "--precision chooses its own passes and "
		    "durations: not with --quick, -i or --duration",
		    NULL);
	if (rc == 0 && o->settings.settle_s >= 0 && o->settings.runs < 2)
		rc = opt_bad(
		    err, errlen, "--settle goes with --runs 2 or more", NULL);
	if (o->settings.settle_s < 0)
		o->settings.settle_s = OPTIONS_SETTLE_S;
	if (rc == 0 && o->budget_s > 0 && !(o->precision_pct > 0))
		rc = opt_bad(err, errlen,
		    "--budget bounds a --precision run: give "
		    "--precision too",
		    NULL);
	if (rc == 0 && o->action == ACTION_RUN) {
		if (nnames == 0)
			names[nnames++] = index_name;
		n = catalog_expand(names, nnames, &o->settings.tests, badname,
		    sizeof(badname));
		o->settings.ntests = n > 0 ? n : 0;
		if (n == CATALOG_NO_MEMORY)
			rc = opt_bad(err, errlen, "out of memory", NULL);
		else if (n < 0)
			rc = unknown_name(badname, err, errlen);
		else if (n == 0)
			rc = opt_bad(err, errlen, "no tests to run", NULL);
	}
	free(names);
	if (rc != 0)
		options_free(o);
	return rc;
}

void
options_free(struct options *o)
{
	free(o->settings.copies);
	free(o->settings.tests);
	o->settings.copies = NULL;
	o->settings.tests = NULL;
	o->settings.ncopies = o->settings.ntests = 0;
}
