/* table.h - compare's comparison (doc/compare.md), built once by table.c
 * and group.c; the writers (output.c, out_json.c) only format it. */
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
	int partial;
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
	double min_change;
	struct table tables[NGROUPS];
};

extern const char *const cmp_group_name[NGROUPS]; /* "1 copy", ... */
extern const char *const cmp_group_key[NGROUPS]; /* "1", "N" */
extern const char *const cmp_why_text[NWHY]; /* "units differ", ... */

const struct cell *cmp_cell_at(const struct table *t, int r, int col);

/* The name of the i-th group in the key: A to Z, then R27, R28, ... */
void cmp_report_id(int i, char *buf, size_t size);

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

/* The comparison as JSON (out_json.c). */
void cmp_write_json(FILE *f, const struct comparison *c);

#endif
