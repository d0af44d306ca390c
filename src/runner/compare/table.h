/*
 * table.h - compare's own: the comparison as tables (one per copies group;
 * rows: tests and index scores; columns: the blocks) that table.c builds
 * and the writers (out_text.c, out_json.c, output.c) write.  Included by
 * compare's files only.
 */
#ifndef CMP_TABLE_H
#define CMP_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "compare/compare.h"
#include "score/between.h"
#include "score/explain.h"
#include "write/json_writer.h"
#include "write/textwrap.h"

#define TEXT_WIDTH 80 /* of the text output */
#define NBSP       TEXT_NBSP /* no line is broken there (textwrap.h) */

/* The tables: one per copies group. */
enum group { GROUP_ONE, GROUP_MANY, NGROUPS };

/*
 * How far apart UnixBench and bytebench measure on one machine, in
 * percent (doc/fidelity.md: the tolerance their checks hold): the index
 * score and each index test, context1 and the shell tests wider.
 */
#define SUITE_GAP      3.0
#define SUITE_GAP_WIDE 5.0

#define SPEED_MOVE 1.1 /* CPU time per loop moved by more than 10% */

/* Why a column is not comparable with the first of its table (bits). */
enum caveat {
	CAVEAT_QUICK = 2, /* a quick run against a full one */
	CAVEAT_DURATION = 4, /* --duration differs */
	CAVEAT_BUILD = 8, /* reference against default build, ... */
	CAVEAT_COPIES = 16 /* different numbers of copies */
};

struct column {
	const struct cmp_report *report;
	const struct cmp_block *block;
	char id[16]; /* "A", "B", ...; "A/4" when A has several here */
	int caveats; /* enum caveat bits against the first column */
	int suites; /* UnixBench against bytebench (said above the tables) */
	/* The machine's own speed against the first column: the median
	 * ratio of CPU time per loop over the tests both measured (speed_of
	 * of them), when most (speed_n) moved the same way by over
	 * SPEED_MOVE; NAN: not so (said above the table, why-lines none). */
	double speed;
	int speed_n, speed_of;
};

struct row {
	const char *title; /* test title, or index label */
	int is_index;
	const char *unit; /* of the first column that has it */
	int lower_is_better;
};

/* Why a ratio is not given. */
enum why {
	WHY_NONE,
	WHY_NO_FIRST,
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
	int runs,
	    of_runs; /* a group's: the runs its value is of, of how many */
	double ratio; /* NAN when not given (see why) */
	enum why why;
	enum cmp_noise noise;
	/* Suites differ and the row was never measured against the other
	 * suite (marked "!"); else, suites differing, the gap in percent
	 * below which no change is real. */
	int unmeasured;
	double suite_gap;
	/* One run a side, beyond its passes' noise, but a run's records
	 * show other work on the machine: noise unknown. */
	int disturbed;
	/* Beyond noise with counters on both sides: the why-line's items. */
	int explained;
	int nexplain;
	struct explain_item explain[EXPLAIN_MAX];
	/* The verdict between groups of runs (compare/group.h). */
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
};

enum { NOTES_MAX_CAVEATS = 16 };

/* What the notes under the tables must explain, from the tables' cells
 * (output.c's note_cells) and what the writers chose. */
struct notes {
	int within, beyond, unknown, lower, caveat, unmeasured, disturbed;
	int why[NWHY];
	int explained; /* a why-line was written */
	int grouped; /* a verdict between groups was written */
	int partial_p; /* a partial index's value was written "N p" */
	char caveats[NOTES_MAX_CAVEATS][3 * CMP_TEXT_MAX]; /* said once each */
	int ncaveats;
};

extern const char *const cmp_group_name[NGROUPS]; /* "1 copy", ... */
extern const char *const cmp_group_key[NGROUPS]; /* "1", "N" */
extern const char *const cmp_why_text[NWHY]; /* "units differ", ... */

/* Builds the table of group g; an empty group gives ncols 0.  -1: out of
 * memory (cmp_table_free it even then). */
int cmp_table_build(struct table *t, enum group g,
    struct cmp_report *const *reports, int n, double min_change);

/* The comparison: its labelled reports (one a column or group) and its
 * tables, built once (compare_build); the writers and --fail-below read
 * it. */
struct comparison {
	struct cmp_report *const *reports;
	int n;
	double min_change;
	struct table tables[NGROUPS];
};
void cmp_table_free(struct table *t);

/* The cell of row r, column col. */
const struct cell *cmp_cell_at(const struct table *t, int r, int col);

/* A ratio as text, "1.05x", at most 9 characters however large or small
 * ("1.2e+300x", "1e-300x"). */
void cmp_ratio_text(double ratio, char *buf, size_t size);

/* The row's title, " Index Score" after an index label. */
void cmp_row_title(const struct row *row, char *buf, size_t size);

/* The name of the i-th report in the key: A to Z, then R27, R28, ... */
void cmp_report_id(int i, char *buf, size_t size);

/*
 * What the key says of a report after its label: where it comes from,
 * the system, the date and how it ran (label.c).
 */
void cmp_report_details(const struct cmp_report *r, char *buf, size_t size);

/* Why column b is not comparable with a, in words (table.c). */
void cmp_caveat_text(
    const struct column *a, const struct column *b, char *buf, size_t size);

/* The tables as text and Markdown (out_text.c); the text's sets
 * *partial_p when it wrote a partial index short, "N p". */
int cmp_write_table_text(FILE *f, const struct table *t, int *partial_p);
int cmp_write_table_md(FILE *f, const struct table *t, int *partial_p);

/*
 * As JSON (out_json.c): cmp_json_begin writes the head (schema, noise
 * rule) and opens the tables, cmp_write_table_json writes one,
 * cmp_json_end closes the document.
 */
void cmp_json_begin(struct json_writer *j, FILE *f, double min_change);
void cmp_write_table_json(struct json_writer *j, const struct table *t);
void cmp_json_end(struct json_writer *j);

#endif
