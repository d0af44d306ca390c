/*
 * out_text.c - the tables of a comparison as text and as Markdown: every
 * cell formatted to a string first, the text padded to the widest of its
 * column.  Up to two columns side by side within 80 characters; more, or
 * wider, one test after another.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare/table.h"
#include "write/escape.h"
#include "write/textwrap.h"

void
cmp_ratio_text(double ratio, char *buf, size_t size)
{
	snprintf(buf, size, ratio < 1000 && ratio >= 0.005 ? "%.2fx" : "%.2gx",
	    ratio);
}

void
cmp_row_title(const struct row *row, char *buf, size_t size)
{
	snprintf(
	    buf, size, "%s%s", row->title, row->is_index ? " Index Score" : "");
}

/* The forms of a cell's text: text, text with a partial index short
 * ("N p" for "N (partial)"), Markdown. */
enum form { TEXT, TEXT_SHORT, MD };

/* Sub-column s of the side-by-side layout is 0 the title, 1 the unit, 2
 * the first value, then for column j > 0 its value, ratio and marks at
 * 3j, 3j + 1, 3j + 2; its column is s / 3. */
enum kind { TITLE, UNIT, VALUE, RATIO, MARKS };

static enum kind
kind(int s)
{
	return s < 3 ? (enum kind)s : (enum kind)(VALUE + s % 3);
}

#define CELL_MAX (3 * CMP_TEXT_MAX) /* a cell's text */

/* The value of a cell: "1234.5", "failed", "-" when absent, ... */
static void
value_text(const struct table *t, int r, int col, char *buf, enum form form)
{
	const struct cell *c = cmp_cell_at(t, r, col);
	size_t n;

	if (!c->present)
		snprintf(buf, CELL_MAX, "-");
	else if (c->status[0] != '\0')
		snprintf(buf, CELL_MAX, "%s", c->status);
	else if (!isfinite(c->value))
		snprintf(buf, CELL_MAX, "no score");
	else /* a huge number as %.4g */
		snprintf(buf, CELL_MAX, fabs(c->value) < 1e12 ? "%.1f" : "%.4g",
		    c->value);
	n = strlen(buf);
	if (c->present && c->unit[0] != '\0' &&
	    strcmp(c->unit, t->rows[r].unit) != 0)
		n = cmp_appendf(buf, CELL_MAX, n, " %s", c->unit);
	if (c->partial)
		n = cmp_appendf(
		    buf, CELL_MAX, n, form == TEXT_SHORT ? " p" : " (partial)");
	/* A group's value of fewer than all its runs says of how many. */
	if (c->present && c->runs > 0 && c->runs < c->of_runs)
		cmp_appendf(
		    buf, CELL_MAX, n, " (%d of %d runs)", c->runs, c->of_runs);
}

/* "1 copy", or "N copies: A 2, B 4" (each column's copies). */
static void
table_name(const struct table *t, char *buf)
{
	size_t n =
	    cmp_appendf(buf, CELL_MAX, 0, "%s", cmp_group_name[t->group]);
	int j;

	for (j = 0; t->group == GROUP_MANY && j < t->ncols; j++)
		n = cmp_appendf(buf, CELL_MAX, n, "%s%s %d", j ? ", " : ": ",
		    t->cols[j].id, t->cols[j].block->copies);
}

/* The header of sub-column s: text names a column by its id, Markdown by
 * the label the user gave; a ratio's "B/A", "B/A!" when not comparable. */
static void
header_text(const struct table *t, int s, enum form form, char *buf)
{
	const struct column *c = &t->cols[s / 3], *a = &t->cols[0];
	const char *sub = strchr(c->id, '/'); /* "/4": A with 4 copies */

	if (kind(s) == TITLE && form == MD)
		snprintf(buf, CELL_MAX, "Test");
	else if (kind(s) == TITLE)
		table_name(t, buf);
	else if (kind(s) == UNIT)
		snprintf(buf, CELL_MAX, "unit");
	else if (kind(s) == RATIO)
		snprintf(buf, CELL_MAX, "%s/%s%s",
		    form == MD ? c->group->label : c->id,
		    form == MD ? a->group->label : a->id,
		    c->caveat[0] ? "!" : "");
	else if (kind(s) == VALUE)
		snprintf(buf, CELL_MAX, "%s%s",
		    form == MD ? c->group->label : c->id,
		    form == MD && sub ? sub : "");
}

/* The text of sub-column s of row r (-1: the header) into buf: a ratio
 * "1.05x", "n/a" or ""; the marks "~" or "?", then "!" when not
 * comparable, in Markdown joined to the ratio by a no-break space
 * ("1.02x ?" stays one). */
static void
cell_text(const struct table *t, int r, int s, char *buf, enum form form)
{
	const struct cell *c = r < 0 ? NULL : cmp_cell_at(t, r, s / 3);
	char marks[8] = "";

	buf[0] = '\0';
	if (c != NULL && !isnan(c->ratio))
		snprintf(marks, sizeof(marks), "%s%s",
		    c->noise == CMP_NOISE_WITHIN    ? "~"
		    : c->noise == CMP_NOISE_UNKNOWN ? "?"
		                                    : "",
		    t->cols[s / 3].caveat[0] || c->unmeasured ? "!" : "");
	if (r < 0)
		header_text(t, s, form, buf);
	else if (kind(s) == TITLE)
		cmp_row_title(&t->rows[r], buf, CELL_MAX);
	else if (kind(s) == UNIT)
		snprintf(buf, CELL_MAX, "%s", t->rows[r].unit);
	else if (kind(s) == VALUE)
		value_text(t, r, s / 3, buf, form);
	else if (kind(s) == MARKS)
		snprintf(buf, CELL_MAX, "%s", marks);
	else if (!isnan(c->ratio))
		cmp_ratio_text(c->ratio, buf, CELL_MAX);
	else if (c->why >= WHY_UNITS)
		snprintf(buf, CELL_MAX, "n/a");
	if (form == MD && kind(s) == RATIO && marks[0] != '\0')
		cmp_appendf(buf, CELL_MAX, strlen(buf), NBSP "%s", marks);
}

/* The why-line of a cell, when it has one: indent spaces, "why: " and
 * the counters that moved (doc/why.md), the line broken between them
 * only (no item holds ", "). */
static void
write_why(FILE *f, const struct cell *c, int indent)
{
	char text[CELL_MAX], held[2 * CELL_MAX];
	size_t n = 0, i;

	if (!c->explained)
		return;
	explain_text(c->explain, c->nexplain, text, sizeof(text));
	for (i = 0; text[i] != '\0'; i++)
		n = cmp_appendf(held, sizeof(held), n, "%s",
		    text[i] == ' ' && i > 0 && text[i - 1] != ','
		        ? NBSP
		        : (char[2]){text[i], '\0'});
	fprintf(f, "%*swhy: ", indent, "");
	text_wrap(f, held, (size_t)indent + 5, indent + 5, TEXT_WIDTH);
}

/* One test after another: its title and unit, then a line per column. */
static void
write_one_by_one(FILE *f, const struct table *t)
{
	char title[CELL_MAX], value[CELL_MAX], ratio[CELL_MAX], marks[CELL_MAX];
	size_t idw = 0, vw = 0;
	int r, j;

	for (j = 0; j < t->ncols; j++) {
		if (strlen(t->cols[j].id) > idw)
			idw = strlen(t->cols[j].id);
		for (r = 0; r < t->nrows; r++) {
			value_text(t, r, j, value, TEXT);
			if (text_width(value, strlen(value)) > vw)
				vw = text_width(value, strlen(value));
		}
	}
	table_name(t, title);
	fprintf(f, "%s\n", title);
	for (r = 0; r < t->nrows; r++) {
		cmp_row_title(&t->rows[r], title, sizeof(title));
		fprintf(f, "%s%s%s\n", title, t->rows[r].unit[0] ? ", " : "",
		    t->rows[r].unit);
		for (j = 0; j < t->ncols; j++) {
			value_text(t, r, j, value, TEXT);
			fprintf(f, "  %-*s  %*s%s", (int)idw, t->cols[j].id,
			    (int)(vw - text_width(value, strlen(value))), "",
			    value);
			if (j > 0) {
				cell_text(t, r, 3 * j + 1, ratio, TEXT);
				cell_text(t, r, 3 * j + 2, marks, TEXT);
			}
			if (j > 0 && ratio[0] != '\0')
				fprintf(f, "  %s/%s %s%s%s", t->cols[j].id,
				    t->cols[0].id, ratio, marks[0] ? " " : "",
				    marks);
			fputc('\n', f);
			if (j > 0)
				write_why(f, cmp_cell_at(t, r, j), 4);
		}
	}
}

/* Markdown: a row of at most MD_WIDTH columns of text (its cells, without
 * pipes and padding) fits GitHub's page beside each cell's padding.  A
 * wider table is split: the values, then the ratios, each in as many
 * tables as it takes, every table beginning with the test's title. */
#define MD_WIDTH 100

/* The sub-columns a table shows, of kinds[pass] a bit a kind: all (text),
 * all but the marks (one Markdown table), the unit and values, the ratios
 * (split Markdown). */
enum pass { PASS_ALL, PASS_MD, PASS_VALUES, PASS_RATIOS };

static int
shown(int s, int pass)
{
	static const int kinds[] = {037, 017, 07, 011};

	return kinds[pass] >> kind(s) & 1;
}

/* The widest text of sub-column s, header included. */
static size_t
sub_width(const struct table *t, int s, enum form form)
{
	char buf[CELL_MAX];
	size_t w = 0;
	int r;

	for (r = -1; r < t->nrows; r++) {
		cell_text(t, r, s, buf, form);
		if (text_width(buf, strlen(buf)) > w)
			w = text_width(buf, strlen(buf));
	}
	return w;
}

/* A text cell of sub-column s padded to width, values and ratios to the
 * right, the marks one space after their ratio; blanks held back in
 * *pad until something follows them on the line. */
static void
text_cell(FILE *f, int s, const char *buf, size_t width, size_t *pad)
{
	size_t w = width - text_width(buf, strlen(buf));
	int left = kind(s) < VALUE || kind(s) == MARKS;

	*pad += s == 0 ? 0 : kind(s) != MARKS ? 2 : width > 0;
	*pad += left ? 0 : w;
	if (buf[0] != '\0') {
		fprintf(f, "%*s%s", (int)*pad, "", buf);
		*pad = 0;
	}
	*pad += left ? w : 0;
}

/* The rows of t, the header first, in the title's sub-column and those
 * of [from, to) that pass shows: text (width set) padded, one line a
 * row and its why-line; Markdown in pipes, index scores bold. */
static void
write_rows(FILE *f, const struct table *t, int pass, int from, int to,
    const size_t *width, enum form form)
{
	char buf[CELL_MAX];
	size_t pad = 0;
	int r, s, md = form == MD;

	for (r = -1; r < t->nrows; r++) {
		fputs(md ? "|" : "", f);
		for (s = 0, pad = 0; s < to; s = s ? s + 1 : from) {
			if (!shown(s, pass))
				continue;
			cell_text(t, r, s, buf, form);
			if (!md)
				text_cell(f, s, buf, width[s], &pad);
			else if (r >= 0 && t->rows[r].is_index && buf[0])
				md_printf(f, " **%s** |", buf);
			else
				md_printf(f, " %s |", buf);
		}
		fputc('\n', f);
		for (s = 0; md && r < 0 && s < to; s = s ? s + 1 : from)
			if (shown(s, pass))
				fputs(s == 0  ? "|---|"
				      : s < 2 ? "---|"
				              : "---:|",
				    f);
		fputs(md && r < 0 ? "\n" : "", f);
		if (!md && r >= 0 && t->ncols > 1)
			write_why(f, cmp_cell_at(t, r, 1), 2);
	}
	fputs(md ? "\n" : "", f);
}

/* The widths of the side-by-side sub-columns into width; their sum. */
static size_t
side_width(const struct table *t, size_t *width, enum form form)
{
	size_t total = 0;
	int s;

	for (s = 0; s < 3 * t->ncols; s++)
		total += (width[s] = sub_width(t, s, form)) + 2;
	return total;
}

void
cmp_write_table_text(FILE *f, const struct table *t, int *partial_p)
{
	size_t width[6] = {0}; /* two columns at most side by side */
	enum form form = TEXT;
	int i;

	/* Side by side if it fits, or fits with a partial index as "p". */
	if (t->ncols <= 2 && side_width(t, width, TEXT) > TEXT_WIDTH + 2 &&
	    side_width(t, width, TEXT_SHORT) <= TEXT_WIDTH + 2)
		form = TEXT_SHORT;
	if (t->ncols > 2 || side_width(t, width, form) > TEXT_WIDTH + 2) {
		write_one_by_one(f, t);
		return;
	}
	write_rows(f, t, PASS_ALL, 1, 3 * t->ncols, width, form);
	for (i = 0; form == TEXT_SHORT && i < t->nrows * t->ncols; i++)
		*partial_p |= t->cells[i].present && t->cells[i].partial;
}

/* The why-lines of a Markdown table, listed under it. */
static void
md_whys(FILE *f, const struct table *t)
{
	char title[CELL_MAX], buf[CELL_MAX];
	const struct cell *c;
	int r, s, any = 0;

	for (r = 0; r < t->nrows; r++)
		for (s = 1; s < t->ncols; s++) {
			if (!(c = cmp_cell_at(t, r, s))->explained)
				continue;
			cmp_row_title(&t->rows[r], title, sizeof(title));
			explain_text(c->explain, c->nexplain, buf, sizeof(buf));
			md_printf(f, "- %s, %s/%s: why: %s\n", title,
			    t->cols[s].id, t->cols[0].id, buf);
			any = 1;
		}
	if (any)
		fputc('\n', f);
}

void
cmp_write_table_md(FILE *f, const struct table *t)
{
	char buf[CELL_MAX];
	size_t all = 0, used;
	int s, from, to, pass, k, nsub = 3 * t->ncols;

	table_name(t, buf);
	md_printf(f, "**%s**\n\n", buf);
	for (s = 0; s < nsub; s++)
		all += shown(s, PASS_MD) ? sub_width(t, s, MD) : 0;
	if (all <= MD_WIDTH) /* one table: each value followed by its ratio */
		write_rows(f, t, PASS_MD, 1, nsub, NULL, MD);
	/* Else the values, then the ratios, each in as few tables as fit. */
	for (pass = PASS_VALUES; all > MD_WIDTH && pass <= PASS_RATIOS; pass++)
		for (from = 1; from < nsub; from = to) {
			used = sub_width(t, 0, MD);
			for (to = from, k = 0;
			     to < nsub &&
			     (!shown(to, pass) || k == 0 ||
			         used + sub_width(t, to, MD) <= MD_WIDTH);
			     to++)
				if (shown(to, pass)) {
					used += sub_width(t, to, MD);
					k++;
				}
			if (k > 0)
				write_rows(f, t, pass, from, to, NULL, MD);
		}
	md_whys(f, t);
}
