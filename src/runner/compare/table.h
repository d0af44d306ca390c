/* table.h - compare's model (doc/compare.md): the reports as its readers
 * make them (cmp_model.c), and the comparison of them built once by
 * table.c and group.c, which the writers (output.c, out_json.c) format. */
#ifndef CMP_TABLE_H
#define CMP_TABLE_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#include "score/between.h"
#include "score/explain.h"
#include "write/textwrap.h"

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

struct cmp_file {
	struct cmp_report *reports;
	int nreports;
};

/* A copy of s[0..len-1] fit for any output: cut to CMP_TEXT_MAX bytes at
 * a character, controls and bad UTF-8 made '?' (as escape_plain), spaces
 * trimmed and runs of them made one.  NULL when out of memory. */
char *cmp_text(const char *s, size_t len);

/* The array of *n elements of size bytes with one more, zeroed, at its
 * end, *n counting it; NULL (nothing changed) when *n is max or no memory. */
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

/* What is known of the noise of a difference (compare_noise). */
enum cmp_noise { CMP_NOISE_UNKNOWN, CMP_NOISE_WITHIN, CMP_NOISE_BEYOND };

#define NBSP TEXT_NBSP /* no line is broken there (textwrap.h) */

/* The tables: one per copies group. */
enum group { GROUP_ONE, GROUP_MANY, NGROUPS };

/* How far apart UnixBench and bytebench measure, in percent
 * (doc/fidelity.md): the index and its tests, context1 and shell wider. */
#define SUITE_GAP      3.0
#define SUITE_GAP_WIDE 5.0

/* One group of runs: one report, or several shown as one column. */
struct cmp_group {
	struct cmp_report **runs; /* in order; runs[0] says how they ran */
	int n;
	const char *label;
	char id[16]; /* in the key: A to Z, then R27, R28, ... */
	const char *comment, *disturbed; /* one run's; NULL for a group */
	int passes_known; /* every run's passes were read (JSON) */
	char *own; /* the label made for several runs */
};

struct column {
	const struct cmp_group *group;
	const struct cmp_block *block; /* runs[0]'s; its runs': cmp_run_block */
	char id[16]; /* "A", "B", ...; "A/4" when A has several here */
	char caveat[3 * CMP_TEXT_MAX]; /* "B/A: " how runs differ, or "" */
	int suites; /* UnixBench against bytebench (said above the tables) */
	/* A group's spread of ln score pooled over pool_tests tests. */
	double pool_var, pool_dof;
	int pool_tests;
	double *values; /* a group's runs' scores, nrows x group->n */
	/* The machine's own speed against the first column (NAN: not
	 * known): speed_n of the speed_of tests measured moved one way. */
	double speed;
	int speed_n, speed_of;
};

struct row {
	const char *title; /* test title, or index label */
	int is_index;
	const char *unit; /* of the first column that has it */
	int lower_is_better;
};

/* Why a ratio is not given: a side has no number, or cmp_why_text's. */
enum why {
	WHY_NONE,
	WHY_NO_VALUE,
	WHY_UNITS,
	WHY_METHOD,
	WHY_BASELINES,
	WHY_TESTS,
	WHY_PARTIAL,
	NWHY
};

struct cell {
	int present;
	double value; /* NAN: no number (see status) */
	const char *unit;
	const char *status; /* "" when ok */
	/* A group's: its runs' scores (value their geometric mean), how
	 * many of its of_runs runs with these copies have one. */
	const double *run_values;
	int runs, of_runs;
	const struct cmp_test *test; /* a group's: its one run's, or first */
	const struct cmp_index *index; /* a group's: its runs' widest */
	double ratio; /* NAN when not given (see why) */
	enum why why;
	enum cmp_noise noise;
	int unmeasured; /* suites differ, the row never measured across */
	int disturbed; /* beyond, but other work on the machine: unknown */
	int explained; /* beyond with counters: the why-line's items */
	int nexplain;
	struct explain_item explain[EXPLAIN_MAX];
	int grouped; /* the verdict between groups, a side has several */
	struct between between;
};

struct table {
	enum group group;
	double min_change; /* --min-change: a smaller change is never real */
	struct column *cols;
	int ncols;
	struct row *rows;
	int nrows;
	struct cell *cells; /* nrows x ncols */
	int grouped; /* some cell has a verdict between groups */
};

/* The comparison (compare_build): its groups and its tables. */
struct comparison {
	struct cmp_group *groups;
	int n;
	struct table tables[NGROUPS];
};

extern const char *const cmp_why_text[NWHY]; /* "units differ", ... */

const struct cell *cmp_cell_at(const struct table *t, int r, int col);

/* What the key says of a report after its label (label.c). */
void cmp_report_details(const struct cmp_report *r, char *buf, size_t size);

/* Groups of runs (group.c; doc/compare.md, "Groups of runs"): those of
 * the labelled reports, *ng of them; 0, or -1 out of memory
 * (cmp_groups_free them even then). */
int cmp_groups_make(struct cmp_group **out, int *ng,
    struct cmp_report *const *reports, const char **user, int n, int no_group);
void cmp_groups_free(struct cmp_group *g, int n);

/* The block of run i of column col (its copies, not pinned), or NULL. */
const struct cmp_block *cmp_run_block(const struct column *col, int i);

/* How many of the tests index x covers (rows with an index) y covers too;
 * (x, x): all of them. */
int cmp_index_cover(const struct cmp_index *x, const struct cmp_index *y);

/* Column col's index labelled label (a group's: its runs' widest), or NULL. */
const struct cmp_index *cmp_col_index(
    const struct column *col, const char *label);

/* Cell c of a group's column: into v (room for every run) its runs'
 * scores of test title or of index x, value their geometric mean.
 * Returns the first run's test of that title (NULL: none has it). */
const struct cmp_test *cmp_group_cell(const struct column *col,
    const char *title, const struct cmp_index *x, struct cell *c, double *v);

/* The verdict between groups for cell j of row r against the first
 * column's: when a side has several runs, sets its grouped, between and
 * noise, and t->grouped. */
void cmp_cell_verdict(struct table *t, int r, int j);

/* The comparison as JSON (out_json.c). */
void cmp_write_json(FILE *f, const struct comparison *c);

#endif
