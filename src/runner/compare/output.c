/* output.c - compare's text and Markdown: key, tables (each cell a string
 * first, text padded to its column's widest), verdicts, notes; and the
 * regressions of --fail-below. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare/compare.h"
#include "write/escape.h"
#include "write/textwrap.h"

/* A ratio as text, "1.05x", at most 9 characters ("1.2e+300x"). */
static void
ratio_text(double ratio, char *buf, size_t size)
{
	snprintf(buf, size, ratio < 1000 && ratio >= 0.005 ? "%.2fx" : "%.2gx",
	    ratio);
}

static void
row_title(const struct row *row, char *buf, size_t size)
{
	snprintf(
	    buf, size, "%s%s", row->title, row->is_index ? " Index Score" : "");
}

/* Text: plain, a partial index short ("N p"), a ratio with its marks. */
enum form { TEXT, TEXT_SHORT, LINE, MD };

/* Sub-column s of the side-by-side layout is 0 the title, 1 the unit, 2
 * the first value, then for column j > 0 its value, ratio and marks at
 * 3j, 3j + 1, 3j + 2; its column is s / 3. */
enum kind { TITLE, UNIT, VALUE, RATIO, MARKS };

static enum kind
kind(int s)
{
	return s < 3 ? (enum kind)s : (enum kind)(VALUE + s % 3);
}

static const char *const group_name[NGROUPS] = {"1 copy", "N copies"};
#define CELL_MAX   (3 * CMP_TEXT_MAX) /* a cell's text */
#define TEXT_WIDTH 80 /* of the text output */

static void
value_text(const struct table *t, int r, int col, char *buf, enum form form)
{
	const struct cell *c = cmp_cell_at(t, r, col);
	size_t n;

	if (c->present && c->status[0] == '\0' && isfinite(c->value))
		n = cmp_appendf(buf, CELL_MAX, 0,
		    fabs(c->value) < 1e12 ? "%.1f" : "%.4g", c->value);
	else
		n = cmp_appendf(buf, CELL_MAX, 0, "%s",
		    !c->present    ? "-"
		    : c->status[0] ? c->status
		                   : "no score");
	if (c->present && c->unit[0] != '\0' &&
	    strcmp(c->unit, t->rows[r].unit) != 0)
		n = cmp_appendf(buf, CELL_MAX, n, " %s", c->unit);
	if (c->index != NULL && c->index->partial)
		n = cmp_appendf(
		    buf, CELL_MAX, n, form == TEXT_SHORT ? " p" : " (partial)");
	if (c->present && c->runs > 0 && c->runs < c->of_runs)
		cmp_appendf(
		    buf, CELL_MAX, n, " (%d of %d runs)", c->runs, c->of_runs);
}

/* "1 copy", or "N copies: A 2, B 4" (each column's copies). */
static void
table_name(const struct table *t, char *buf)
{
	size_t n = cmp_appendf(buf, CELL_MAX, 0, "%s", group_name[t->group]);
	int j;

	for (j = 0; t->group == GROUP_MANY && j < t->ncols; j++)
		n = cmp_appendf(buf, CELL_MAX, n, "%s%s %d", j ? ", " : ": ",
		    t->cols[j].id, t->cols[j].block->copies);
}

/* The header of sub-column s: a column's id in text, its label in Markdown. */
static void
header_text(const struct table *t, int s, enum form form, char *buf)
{
	const struct column *c = &t->cols[s / 3], *a = &t->cols[0];
	const char *sub = strchr(c->id, '/'); /* "/4": A with 4 copies */
	const char *name = form == MD ? c->group->label : c->id;

	if (kind(s) == TITLE && form != MD)
		table_name(t, buf);
	else if (kind(s) < VALUE)
		snprintf(
		    buf, CELL_MAX, "%s", kind(s) == UNIT ? "unit" : "Test");
	else if (kind(s) == RATIO)
		snprintf(buf, CELL_MAX, "%s/%s%s", name,
		    form == MD ? a->group->label : a->id,
		    c->caveat[0] ? "!" : "");
	else if (kind(s) == VALUE)
		snprintf(
		    buf, CELL_MAX, "%s%s", name, form == MD && sub ? sub : "");
}

/* The text of sub-column s of row r (-1: the header) into buf.  A LINE's
 * or Markdown's ratio is followed by its marks ("1.05x ~", in Markdown
 * by a no-break space). */
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
		row_title(&t->rows[r], buf, CELL_MAX);
	else if (kind(s) == UNIT)
		snprintf(buf, CELL_MAX, "%s", t->rows[r].unit);
	else if (kind(s) == VALUE)
		value_text(t, r, s / 3, buf, form);
	else if (kind(s) == MARKS)
		snprintf(buf, CELL_MAX, "%s", marks);
	else if (!isnan(c->ratio))
		ratio_text(c->ratio, buf, CELL_MAX);
	else if (c->why >= WHY_UNITS)
		snprintf(buf, CELL_MAX, "n/a");
	if (form >= LINE && kind(s) == RATIO && marks[0] != '\0')
		cmp_appendf(buf, CELL_MAX, strlen(buf), "%s%s",
		    form == MD ? NBSP : " ", marks);
}

/* A cell's why-line (doc/why.md), if any, broken between its items only
 * (no item holds ", "). */
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

static void
write_one_by_one(FILE *f, const struct table *t)
{
	char title[CELL_MAX], value[CELL_MAX], ratio[CELL_MAX];
	size_t idw = 0, vw = 0;
	int r, j;

	for (j = 0; j < t->ncols; j++) {
		idw = strlen(t->cols[j].id) > idw ? strlen(t->cols[j].id) : idw;
		for (r = 0; r < t->nrows; r++) {
			value_text(t, r, j, value, TEXT);
			if (text_width(value, strlen(value)) > vw)
				vw = text_width(value, strlen(value));
		}
	}
	table_name(t, title);
	fprintf(f, "%s\n", title);
	for (r = 0; r < t->nrows; r++) {
		row_title(&t->rows[r], title, sizeof(title));
		fprintf(f, "%s%s%s\n", title, t->rows[r].unit[0] ? ", " : "",
		    t->rows[r].unit);
		for (j = 0; j < t->ncols; j++) {
			value_text(t, r, j, value, TEXT);
			fprintf(f, "  %-*s  %*s%s", (int)idw, t->cols[j].id,
			    (int)(vw - text_width(value, strlen(value))), "",
			    value);
			cell_text(t, r, 3 * j + 1, ratio, LINE);
			if (j > 0 && ratio[0] != '\0')
				fprintf(f, "  %s/%s %s", t->cols[j].id,
				    t->cols[0].id, ratio);
			fputc('\n', f);
			write_why(f, cmp_cell_at(t, r, j), 4); /* none at 0 */
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
 * row and its why-line; Markdown in pipes, index scores bold, its
 * header (row -2) over a row of dashes (-1). */
static void
write_rows(FILE *f, const struct table *t, int pass, int from, int to,
    const size_t *width, enum form form)
{
	char buf[CELL_MAX];
	size_t pad = 0;
	int r, s, md = form == MD;

	for (r = -1 - md; r < t->nrows; r++) {
		fputs(md ? "|" : "", f);
		for (s = 0, pad = 0; s < to; s = s ? s + 1 : from) {
			if (!shown(s, pass))
				continue;
			cell_text(t, r, s, buf, form);
			if (!md)
				text_cell(f, s, buf, width[s], &pad);
			else if (r == -1)
				fputs(s < 2 ? "---|" : "---:|", f);
			else if (r >= 0 && t->rows[r].is_index && buf[0])
				md_printf(f, " **%s** |", buf);
			else
				md_printf(f, " %s |", buf);
		}
		fputc('\n', f);
		if (!md && r >= 0 && t->ncols > 1)
			write_why(f, cmp_cell_at(t, r, 1), 2);
	}
	fputs(md ? "\n" : "", f);
}

/* The tables of text: up to two columns side by side within 80
 * characters, or so with a partial index short ("N p"); more, or wider,
 * one test after another.  *partial_p set when one was written short. */
static void
write_table_text(FILE *f, const struct table *t, int *partial_p)
{
	size_t width[6] = {0}, all = 0; /* two columns at most side by side */
	enum form form = TEXT;
	int i, s;

	for (; t->ncols <= 2 && form <= TEXT_SHORT; form++) {
		for (s = 0, all = 0; s < 3 * t->ncols; s++)
			all += (width[s] = sub_width(t, s, form)) + 2;
		if (all <= TEXT_WIDTH + 2)
			break;
	}
	if (t->ncols > 2 || all > TEXT_WIDTH + 2)
		write_one_by_one(f, t);
	else
		write_rows(f, t, PASS_ALL, 1, 3 * t->ncols, width, form);
	for (i = 0; form == TEXT_SHORT && i < t->nrows * t->ncols; i++)
		*partial_p |= t->cells[i].index && t->cells[i].index->partial;
}

static void
write_table_md(FILE *f, const struct table *t)
{
	char buf[CELL_MAX], title[CELL_MAX];
	const struct cell *c;
	size_t all = 0, used;
	int r, s, from, to, pass, k, nsub = 3 * t->ncols, any = 0;

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
	for (r = 0; r < t->nrows; r++) /* the why-lines listed under it */
		for (s = 1; s < t->ncols; s++) {
			if (!(c = cmp_cell_at(t, r, s))->explained)
				continue;
			row_title(&t->rows[r], title, sizeof(title));
			explain_text(c->explain, c->nexplain, buf, sizeof(buf));
			md_printf(f, "- %s, %s/%s: why: %s\n", title,
			    t->cols[s].id, t->cols[0].id, buf);
			any = 1;
		}
	fputs(any ? "\n" : "", f);
}

/* How a line that is not a table begins: in text the mark padded to pad,
 * then tail, its further lines indented by rest; in Markdown (never
 * wrapped) lead, the mark, end. */
struct line {
	int pad;
	const char *tail, *lead, *end;
	int rest;
};

/* A report's line in the key (mark: its id), a run's there, an item, a
 * comment, a paragraph, a note (mark: its mark), a sub-point of the note
 * before, a note without a mark. */
static const struct line key_line = {2, " ", "- **", "** ", 3},
                         run_line = {3, "", "- ", "", 5},
                         item_line = {2, "", "- ", "", 4},
                         comment_line = {3, "", "  ", "", 3},
                         para_line = {0, "", "", "", 0},
                         note_line = {4, " ", "- `", "` ", 5},
                         sub_line = {4, " ", "  - ", "", 5},
                         aside_line = {4, " ", "- ", "", 5};

static void
say(FILE *f, int md, const struct line *k, const char *mark, const char *text)
{
	int used;

	if (md) {
		fprintf(f, "%s%s%s", k->lead, mark ? mark : "", k->end);
		md_printf(f, "%s\n", text);
		return;
	}
	used = fprintf(f, "%-*s%s", k->pad, mark ? mark : "", k->tail);
	text_wrap(f, text, used > 0 ? (size_t)used : 0, k->rest, TEXT_WIDTH);
}

#define SAY_MAX 4 /* changes named per column; the rest counted */

/* The verdicts of column col: its changes beyond run-to-run noise, index
 * scores first, SAY_MAX named; whose spread is taken for both, the last
 * row's that says. */
static void
say_column(FILE *f, int md, const struct table *t, int col)
{
	char text[8 * CMP_TEXT_MAX],
	    said[6 * CMP_TEXT_MAX] = "", title[3 * CMP_TEXT_MAX], ratio[32];
	const struct cell *c;
	size_t n = 0;
	int r, pass, b, grouped = 0, beyond = 0, assumed = -1, last = -1;

	for (pass = 0; pass < 2; pass++)
		for (r = 0; r < t->nrows; r++) {
			c = cmp_cell_at(t, r, col);
			if (!c->grouped || isnan(c->ratio) ||
			    t->rows[r].is_index != !pass)
				continue;
			grouped++;
			if (c->between.assumed != BETWEEN_OWN && r > last)
				assumed = c->between.assumed, last = r;
			if (c->noise != CMP_NOISE_BEYOND || beyond++ >= SAY_MAX)
				continue;
			row_title(&t->rows[r], title, sizeof(title));
			ratio_text(c->between.ratio, ratio, sizeof(ratio));
			n = cmp_appendf(said, sizeof(said), n,
			    c->between.high < 1000 ? "%s%s %s (%.3f to %.3f)"
			                           : "%s%s %s (%.3g to %.3g)",
			    beyond > 1 ? "; " : "", title, ratio,
			    c->between.low, c->between.high);
		}
	if (grouped == 0)
		return;
	n = cmp_appendf(text, sizeof(text), 0, "%s/%s: %s%s", t->cols[col].id,
	    t->cols[0].id,
	    beyond ? "beyond run-to-run noise: "
	           : "no change beyond run-to-run noise",
	    said);
	if (beyond > SAY_MAX)
		n = cmp_appendf(
		    text, sizeof(text), n, "; and %d more", beyond - SAY_MAX);
	b = assumed == BETWEEN_A_FOR_B; /* B has one run */
	if (assumed >= 0)
		cmp_appendf(text, sizeof(text), n,
		    " (%s has one run: %s's run-to-run spread is taken for "
		    "both)",
		    t->cols[b ? col : 0].id, t->cols[b ? 0 : col].id);
	say(f, md, &item_line, NULL, text);
}

/* Under table t: each group's run-to-run spread and each column's
 * changes beyond run-to-run noise (score/between.h). */
static void
write_verdicts(FILE *f, int md, const struct table *t)
{
	char text[3 * CMP_TEXT_MAX];
	const struct column *c;
	size_t n;
	int j;

	if (!t->grouped)
		return;
	snprintf(text, sizeof(text),
	    "Between groups of runs (the ratio of their geometric means, its "
	    "95%% interval; a change under %g%% is never real):",
	    t->min_change);
	fputs(md ? "" : "\n", f);
	say(f, md, &para_line, NULL, text);
	fputs(md ? "\n" : "", f);
	for (j = 0; j < t->ncols; j++) {
		if ((c = &t->cols[j])->group->n < 2)
			continue;
		n = cmp_appendf(text, sizeof(text), 0, "%s: %d runs; %s", c->id,
		    c->group->n, c->pool_dof > 0 ? "" : "no spread known");
		if (c->pool_dof > 0)
			cmp_appendf(text, sizeof(text), n,
			    "run-to-run spread %.2f%%, pooled over %d test%s "
			    "(%g degrees of freedom)",
			    100 * sqrt(c->pool_var), c->pool_tests,
			    c->pool_tests == 1 ? "" : "s", c->pool_dof);
		say(f, md, &item_line, NULL, text);
	}
	for (j = 1; j < t->ncols; j++)
		say_column(f, md, t, j);
}

enum { NOTES_MAX_CAVEATS = 16 };

/* What the notes under the tables must explain (noise and why by enum). */
struct notes {
	int noise[3], why[NWHY], lower, caveat, unmeasured, disturbed;
	int explained; /* a why-line was written */
	int grouped; /* a verdict between groups was written */
	int partial_p; /* a partial index's value was written "N p" */
	const char *caveats[NOTES_MAX_CAVEATS]; /* said once each */
	int ncaveats;
};

/* The key: one line per group, its name, label and what it is ("label:
 * details"), then the lines of a group's runs ("A1 ..."), its comment. */
static void
write_key(FILE *f, int md, const struct cmp_group *g, int n)
{
	char run[32], text[6 * CMP_TEXT_MAX], details[3 * CMP_TEXT_MAX];
	int i, k, many;

	for (i = 0; i < n; i++) {
		snprintf(text, sizeof(text),
		    "%s: %d runs (the table shows their geometric means)",
		    g[i].label, g[i].n);
		if ((many = g[i].n > 1))
			say(f, md, &key_line, g[i].id, text);
		for (k = 0; k < g[i].n; k++) {
			cmp_report_details(
			    g[i].runs[k], details, sizeof(details));
			snprintf(run, sizeof(run), "%s%d ", g[i].id, k + 1);
			snprintf(text, sizeof(text), "%s%s%s%s",
			    many ? run : "",
			    many ? g[i].runs[k]->label : g[i].label,
			    details[0] ? ": " : "", details);
			say(f, md, many ? &run_line : &key_line,
			    many ? NULL : g[i].id, text);
		}
		if (g[i].comment != NULL)
			say(f, md, &comment_line, NULL, g[i].comment);
	}
	fputc('\n', f);
}

/* What the cells of t ask the notes to explain; why its columns are not
 * comparable, each reason once. */
static void
note_cells(const struct table *t, struct notes *notes)
{
	const struct cell *c;
	int r, j, k;

	for (j = 1; j < t->ncols; j++) {
		for (k = 0; k < notes->ncaveats &&
		            strcmp(notes->caveats[k], t->cols[j].caveat) != 0;
		     k++)
			;
		if (t->cols[j].caveat[0] != '\0' && k == notes->ncaveats &&
		    k < NOTES_MAX_CAVEATS)
			notes->caveats[notes->ncaveats++] = t->cols[j].caveat;
	}
	for (r = 0; r < t->nrows; r++)
		for (j = 1; j < t->ncols; j++) {
			c = cmp_cell_at(t, r, j);
			notes->lower |= t->rows[r].lower_is_better;
			notes->grouped |= c->grouped;
			notes->explained |= c->explained;
			if (isnan(c->ratio)) {
				notes->why[c->why] |= c->why >= WHY_UNITS;
				continue;
			}
			notes->noise[c->noise] = 1;
			notes->caveat |= t->cols[j].caveat[0] != '\0';
			notes->unmeasured |= c->unmeasured;
			notes->disturbed |= c->disturbed;
		}
}

/* The "?" note; under it, the runs whose own records show other work on
 * the machine. */
static void
write_unknown(FILE *f, int md, const struct notes *notes,
    const struct cmp_group *g, int n)
{
	char text[4 * CMP_TEXT_MAX];
	size_t len = 0;
	int i, names = 0;

	for (i = 0; i < n; i++)
		if (!g[i].passes_known)
			len = cmp_appendf(text, sizeof(text), len, "%s%s",
			    names++ ? ", " : "noise unknown: ", g[i].id);
	if (names == n && n > 1)
		snprintf(text, sizeof(text),
		    "noise unknown: text reports, without passes.");
	else if (names > 0)
		cmp_appendf(text, sizeof(text), len,
		    names > 1 ? " are text reports, without passes."
		              : " is a text report, without passes.");
	else
		snprintf(text, sizeof(text), "noise unknown: too few passes.");
	if (names > 0 || !notes->disturbed)
		say(f, md, &note_line, "?", text);
	for (i = 0; i < n; i++) {
		if (g[i].disturbed == NULL)
			continue;
		snprintf(text, sizeof(text),
		    "noise unknown: %s's run recorded other work: %s.", g[i].id,
		    g[i].disturbed);
		say(f, md, names ? &sub_line : &note_line, names ? NULL : "?",
		    text);
		names++;
	}
}

static const char one_run_a_side[] =
    "run-to-run noise unknown: one run a side, so the marks say only whether "
    "the difference is beyond the noise of the passes inside each run.  To "
    "measure it, make several runs a side (./Run --runs 3) and compare those "
    "reports, or give each side's reports one label (A=1.json A=2.json "
    "B=3.json B=4.json).";

/* The notes under the tables: what the ratios and marks mean. */
static void
write_notes(FILE *f, int md, const struct notes *notes,
    const struct cmp_group *g, int n)
{
	char text[4 * CMP_TEXT_MAX];
	int i, k;

	say(f, md, &note_line, "B/A",
	    notes->lower ? "B against A: above 1.00x B is better, below 1.00x "
	                   "A is (where lower is better, as for times in us, "
	                   "the ratio is A/B)."
	                 : "B against A: above 1.00x B is better, below "
	                   "1.00x A is.");
	if (notes->noise[CMP_NOISE_WITHIN])
		say(f, md, &note_line, "~",
		    "within run-to-run noise at 95%: the "
		    "difference may be chance.  No mark: beyond the noise (the "
		    "rule: doc/compare.md).");
	if (notes->noise[CMP_NOISE_UNKNOWN])
		write_unknown(f, md, notes, g, n);
	if (notes->caveat) {
		say(f, md, &note_line, "!",
		    "not comparable: the runs were made "
		    "differently, and the ratio shows that too:");
		for (k = 0; k < notes->ncaveats; k++)
			say(f, md, &sub_line, NULL, notes->caveats[k]);
	}
	if (notes->unmeasured)
		say(f, md, &note_line, "!",
		    "never measured against the other suite: this test may "
		    "differ between UnixBench and bytebench by more than the "
		    "index does.");
	if (notes->partial_p)
		say(f, md, &note_line, "p",
		    "a partial index: some of its tests did not run.");
	if (!notes->grouped && n > 1)
		say(f, md, &aside_line, NULL, one_run_a_side);
	if (notes->explained)
		say(f, md, &note_line, "why:",
		    "the counters of the passes that moved most, beyond their "
		    "own noise: the medians of A's and B's passes (the rule: "
		    "doc/why.md).");
	for (i = WHY_UNITS; i < NWHY; i++)
		if (notes->why[i]) {
			snprintf(text, sizeof(text), "not compared: %s.",
			    cmp_why_text[i]);
			say(f, md, &note_line, "n/a", text);
		}
}

/* Said once above the tables when suites differ: which runs are which,
 * and how far apart the suites measure (the verdict's floor there). */
static void
write_suites(FILE *f, int md, const struct cmp_group *g, int n)
{
	char text[4 * CMP_TEXT_MAX];
	size_t len, s;
	int i, j, k, differ = 0;

	len = cmp_appendf(text, sizeof(text), 0, "Suites differ (");
	for (i = 0; i < n; i++) {
		differ |= cmp_suites_differ(g[0].runs[0], g[i].runs[0]);
		for (j = 0; j < i; j++)
			if (!cmp_suites_differ(g[i].runs[0], g[j].runs[0]))
				break;
		if (j < i || (s = cmp_suite_len(g[i].runs[0]->origin)) == 0)
			continue;
		len = cmp_appendf(text, sizeof(text), len,
		    "%s%.*s:", i ? "; " : "", (int)s, g[i].runs[0]->origin);
		for (j = i, k = 0; j < n; j++)
			if (!cmp_suites_differ(g[i].runs[0], g[j].runs[0]))
				len = cmp_appendf(text, sizeof(text), len,
				    "%s %s", k++ ? "," : "", g[j].id);
	}
	if (!differ)
		return;
	cmp_appendf(text, sizeof(text), len,
	    "): they measure the index the same way, and on one machine "
	    "agree within about %g%% (%g%% for Pipe-based Context Switching "
	    "and the shell tests; doc/fidelity.md), so a change between them "
	    "smaller than that is never called real.",
	    SUITE_GAP, SUITE_GAP_WIDE);
	say(f, md, &para_line, NULL, text);
	fputc('\n', f);
}

/* Above a table: the machine itself ran faster or slower in a column (its
 * CPU time per loop moved one way in most tests), not (only) the software. */
static void
write_speed(FILE *f, int md, const struct table *t)
{
	char text[3 * CMP_TEXT_MAX];
	const struct column *c;
	int j;

	for (j = 1; j < t->ncols; j++) {
		if (isnan((c = &t->cols[j])->speed))
			continue;
		snprintf(text, sizeof(text),
		    "The machine itself ran %s in %s than in %s: CPU time per "
		    "loop %s in %d of %d tests, by %.0f%% (median), so most of "
		    "%s's ratios show the machine, not the software; no "
		    "why-line a test.",
		    c->speed < 1 ? "faster" : "slower", c->id, t->cols[0].id,
		    c->speed < 1 ? "fell" : "rose", c->speed_n, c->speed_of,
		    100 * fabs(c->speed - 1), c->id);
		say(f, md, &para_line, NULL, text);
		fputc('\n', f);
	}
}

int
compare_write(FILE *f, enum cmp_format format, const struct comparison *c)
{
	const struct table *t;
	struct notes notes = {0};
	int g, md = format == CMP_FORMAT_MD, written = 0;

	if (format == CMP_FORMAT_JSON) {
		cmp_write_json(f, c);
		return ferror(f) ? -1 : 0;
	}
	write_key(f, md, c->groups, c->n);
	write_suites(f, md, c->groups, c->n);
	for (g = 0; g < NGROUPS; g++) {
		if ((t = &c->tables[g])->ncols == 0)
			continue;
		note_cells(t, &notes);
		if (written++)
			fputc('\n', f);
		write_speed(f, md, t);
		if (md)
			write_table_md(f, t);
		else
			write_table_text(f, t, &notes.partial_p);
		write_verdicts(f, md, t);
	}
	fputc('\n', f);
	write_notes(f, md, &notes, c->groups, c->n);
	return ferror(f) ? -1 : 0;
}

int
compare_regressions(FILE *f, const struct comparison *c, double below)
{
	const struct table *t;
	const struct cell *x;
	char title[3 * CMP_TEXT_MAX], ratio[32];
	int g, r, j, found = 0;

	for (g = 0; g < NGROUPS; g++)
		for (t = &c->tables[g], r = 0; r < t->nrows; r++)
			for (j = 1; j < t->ncols; j++) {
				x = cmp_cell_at(t, r, j);
				if (isnan(x->ratio) || !(x->ratio < below) ||
				    x->noise == CMP_NOISE_WITHIN)
					continue;
				row_title(&t->rows[r], title, sizeof(title));
				ratio_text(x->ratio, ratio, sizeof(ratio));
				fprintf(f,
				    "compare: %s (%s): %s/%s %s, "
				    "below %.2fx and %s noise\n",
				    title, group_name[t->group], t->cols[j].id,
				    t->cols[0].id, ratio, below,
				    x->noise == CMP_NOISE_BEYOND
				        ? "beyond"
				        : "of unknown");
				found++;
			}
	return found;
}
