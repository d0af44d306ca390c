/*
 * group.h - compare's groups of runs (group.c): which reports belong
 * together, and a group's cells computed from its runs.  The rules are
 * doc/compare.md's "Groups of runs".
 */
#ifndef CMP_GROUP_H
#define CMP_GROUP_H

#include "compare/table.h"

/* The groups of the labelled reports into *out, *ng of them; 0, or -1
 * out of memory (cmp_groups_free them even then). */
int cmp_groups_make(struct cmp_group **out, int *ng,
    struct cmp_report *const *reports, const char **user, int n, int no_group);
void cmp_groups_free(struct cmp_group *g, int n);

/* The block of run i of column col (its copies, not pinned), or NULL. */
const struct cmp_block *cmp_run_block(const struct column *col, int i);

/* The index of column col labelled label (a group's: the widest of its
 * runs'), or NULL. */
const struct cmp_index *cmp_col_index(
    const struct column *col, const char *label);

/*
 * Cell c of a column of several runs from its runs' scores (into v, room
 * for every run), value their geometric mean: of the test titled title
 * (returns its first run's test, or NULL: none has it), or of index x.
 */
const struct cmp_test *cmp_group_cell(const struct column *col,
    const char *title, const struct cmp_index *x, struct cell *c, double *v);

/* One side of a cell's verdict: its runs' scores runs[0..n-1] (none:
 * its one score, value) and its group's pooled spread. */
struct cmp_side {
	const double *runs;
	int n;
	double value;
	double var, dof;
};

/* The verdict between groups for cell c, side a the first column's: when
 * a side has several runs, sets c->grouped, c->between and c->noise;
 * else leaves c as it was. */
void cmp_cell_verdict(struct cell *c, const struct cmp_side *a,
    const struct cmp_side *b, int lower_is_better, double min_change);

#endif
