/* group.h - compare's groups of runs (doc/compare.md, "Groups of runs"):
 * which reports make one column, and its cells from its runs. */
#ifndef CMP_GROUP_H
#define CMP_GROUP_H

#include "compare/table.h"

/* The groups of the labelled reports, *ng of them; 0, or -1 out of
 * memory (cmp_groups_free them even then). */
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

#endif
