/*
 * parse_text.c - text reports into the compare model.  Each line is first
 * normalised (quote marks "> " dropped, runs of blanks made one space),
 * then recognised by its shape, never by its columns: a header, a run
 * line, a copies line, a test line, an index header, row or score.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/catalog.h"
#include "compare/json_read.h"
#include "compare/parse_text.h"

#define LINE_BYTES 1024 /* longer lines are prose */
#define MAX_TOKENS 48
/* The 1991 table has no label of its own: the one bytebench JSON gives it. */
#define RELEASE3_LABEL "BYTE Release 3"

/* One normalised line, split at its single spaces. */
struct line {
	char text[LINE_BYTES];
	size_t len;
	const char *tok[MAX_TOKENS];
	size_t toklen[MAX_TOKENS];
	int ntok;
};

struct parser {
	struct cmp_file *out;
	int first_report; /* out->reports[first_report..] are ours */
	struct cmp_report *report; /* the current one, or NULL */
	int report_header; /* it began with a BYTE UNIX Benchmarks line */
	int report_dropped; /* a block of it was dropped */
	int method; /* its "index method n", 0 when not said */
	struct cmp_block *block; /* the current one, or NULL */
	struct cmp_index *index; /* its open index table, or NULL */
	int index_closed; /* an index section of the block ended */
	int no_index_line; /* "No index results available" seen */
	struct line held; /* a line that may go on in the next one */
	int holding;
	int nerrors;
	int stop; /* a limit or out of memory: give up */
	char *err;
	size_t errlen;
};

static void problem(struct parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Records a problem; the first one is the message, the rest are counted. */
static void
problem(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	if (p->nerrors++ > 0)
		return;
	va_start(ap, fmt);
	vsnprintf(p->err, p->errlen, fmt, ap);
	va_end(ap);
}

/* Drops quote marks, turns runs of blanks (NBSP too) into one space. */
static int
normalise(const char *s, size_t n, struct line *l)
{
	size_t i = 0, o = 0;
	int space = 0;

	while (i < n &&
	       (s[i] == ' ' || s[i] == '\t' || s[i] == '>' || s[i] == '\r'))
		i++;
	for (; i < n; i++) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' ||
		    s[i] == '\f' || s[i] == '\v') {
			space = 1;
			continue;
		}
		if ((unsigned char)s[i] == 0xc2 && i + 1 < n &&
		    (unsigned char)s[i + 1] == 0xa0) {
			space = 1;
			i++;
			continue;
		}
		if (o + 2 >= sizeof(l->text))
			return -1;
		if (space && o > 0)
			l->text[o++] = ' ';
		space = 0;
		l->text[o++] = s[i];
	}
	l->text[o] = '\0';
	l->len = o;
	l->ntok = 0;
	for (i = 0; i < o && l->ntok < MAX_TOKENS;) {
		l->tok[l->ntok] = l->text + i;
		while (i < o && l->text[i] != ' ')
			i++;
		l->toklen[l->ntok] = (size_t)(l->text + i - l->tok[l->ntok]);
		l->ntok++;
		i++;
	}
	return i < o ? -1 : 0;
}

static int
tok_is(const struct line *l, int k, const char *word)
{
	return k >= 0 && k < l->ntok && l->toklen[k] == strlen(word) &&
	       memcmp(l->tok[k], word, l->toklen[k]) == 0;
}

/* A number as the reports print it: -?d+(.d+)?, into *v when v != NULL. */
static int
tok_number(const struct line *l, int k, double *v)
{
	const char *s;
	size_t i = 0, n, digits = 0;
	double d;

	if (k < 0 || k >= l->ntok)
		return 0;
	s = l->tok[k];
	n = l->toklen[k];
	if (n > 40)
		return 0;
	if (i < n && s[i] == '-')
		i++;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		digits++;
	if (i < n && s[i] == '.' && digits > 0) {
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			digits++;
	}
	if (i != n || digits == 0 || json_decimal(s, n, &d) == -1)
		return 0;
	if (v != NULL)
		*v = d;
	return 1;
}

/* The text of tokens [from, to) as a clean new string. */
static char *
tok_text(const struct line *l, int from, int to)
{
	if (from >= to)
		return cmp_text("", 0);
	return cmp_text(l->tok[from],
	    (size_t)(l->tok[to - 1] + l->toklen[to - 1] - l->tok[from]));
}

/* The line starts with the words of prefix (compared as text). */
static int
starts(const struct line *l, const char *prefix)
{
	return strncmp(l->text, prefix, strlen(prefix)) == 0;
}

/* Units a test line may carry without its "(t s, n samples)" tail. */
static int
known_unit(const char *s, size_t n)
{
	static const char *const units[] = {
	    "lps", "lpm", "KBps", "MBps", "MWIPS", "fps", "us", "ns", "ms"};
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strlen(units[i]) == n && memcmp(units[i], s, n) == 0)
			return 1;
	return 0;
}

static int
unit_like(const char *s, size_t n)
{
	size_t i;
	int letter = 0;

	if (n == 0 || n >= sizeof(((struct cmp_test *)0)->unit))
		return 0;
	for (i = 0; i < n; i++) {
		if ((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z'))
			letter = 1;
		else if (!(s[i] >= '0' && s[i] <= '9') && s[i] != '/')
			return 0;
	}
	return letter;
}

static int
lower_unit(const char *unit)
{
	return strcmp(unit, "us") == 0 || strcmp(unit, "ns") == 0 ||
	       strcmp(unit, "ms") == 0;
}

/* Whether title is a test of a built-in index (its table must follow). */
static int
index_title(const char *title)
{
	const struct index_def *d;
	size_t i, j;

	for (i = 0; i < catalog_ntests; i++)
		if (strcmp(catalog_tests[i].title, title) == 0)
			break;
	for (d = catalog_indexes; d < catalog_indexes + catalog_nindexes; d++)
		for (j = 0; j < d->nrows; j++)
			if (d->rows[j].title != NULL
			        ? strcmp(d->rows[j].title, title) == 0
			        : i < catalog_ntests &&
			              strcmp(d->rows[j].test,
			                  catalog_tests[i].name) == 0)
				return 1;
	return 0;
}

/*
 * Ends the current block: a block is whole when its index tables have
 * their scores, it has some result, and tests of a built-in index are
 * followed by an index table (or UnixBench's "No index results").
 * A block that is not whole is reported and dropped.
 */
static void
end_block(struct parser *p)
{
	struct cmp_block *b = p->block;
	const char *why = NULL;
	int i, indexed = 0;

	if (b == NULL)
		return;
	for (i = 0; i < b->ntests; i++)
		indexed |= index_title(b->tests[i].title);
	if (p->index != NULL)
		why = "cut off in its index table (no index score)";
	else if (b->ntests == 0 && b->nindexes == 0)
		why = "cut off before its results";
	else if (indexed && b->nindexes == 0 && !p->no_index_line)
		why = "cut off before its index table";
	if (why != NULL) {
		problem(p, "%sreport %d, run %d (%d cop%s): %s",
		    p->report_header ? "" : "headerless ",
		    (int)(p->report - p->out->reports) - p->first_report + 1,
		    p->report->nblocks, b->copies, b->copies == 1 ? "y" : "ies",
		    why);
		cmp_block_free(b);
		p->report->nblocks--;
		p->report_dropped = 1;
	}
	p->block = NULL;
	p->index = NULL;
	p->index_closed = 0;
	p->no_index_line = 0;
}

/* Ends the current report; one with no block left is dropped. */
static void
end_report(struct parser *p)
{
	end_block(p);
	if (p->report == NULL)
		return;
	if (p->report->nblocks == 0) {
		if (p->report_header && !p->report_dropped)
			problem(p,
			    "report %d: a header with no complete "
			    "benchmark run",
			    (int)(p->report - p->out->reports) -
			        p->first_report + 1);
		cmp_report_free(p->report);
		p->out->nreports--;
	}
	p->report = NULL;
}

static int
new_report(struct parser *p, int header)
{
	void *grown;
	end_report(p);
	p->report =
	    CMP_PUSH(grown, p->out->reports, p->out->nreports, CMP_MAX_REPORTS);
	if (p->report == NULL) {
		problem(p, "more than %d reports", CMP_MAX_REPORTS);
		p->stop = 1;
		return -1;
	}
	p->report_header = header;
	p->report_dropped = 0;
	p->method = 0;
	if ((p->report->origin = cmp_text("", 0)) == NULL ||
	    (p->report->hostname = cmp_text("", 0)) == NULL ||
	    (p->report->os_name = cmp_text("", 0)) == NULL ||
	    (p->report->os_release = cmp_text("", 0)) == NULL) {
		p->stop = 1;
		return -1;
	}
	return 0;
}

/*
 * Starts a block of copies (0: not said).  A block of copies the current
 * report already has starts a new report: two pasted runs without headers.
 */
static int
new_block(struct parser *p, int copies)
{
	void *grown;
	int i;

	end_block(p);
	for (i = 0; p->report != NULL && i < p->report->nblocks; i++)
		if (p->report->blocks[i].copies == copies) {
			end_report(p);
			break;
		}
	if (p->report == NULL && new_report(p, 0) == -1)
		return -1;
	p->block = CMP_PUSH(
	    grown, p->report->blocks, p->report->nblocks, CMP_MAX_BLOCKS);
	if (p->block == NULL) {
		problem(p, "more than %d runs in a report", CMP_MAX_BLOCKS);
		p->stop = 1;
		return -1;
	}
	p->block->copies = copies;
	return 0;
}

static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
    "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

/* "Benchmark Run: Sun Nov 29 2026 23:35:29 - 23:42:12" */
static int
run_line(struct parser *p, const struct line *l)
{
	char date[48];
	double day, year;
	int k, m;

	if (new_block(p, 0) == -1)
		return -1;
	for (k = 2; k + 2 < l->ntok && k < 6; k++)
		for (m = 0; m < 12; m++)
			if (tok_is(l, k, months[m]) &&
			    tok_number(l, k + 1, &day) &&
			    tok_number(l, k + 2, &year) && day >= 1 &&
			    day <= 31 && year >= 1970 && year <= 9999 &&
			    day == floor(day) && year == floor(year)) {
				snprintf(date, sizeof(date), "%04d-%02d-%02d",
				    (int)year, m + 1, (int)day);
				memcpy(p->block->date, date, 11);
				return 0;
			}
	return 0;
}

/*
 * "2 CPUs in system; running 1 parallel copy of tests": the copies of the
 * block its run line opened, else of a new block.
 */
static int
copies_line(struct parser *p, const struct line *l)
{
	struct cmp_block *b = p->block;
	char date[11];
	double n = 0;
	int k, i;

	for (k = 0; k + 3 < l->ntok; k++)
		if (tok_is(l, k, "running") && tok_number(l, k + 1, &n) &&
		    tok_is(l, k + 2, "parallel") &&
		    (tok_is(l, k + 3, "copy") || tok_is(l, k + 3, "copies")))
			break;
	if (k + 3 >= l->ntok || n < 1 || n > 1e6 || n != floor(n))
		return 0;
	if (b == NULL || b->copies != 0 || b->ntests > 0 || b->nindexes > 0)
		return new_block(p, (int)n) == -1 ? -1 : 1;
	for (i = 0; i + 1 < p->report->nblocks; i++)
		if (p->report->blocks[i].copies == (int)n)
			break;
	if (i + 1 >= p->report->nblocks) {
		b->copies = (int)n;
		return 1;
	}
	/* This report has these copies: the empty block goes to a new one. */
	memcpy(date, b->date, sizeof(date));
	p->block = NULL;
	p->report->nblocks--;
	if (new_block(p, (int)n) == -1)
		return -1;
	memcpy(p->block->date, date, sizeof(date));
	return 1;
}

/* "   BYTE UNIX Benchmarks (Version 5.1.3)" or "(bytebench 0.1.0; ...)" */
static int
header_line(struct parser *p, const struct line *l)
{
	const char *open = strstr(l->text, "BYTE UNIX Benchmarks (");
	const char *s, *e;
	char origin[80];
	double method;
	struct line m;

	if (new_report(p, 1) == -1)
		return -1;
	s = open + strlen("BYTE UNIX Benchmarks (");
	e = s + strcspn(s, ";)");
	if (strncmp(s, "Version ", 8) == 0)
		snprintf(origin, sizeof(origin), "UnixBench %.*s",
		    (int)(e - s - 8 > 40 ? 40 : e - s - 8), s + 8);
	else
		snprintf(origin, sizeof(origin), "%.*s",
		    (int)(e - s > 60 ? 60 : e - s), s);
	free(p->report->origin);
	if ((p->report->origin = cmp_text(origin, strlen(origin))) == NULL)
		return -1;
	p->report->quick = e - s > 6 && strncmp(e - 6, " quick", 6) == 0;
	if (*e == ';' && normalise(e + 1, strlen(e + 1), &m) == 0 &&
	    tok_is(&m, 0, "index") && tok_is(&m, 1, "method") && m.ntok >= 3 &&
	    m.toklen[2] > 1 && m.tok[2][m.toklen[2] - 1] == ')') {
		m.toklen[2]--;
		if (tok_number(&m, 2, &method) && method >= 1 && method <= 1000)
			p->method = (int)method;
	}
	return 0;
}

/*
 * Makes the report a "System:" or "OS:" line belongs to current: the
 * current one while that field (current, its value) is unset and no run
 * has begun, else a new one.
 */
static int
info_report(struct parser *p, const char *current)
{
	if (p->report != NULL && p->report->nblocks == 0 && current[0] == '\0')
		return 0;
	return new_report(p, 0);
}

/*
 * What a bytebench header and warnings say of the run beyond the system:
 * "Label: ...", "Comment: ...", the kind of build ("(reference build)" at
 * the end of the Compiler line or of its wrapped rest) and the warning of
 * a --duration run.  Returns 1 when the line was one of them, 0 when not,
 * -1 when out of memory.
 */
static int
run_facts(struct parser *p, const struct line *l)
{
	struct cmp_report *r = p->report;
	char **text = NULL;
	double v;
	int n = l->ntok;

	if (r == NULL)
		return 0;
	if (starts(l, "Warning: every test ran ") && tok_number(l, 4, &v) &&
	    tok_is(l, 5, "s")) {
		r->duration_s = v > 0 ? v : 0;
		return 1;
	}
	if (r->nblocks > 0 || p->block != NULL)
		return 0;
	if (starts(l, "Label: "))
		text = &r->run_label;
	else if (starts(l, "Comment: "))
		text = &r->comment;
	if (text != NULL) {
		free(*text);
		*text = tok_text(l, 1, n);
		return *text == NULL ? -1 : 1;
	}
	if (n >= 2 && tok_is(l, n - 1, "build)") && l->toklen[n - 2] > 1 &&
	    l->tok[n - 2][0] == '(' &&
	    l->toklen[n - 2] < sizeof(r->build_kind)) {
		memcpy(r->build_kind, l->tok[n - 2] + 1, l->toklen[n - 2] - 1);
		r->build_kind[l->toklen[n - 2] - 1] = '\0';
	}
	return 0;
}

/* "System: host: GNU/Linux" */
static int
system_line(struct parser *p, const struct line *l)
{
	const char *s = l->text + strlen("System:");

	if (info_report(p, p->report ? p->report->hostname : "") == -1)
		return -1;
	while (*s == ' ')
		s++;
	free(p->report->hostname);
	p->report->hostname = cmp_text(s, strcspn(s, ":"));
	return p->report->hostname == NULL ? -1 : 0;
}

/* "OS: GNU/Linux -- 6.1.0-13-amd64 -- #1 SMP ..." */
static int
os_line(struct parser *p, const struct line *l)
{
	const char *s = l->text + strlen("OS:"), *sep;

	if (info_report(p, p->report ? p->report->os_name : "") == -1)
		return -1;
	while (*s == ' ')
		s++;
	sep = strstr(s, " -- ");
	free(p->report->os_name);
	p->report->os_name = cmp_text(s, sep ? (size_t)(sep - s) : strlen(s));
	if (p->report->os_name == NULL)
		return -1;
	if (sep == NULL)
		return 0;
	s = sep + 4;
	sep = strstr(s, " -- ");
	free(p->report->os_release);
	p->report->os_release =
	    cmp_text(s, sep ? (size_t)(sep - s) : strlen(s));
	return p->report->os_release == NULL ? -1 : 0;
}

/* Makes sure a block is open for a result, starting one when needed. */
static int
need_block(struct parser *p)
{
	return p->block != NULL ? 0 : new_block(p, 0);
}

/*
 * Opens an index table labelled label[0..len-1] (a score line with no
 * table opens one too).  A label the block has already closed, or results
 * after a closed index section, start a new block: another pasted run.
 */
static int
open_index(struct parser *p, const char *label, size_t len, int partial)
{
	void *grown;
	struct cmp_index *x;
	int i;

	if (p->index != NULL)
		end_block(p);
	for (i = 0; p->block != NULL && i < p->block->nindexes; i++)
		if (strlen(p->block->indexes[i].label) == len &&
		    memcmp(p->block->indexes[i].label, label, len) == 0) {
			end_block(p);
			break;
		}
	if (need_block(p) == -1)
		return -1;
	x = CMP_PUSH(
	    grown, p->block->indexes, p->block->nindexes, CMP_MAX_INDEXES);
	if (x == NULL) {
		problem(
		    p, "more than %d index tables in a run", CMP_MAX_INDEXES);
		p->stop = 1;
		return -1;
	}
	p->index = x;
	x->method = p->method;
	x->partial = partial;
	x->score = NAN;
	return (x->label = cmp_text(label, len)) == NULL ? -1 : 0;
}

/* "System Benchmarks Index Values BASELINE RESULT INDEX" */
static int
index_header(struct parser *p, const struct line *l)
{
	int n = l->ntok - 3, partial = 0;

	if (n < 1)
		return 0;
	/* The 1991 BYTE Release 3 table: "TEST BASELINE RESULT INDEX". */
	if (n == 1 && tok_is(l, 0, "TEST"))
		return open_index(p, RELEASE3_LABEL, strlen(RELEASE3_LABEL), 0);
	if (n >= 3 && tok_is(l, n - 2, "Index") && tok_is(l, n - 1, "Values"))
		n -= 2;
	else if (n >= 3 && tok_is(l, n - 2, "Partial") &&
	         tok_is(l, n - 1, "Index")) {
		n -= 2;
		partial = 1;
	}
	return open_index(p, l->tok[0],
	    (size_t)(l->tok[n - 1] + l->toklen[n - 1] - l->tok[0]), partial);
}

/* Ends the open index table with its score (v; "---" when none). */
static void
close_index(struct parser *p, int partial, double v, int none)
{
	p->index->partial |= partial;
	p->index->score = v;
	p->index->has_score = !none;
	p->index = NULL;
	p->index_closed = 1;
}

/*
 * "System Benchmarks Index Score [(Partial Only)][:] 781.5" (or "---"
 * when no test counted): returns 1 when l is one (-1: error), 2 when it
 * is one that lacks its number (a wrapped line), 0 when it is none.
 */
static int
score_line(struct parser *p, const struct line *l)
{
	int k, end = l->ntok, partial = 0, none = 0;
	double v = NAN;
	size_t len;

	for (k = 1; k + 1 < l->ntok; k++)
		if (tok_is(l, k, "Index") &&
		    (tok_is(l, k + 1, "Score") || tok_is(l, k + 1, "Score:")))
			break;
	if (k + 1 >= l->ntok)
		return 0;
	if (tok_is(l, end - 1, "---"))
		none = 1;
	else if (!tok_number(l, end - 1, &v))
		end++;
	if (k + 5 == end && tok_is(l, k + 2, "(Partial") &&
	    (tok_is(l, k + 3, "Only)") || tok_is(l, k + 3, "Only):")))
		partial = 1;
	else if (k + 3 != end)
		return 0;
	if (isnan(v) && !none)
		return 2;
	len = (size_t)(l->tok[k - 1] + l->toklen[k - 1] - l->tok[0]);
	if (p->index == NULL || strlen(p->index->label) != len ||
	    memcmp(p->index->label, l->tok[0], len) != 0) {
		if (open_index(p, l->tok[0], len, partial) == -1)
			return -1;
	}
	close_index(p, partial, v, none);
	return 1;
}

/*
 * "AVERAGE [(Partial Only)] 70.2" (or "---"): the score of a BYTE Release
 * 3 table; 1 when l is one, else 0.
 */
static int
average_line(struct parser *p, const struct line *l)
{
	int n = l->ntok,
	    partial =
	        n == 4 && tok_is(l, 1, "(Partial") && tok_is(l, 2, "Only)"),
	    none = tok_is(l, n - 1, "---");
	double v = NAN;

	if (p->index == NULL || strcmp(p->index->label, RELEASE3_LABEL) != 0 ||
	    !tok_is(l, 0, "AVERAGE") || (n != 2 && !partial) ||
	    !(none || tok_number(l, n - 1, &v)))
		return 0;
	close_index(p, partial, v, none);
	return 1;
}

/*
 * A row of the open index table: "title baseline result index" with
 * "---" for a missing baseline and index.  Returns 1 when l is one, 2
 * when it lacks its index (a wrapped line), 0 when it is none.
 */
static int
index_row(struct parser *p, const struct line *l)
{
	void *grown;
	struct cmp_index_row *row;
	double base = NAN, result, index = NAN;
	int n = l->ntok;

	if (n < 4 || !tok_number(l, n - 2, &result) ||
	    !(tok_number(l, n - 3, &base) || tok_is(l, n - 3, "---")) ||
	    !(tok_number(l, n - 1, &index) || tok_is(l, n - 1, "---"))) {
		if (n >= 3 && tok_number(l, n - 1, NULL) &&
		    (tok_number(l, n - 2, NULL) || tok_is(l, n - 2, "---")))
			return 2;
		return 0;
	}
	row = CMP_PUSH(grown, p->index->rows, p->index->nrows, CMP_MAX_TESTS);
	if (row == NULL) {
		problem(
		    p, "more than %d rows in an index table", CMP_MAX_TESTS);
		p->stop = 1;
		return -1;
	}
	row->baseline = base;
	row->result = result;
	row->index = index;
	return (row->title = tok_text(l, 0, n - 3)) == NULL ? -1 : 1;
}

/* What bytebench prints in place of a failed test's score. */
static const char *const outcomes[] = {"failed", "timed out", "skipped",
    "no result", "interrupted", "missing", "not run"};

/* The first token of phrase when it ends at token k of l (not 0), or -1. */
static int
phrase_at(const struct line *l, int k, const char *phrase)
{
	int first = k + 1 - (strchr(phrase, ' ') != NULL ? 2 : 1);
	size_t n = strlen(phrase);

	if (first < 1 ||
	    (size_t)(l->tok[k] + l->toklen[k] - l->tok[first]) != n ||
	    memcmp(l->tok[first], phrase, n) != 0)
		return -1;
	return first;
}

/*
 * The shape of a test line: "Dhrystone 2 using register variables
 * 30494956.0 lps (10.0 s, 7 samples)", a title, a number and a unit, then
 * the tail in parentheses (which wrapping may have cut); or bytebench's
 * "Pipe Throughput failed lps (killed by signal 11)".  Without the tail
 * the unit must be a known one.  Sets the title's end (a token index), the
 * unit's token, the value and the outcome ("" when ok); 0 when l is none.
 */
static int
test_shape(const struct line *l, int *title_end, int *unit, double *v,
    const char **outcome)
{
	size_t i;
	int k, tail, first;

	for (k = l->ntok - 2; k >= 1; k--) {
		if (!unit_like(l->tok[k + 1], l->toklen[k + 1]))
			continue;
		tail = k + 2 < l->ntok && l->tok[k + 2][0] == '(';
		*unit = k + 1;
		if (tok_number(l, k, v) &&
		    (tail || (k + 2 == l->ntok && known_unit(l->tok[k + 1],
		                                      l->toklen[k + 1])))) {
			*title_end = k;
			*outcome = "";
			return 1;
		}
		for (i = 0; tail && i < sizeof(outcomes) / sizeof(outcomes[0]);
		     i++) {
			if ((first = phrase_at(l, k, outcomes[i])) == -1)
				continue;
			*title_end = first;
			*v = NAN;
			*outcome = outcomes[i];
			return 1;
		}
	}
	return 0;
}

/* A test line (see test_shape): one test of the current block. */
static int
test_line(struct parser *p, const struct line *l)
{
	void *grown;
	struct cmp_test *t;
	const char *outcome;
	double v = 0;
	int k, u, i, fresh;
	char *title;

	if (!test_shape(l, &k, &u, &v, &outcome))
		return 0;
	if ((title = tok_text(l, 0, k)) == NULL)
		return -1;
	fresh = p->block == NULL || p->index != NULL || p->index_closed;
	for (i = 0; !fresh && i < p->block->ntests; i++)
		fresh = strcmp(p->block->tests[i].title, title) == 0;
	if (fresh && u + 1 == l->ntok) {
		/* Prose may say "100 lps" too: a new run needs the tail. */
		free(title);
		return 0;
	}
	if (fresh)
		end_block(p);
	if (need_block(p) == -1 ||
	    (t = CMP_PUSH(grown, p->block->tests, p->block->ntests,
	         CMP_MAX_TESTS)) == NULL) {
		free(title);
		if (p->block != NULL)
			problem(
			    p, "more than %d tests in a run", CMP_MAX_TESTS);
		p->stop = 1;
		return -1;
	}
	t->title = title;
	t->value = v;
	memcpy(t->unit, l->tok[u], l->toklen[u]);
	t->unit[l->toklen[u]] = '\0';
	t->lower_is_better = lower_unit(t->unit);
	t->status = cmp_text(outcome, strlen(outcome));
	return t->status == NULL ? -1 : 1;
}

/* Recognises one normalised line; -1 stops the parse (limit, memory). */
static int
one_line(struct parser *p, const struct line *l)
{
	int rc;

	if (l->ntok == 0)
		return 0;
	if (strstr(l->text, "BYTE UNIX Benchmarks (") != NULL)
		return header_line(p, l);
	if (starts(l, "System: "))
		return system_line(p, l);
	if (starts(l, "OS: "))
		return os_line(p, l);
	if (starts(l, "Benchmark Run:"))
		return run_line(p, l);
	if ((rc = run_facts(p, l)) != 0)
		return rc < 0 ? -1 : 0;
	if (starts(l, "No index results available")) {
		p->no_index_line = 1;
		return 0;
	}
	if ((rc = copies_line(p, l)) != 0)
		return rc < 0 ? -1 : 0;
	if (l->ntok >= 4 && tok_is(l, l->ntok - 3, "BASELINE") &&
	    tok_is(l, l->ntok - 2, "RESULT") && tok_is(l, l->ntok - 1, "INDEX"))
		return index_header(p, l);
	if (average_line(p, l))
		return 0;
	if ((rc = score_line(p, l)) != 0)
		return rc == 2 ? 2 : rc < 0 ? -1 : 0;
	if (p->index != NULL && (rc = index_row(p, l)) != 0)
		return rc == 2 ? 2 : rc < 0 ? -1 : 0;
	return test_line(p, l) < 0 ? -1 : 0;
}

/*
 * Feeds one line, joining it to a held one when the held line lacks its
 * last number and this line is that number alone (a mail client wrapped
 * it).  Returns -1 to stop.
 */
static int
feed(struct parser *p, struct line *l)
{
	char text[2 * LINE_BYTES + 2];
	struct line joined;
	int rc;

	if (p->holding) {
		p->holding = 0;
		if (l->ntok == 1 &&
		    (tok_number(l, 0, NULL) || tok_is(l, 0, "---"))) {
			snprintf(
			    text, sizeof(text), "%s %s", p->held.text, l->text);
			if (normalise(text, strlen(text), &joined) == 0)
				return one_line(p, &joined) < 0 ? -1 : 0;
		}
		if (one_line(p, &p->held) < 0)
			return -1;
	}
	if (l->ntok == 0)
		return 0;
	rc = one_line(p, l);
	if (rc == 2) {
		/* Its tokens must point into the held copy, not into *l. */
		p->holding = normalise(l->text, l->len, &p->held) == 0;
		return 0;
	}
	return rc < 0 ? -1 : 0;
}

int
parse_text(const char *text, size_t len, struct cmp_file *out, char *err,
    size_t errlen)
{
	struct parser p;
	struct line l;
	const char *nl;
	size_t i, n;

	memset(&p, 0, sizeof(p));
	p.out = out;
	p.first_report = out->nreports;
	p.err = err;
	p.errlen = errlen;
	for (i = 0; i < len && !p.stop; i += n + 1) {
		nl = memchr(text + i, '\n', len - i);
		n = nl != NULL ? (size_t)(nl - (text + i)) : len - i;
		if (normalise(text + i, n, &l) == -1) {
			/* Too long for a report line: prose, an empty line. */
			l.ntok = 0;
			l.len = 0;
			l.text[0] = '\0';
		}
		if (feed(&p, &l) == -1)
			p.stop = 1;
	}
	if (!p.stop && p.holding && one_line(&p, &p.held) == -1)
		p.stop = 1;
	end_report(&p);
	if (p.stop) {
		/* What was read of this file is dropped whole. */
		while (out->nreports > p.first_report)
			cmp_report_free(&out->reports[--out->nreports]);
		if (p.nerrors == 0)
			problem(&p, "out of memory");
	} else if (p.nerrors == 0 && out->nreports == p.first_report) {
		problem(&p, "no bytebench or UnixBench report found");
	}
	if (p.nerrors > 1) {
		n = strlen(err);
		snprintf(err + n, errlen - n, " (and %d more problems)",
		    p.nerrors - 1);
	}
	return p.nerrors > 0 ? -1 : 0;
}
