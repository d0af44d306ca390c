/*
 * group.h - compare's groups of runs (group.c): which reports belong
 * together, each group shown as one report of its runs' geometric means,
 * and the verdict between groups for a cell.  Included by compare's files.
 */
#ifndef CMP_GROUP_H
#define CMP_GROUP_H

#include "compare/table.h"

#define CMP_GROUP_KEY (8 * CMP_TEXT_MAX + 64) /* bytes of an identity */

/* One group of runs. */
struct cmp_group {
	struct cmp_report **members; /* its reports, in order */
	int n;
	const char *user; /* its LABEL=, or NULL */
	struct cmp_report merged; /* of several runs: their merged report */
};

/* The groups of a comparison. */
struct cmp_group_set {
	int n; /* groups */
	struct cmp_group *groups;
	struct cmp_report **shown; /* per group: its report or merged one */
	int grouped; /* some group has several runs */
};

/*
 * The group of each of reports[0..n-1] into of[]: the same LABEL=
 * (user[i], NULL: none), else, unless no_group, the same identity (host,
 * OS name, release and version line, suite and version, build kind and
 * flags, quick and --duration, copies values), unless that makes one
 * group of all; else a group of its own.  Numbered by first appearance.
 * Returns the number of groups, or -1 when out of memory.
 */
int cmp_group_of(struct cmp_report *const *reports, const char **user, int n,
    int no_group, int *of);

/* Forms the groups of the labelled reports (cmp_groups_free it, even
 * after -1: out of memory). */
int cmp_groups_make(struct cmp_group_set *g, struct cmp_report *const *reports,
    const char **user, int n, int no_group);
void cmp_groups_free(struct cmp_group_set *g);

/* One side of a cell's verdict: its column's block, its runs' scores
 * runs[0..n-1] (none: its one score value). */
struct cmp_side {
	const struct cmp_block *block;
	const double *runs;
	int n;
	double value;
};

/*
 * The verdict between groups for cell c (its value set): side a, the
 * first column's, against side b, the cell's.  When either side has
 * several runs, sets c->grouped, c->between and c->noise by
 * score/between.h, each side's spread pooled over its block's tests
 * (pool_var), none below half the printed numbers' last digit, no change
 * under min_change percent real; else leaves c as the within-run rule
 * made it.
 */
void cmp_cell_verdict(struct cell *c, const struct cmp_side *a,
    const struct cmp_side *b, int lower_is_better, double min_change);

#endif
