/* cmp_model.h - compare's reports as its readers make them: blocks (one
 * copies value each) of tests and index tables. */
#ifndef CMP_MODEL_H
#define CMP_MODEL_H

#include <limits.h>
#include <stddef.h>

/* Limits on what one file may hold (doc/compare.md). */
#define CMP_TEXT_MAX    120 /* bytes kept of a title, label or name */
#define CMP_MAX_REPORTS 64 /* reports in one file */
#define CMP_FILE_MAX    (32L * 1024 * 1024) /* bytes read of stdin */

/* One test of one block. */
struct cmp_test {
	char *title;
	char unit[16]; /* "" when the report does not say */
	int lower_is_better; /* the unit is a time (us) */
	double value; /* the score; NAN when the test gave none */
	char *status; /* "" when ok, else the outcome ("failed") */
	double *rates; /* the kept pass rates (JSON); NULL from text */
	int nrates;
	double *all_rates; /* every pass's rate, kept or dropped (JSON) */
	int nall;
	double *derived; /* kept passes' counters, NDERIVED each; NULL: none */
};

struct cmp_index_row {
	char *title;
	double baseline; /* NAN for "---" */
	double result;
	double index; /* NAN for "---": not part of the index */
};

struct cmp_index {
	char *label; /* "System Benchmarks" */
	int method; /* index method version; 0 when not known */
	int partial; /* "Partial Index" / "(Partial Only)" */
	int has_score;
	double score;
	double ci_low, ci_high; /* 95% interval of the score; 0 unknown */
	struct cmp_index_row *rows;
	int nrows;
};

/* One "Benchmark Run": the results at one copies value. */
struct cmp_block {
	int copies; /* 1 when the report does not say (copies_assumed) */
	int copies_assumed;
	int pin; /* 1 + the CPU of a --per-core-type block (not compared) */
	char date[11]; /* "YYYY-MM-DD" of its start, or "" */
	struct cmp_test *tests;
	int ntests;
	struct cmp_index *indexes;
	int nindexes;
};

/* One report: one run of the suite (one column per block). */
struct cmp_report {
	char *label; /* column label, set by compare_label() */
	char *name; /* the label without " #k" (compare_label()) */
	char *origin; /* "bytebench 0.1.0", "UnixBench 5.1.3", "" */
	char *hostname; /* "" when not known, as the four below */
	char *os_name;
	char *os_release;
	char *os_version; /* the OS's version line */
	char *flags; /* the build's compiler flags */
	int passes_known; /* pass rates read (JSON) */
	int quick; /* a quick run (JSON settings.quick, "quick" in the title) */
	double duration_s; /* --duration of the run; 0: each test's own */
	char build_kind[16]; /* "default", "reference", ...; "" not known */
	char *run_label; /* --label stored in the report; NULL: none */
	char *comment; /* --comment stored in the report; NULL: none */
	char *disturbed; /* other work its warnings recorded; NULL: none */
	struct cmp_block *blocks;
	int nblocks;
	int run_set; /* > 0: of a --runs set, its first report's place + 1 */
};

/* Everything read from one file. */
struct cmp_file {
	struct cmp_report *reports;
	int nreports;
};

/* A copy of s[0..len-1] fit for any output: cut to CMP_TEXT_MAX bytes at
 * a character, controls and bad UTF-8 made '?' (as escape_plain), spaces
 * trimmed and runs of them made one.  NULL when out of memory. */
char *cmp_text(const char *s, size_t len);

/* The array of *n elements of size bytes with one more, zeroed, at its
 * end, *n counting it; NULL (array and *n unchanged) when *n is already
 * max or memory ran out. */
void *cmp_grow(void *array, int *n, size_t size, int max);

/* CMP_PUSH(tmp, array, n, max): cmp_grow on lvalues array and n, tmp a
 * void * of the caller's; the new element, or NULL as cmp_grow. */
#define CMP_PUSH(tmp, array, n, max)                                           \
	(((tmp) = cmp_grow((array), &(n), sizeof(*(array)), (max))) == NULL    \
	        ? NULL                                                         \
	        : ((array) = (tmp), &(array)[(n)-1]))

/* Block b's test titled title, its index (b NULL: none) labelled label. */
const struct cmp_test *cmp_find_test(
    const struct cmp_block *b, const char *title);
const struct cmp_index *cmp_find_index(
    const struct cmp_block *b, const char *label);

/* The first word of an origin: "bytebench", "UnixBench", "" unknown. */
size_t cmp_suite_len(const char *origin);

/* Whether the suites of two reports differ (UnixBench, bytebench). */
int cmp_suites_differ(const struct cmp_report *x, const struct cmp_report *y);

/* Free what they hold (not the struct itself). */
void cmp_block_free(struct cmp_block *b);
void cmp_report_free(struct cmp_report *r);
void cmp_file_free(struct cmp_file *f);

/* Appends to buf[n..] what fits; returns the new length (< size). */
size_t cmp_appendf(char *buf, size_t size, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
