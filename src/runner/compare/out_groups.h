/*
 * out_groups.h - compare's words on groups of runs (out_groups.c).
 * Included by compare's files.
 */
#ifndef CMP_OUT_GROUPS_H
#define CMP_OUT_GROUPS_H

#include <stdio.h>

#include "compare/table.h"

/*
 * How the text and the Markdown output write what is not a table
 * (out_style.c): the key's line of a report, a line of words indented
 * (text) or a list item, a comment, a paragraph above a table, the
 * heading of the words under one, a note (its mark; "": a sub-point of
 * the one before; NULL: none), and the table itself (the text's sets
 * *partial_p when it wrote a partial index short).
 */
struct cmp_style {
	void (*key)(FILE *f, const char *id, const char *text);
	void (*say)(FILE *f, int indent, const char *text);
	void (*comment)(FILE *f, const char *text);
	void (*para)(FILE *f, const char *text);
	void (*head)(FILE *f, const char *text);
	void (*note)(FILE *f, const char *mark, const char *text);
	int (*table)(FILE *f, const struct table *t, int *partial_p);
};

extern const struct cmp_style cmp_text_style, cmp_md_style;

/* The key's lines of the runs of group report r (named id): "A1 ...". */
void cmp_write_group_key(FILE *f, const struct cmp_style *st,
    const struct cmp_group *g, const char *id);

/* Under table t: each group's run-to-run spread and, for each column,
 * the changes beyond run-to-run noise by the verdict between groups. */
void cmp_write_verdicts(
    FILE *f, const struct cmp_style *st, const struct table *t);

#endif
