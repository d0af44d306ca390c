/*
 * table.h - compare's one model of a comparison: its groups of runs (the
 * columns' sources) and its tables (one per copies group; rows: tests,
 * then index scores; cells: value, runs, ratio, verdict, why-line), built
 * once by table.c and group.c; the writers (output.c, out_*.c) only
 * format it.  The rules are doc/compare.md's.
 */
#ifndef CMP_TABLE_H
#define CMP_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "compare/compare.h"
#include "score/between.h"
#include "score/explain.h"
#include "write/textwrap.h"

#define TEXT_WIDTH 80 /* of the text output */
#define NBSP       TEXT_NBSP /* no line is broken there (textwrap.h) */

/* The tables: one per copies group. */
enum group { GROUP_ONE, GROUP_MANY, NGROUPS };

/* How far apart UnixBench and bytebench measure, in percent
 * (doc/fidelity.md): the index and its tests, context1 and shell wider. */
#define SUITE_GAP      3.0
#define SUITE_GAP_WIDE 5.0

#define SPEED_MOVE 1.1 /* CPU time per loop moved by more than 10% */

/* One group of runs: one report, or several shown as one column. */
struct cmp_group {
	struct cmp_report **runs; /* in order; runs[0] says how they ran */
	int n;
	const char *label;
	const char *comment, *disturbed; /* one run's; NULL for a group */
	int passes_known; /* every run's passes were read (JSON) */
	char *own; /* the label made for several runs */
};

struct column {
	const struct cmp_group *group;
	const struct cmp_report *report; /* the group's first run */
	const struct cmp_block *block; /* its block; its runs': cmp_run_block */
	char id[16]; /* "A", "B", ...; "A/4" when A has several here */
	/* Why it is not comparable with the first column: the runs were made
	 * differently (mode, pass length, build, copies): "B/A: ...", or "". */
	char caveat[3 * CMP_TEXT_MAX];
	int suites; /* UnixBench against bytebench (said above the tables) */
	/* A group's spread of ln score pooled over its tests (doc/compare.md),
	 * its degrees of freedom (0: none) and how many tests it pools. */
	double pool_var, pool_dof;
	int pool_tests;
	double *values; /* a group's runs' scores, nrows x group->n */
	/* The machine's own speed against the first column: the median
	 * ratio of CPU time per loop over the speed_of tests both measured
	 * when speed_n of them moved one way by over SPEED_MOVE; else NAN. */
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
	int partial;
	/* A group's: its runs' scores (value their geometric mean), how
	 * many of its of_runs runs with these copies have one. */
	const double *run_values;
	int runs, of_runs;
	const struct cmp_test *test; /* a test's (a group's: its one run's,
	                              * else its first); NULL: none */
	const struct cmp_index *index; /* an index score's (a group's: the
	                                * widest of its runs') */
	double ratio; /* NAN when not given (see why) */
	enum why why;
	enum cmp_noise noise;
	/* Suites differ and the row was never measured against the other
	 * suite ("!"). */
	int unmeasured;
	/* One run a side, beyond its passes' noise, but a run's records
	 * show other work on the machine: noise unknown. */
	int disturbed;
	/* Beyond noise with counters on both sides: the why-line's items. */
	int explained;
	int nexplain;
	struct explain_item explain[EXPLAIN_MAX];
	/* The verdict between groups of runs, when a side has several. */
	int grouped;
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

/* The comparison, built once (compare_build): its groups, one a column
 * (or a column per copies value), and its tables. */
struct comparison {
	struct cmp_group *groups;
	int n;
	double min_change;
	struct table tables[NGROUPS];
};

extern const char *const cmp_group_name[NGROUPS]; /* "1 copy", ... */
extern const char *const cmp_group_key[NGROUPS]; /* "1", "N" */
extern const char *const cmp_why_text[NWHY]; /* "units differ", ... */

const struct cell *cmp_cell_at(const struct table *t, int r, int col);

/* A ratio as text, "1.05x", at most 9 characters ("1.2e+300x"). */
void cmp_ratio_text(double ratio, char *buf, size_t size);

/* The row's title, " Index Score" after an index label. */
void cmp_row_title(const struct row *row, char *buf, size_t size);

/* The name of the i-th group in the key: A to Z, then R27, R28, ... */
void cmp_report_id(int i, char *buf, size_t size);

/* What the key says of a report after its label: where it comes from,
 * the system, the date and how it ran (label.c). */
void cmp_report_details(const struct cmp_report *r, char *buf, size_t size);

/* Groups of runs (group.c; doc/compare.md, "Groups of runs"): those of
 * the labelled reports, *ng of them; 0, or -1 out of memory
 * (cmp_groups_free them even then). */
int cmp_groups_make(struct cmp_group **out, int *ng,
    struct cmp_report *const *reports, const char **user, int n, int no_group);
void cmp_groups_free(struct cmp_group *g, int n);

/* The block of run i of column col (its copies, not pinned), or NULL. */
const struct cmp_block *cmp_run_block(const struct column *col, int i);

/* Column col's index labelled label (a group's: its runs' widest), or NULL. */
const struct cmp_index *cmp_col_index(
    const struct column *col, const char *label);

/* Cell c of a group's column: into v (room for every run) its runs'
 * scores of test title or of index x, value their geometric mean.
 * Returns the first run's test of that title (NULL: none has it). */
const struct cmp_test *cmp_group_cell(const struct column *col,
    const char *title, const struct cmp_index *x, struct cell *c, double *v);

/* One side of a cell: its runs' scores runs[0..n-1] (n 0: its one score,
 * value) and its group's pooled spread. */
struct cmp_side {
	const double *runs;
	int n;
	double value;
	double var, dof;
};

/* The verdict between groups for cell c, side a the first column's: when
 * a side has several runs, sets c->grouped, c->between and c->noise. */
void cmp_cell_verdict(struct cell *c, const struct cmp_side *a,
    const struct cmp_side *b, int lower_is_better, double min_change);

/* The tables as text and Markdown (out_text.c); *partial_p set when a
 * partial index was written short, "N p". */
void cmp_write_table_text(FILE *f, const struct table *t, int *partial_p);
void cmp_write_table_md(FILE *f, const struct table *t);

/* The comparison as JSON (out_json.c). */
void cmp_write_json(FILE *f, const struct comparison *c);

#endif
