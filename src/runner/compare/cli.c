/*
 * cli.c - the command: `compare [-f text|md|json] [--fail-below RATIO]
 * [LABEL=]FILE...`; reads each file (compare_read picks its reader),
 * labels the reports and writes the comparison.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare/compare.h"
#include "compare/group.h"
#include "compare/inputs.h"
#include "compare/parse_json.h"
#include "compare/parse_text.h"
#include "file.h"
#include "parse.h"
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

static int
set_below(void *ctx, const char *val, char *err, size_t errlen)
{
	if (parse_double(val, 0.001, 1000, &C(ctx)->below) == -1)
		return opt_bad(err, errlen,
		    "--fail-below needs a ratio from 0.001 to 1000, such as "
		    "0.95",
		    NULL);
	return 0;
}

static int
set_min_change(void *ctx, const char *val, char *err, size_t errlen)
{
	double pct;

	(void)ctx;
	if (parse_double(val, 0, 100, &pct) == -1)
		return opt_bad(err, errlen,
		    "--min-change needs a percentage from 0 to 100, such as 1",
		    NULL);
	compare_set_min_change(pct);
	return 0;
}

static int
set_no_group(void *ctx, const char *val, char *err, size_t errlen)
{
	(void)val, (void)err, (void)errlen;
	C(ctx)->no_group = 1;
	return 0;
}

static int
set_help(void *ctx, const char *val, char *err, size_t errlen)
{
	(void)val, (void)err, (void)errlen;
	C(ctx)->help = 1;
	return 1;
}

/* compare's options: its parser and its -h read this table only. */
static const struct opt_def compare_defs[] = {
    {"-f", "text|md|json", "the output format (default: text)",
        "-f needs a format (text, md or json)", .set = set_format},
    {"--fail-below", "RATIO",
        "exit 3 when a test or index score fell below RATIO against the "
        "first and beyond noise (e.g. 0.95)",
        "--fail-below needs a ratio from 0.001 to 1000, such as 0.95",
        .set = set_below},
    {"--min-change", "PCT",
        "a smaller change between groups of runs is never real (default 1)",
        "--min-change needs a percentage from 0 to 100, such as 1",
        .set = set_min_change},
    {"--no-group", NULL,
        "reports of one system are not grouped (LABEL= still is)", NULL,
        .set = set_no_group},
    {"-h, --help", NULL, "print this usage", NULL, .set = set_help},
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
	struct stat st;
	size_t len;
	int fd, rc, in = strcmp(path, "-") == 0;

	/* Not blocking on a FIFO's open; only a regular file is read. */
	fd = in ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (!in && fd != -1 && (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode))) {
		close(fd);
		complain(path, "not a regular file: no report");
		return -1;
	}
	rc = fd == -1 ? -1
	              : file_read_fd(fd, in ? (size_t)CMP_FILE_MAX : SIZE_MAX,
	                    &buf, &len);
	if (rc == 1) {
		free(buf);
		errno = EFBIG;
	}
	if (rc != 0) {
		rc = errno;
		if (!in && fd != -1)
			close(fd);
		complain(path, rc == EFBIG ? "larger than 32 MiB: no report"
		                           : strerror(rc));
		return -1;
	}
	if (!in)
		close(fd);
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

/*
 * Lists the reports of the inputs for compare_label and compare_write,
 * at most CMP_MAX_COLUMNS blocks in all.  Returns their number, or -1
 * after saying on stderr that some were left out.
 */
static int
gather(const struct cmp_inputs *in, struct cmp_report **reports,
    const char **user, const char **names)
{
	const struct cmp_input *x;
	int i, j, n = 0, columns = 0;
	struct cmp_report *r;

	for (i = 0; i < in->n; i++)
		for (j = 0, x = &in->v[i]; j < x->file.nreports; j++) {
			r = &x->file.reports[j];
			if (columns + r->nblocks > CMP_MAX_COLUMNS) {
				fprintf(stderr,
				    "compare: %s: more than %d "
				    "results in all: the rest is left out\n",
				    x->path, CMP_MAX_COLUMNS);
				return -n - 1;
			}
			columns += r->nblocks;
			reports[n] = r;
			user[n] = x->label[0] ? x->label : NULL;
			names[n] = x->path;
			n++;
		}
	return n;
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
	if (rc == 1)
		return -1 - usage(stdout);
	if (rc == -1) {
		fprintf(stderr, "compare: %s\n", err);
		return -1 - 2;
	}
	return nfiles;
}

int
compare_main(int argc, char **argv)
{
	struct compare_opts o = {CMP_FORMAT_TEXT, 0, 0, 0};
	struct cmp_group_set groups;
	struct cmp_inputs in;
	struct cmp_report **reports = NULL;
	const char **user = NULL, **names = NULL;
	char err[512];
	int i, nin, n = 0, rc = 0;

	memset(&groups, 0, sizeof(groups));
	if ((nin = compare_options(argc, argv, &o)) < 0)
		return -1 - nin;
	if (nin < 1)
		return usage(stderr);
	if (cmp_inputs_make(&in, argv, nin, err, sizeof(err)) == -1) {
		fprintf(stderr, "compare: %s\n", err);
		cmp_inputs_free(&in);
		return 2;
	}
	cmp_inputs_dedupe(&in, stderr);
	for (i = 0; i < in.n; i++) {
		if (!in.v[i].left_out &&
		    load(in.v[i].path, &in.v[i].file) == -1)
			rc = 2;
		n += in.v[i].file.nreports;
	}
	reports = calloc((size_t)n + 1, sizeof(*reports));
	user = calloc((size_t)n + 1, sizeof(*user));
	names = calloc((size_t)n + 1, sizeof(*names));
	if (reports == NULL || user == NULL || names == NULL) {
		fprintf(stderr, "compare: out of memory\n");
		rc = 2;
		n = 0;
	} else if ((n = gather(&in, reports, user, names)) < 0) {
		rc = 2;
		n = -n - 1;
	}
	if (n == 0) {
		if (rc == 0)
			fprintf(stderr, "compare: nothing to compare\n");
		rc = 2;
	} else if (compare_label(reports, user, names, n) == -1 ||
	           cmp_groups_make(&groups, reports, user, n, o.no_group) ==
	               -1) {
		fprintf(stderr, "compare: out of memory\n");
		rc = 2;
	} else if (compare_write(stdout, o.format, groups.shown, groups.n) ==
	               -1 ||
	           fflush(stdout) == EOF) {
		fprintf(stderr, "compare: writing the comparison failed\n");
		rc = rc ? rc : 1;
	} else if (o.below > 0) {
		i = compare_regressions(
		    stderr, groups.shown, groups.n, o.below);
		if (i < 0)
			fprintf(stderr, "compare: out of memory\n");
		if (i != 0 && rc == 0)
			rc = i < 0 ? 2 : 3;
	}
	cmp_groups_free(&groups);
	cmp_inputs_free(&in);
	free(reports);
	free(user);
	free(names);
	return rc;
}
