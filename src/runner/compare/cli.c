/* cli.c - the command `compare`: its options, then the files read
 * (inputs.c), the reports labelled and the comparison written. */
#include <stdio.h>
#include <string.h>

#include "compare/compare.h"
#include "plan/optable.h"

struct compare_opts {
	enum cmp_format format;
	double below; /* --fail-below; 0: none */
	double min_change; /* --min-change, percent */
	int no_group, help; /* --no-group, -h */
};

/* -f's names, in the order of enum cmp_format. */
static int
set_format(void *ctx, const char *val, char *err, size_t errlen)
{
	static const char *const names[] = {"text", "md", "json"};
	int i;

	for (i = 0; i < 3; i++)
		if (strcmp(val, names[i]) == 0) {
			((struct compare_opts *)ctx)->format =
			    (enum cmp_format)i;
			return 0;
		}
	snprintf(err, errlen, "unknown format \"%s\" (text, md or json)", val);
	return -1;
}

/* A row's type and where it goes in struct compare_opts (plan/optable.h). */
#define NUMBER(field, lo, hi, w)                                               \
	OPT_NUMBER_IN(struct compare_opts, OPT_DOUBLE, field, lo, hi, w)
#define FLAG(field) OPT_FLAG_IN(struct compare_opts, field, 1)

/* compare's options: its parser, its errors and its -h read this table. */
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

/* Options may come before, between or after the files (all after "--"):
 * opt_parse moves the files to the front of argv. */
int
compare_main(int argc, char **argv)
{
	struct compare_opts o = {CMP_FORMAT_TEXT, 0, BETWEEN_MIN_CHANGE, 0, 0};
	struct comparison c = {0};
	struct cmp_read rs;
	char err[256];
	int nin, rc;

	if (opt_parse(&compare_table, &o, argc, argv, argv, &nin, err,
	        sizeof(err)) == -1) {
		fprintf(stderr, "compare: %s\n", err);
		return 2;
	}
	if (o.help || nin < 1)
		return usage(o.help ? stdout : stderr);
	rc = cmp_read_all(&rs, argv, nin);
	if (rs.n == 0) {
		if (rc == 0)
			cmp_complain(NULL, "nothing to compare");
		rc = 2;
	} else if (compare_label(rs.reports, rs.user, rs.names, rs.n) == -1 ||
	           compare_build(&c, rs.reports, rs.user, rs.n, o.no_group,
	               o.min_change) == -1) {
		cmp_complain(NULL, "out of memory");
		rc = 2;
	} else if (compare_write(stdout, o.format, &c) == -1 ||
	           fflush(stdout) == EOF) {
		cmp_complain(NULL, "writing the comparison failed");
		rc = rc ? rc : 1;
	} else if (o.below > 0 &&
	           compare_regressions(stderr, &c, o.below) > 0) {
		rc = rc ? rc : 3;
	}
	compare_free(&c);
	cmp_read_free(&rs);
	return rc;
}
