/*
 * out_groups.c - what compare says under a table of groups of runs: each
 * group's run-to-run spread, and in words which changes are beyond
 * run-to-run noise (score/between.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare/group.h"
#include "write/escape.h"
#include "write/textwrap.h"

#define SAY_MAX 4 /* changes named per column; the rest counted */

/* "A: 2 runs; run-to-run spread 0.95%, pooled over 12 tests (12 degrees
 * of freedom)" */
static void
say_spread(FILE *f, int md, const struct table *t, int col)
{
	const struct column *c = &t->cols[col];
	char text[3 * CMP_TEXT_MAX];
	size_t n;

	if (c->group->n < 2)
		return;
	n = cmp_appendf(
	    text, sizeof(text), 0, "%s: %d runs; ", c->id, c->group->n);
	if (c->pool_dof > 0)
		cmp_appendf(text, sizeof(text), n,
		    "run-to-run spread %.2f%%, pooled over %d test%s (%g "
		    "degrees of freedom)",
		    100 * sqrt(c->pool_var), c->pool_tests,
		    c->pool_tests == 1 ? "" : "s", c->pool_dof);
	else
		cmp_appendf(text, sizeof(text), n, "no spread known");
	cmp_say(f, md, SAY_ITEM, NULL, text);
}

/* Row r's change in column col in words: "Title 0.97x (0.95 to 0.98)". */
static size_t
say_change(char *buf, size_t size, size_t n, const struct table *t, int r,
    const struct cell *c)
{
	char title[3 * CMP_TEXT_MAX], ratio[32];

	cmp_row_title(&t->rows[r], title, sizeof(title));
	cmp_ratio_text(c->between.ratio, ratio, sizeof(ratio));
	/* Three decimals; a huge ratio's bounds as its ratio (%g). */
	return cmp_appendf(buf, size, n,
	    c->between.high < 1000 ? "%s %s (%.3f to %.3f)"
	                           : "%s %s (%.3g to %.3g)",
	    title, ratio, c->between.low, c->between.high);
}

/* Column col's changes beyond run-to-run noise, index scores first, at
 * most SAY_MAX of them appended to buf; *said: how many there are. */
static size_t
say_changes(
    char *buf, size_t size, size_t n, const struct table *t, int col, int *said)
{
	const struct cell *c;
	int r, pass;

	for (pass = 0; pass < 2; pass++)
		for (r = 0; r < t->nrows; r++) {
			c = cmp_cell_at(t, r, col);
			if (!c->grouped || c->noise != CMP_NOISE_BEYOND ||
			    isnan(c->ratio) || t->rows[r].is_index != !pass)
				continue;
			if (*said < SAY_MAX)
				n = say_change(buf, size,
				    *said ? cmp_appendf(buf, size, n, "; ") : n,
				    t, r, c);
			(*said)++;
		}
	return n;
}

/* The verdicts of column col: its changes beyond run-to-run noise. */
static void
say_column(FILE *f, int md, const struct table *t, int col)
{
	char text[8 * CMP_TEXT_MAX];
	const struct cell *c;
	size_t n;
	int r, grouped = 0, beyond = 0, said = 0, assumed = -1;

	for (r = 0; r < t->nrows; r++) {
		c = cmp_cell_at(t, r, col);
		if (!c->grouped || isnan(c->ratio))
			continue;
		grouped++;
		beyond += c->noise == CMP_NOISE_BEYOND;
		if (c->between.assumed != BETWEEN_OWN)
			assumed = c->between.assumed;
	}
	if (grouped == 0)
		return;
	n = cmp_appendf(text, sizeof(text), 0, "%s/%s: %s", t->cols[col].id,
	    t->cols[0].id,
	    beyond ? "beyond run-to-run noise: "
	           : "no change beyond run-to-run noise");
	if (beyond > 0)
		n = say_changes(text, sizeof(text), n, t, col, &said);
	if (said > SAY_MAX)
		n = cmp_appendf(
		    text, sizeof(text), n, "; and %d more", said - SAY_MAX);
	if (assumed >= 0)
		cmp_appendf(text, sizeof(text), n,
		    " (%s has one run: %s's run-to-run spread is taken for "
		    "both)",
		    assumed == BETWEEN_A_FOR_B ? t->cols[col].id
		                               : t->cols[0].id,
		    assumed == BETWEEN_A_FOR_B ? t->cols[0].id
		                               : t->cols[col].id);
	cmp_say(f, md, SAY_ITEM, NULL, text);
}

void
cmp_write_verdicts(FILE *f, int md, const struct table *t)
{
	char text[3 * CMP_TEXT_MAX];
	int j;

	if (!t->grouped)
		return;
	snprintf(text, sizeof(text),
	    "Between groups of runs (the ratio of their geometric means, its "
	    "95%% interval; a change under %g%% is never real):",
	    t->min_change);
	cmp_say(f, md, SAY_HEAD, NULL, text);
	for (j = 0; j < t->ncols; j++)
		say_spread(f, md, t, j);
	for (j = 1; j < t->ncols; j++)
		say_column(f, md, t, j);
}
