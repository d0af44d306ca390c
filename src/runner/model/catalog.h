/*
 * catalog.h - every test, group and index of bytebench, declared once as
 * data (catalog.c; HACKING.md, "Adding a test").  The rest of the runner
 * knows no test, group or index by name: it reads the rows.
 */
#ifndef CATALOG_H
#define CATALOG_H

#include <stddef.h>

enum passes_kind { PASSES_LONG, PASSES_SHORT };

/* What a run given no test or group names runs. */
#define CATALOG_DEFAULT "index"

enum test_flags {
	TEST_SCRATCH = 1 << 0, /* writes files: needs a scratch directory */
	TEST_SHELL = 1 << 1, /* runs system tools: locale set and recorded */
	TEST_LOWER_BETTER = 1 << 2, /* unit is a time (us): lower is better */
	TEST_PLACEMENT = 1 << 3, /* takes the --placement choice */
	TEST_LATENCY = 1 << 4 /* its INFO lines carry a latency table */
};

/* Room in a row's lists, the terminating NULL included. */
#define CATALOG_MAX_ARGS       12
#define CATALOG_MAX_QUICK_ARGS 5
#define CATALOG_MAX_SMOKE      4

/*
 * One test.  In args, "@T" becomes the duration in seconds, a prefix
 * "@BIN/", "@DATA/" or "@TMP/" the program, test-data or scratch
 * directory, "@PLACE=name" the --placement choice, or name by default.
 */
struct test_def {
	const char *name; /* command-line name */
	const char *title; /* printed exactly */
	const char *program; /* file name in the program directory */
	const char *args[CATALOG_MAX_ARGS]; /* NULL-terminated */
	double seconds; /* duration of one pass */
	enum passes_kind passes;
	const char *unit; /* lps, lpm, KBps, MWIPS, us */
	unsigned flags; /* enum test_flags */
	const char *input; /* a test-data file it reads that args do not name */
	/* Quick mode (quick.h): options put before args, NULL-terminated. */
	const char *quick_args[CATALOG_MAX_QUICK_ARGS];
	/* Seconds a pass takes beyond its duration, by default and in quick
	 * mode: the time estimate's first guess (quick.h). */
	double extra_s, quick_extra_s;
	/* Runs of about a second (-l --smoke): the program's arguments, with
	 * "@TMP", "@DATA" and "@BIN" for those directories; one at least. */
	const char *smoke[CATALOG_MAX_SMOKE];
};

/* A group or alias: a name and the names it stands for (space-separated). */
struct group_def {
	const char *name;
	const char *members;
};

enum index_agg {
	INDEX_GEOMEAN_X10, /* UnixBench: 10 x geometric mean of the ratios */
	INDEX_SUM_AVERAGE /* BYTE Release 3: score/baseline, summed, averaged */
};

struct index_row {
	const struct test_def *test; /* its row of catalog_tests */
	double baseline;
	const char *title; /* title in this index's table, NULL: the test's */
};

struct index_def {
	const char *name; /* "unixbench", "byte3" */
	const char *label; /* e.g. "System Benchmarks" */
	enum index_agg agg;
	int method; /* index method version, recorded in reports */
	const struct index_row *rows;
	size_t nrows;
	const struct test_def *const *unindexed; /* shown, no baseline; NULL */
};

extern const struct test_def catalog_tests[];
extern const size_t catalog_ntests;
extern const struct group_def catalog_groups[];
extern const size_t catalog_ngroups;
extern const struct index_def catalog_indexes[];
extern const size_t catalog_nindexes;

const struct test_def *catalog_find_test(const char *name);
const struct group_def *catalog_find_group(const char *name);

/* The test-data files t reads ("@DATA/" arguments, then input), at most
 * max into names; how many. */
int catalog_inputs(const struct test_def *t, const char **names, int max);

/* The placement t runs with: chosen when given, else its "@PLACE=name"
 * default; NULL when t takes none. */
const char *catalog_placement(
    const struct test_def *t, const char *chosen, int given);

/* The title of row in its index's table: its own, else its test's. */
const char *index_row_title(const struct index_row *row);

/* catalog_expand's failures. */
enum { CATALOG_UNKNOWN = -1, CATALOG_NO_MEMORY = -2 };

/*
 * Expands names (tests, groups, aliases; recursively) into *out, in the
 * order given, each test once.  Returns the number of tests, or
 * CATALOG_UNKNOWN after writing the unknown name into bad (size badlen),
 * or CATALOG_NO_MEMORY.  *out is malloc'd.
 */
int catalog_expand(char *const *names, int nnames, const struct test_def ***out,
    char *bad, size_t badlen);

/* Why name is no test or group, into buf: UnixBench's graphics tests,
 * or the nearest names (near.h); ending with a pointer to -l. */
void catalog_unknown(const char *name, char *buf, size_t size);

#endif
