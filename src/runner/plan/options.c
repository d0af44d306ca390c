/*
 * options.c - parses the runner's command line into struct options
 * (contract in options.h); getopt-style, but pure so it can be tested.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/counters.h"
#include "plan/options.h"
#include "score/precision.h"
#include "parse.h"
#include "place.h"
#include "write/writers.h"

const char options_usage[] =
    "usage: @ [-q | -qq | --silent | -v] [-b] [-Q] [-i n] [-c n]...\n"
    "         [-f fmt[,...][,fmt=PATH]] [--json PATH] [--label text]\n"
    "         [--comment text] [--duration s] [--placement p]\n"
    "         [--counters off|on|all] [--precision PCT [--budget s]]\n"
    "         [--runs K [--settle s]] [--no-warnings] [--dry-run]\n"
    "         [test|group ...]\n"
    "       @ -l [--smoke] | -h | --help | --version\n"
    "       @ compare [-f text|md|json] [--fail-below RATIO] [LABEL=]FILE...\n"
    "\n"
    "  -q          quiet: no progress; the report still goes to stdout at the\n"
    "              end, the names of the result files to stderr\n"
    "  -qq, --silent      print nothing but errors\n"
    "  -v          verbose: also print every command, and each test's spread\n"
    "  -b          brief system information in the report header\n"
    "  -Q, --quick quick mode: 5 passes of 1 or 2 s per test, the index with\n"
    "              its 95% interval, labelled quick (about 3 min on 2 CPUs)\n"
    "  --precision PCT    quick passes until each index is known to +/-PCT%\n"
    "              (its 95% interval), the passes to the noisiest tests\n"
    "  --budget s  at most s seconds for a --precision run (default 600)\n"
    "  -i n        passes: n for long tests (default 10), max(1, (n+1)/3)\n"
    "              for short ones (default 3)\n"
    "  -c n        run n copies of each test at once (repeatable; default:\n"
    "              1, then one per usable CPU)\n"
    "  -f fmt,...  result files to write: text, log, json, html, csv, md\n"
    "              (default: text, log, json, html; UB_OUTPUT_CSV=true adds\n"
    "              csv); a last item fmt=PATH also writes fmt to PATH, - for\n"
    "              stdout (then the text report goes to stderr)\n"
    "  --json PATH        also write the JSON report to PATH (- for stdout)\n"
    "  --label text       a name for this run, in the report and in compare\n"
    "  --comment text     a line of notes kept in the report\n"
    "  --duration s       run every test for s seconds (not comparable)\n"
    "  --placement p      context1 and ctxlat: unpinned, same-cpu, cross-cpu\n"
    "                     (default: context1 unpinned, ctxlat same-cpu)\n"
    "  --counters c       resource counters of each pass: off, on (default:\n"
    "                     rusage and /proc, nothing in the timed loop), all\n"
    "                     (also perf_event_open; see doc/why.md)\n"
    "  --runs K           K whole runs, one after another, in one report:\n"
    "                     each run's score, their mean and spread\n"
    "  --settle s         idle seconds before each of them (default 10)\n"
    "  --no-warnings      no noise warnings (load, governor, busy, spread)\n"
    "  --dry-run          print the tests, copies, passes and estimated time;\n"
    "                     run nothing\n"
    "  -l          list the tests, groups and index baselines\n"
    "  -l --smoke  for developers: each test's smoke runs (tests/t-smoke.sh)\n"
    "\n"
    "compare: LABEL=FILE names a column (default: the run's --label, else\n"
    "the file name); -f chooses the output; --fail-below RATIO exits 3 when\n"
    "a test or index score fell below RATIO beyond noise.\n"
    "\n"
    "Progress goes to stdout on a terminal, else to stderr; stdout then\n"
    "holds the report only.  Tests and groups (default: index) are listed\n"
    "by -l.  Environment: UB_RESULTDIR, UB_TMPDIR, UB_TESTDIR, UB_BINDIR,\n"
    "UB_OUTPUT_FILE_NAME, UB_OUTPUT_CSV=true.  More: man bytebench.\n";

void
options_print_usage(FILE *f, const char *name)
{
	const char *p;

	for (p = options_usage; *p != '\0'; p++)
		if (*p == '@')
			fputs(name, f);
		else
			fputc(*p, f);
}

static int
bad(char *err, size_t errlen, const char *what, const char *arg)
{
	snprintf(err, errlen, "%s%s%s", what, arg != NULL ? ": " : "",
	    arg != NULL ? arg : "");
	return -1;
}

static int
add_copies(struct options *o, long n)
{
	struct settings *s = &o->settings;
	int *grown =
	    realloc(s->copies, sizeof(*grown) * (size_t)(s->ncopies + 1));

	if (grown == NULL)
		return -1;
	s->copies = grown;
	s->copies[s->ncopies++] = (int)n;
	return 0;
}

/* A format written to a named file (or "-", stdout) besides the others. */
static int
add_output(struct options *o, const char *format, const char *path, char *err,
    size_t errlen)
{
	int i;

	if (*path == '\0')
		return bad(err, errlen, "empty file name for format", format);
	for (i = 0; i < o->noutputs; i++)
		if (strcmp(o->outputs[i].path, path) == 0)
			return bad(
			    err, errlen, "two formats to one file", path);
	if (o->noutputs == OPTIONS_MAX_FORMATS)
		return bad(err, errlen, "too many named outputs", path);
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

/*
 * Splits a comma-separated list of formats and checks each name; an item
 * FMT=PATH sends that format to PATH and takes the rest of the list, which
 * must not hold another FMT=PATH item.
 */
static int
add_formats(struct options *o, const char *list, char *err, size_t errlen)
{
	const char *p = list, *q, *eq;
	char name[32];
	int i, dup;

	o->formats_given = 1;
	if (*list == '\0')
		return bad(err, errlen, "empty format list for -f", NULL);
	for (; *p != '\0'; p = *q == ',' ? q + 1 : q) {
		q = strchr(p, ',');
		if (q == NULL)
			q = p + strlen(p);
		eq = strchr(p, '=');
		if (eq != NULL && eq < q) {
			if ((size_t)(eq - p) >= sizeof(name))
				return bad(err, errlen,
				    "bad format list for "
				    "-f",
				    list);
			memcpy(name, p, (size_t)(eq - p));
			name[eq - p] = '\0';
			if (writer_find(name) == NULL)
				return bad(err, errlen, "unknown format", name);
			if (path_holds_item(eq + 1))
				return bad(err, errlen,
				    "fmt=PATH must be the last item of -f "
				    "(another -f for another file)",
				    list);
			return add_output(o, name, eq + 1, err, errlen);
		}
		if (q == p || (size_t)(q - p) >= sizeof(name))
			return bad(err, errlen, "bad format list for -f", list);
		memcpy(name, p, (size_t)(q - p));
		name[q - p] = '\0';
		if (writer_find(name) == NULL)
			return bad(err, errlen, "unknown format", name);
		for (dup = 0, i = 0; i < o->nformats; i++)
			dup |= strcmp(o->formats[i], name) == 0;
		if (dup)
			continue;
		if (o->nformats == OPTIONS_MAX_FORMATS)
			return bad(err, errlen, "too many formats", list);
		o->formats[o->nformats++] = writer_find(name)->name;
		if (*q == ',' && q[1] == '\0')
			return bad(err, errlen, "bad format list for -f", list);
	}
	return 0;
}

/* Handles one option that takes a value. */
static int
take_value(struct options *o, const char *opt, const char *val, char *err,
    size_t errlen)
{
	long n;
	int level;

	if (val == NULL)
		return bad(err, errlen, "missing value for", opt);
	if (strcmp(opt, "-i") == 0) {
		if (parse_long(val, 1, OPTIONS_MAX_ITERATIONS, &n) == -1)
			return bad(err, errlen,
			    "-i needs a number of passes from 1 to 10000", val);
		o->iterations = (int)n;
	} else if (strcmp(opt, "-c") == 0) {
		if (parse_long(val, 1, OPTIONS_MAX_COPIES, &n) == -1)
			return bad(err, errlen,
			    "-c needs a number of copies from 1 to 1000000",
			    val);
		if (add_copies(o, n) == -1)
			return bad(err, errlen, "out of memory", NULL);
	} else if (strcmp(opt, "-f") == 0) {
		return add_formats(o, val, err, errlen);
	} else if (strcmp(opt, "--duration") == 0) {
		if (parse_double(val, OPTIONS_MIN_DURATION,
		        OPTIONS_MAX_DURATION, &o->settings.duration_s) == -1)
			return bad(err, errlen,
			    "--duration needs seconds from 0.01 to 86400", val);
	} else if (strcmp(opt, "--precision") == 0) {
		if (parse_double(val, PRECISION_PCT_MIN, PRECISION_PCT_MAX,
		        &o->precision_pct) == -1)
			return bad(err, errlen,
			    "--precision needs a percentage "
			    "from 0.1 to 50",
			    val);
	} else if (strcmp(opt, "--budget") == 0) {
		if (parse_double(val, PRECISION_BUDGET_MIN,
		        PRECISION_BUDGET_MAX, &o->budget_s) == -1)
			return bad(err, errlen,
			    "--budget needs seconds from 1 "
			    "to 604800 (a week)",
			    val);
	} else if (strcmp(opt, "--runs") == 0) {
		if (parse_long(val, 1, OPTIONS_MAX_RUNS, &n) == -1)
			return bad(err, errlen,
			    "--runs needs a number of runs from 1 to 100", val);
		o->settings.runs = (int)n;
	} else if (strcmp(opt, "--settle") == 0) {
		if (parse_double(val, 0, 3600, &o->settings.settle_s) == -1)
			return bad(err, errlen,
			    "--settle needs seconds from 0 to 3600", val);
		o->settle_given = 1;
	} else if (strcmp(opt, "--counters") == 0) {
		if ((level = counters_level_named(val)) == -1)
			return bad(err, errlen,
			    "--counters must be off, on or all", val);
		o->settings.counters = (enum counters_level)level;
	} else {
		/* The programs' own table (src/lib/place.c). */
		const struct place *p = place_find(val);

		o->settings.placement_given = 1;
		if (p != NULL)
			o->settings.placement = p->name;
		if (o->settings.placement == NULL)
			return bad(err, errlen,
			    "--placement must be unpinned, same-cpu or "
			    "cross-cpu",
			    val);
	}
	return 0;
}

/* 1 when s holds no control character (UTF-8 letters are fine). */
static int
printable(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 0;
	return 1;
}

/*
 * A long option: --help, --version, or --duration/--counters/--placement
 * with a
 * value attached (=) or in the next argument.  *i is advanced past a
 * value taken from the next argument.
 */
static int
long_option(struct options *o, int argc, char *const *argv, int *i, char *err,
    size_t errlen)
{
	static const char *const texts[] = {"--label", "--comment", "--json"};
	const char *arg = argv[*i], *eq = strchr(arg, '=');
	size_t len = eq != NULL ? (size_t)(eq - arg) : strlen(arg), k;
	const char *val;

	if (strcmp(arg, "--quick") == 0) {
		o->settings.quick = 1;
		return 0;
	}
	if (strcmp(arg, "--silent") == 0) {
		o->settings.quiet = 2;
		return 0;
	}
	if (strcmp(arg, "--no-warnings") == 0) {
		o->no_warnings = 1;
		return 0;
	}
	if (strcmp(arg, "--dry-run") == 0) {
		o->dry_run = 1;
		return 0;
	}
	if (strcmp(arg, "--smoke") == 0) {
		o->smoke = 1;
		return 0;
	}
	if (strcmp(arg, "--help") == 0) {
		o->action = ACTION_HELP;
		return 0;
	}
	for (k = 0; k < sizeof(texts) / sizeof(texts[0]); k++) {
		if (strncmp(arg, texts[k], len) != 0 || texts[k][len] != '\0')
			continue;
		val = eq != NULL ? eq + 1 : *i + 1 < argc ? argv[++*i] : NULL;
		if (val == NULL)
			return bad(err, errlen, "missing value for", texts[k]);
		if (k == 2)
			return add_output(o, "json", val, err, errlen);
		if (strlen(val) > OPTIONS_MAX_TEXT || !printable(val))
			return bad(err, errlen,
			    "needs one line of printable "
			    "text, at most 64 bytes:",
			    texts[k]);
		*(k == 0 ? &o->settings.label : &o->settings.comment) = val;
		return 0;
	}
	if (strcmp(arg, "--version") == 0) {
		o->action = ACTION_VERSION;
		return 0;
	}
	if ((len == 10 && strncmp(arg, "--duration", len) == 0) ||
	    (len == 10 && strncmp(arg, "--counters", len) == 0) ||
	    (len == 11 && strncmp(arg, "--precision", len) == 0) ||
	    (len == 8 && strncmp(arg, "--budget", len) == 0) ||
	    (len == 6 && strncmp(arg, "--runs", len) == 0) ||
	    (len == 8 && strncmp(arg, "--settle", len) == 0) ||
	    (len == 11 && strncmp(arg, "--placement", len) == 0)) {
		char opt[12];

		memcpy(opt, arg, len);
		opt[len] = '\0';
		if (eq != NULL)
			val = eq + 1;
		else
			val = *i + 1 < argc ? argv[++*i] : NULL;
		if (strcmp(opt, "--placement") == 0)
			o->settings.placement = NULL;
		return take_value(o, opt, val, err, errlen);
	}
	return bad(err, errlen, "unknown option", arg);
}

/* A cluster of short options such as -qb or -c4 or -c 4. */
static int
short_options(struct options *o, int argc, char *const *argv, int *i, char *err,
    size_t errlen)
{
	const char *p = argv[*i] + 1;
	char opt[3] = "-?";

	for (; *p != '\0'; p++) {
		opt[1] = *p;
		switch (*p) {
		case 'Q':
			o->settings.quick = 1;
			break;
		case 'q':
			if (o->settings.quiet < 2)
				o->settings.quiet++;
			break;
		case 'v':
			o->settings.verbose = 1;
			break;
		case 'b':
			o->settings.brief = 1;
			break;
		case 'h':
			o->action = ACTION_HELP;
			break;
		case 'l':
			o->action = ACTION_LIST;
			break;
		case 'i':
		case 'c':
		case 'f':
			if (p[1] != '\0')
				return take_value(o, opt, p + 1, err, errlen);
			return take_value(o, opt,
			    *i + 1 < argc ? argv[++*i] : NULL, err, errlen);
		default:
			return bad(err, errlen, "unknown option", opt);
		}
	}
	return 0;
}

int
options_parse(
    int argc, char *const *argv, struct options *o, char *err, size_t errlen)
{
	char **names, badname[64];
	static char index_text[] = CATALOG_DEFAULT;
	char *const index_name[] = {index_text};
	int i, nnames = 0, rc = 0, dashdash = 0;

	memset(o, 0, sizeof(*o));
	o->action = ACTION_RUN;
	o->settings.placement = place_find("unpinned")->name;
	o->settings.counters = COUNTERS_ON;
	names = calloc((size_t)argc + 1, sizeof(*names));
	if (names == NULL)
		return bad(err, errlen, "out of memory", NULL);
	for (i = 1; i < argc && rc == 0; i++) {
		const char *a = argv[i];

		if (dashdash || a[0] != '-' || a[1] == '\0')
			names[nnames++] = argv[i];
		else if (strcmp(a, "--") == 0)
			dashdash = 1;
		else if (a[1] == '-')
			rc = long_option(o, argc, argv, &i, err, errlen);
		else
			rc = short_options(o, argc, argv, &i, err, errlen);
	}
	if (rc == 0 && o->settings.quiet && o->settings.verbose)
		rc = bad(err, errlen,
		    "-q, -qq or --silent and -v cannot be used together", NULL);
	if (rc == 0 && o->smoke && o->action != ACTION_LIST)
		rc = bad(err, errlen, "--smoke goes with -l", NULL);
	if (rc == 0 && o->settings.quick &&
	    (o->iterations > 0 || o->settings.duration_s > 0))
		rc = bad(err, errlen,
		    "--quick chooses its own passes and "
		    "durations: not with -i or --duration",
		    NULL);
	if (rc == 0 && o->precision_pct > 0 &&
	    (o->settings.quick || o->iterations > 0 ||
	        o->settings.duration_s > 0))
		rc = bad(err, errlen,
		    "--precision chooses its own passes and "
		    "durations: not with --quick, -i or --duration",
		    NULL);
	if (rc == 0 && o->settle_given && o->settings.runs < 2)
		rc = bad(
		    err, errlen, "--settle goes with --runs 2 or more", NULL);
	if (!o->settle_given)
		o->settings.settle_s = OPTIONS_SETTLE_S;
	if (rc == 0 && o->budget_s > 0 && !(o->precision_pct > 0))
		rc = bad(err, errlen,
		    "--budget bounds a --precision run: give "
		    "--precision too",
		    NULL);
	if (rc == 0 && o->action == ACTION_RUN) {
		o->settings.ntests =
		    nnames > 0
		        ? catalog_expand(names, nnames, &o->settings.tests,
		              badname, sizeof(badname))
		        : catalog_expand(index_name, 1, &o->settings.tests,
		              badname, sizeof(badname));
		if (o->settings.ntests == CATALOG_NO_MEMORY) {
			o->settings.ntests = 0;
			o->settings.tests = NULL;
			rc = bad(err, errlen, "out of memory", NULL);
		} else if (o->settings.ntests < 0) {
			o->settings.ntests = 0;
			o->settings.tests = NULL;
			catalog_unknown(badname, err, errlen);
			rc = -1;
		} else if (o->settings.ntests == 0) {
			rc = bad(err, errlen, "no tests to run", NULL);
		}
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
