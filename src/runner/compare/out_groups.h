/*
 * out_groups.h - compare's words on groups of runs (out_groups.c).
 * Included by compare's files.
 */
#ifndef CMP_OUT_GROUPS_H
#define CMP_OUT_GROUPS_H

#include <stdio.h>

#include "compare/table.h"

/* The key's lines of the runs of group report r (named id): "A1 ...". */
void cmp_write_group_key(
    FILE *f, const struct cmp_report *r, const char *id, int md);

/*
 * Under table t: each group's run-to-run spread and, for each column,
 * the changes beyond run-to-run noise by the verdict between groups, and
 * which side's spread stood for both.  Returns 1 when it wrote anything.
 */
int cmp_write_verdicts(FILE *f, const struct table *t, int md);

/* Whether some cell of t has a verdict between groups. */
int cmp_verdicts_any(const struct table *t);

/* The note that run-to-run noise is unknown with one run a side. */
void cmp_write_noise_unknown(FILE *f, int md);

#endif
