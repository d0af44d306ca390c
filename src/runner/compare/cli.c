/*
 * cli.c - the command: `compare [-f text|md|json] [--fail-below RATIO]
 * [LABEL=]FILE...`; reads each file (compare_read picks its reader),
 * labels the reports and writes the comparison.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare/compare.h"
#include "compare/group.h"
#include "compare/inputs.h"
#include "file.h"
#include "plan/optable.h"
#include "write/escape.h"

int
compare_read(
    const char *buf, size_t len, struct cmp_file *out, char *err, size_t errlen)
{
	size_t i = 0;

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		i = 3; /* a UTF-8 byte order mark */
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
	                      buf[i] == '\r'))
		i++;
	if (i == len) {
		snprintf(err, errlen, "empty: no report in it");
		return -1;
	}
	if (buf[i] == '{')
		return parse_json(buf + i, len - i, out, err, errlen);
	return parse_text(buf, len, out, err, errlen);
}

/* What compare's options set. */
struct compare_opts {
	enum cmp_format format;
	double below; /* --fail-below; 0: none */
	double min_change; /* --min-change, percent */
	int no_group; /* --no-group */
	int help;
};

#define C(ctx) ((struct compare_opts *)(ctx))

static int
set_format(void *ctx, const char *val, char *err, size_t errlen)
{
	if (strcmp(val, "text") == 0)
		C(ctx)->format = CMP_FORMAT_TEXT;
	else if (strcmp(val, "md") == 0)
		C(ctx)->format = CMP_FORMAT_MD;
	else if (strcmp(val, "json") == 0)
		C(ctx)->format = CMP_FORMAT_JSON;
	else {
		snprintf(err, errlen,
		    "unknown format \"%s\" (text, md or json)", val);
		return -1;
	}
	return 0;
}

/* A row's type and where it goes in struct compare_opts (plan/optable.h). */
#define NUMBER(field, lo, hi, w)                                               \
	OPT_NUMBER_IN(struct compare_opts, OPT_DOUBLE, field, lo, hi, w)
#define FLAG(field) OPT_FLAG_IN(struct compare_opts, field, 1)

/*
 * compare's options: its parser, its errors and its -h read this table
 * only.  -f has a function: its value is one of three names.
 */
static const struct opt_def compare_defs[] = {
    {"-f", "text|md|json", "the output format (default: text)",
        "-f needs a format (text, md or json)", .set = set_format},
    {"--fail-below", "RATIO",
        "exit 3 when a test or index score fell below RATIO against the "
        "first and beyond noise (e.g. 0.95)",
        NULL, NUMBER(below, 0.001, 1000, "a ratio")},
    {"--min-change", "PCT",
        "a smaller change between groups of runs is never real (default 1)",
        NULL, NUMBER(min_change, 0, 100, "a percentage")},
    {"--no-group", NULL,
        "reports of one system are not grouped (LABEL= still is)", NULL,
        FLAG(no_group)},
    {"-h, --help", NULL, "print this usage", NULL, FLAG(help)},
};

/* The usage in two halves: -h breaks it between them (80 columns). */
#define COMPARE_USAGE     "compare [-f text|md|json] [--fail-below RATIO]"
#define COMPARE_USAGE_END "[--min-change PCT] [--no-group] [LABEL=]FILE..."

static const struct opt_table compare_table = {compare_defs,
    sizeof(compare_defs) / sizeof(compare_defs[0]), "unknown option ",
    " (usage: " COMPARE_USAGE " " COMPARE_USAGE_END ")"};

static int
usage(FILE *f)
{
	fputs("usage: " COMPARE_USAGE "\n               " COMPARE_USAGE_END "\n"
	      "  FILE: a bytebench .json report, or a text report of bytebench "
	      "or UnixBench\n  (also pasted into a mail or blog; several in "
	      "one file); - reads stdin.\n"
	      "  LABEL=FILE names its column (default: the report's --label, "
	      "else the file\n  name); files of one LABEL are one group of "
	      "runs, as are the reports\n  of one system.\n",
	    f);
	opt_print(f, &compare_table);
	return f == stdout ? 0 : 2;
}

/* Says "compare: PATH: WHAT" on stderr, safe for a terminal. */
static void
complain(const char *path, const char *what)
{
	char line[8192];

	snprintf(line, sizeof(line), "compare: %s%s%s", path ? path : "",
	    path ? ": " : "", what);
	escape_plain(line, 0);
	fprintf(stderr, "%s\n", line);
}

/* Reads and parses one file; 0, or -1 after one line on stderr. */
static int
load(const char *path, struct cmp_file *file)
{
	char err[4096], *buf;
	size_t len;
	int rc, in = strcmp(path, "-") == 0;

	/* Not blocking on a FIFO's open; only a regular file is read
	 * (EINVAL: another kind). */
	rc = in ? file_read_fd(STDIN_FILENO, (size_t)CMP_FILE_MAX, &buf, &len)
	        : file_read_path(path, 0, SIZE_MAX, &buf, &len);
	if (rc == 1) {
		free(buf);
		errno = EFBIG;
	}
	if (rc != 0) {
		rc = errno;
		complain(path, rc == EFBIG ? "larger than 32 MiB: no report"
		               : rc == EINVAL && !in
		                   ? "not a regular file: no report"
		                   : strerror(rc));
		return -1;
	}
	if ((rc = cmp_own_kind(buf, len)) >= 0) {
		cmp_own_refuse(path, rc, err, sizeof(err));
		complain(NULL, err);
		rc = -1;
	} else if ((rc = compare_read(buf, len, file, err, sizeof(err))) ==
	           -1) {
		complain(path, err);
	}
	free(buf);
	return rc;
}

/* What compare read: the inputs, and their reports in order with each
 * one's LABEL= (NULL: none) and file name. */
struct read_set {
	struct cmp_inputs in;
	struct cmp_report **reports;
	const char **user, **names;
	int n;
};

/* Lists the reports of rs->in for compare_label and the comparison,
 * their run sets numbered apart across the files (each numbered within
 * its file from 1). */
static void
gather(struct read_set *rs)
{
	struct cmp_input *x;
	int i, j;

	for (i = 0, rs->n = 0; i < rs->in.n; i++)
		for (j = 0, x = &rs->in.v[i]; j < x->file.nreports; j++) {
			if (x->file.reports[j].run_set > 0)
				x->file.reports[j].run_set += rs->n - j;
			rs->reports[rs->n] = &x->file.reports[j];
			rs->user[rs->n] = x->label[0] ? x->label : NULL;
			rs->names[rs->n++] = x->path;
		}
}

/*
 * Reads the files of the arguments argv[0..nargs-1] into rs (read_free
 * it even after an error).  Returns 0, or 2 after one line on stderr for
 * each file that failed (the others still read).
 */
static int
read_all(struct read_set *rs, char **argv, int nargs)
{
	char err[512];
	int i, n = 0, rc = 0;

	memset(rs, 0, sizeof(*rs));
	if (cmp_inputs_make(&rs->in, argv, nargs, err, sizeof(err)) == -1) {
		complain(NULL, err);
		return 2;
	}
	cmp_inputs_dedupe(&rs->in, stderr);
	for (i = 0; i < rs->in.n; i++) {
		if (!rs->in.v[i].left_out &&
		    load(rs->in.v[i].path, &rs->in.v[i].file) == -1)
			rc = 2;
		n += rs->in.v[i].file.nreports;
	}
	rs->reports = calloc((size_t)n + 1, sizeof(*rs->reports));
	rs->user = calloc((size_t)n + 1, sizeof(*rs->user));
	rs->names = calloc((size_t)n + 1, sizeof(*rs->names));
	if (rs->reports == NULL || rs->user == NULL || rs->names == NULL) {
		complain(NULL, "out of memory");
		return 2;
	}
	gather(rs);
	return rc;
}

static void
read_free(struct read_set *rs)
{
	cmp_inputs_free(&rs->in);
	free(rs->reports);
	free(rs->user);
	free(rs->names);
}

/*
 * Labels and groups what was read, builds the comparison once, writes it
 * and with --fail-below its regressions.  Returns the exit status (rc
 * so far: 0 or 2).
 */
static int
show(const struct compare_opts *o, struct read_set *rs, int rc)
{
	struct cmp_group_set groups;
	struct comparison c;
	int found;

	memset(&c, 0, sizeof(c));
	memset(&groups, 0, sizeof(groups));
	if (compare_label(rs->reports, rs->user, rs->names, rs->n) == -1 ||
	    cmp_groups_make(
	        &groups, rs->reports, rs->user, rs->n, o->no_group) == -1 ||
	    compare_build(&c, groups.shown, groups.n, o->min_change) == -1) {
		complain(NULL, "out of memory");
		rc = 2;
	} else if (compare_write(stdout, o->format, &c) == -1 ||
	           fflush(stdout) == EOF) {
		complain(NULL, "writing the comparison failed");
		rc = rc ? rc : 1;
	} else if (o->below > 0) {
		found = compare_regressions(stderr, &c, o->below);
		rc = rc == 0 && found > 0 ? 3 : rc;
	}
	compare_free(&c);
	cmp_groups_free(&groups);
	return rc;
}

/*
 * Reads the options, before, between or after the files (all files after
 * "--"), and moves the file arguments to the front of argv.  Returns the
 * number of files, or -1 - the exit status when compare is to end (help
 * asked, or bad usage said on stderr).
 */
static int
compare_options(int argc, char **argv, struct compare_opts *o)
{
	char err[256];
	int nfiles, rc;

	rc = opt_parse(
	    &compare_table, o, argc, argv, argv, &nfiles, err, sizeof(err));
	if (rc == -1) {
		fprintf(stderr, "compare: %s\n", err);
		return -1 - 2;
	}
	return o->help ? -1 - usage(stdout) : nfiles;
}

int
compare_main(int argc, char **argv)
{
	struct compare_opts o = {CMP_FORMAT_TEXT, 0, BETWEEN_MIN_CHANGE, 0, 0};
	struct read_set rs;
	int nin, rc;

	if ((nin = compare_options(argc, argv, &o)) < 0)
		return -1 - nin;
	if (nin < 1)
		return usage(stderr);
	rc = read_all(&rs, argv, nin);
	if (rs.n == 0 && rs.reports != NULL) {
		if (rc == 0)
			complain(NULL, "nothing to compare");
		rc = 2;
	} else if (rs.n > 0) {
		rc = show(&o, &rs, rc);
	}
	read_free(&rs);
	return rc;
}
