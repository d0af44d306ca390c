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

/* The value of a cell: "1234.5", "failed", "-" when absent, ...; a
 * partial index "(partial)", or "p" when sp (short partial) is set. */
static void
value_text(
    const struct table *t, int r, int col, char *buf, size_t size, int sp)
{
	const struct cell *c = cmp_cell_at(t, r, col);
	size_t n;

	if (!c->present)
		snprintf(buf, size, "-");
	else if (c->status[0] != '\0')
		snprintf(buf, size, "%s", c->status);
	else if (!isfinite(c->value))
		snprintf(buf, size, "no score");
	else /* a huge number as %.4g */
		snprintf(buf, size, fabs(c->value) < 1e12 ? "%.1f" : "%.4g",
		    c->value);
	n = strlen(buf);
	if (c->present && c->unit[0] != '\0' &&
	    strcmp(c->unit, t->rows[r].unit) != 0)
		n = cmp_appendf(buf, size, n, " %s", c->unit);
	if (c->partial)
		n = cmp_appendf(buf, size, n, sp ? " p" : " (partial)");
	/* A group's value of fewer than all its runs says of how many. */
	if (c->present && c->runs > 0 && c->runs < c->of_runs)
		cmp_appendf(
		    buf, size, n, " (%d of %d runs)", c->runs, c->of_runs);
}

/* The ratio of a cell ("1.05x", "n/a", ""). */
static void
ratio_text(const struct table *t, int r, int col, char *buf, size_t size)
{
	const struct cell *c = cmp_cell_at(t, r, col);

	buf[0] = '\0';
	if (!isnan(c->ratio))
		cmp_ratio_text(c->ratio, buf, size);
	else if (c->why >= WHY_UNITS)
		snprintf(buf, size, "n/a");
}

/* The marks after a ratio: "~" or "?", then "!" when not comparable. */
static void
marks_text(const struct table *t, int r, int col, char *buf, size_t size)
{
	const struct cell *c = cmp_cell_at(t, r, col);

	buf[0] = '\0';
	if (isnan(c->ratio))
		return;
	snprintf(buf, size, "%s%s",
	    c->noise == CMP_NOISE_WITHIN    ? "~"
	    : c->noise == CMP_NOISE_UNKNOWN ? "?"
	                                    : "",
	    t->cols[col].caveat[0] || c->unmeasured ? "!" : "");
}

/* "1 copy", or "N copies: A 2, B 4" (each column's copies). */
static void
table_name(const struct table *t, char *buf, size_t size)
{
	size_t n = cmp_appendf(buf, size, 0, "%s", cmp_group_name[t->group]);
	int j;

	for (j = 0; t->group == GROUP_MANY && j < t->ncols; j++)
		n = cmp_appendf(buf, size, n, "%s%s %d", j ? ", " : ": ",
		    t->cols[j].id, t->cols[j].block->copies);
}

/* Sub-columns of the side-by-side layout: 0 title, 1 unit, 2 the first
 * value, then for every other column its value, ratio and marks.  The
 * text of sub-column s of row r (-1: the header) into buf. */
static void
format_sub(const struct table *t, int r, int s, char *buf, size_t size, int sp)
{
	int col = s < 3 ? 0 : (s - 3) / 3 + 1, kind = s < 3 ? 0 : (s - 3) % 3;

	buf[0] = '\0';
	if (r < 0) {
		if (s == 0)
			table_name(t, buf, size);
		else if (s == 1)
			snprintf(buf, size, "unit");
		else if (kind == 0)
			snprintf(buf, size, "%s", t->cols[col].id);
		else if (kind == 1) /* "B/A", "B/A!" when not comparable */
			snprintf(buf, size, "%s/%s%s", t->cols[col].id,
			    t->cols[0].id, t->cols[col].caveat[0] ? "!" : "");
		return;
	}
	if (s == 0)
		cmp_row_title(&t->rows[r], buf, size);
	else if (s == 1)
		snprintf(buf, size, "%s", t->rows[r].unit);
	else if (kind == 0)
		value_text(t, r, col, buf, size, sp);
	else if (kind == 1)
		ratio_text(t, r, col, buf, size);
	else
		marks_text(t, r, col, buf, size);
}

/* The why-line of a cell, when it has one: indent spaces, "why: " and
 * the counters that moved (doc/why.md), wrapped between them. */
static void
write_why(FILE *f, const struct cell *c, int indent)
{
	char text[128];
	size_t col = (size_t)indent + 5, w;
	int i, n = c->nexplain > 0 ? c->nexplain : 1;

	if (!c->explained)
		return;
	fprintf(f, "%*swhy: ", indent, "");
	for (i = 0; i < n; i++) {
		if (c->nexplain > 0)
			explain_item_text(&c->explain[i], text, sizeof(text));
		else
			explain_text(c->explain, 0, text, sizeof(text));
		w = strlen(text) + (i + 1 < n);
		if (i > 0 && col + 1 + w > TEXT_WIDTH) {
			fprintf(f, "\n%*s", indent + 5, "");
			col = (size_t)indent + 5;
		} else if (i > 0) {
			fputc(' ', f);
			col++;
		}
		fprintf(f, "%s%s", text, i + 1 < n ? "," : "");
		col += w;
	}
	fputc('\n', f);
}

/* One test after another: its title and unit, then a line per column. */
static void
write_one_by_one(FILE *f, const struct table *t)
{
	char title[3 * CMP_TEXT_MAX], value[3 * CMP_TEXT_MAX], ratio[32],
	    marks[8];
	size_t idw = 0, vw = 0, w;
	int r, j;

	table_name(t, title, sizeof(title));
	fprintf(f, "%s\n", title);
	for (j = 0; j < t->ncols; j++)
		if ((w = strlen(t->cols[j].id)) > idw)
			idw = w;
	for (r = 0; r < t->nrows; r++)
		for (j = 0; j < t->ncols; j++) {
			value_text(t, r, j, value, sizeof(value), 0);
			if ((w = text_width(value, strlen(value))) > vw)
				vw = w;
		}
	for (r = 0; r < t->nrows; r++) {
		cmp_row_title(&t->rows[r], title, sizeof(title));
		fprintf(f, "%s%s%s\n", title, t->rows[r].unit[0] ? ", " : "",
		    t->rows[r].unit);
		for (j = 0; j < t->ncols; j++) {
			value_text(t, r, j, value, sizeof(value), 0);
			fprintf(f, "  %-*s  %*s%s", (int)idw, t->cols[j].id,
			    (int)(vw - text_width(value, strlen(value))), "",
			    value);
			if (j > 0) {
				ratio_text(t, r, j, ratio, sizeof(ratio));
				marks_text(t, r, j, marks, sizeof(marks));
				if (ratio[0] != '\0')
					fprintf(f, "  %s/%s %s%s%s",
					    t->cols[j].id, t->cols[0].id, ratio,
					    marks[0] ? " " : "", marks);
			}
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

/* The Markdown cell of sub-column s of row r (-1: the header) into buf:
 * a ratio joined to its marks by a no-break space ("1.02x ?" stays one). */
static void
md_cell(const struct table *t, int r, int s, char *buf, size_t size)
{
	char marks[8];
	int col = s < 3 ? 0 : (s - 3) / 3 + 1;

	format_sub(t, r, s, buf, size, 0);
	if (r < 0 && s == 0)
		snprintf(buf, size, "Test");
	else if (r < 0 && s >= 2 && (s - 3) % 3 == 1) /* the ratio's */
		snprintf(buf, size, "%s/%s%s", t->cols[col].group->label,
		    t->cols[0].group->label, t->cols[col].caveat[0] ? "!" : "");
	else if (r < 0 && s >= 2) /* a value's: the label the user gave */
		snprintf(buf, size, "%s%s", t->cols[col].group->label,
		    strchr(t->cols[col].id, '/') ? strchr(t->cols[col].id, '/')
		                                 : "");
	if (r < 0 || s < 3 || (s - 3) % 3 != 1)
		return;
	format_sub(t, r, s + 1, marks, sizeof(marks), 0);
	cmp_appendf(
	    buf, size, strlen(buf), "%s%s", marks[0] ? NBSP : "", marks);
}

/* The sub-columns a table shows: all (text), all but the marks (one
 * Markdown table), the unit and values, the ratios (split Markdown). */
enum pass { PASS_ALL, PASS_MD, PASS_VALUES, PASS_RATIOS };

static int
shown(int s, int pass)
{
	int kind = s < 3 ? (s == 2 ? 0 : -1) : (s - 3) % 3;

	return s == 0 || pass == PASS_ALL ||
	       (pass == PASS_MD          ? kind != 2
	           : pass == PASS_VALUES ? kind <= 0
	                                 : kind == 1);
}

/* The text of sub-column s of row r (-1: the header) into buf. */
static void
cell_text(const struct table *t, int r, int s, char *buf, int md, int sp)
{
	if (md)
		md_cell(t, r, s, buf, 3 * CMP_TEXT_MAX);
	else
		format_sub(t, r, s, buf, 3 * CMP_TEXT_MAX, sp);
}

/* The widest text of sub-column s, header included. */
static size_t
sub_width(const struct table *t, int s, int md, int sp)
{
	char buf[3 * CMP_TEXT_MAX];
	size_t w = 0;
	int r;

	for (r = -1; r < t->nrows; r++) {
		cell_text(t, r, s, buf, md, sp);
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
	int left = s < 2 || (s > 2 && s % 3 == 2);

	*pad += s == 0 ? 0 : s < 3 || s % 3 != 2 ? 2 : width > 0;
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
    const size_t *width, int sp)
{
	char buf[3 * CMP_TEXT_MAX];
	size_t pad = 0;
	int r, s, md = width == NULL;

	for (r = -1; r < t->nrows; r++) {
		fputs(md ? "|" : "", f);
		for (s = 0, pad = 0; s < to; s = s ? s + 1 : from) {
			if (!shown(s, pass))
				continue;
			cell_text(t, r, s, buf, md, sp);
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
side_width(const struct table *t, size_t *width, int sp)
{
	size_t total = 0;
	int s;

	for (s = 0; s < 3 * t->ncols; s++)
		total += (width[s] = sub_width(t, s, 0, sp)) + 2;
	return total;
}

void
cmp_write_table_text(FILE *f, const struct table *t, int *partial_p)
{
	size_t width[6] = {0}; /* two columns at most side by side */
	int sp = 0, i;

	/* Side by side if it fits, or fits with a partial index as "p". */
	if (t->ncols <= 2 && side_width(t, width, 0) > TEXT_WIDTH + 2)
		sp = side_width(t, width, 1) <= TEXT_WIDTH + 2;
	if (t->ncols > 2 || side_width(t, width, sp) > TEXT_WIDTH + 2) {
		write_one_by_one(f, t);
		return;
	}
	write_rows(f, t, PASS_ALL, 1, 3 * t->ncols, width, sp);
	for (i = 0; sp && i < t->nrows * t->ncols; i++)
		*partial_p |= t->cells[i].present && t->cells[i].partial;
}

/* The why-lines of a Markdown table, listed under it. */
static void
md_whys(FILE *f, const struct table *t)
{
	char title[3 * CMP_TEXT_MAX], buf[3 * CMP_TEXT_MAX];
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
	char buf[3 * CMP_TEXT_MAX];
	size_t all = 0, used;
	int s, from, to, pass, k, nsub = 3 * t->ncols;

	table_name(t, buf, sizeof(buf));
	md_printf(f, "**%s**\n\n", buf);
	for (s = 0; s < nsub; s++)
		all += shown(s, PASS_MD) ? sub_width(t, s, 1, 0) : 0;
	if (all <= MD_WIDTH) /* one table: each value followed by its ratio */
		write_rows(f, t, PASS_MD, 1, nsub, NULL, 0);
	/* Else the values, then the ratios, each in as few tables as fit. */
	for (pass = PASS_VALUES; all > MD_WIDTH && pass <= PASS_RATIOS; pass++)
		for (from = 1; from < nsub; from = to) {
			used = sub_width(t, 0, 1, 0);
			for (to = from, k = 0;
			     to < nsub &&
			     (!shown(to, pass) || k == 0 ||
			         used + sub_width(t, to, 1, 0) <= MD_WIDTH);
			     to++)
				if (shown(to, pass)) {
					used += sub_width(t, to, 1, 0);
					k++;
				}
			if (k > 0)
				write_rows(f, t, pass, from, to, NULL, 0);
		}
	md_whys(f, t);
}
