/* parse_text.c - text reports of bytebench and UnixBench 5.x/6.x, also
 * pasted into mails and blogs (doc/compare.md, "What is read"): each line
 * normalised, split into words and recognised by its shape, not columns. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/catalog.h"
#include "write/json_read.h"
#include "compare/compare.h"

#define LINE_BYTES 1024 /* longer lines are prose */
#define MAX_TOKENS 48
#define LETTERS    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
/* The 1991 table has no label of its own: the one bytebench JSON gives it. */
#define RELEASE3_LABEL "BYTE Release 3"

/* One normalised line, split at its single spaces. */
struct line {
	char text[LINE_BYTES];
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
	int no_index_line; /* "No index results available" seen */
	int runs_summary; /* the summary line of a --runs report seen */
	struct line held; /* a line that may go on in the next one */
	int holding, nerrors;
	char *err;
	size_t errlen;
};

/* Units a test line may carry without its "(t s, n samples)" tail; the
 * last NTIMES are times, where less is better. */
static const char *const units[] = {
    "lps", "lpm", "KBps", "MBps", "MWIPS", "fps", "us", "ns", "ms"};
#define NUNITS (sizeof(units) / sizeof(units[0]))
#define NTIMES 3

/* What bytebench prints in place of a failed test's score. */
static const char *const outcomes[] = {"failed", "timed out", "skipped",
    "no result", "interrupted", "missing", "not run"};

static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
    "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

/* Normalises s[0..n-1] into *l; -1 when it is too long for a line. */
static int
normalise(const char *s, size_t n, struct line *l)
{
	size_t i = 0, o = 0;
	int space = 0, nbsp;

	while (i < n && memchr(" \t>\r", s[i], 4) != NULL)
		i++;
	for (; i < n; i++) {
		nbsp = i + 1 < n && memcmp(s + i, "\xc2\xa0", 2) == 0;
		if (nbsp || memchr(" \t\r\f\v", s[i], 5) != NULL) {
			space = 1;
			i += (size_t)nbsp;
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
	for (i = 0, l->ntok = 0; i < o && l->ntok < MAX_TOKENS;
	     i++, l->ntok++) {
		l->tok[l->ntok] = l->text + i;
		while (i < o && l->text[i] != ' ')
			i++;
		l->toklen[l->ntok] = (size_t)(l->text + i - l->tok[l->ntok]);
	}
	return i < o ? -1 : 0;
}

static int
starts(const struct line *l, const char *prefix)
{
	return strncmp(l->text, prefix, strlen(prefix)) == 0;
}

/* Words [from, to) of l, from < to: their length with their spaces, and
 * as a new string (cmp_text; NULL: out of memory). */
static size_t
span(const struct line *l, int from, int to)
{
	return (size_t)(l->tok[to - 1] + l->toklen[to - 1] - l->tok[from]);
}

static char *
words(const struct line *l, int from, int to)
{
	return cmp_text(l->tok[from], span(l, from, to));
}

/* s is label[0..len-1]; is(): words k... of l are words (one or more). */
static int
same(const char *s, const char *label, size_t len)
{
	return strlen(s) == len && memcmp(s, label, len) == 0;
}

static int
is(const struct line *l, int k, const char *words)
{
	size_t n = strlen(words);

	return k >= 0 && k < l->ntok && strncmp(l->tok[k], words, n) == 0 &&
	       (l->tok[k][n] == ' ' || l->tok[k][n] == '\0');
}

/* Word k is a number as the reports print it, -?d+(.d*)?, of at most 40
 * bytes, into *v when v != NULL (a word ends at a space or the NUL). */
static int
number(const struct line *l, int k, double *v)
{
	const char *s;
	size_t n, i, d;
	double x;

	if (k < 0 || k >= l->ntok || (n = l->toklen[k]) > 40)
		return 0;
	s = l->tok[k];
	i = s[0] == '-';
	d = strspn(s + i, "0123456789");
	if (d > 0 && s[i + d] == '.')
		d += 1 + strspn(s + i + d + 1, "0123456789");
	return d > 0 && i + d == n && json_decimal(s, n, v ? v : &x) == 0;
}

/* Records a problem of p: the first is the message, the rest counted. */
#define PROBLEM(p, ...)                                                        \
	(void)((p)->nerrors++ > 0 ||                                           \
	       cmp_appendf((p)->err, (p)->errlen, 0, __VA_ARGS__))

/* Ends the current block, dropped and said unless whole: its index tables
 * scored, some result, tests of a built-in index with their table (or
 * UnixBench's "No index results"). */
static void
end_block(struct parser *p)
{
	struct cmp_block *b = p->block;
	const struct index_def *d;
	const char *why = NULL;
	int i, indexed = 0;
	size_t j;

	if (b == NULL)
		return;
	for (i = 0; i < b->ntests; i++) /* a test of a built-in index */
		for (d = catalog_indexes;
		     d < catalog_indexes + catalog_nindexes; d++)
			for (j = 0; j < d->nrows; j++)
				indexed |= strcmp(index_row_title(&d->rows[j]),
				               b->tests[i].title) == 0;
	if (p->index != NULL)
		why = "cut off in its index table (no index score)";
	else if (b->ntests == 0 && b->nindexes == 0)
		why = "cut off before its results";
	else if (indexed && b->nindexes == 0 && !p->no_index_line)
		why = "cut off before its index table";
	if (why != NULL) {
		PROBLEM(p, "%sreport %d, run %d (%d cop%s): %s",
		    p->report_header ? "" : "headerless ",
		    p->out->nreports - p->first_report, p->report->nblocks,
		    b->copies, b->copies == 1 ? "y" : "ies", why);
		cmp_block_free(b);
		p->report->nblocks--;
		p->report_dropped = 1;
	}
	p->block = NULL;
	p->index = NULL;
	p->no_index_line = 0;
}

/* Ends the current report; one with no block left is dropped. */
static void
end_report(struct parser *p)
{
	end_block(p);
	if (p->report != NULL && p->report->nblocks == 0) {
		if (p->report_header && !p->report_dropped)
			PROBLEM(p,
			    "report %d: a header with no complete "
			    "benchmark run",
			    p->out->nreports - p->first_report);
		cmp_report_free(p->report);
		p->out->nreports--;
	}
	p->report = NULL;
}

/* Ends the current report and starts one (header: by a BYTE UNIX
 * Benchmarks line); -1 at the limit or out of memory. */
static int
new_report(struct parser *p, int header)
{
	void *grown;
	struct cmp_report *r;

	end_report(p);
	r = CMP_PUSH(grown, p->out->reports, p->out->nreports, CMP_MAX_REPORTS);
	if ((p->report = r) == NULL) {
		PROBLEM(p, "more than %d reports", CMP_MAX_REPORTS);
		return -1;
	}
	p->report_header = header;
	p->report_dropped = 0;
	p->method = 0;
	if ((r->origin = cmp_text("", 0)) == NULL ||
	    (r->hostname = cmp_text("", 0)) == NULL ||
	    (r->os_name = cmp_text("", 0)) == NULL ||
	    (r->os_release = cmp_text("", 0)) == NULL)
		return -1;
	return 0;
}

/* Starts a block of copies (0: not said) in the current report, or in a
 * new one that has not (two pasted runs are two reports); -1 as new_report */
static int
new_block(struct parser *p, int copies, int pin)
{
	void *grown;
	int i;

	end_block(p);
	for (i = 0; p->report != NULL && i < p->report->nblocks; i++)
		if (p->report->blocks[i].copies == copies &&
		    p->report->blocks[i].pin == pin)
			end_report(p); /* p->report NULL: the loop ends */
	if (p->report == NULL && new_report(p, 0) == -1)
		return -1;
	p->block =
	    CMP_PUSH(grown, p->report->blocks, p->report->nblocks, INT_MAX);
	if (p->block == NULL)
		return -1;
	p->block->copies = copies;
	p->block->pin = pin;
	return 0;
}

/* Each recogniser below takes one normalised line: 0 not its shape, 1 read,
 * 2 its shape but its last number wrapped to the next line, -1 stop. */

/* "   BYTE UNIX Benchmarks (Version 5.1.3)" or "(bytebench 0.1.0; ...)" */
static int
header_line(struct parser *p, const struct line *l)
{
	const char *s = strstr(l->text, "BYTE UNIX Benchmarks ("), *e;
	char origin[80];
	double method;
	struct line m;
	int n, ub;

	if (s == NULL)
		return 0;
	if (new_report(p, 1) == -1)
		return -1;
	s += strlen("BYTE UNIX Benchmarks (");
	e = s + strcspn(s, ";)");
	p->report->quick = e - s > 6 && strncmp(e - 6, " quick", 6) == 0;
	ub = strncmp(s, "Version ", 8) == 0;
	s += ub ? 8 : 0;
	n = (int)(e - s);
	/* UnixBench before 5.0 wrote another layout ("INDEX VALUES",
	 * "FINAL SCORE") of other tests and baselines. */
	if (ub && s[0] >= '0' && s[0] < '5' && s[1] == '.') {
		PROBLEM(p, "a UnixBench %.*s report: an older layout, not read",
		    n > 20 ? 20 : n, s);
		return -1;
	}
	/* Of at most 40 bytes after "UnixBench ", 60 else. */
	snprintf(origin, ub ? 51 : 61, "%s%.*s", ub ? "UnixBench " : "", n, s);
	free(p->report->origin);
	if ((p->report->origin = cmp_text(origin, strlen(origin))) == NULL)
		return -1;
	if (*e == ';' && normalise(e + 1, strlen(e + 1), &m) == 0 &&
	    is(&m, 0, "index method") && m.ntok >= 3 && m.toklen[2] > 1 &&
	    m.tok[2][m.toklen[2] - 1] == ')') {
		m.toklen[2]--;
		if (number(&m, 2, &method) && method >= 1 && method <= 1000)
			p->method = (int)method;
	}
	return 1;
}

/* "System: host: ..." and "OS: name -- release -- version": of the current
 * report while that field is unset and no run began, else of a new one. */
static int
system_line(struct parser *p, const struct line *l)
{
	int os = starts(l, "OS: "), k;
	const char *s = l->text + (os ? 4 : 8), *sep;
	struct cmp_report *r = p->report;
	char **field[3];

	if (!os && !starts(l, "System: "))
		return 0;
	if ((r == NULL || r->nblocks > 0 ||
	        (os ? r->os_name : r->hostname)[0] != '\0') &&
	    new_report(p, 0) == -1)
		return -1;
	r = p->report;
	field[0] = os ? &r->os_name : &r->hostname;
	field[1] = &r->os_release;
	field[2] = &r->os_version;
	for (k = 0; k < (os ? 3 : 1) && s != NULL; k++) {
		sep = os && k < 2 ? strstr(s, " -- ") : NULL;
		free(*field[k]);
		*field[k] = cmp_text(s, sep  ? (size_t)(sep - s)
		                        : os ? strlen(s)
		                             : strcspn(s, ":"));
		if (*field[k] == NULL)
			return -1;
		s = sep ? sep + 4 : NULL;
	}
	return 1;
}

/* "Benchmark Run: Sun Nov 29 2026 23:35:29 - 23:42:12" */
static int
run_line(struct parser *p, const struct line *l)
{
	double day, year;
	int k, m;

	if (!starts(l, "Benchmark Run:"))
		return 0;
	if (new_block(p, 0, 0) == -1)
		return -1;
	for (k = 2; k + 2 < l->ntok && k < 6; k++)
		for (m = 0; m < 12; m++)
			if (is(l, k, months[m]) && number(l, k + 1, &day) &&
			    number(l, k + 2, &year) && day >= 1 && day <= 31 &&
			    year >= 1970 && year <= 9999 && day == floor(day) &&
			    year == floor(year)) {
				snprintf(p->block->date, sizeof(p->block->date),
				    "%04u-%02u-%02u", (unsigned)year % 10000u,
				    (unsigned)m % 12u + 1u,
				    (unsigned)day % 32u);
				return 1;
			}
	return 1;
}

/* A bytebench header's "Label: ", "Comment: ", kind of build ("(reference
 * build)" ending a line, not taken as read) and --duration warning. */
static int
run_facts(struct parser *p, const struct line *l)
{
	struct cmp_report *r = p->report;
	char **text;
	double v;
	int n = l->ntok;

	if (r == NULL)
		return 0;
	if (starts(l, "Warning: every test ran ") && number(l, 4, &v) &&
	    is(l, 5, "s")) {
		r->duration_s = v > 0 ? v : 0;
		return 1;
	}
	if (r->nblocks > 0 || p->block != NULL)
		return 0;
	text = starts(l, "Label: ")     ? &r->run_label
	       : starts(l, "Comment: ") ? &r->comment
	                                : NULL;
	if (text != NULL) {
		free(*text);
		*text = words(l, 1, n);
		return *text == NULL ? -1 : 1;
	}
	if (n >= 2 && is(l, n - 1, "build)") && l->toklen[n - 2] > 1 &&
	    l->tok[n - 2][0] == '(' && l->toklen[n - 2] < sizeof(r->build_kind))
		snprintf(r->build_kind, sizeof(r->build_kind), "%.*s",
		    (int)l->toklen[n - 2] - 1, l->tok[n - 2] + 1);
	return 0;
}

/* "... running 1 parallel copy of tests[, pinned to CPU N]": the copies of
 * the block its run line opened, else of a new block. */
static int
copies_line(struct parser *p, const struct line *l)
{
	struct cmp_block *b = p->block;
	char date[11] = "";
	double n = 0, cpu;
	int k, i, pin = 0;

	for (k = 0; k + 3 < l->ntok; k++)
		if (is(l, k, "running") && number(l, k + 1, &n) &&
		    is(l, k + 2, "parallel") &&
		    (is(l, k + 3, "copy") || is(l, k + 3, "copies")))
			break;
	if (k + 3 >= l->ntok || n < 1 || n > 1e6 || n != floor(n))
		return 0;
	for (i = k + 4; i + 3 < l->ntok; i++)
		if (is(l, i, "pinned") && is(l, i + 2, "CPU") &&
		    number(l, i + 3, &cpu) && cpu >= 0 && cpu < 1e6)
			pin = (int)cpu + 1;
	if (b != NULL && b->copies == 0 && b->ntests == 0 && b->nindexes == 0) {
		memcpy(date, b->date, sizeof(date));
		p->block = NULL;
		p->report->nblocks--;
	}
	if (new_block(p, (int)n, pin) == -1)
		return -1;
	memcpy(p->block->date, date, sizeof(date));
	return 1;
}

/* Opens an index table labelled label[0..len-1] (so does a score line with
 * no table); one the block has closed starts a new block, another run. */
static int
open_index(struct parser *p, const char *label, size_t len, int partial)
{
	void *grown;
	struct cmp_index *x;
	int i;

	if (p->index != NULL)
		end_block(p);
	for (i = 0; p->block != NULL && i < p->block->nindexes; i++)
		if (same(p->block->indexes[i].label, label, len))
			end_block(p); /* p->block NULL: the loop ends */
	if ((p->block == NULL && new_block(p, 0, 0) == -1) ||
	    (x = CMP_PUSH(grown, p->block->indexes, p->block->nindexes,
	         INT_MAX)) == NULL)
		return -1;
	p->index = x;
	x->method = p->method;
	x->partial = partial;
	x->score = NAN;
	return (x->label = cmp_text(label, len)) == NULL ? -1 : 1;
}

/* "System Benchmarks Index Values BASELINE RESULT INDEX", or the 1991
 * BYTE Release 3 table's "TEST BASELINE RESULT INDEX" */
static int
index_header(struct parser *p, const struct line *l)
{
	int n = l->ntok - 3, partial;

	if (n < 1 || !is(l, n, "BASELINE RESULT INDEX"))
		return 0;
	if (n == 1 && is(l, 0, "TEST"))
		return open_index(p, RELEASE3_LABEL, strlen(RELEASE3_LABEL), 0);
	partial = n >= 3 && is(l, n - 2, "Partial Index");
	if (partial || (n >= 3 && is(l, n - 2, "Index Values")))
		n -= 2;
	return open_index(p, l->tok[0], span(l, 0, n), partial);
}

/* "System Benchmarks Index Score [(Partial Only)][:] 781.5", in BYTE Release
 * 3's table "AVERAGE ... 70.2"; "---": no test counted.  Word k + 2 follows
 * "Index Score" (or "AVERAGE"). */
static int
score_line(struct parser *p, const struct line *l)
{
	int avg = p->index != NULL && is(l, 0, "AVERAGE") &&
	          strcmp(p->index->label, RELEASE3_LABEL) == 0;
	int k = avg ? -1 : 1, end = l->ntok, partial;
	int none = is(l, end - 1, "---");
	double v = NAN;

	for (; !avg && k + 1 < l->ntok; k++)
		if (is(l, k, "Index Score") || is(l, k, "Index Score:"))
			break;
	if (k + 1 >= l->ntok)
		return 0;
	if (!none && !number(l, end - 1, &v))
		end++;
	partial = k + 5 == end && (is(l, k + 2, "(Partial Only)") ||
	                              is(l, k + 2, "(Partial Only):"));
	if (!partial && k + 3 != end)
		return 0;
	if (isnan(v) && !none)
		return 2;
	if (!avg &&
	    (p->index == NULL ||
	        !same(p->index->label, l->tok[0], span(l, 0, k))) &&
	    open_index(p, l->tok[0], span(l, 0, k), partial) == -1)
		return -1;
	p->index->partial |= partial;
	p->index->score = v;
	p->index->has_score = !none;
	p->index = NULL;
	return 1;
}

/* A row of the open index table: "title baseline result index" with
 * "---" for a missing baseline and index. */
static int
index_row(struct parser *p, const struct line *l)
{
	void *grown;
	struct cmp_index_row *row;
	double base = NAN, result, index = NAN;
	int n = l->ntok;

	if (p->index == NULL)
		return 0;
	if (n < 4 || !number(l, n - 2, &result) ||
	    !(number(l, n - 3, &base) || is(l, n - 3, "---")) ||
	    !(number(l, n - 1, &index) || is(l, n - 1, "---")))
		return 2 * (n >= 3 && number(l, n - 1, NULL) &&
		               (number(l, n - 2, NULL) || is(l, n - 2, "---")));
	row = CMP_PUSH(grown, p->index->rows, p->index->nrows, INT_MAX);
	if (row == NULL)
		return -1;
	row->baseline = base;
	row->result = result;
	row->index = index;
	return (row->title = words(l, 0, n - 3)) == NULL ? -1 : 1;
}

static int
known_unit(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < NUNITS; i++)
		if (same(units[i], s, n))
			return (int)i;
	return -1;
}

/* A test line: title, number, unit and "(10.0 s, 7 samples)" (maybe cut),
 * or "Pipe Throughput failed lps (why)"; no tail: a known unit.  The unit's
 * word (0: none); sets the title's end (a word), value, outcome ("" ok). */
static int
test_shape(
    const struct line *l, int *title_end, double *v, const char **outcome)
{
	const char *u;
	size_t i, n;
	int k, j, tail;

	for (k = l->ntok - 2; k >= 1; k--) {
		/* A unit: letters, digits and '/', a letter among them. */
		u = l->tok[k + 1];
		n = l->toklen[k + 1];
		if (n == 0 || n >= sizeof(((struct cmp_test *)0)->unit) ||
		    strspn(u, LETTERS "0123456789/") != n ||
		    strcspn(u, LETTERS) >= n)
			continue;
		tail = k + 2 < l->ntok && l->tok[k + 2][0] == '(';
		*title_end = k;
		*outcome = "";
		if (number(l, k, v) &&
		    (tail || (k + 2 == l->ntok && known_unit(u, n) >= 0)))
			return k + 1;
		/* An outcome's words end at word k, after the title's. */
		for (i = 0; tail && i < sizeof(outcomes) / sizeof(outcomes[0]);
		     i++) {
			j = k - (strchr(outcomes[i], ' ') != NULL);
			if (j < 1 || !is(l, j, outcomes[i]))
				continue;
			*title_end = j;
			*v = NAN;
			*outcome = outcomes[i];
			return k + 1;
		}
	}
	return 0;
}

static int
test_line(struct parser *p, const struct line *l)
{
	void *grown;
	struct cmp_test *t = NULL;
	const char *outcome;
	double v = 0;
	int k, u, fresh;
	char *title;

	if ((u = test_shape(l, &k, &v, &outcome)) == 0)
		return 0;
	if ((title = words(l, 0, k)) == NULL)
		return -1;
	/* After an index table, results are another pasted run. */
	fresh = p->block == NULL || p->block->nindexes > 0 ||
	        cmp_find_test(p->block, title) != NULL;
	/* Prose may say "100 lps" too: a new run needs the tail. */
	if (fresh && u + 1 == l->ntok) {
		free(title);
		return 0;
	}
	if (fresh)
		end_block(p);
	if (p->block != NULL || new_block(p, 0, 0) == 0)
		t = CMP_PUSH(grown, p->block->tests, p->block->ntests, INT_MAX);
	if (t == NULL) {
		free(title);
		return -1;
	}
	t->title = title;
	t->value = v;
	snprintf(
	    t->unit, sizeof(t->unit), "%.*s", (int)l->toklen[u], l->tok[u]);
	t->lower_is_better =
	    known_unit(l->tok[u], l->toklen[u]) >= (int)(NUNITS - NTIMES);
	t->status = cmp_text(outcome, strlen(outcome));
	return t->status == NULL ? -1 : 1;
}

/* Recognises one normalised line: 2 to hold it, -1 to stop. */
static int
one_line(struct parser *p, const struct line *l)
{
	static int (*const shapes[])(struct parser *, const struct line *) = {
	    header_line, system_line, run_line, run_facts, copies_line,
	    index_header, score_line, index_row, test_line};
	size_t i;
	int rc = 0;

	if (l->ntok == 0)
		return 0;
	if (strstr(l->text, " of settle before each: each run's score") != NULL)
		p->runs_summary = 1;
	if (starts(l, "No index results available")) {
		p->no_index_line = 1;
		return 0;
	}
	for (i = 0; rc == 0 && i < sizeof(shapes) / sizeof(shapes[0]); i++)
		rc = shapes[i](p, l);
	return rc == 1 ? 0 : rc;
}

/* Feeds one line, joined to a held one lacking its last number when it is
 * that number alone (a mail client wrapped it); -1 to stop. */
static int
feed(struct parser *p, struct line *l)
{
	char text[2 * LINE_BYTES + 2];
	struct line joined;
	int rc;

	if (p->holding) {
		p->holding = 0;
		if (l->ntok == 1 && (number(l, 0, NULL) || is(l, 0, "---"))) {
			snprintf(
			    text, sizeof(text), "%s %s", p->held.text, l->text);
			if (normalise(text, strlen(text), &joined) == 0)
				return one_line(p, &joined) < 0 ? -1 : 0;
		}
		if (one_line(p, &p->held) < 0)
			return -1;
	}
	if ((rc = one_line(p, l)) == 2)
		/* Its words must point into the held copy, not into *l. */
		p->holding = normalise(l->text, strlen(l->text), &p->held) == 0;
	return rc < 0 ? -1 : 0;
}

/* A --runs report (summary seen, 2 or more reports) is one run set,
 * numbered from its first's place in the file, made as the last says; a
 * block without copies is one copy. */
static void
finish(const struct parser *p, struct cmp_file *out)
{
	struct cmp_report *r, *last = &out->reports[out->nreports - 1];
	int set = p->runs_summary && out->nreports - p->first_report >= 2, j;

	for (r = out->reports + p->first_report; r <= last; r++) {
		if (set) {
			r->run_set = p->first_report + 1;
			r->quick = last->quick;
			r->duration_s = last->duration_s;
		}
		for (j = 0; j < r->nblocks; j++)
			if (r->blocks[j].copies == 0)
				r->blocks[j].copies =
				    r->blocks[j].copies_assumed = 1;
	}
}

int
parse_text(const char *text, size_t len, struct cmp_file *out, char *err,
    size_t errlen)
{
	struct parser p = {.out = out, .err = err, .errlen = errlen};
	struct line l;
	const char *nl;
	size_t i, n;
	int stop = 0;

	p.first_report = out->nreports;
	for (i = 0; i < len && !stop; i += n + 1) {
		nl = memchr(text + i, '\n', len - i);
		n = nl != NULL ? (size_t)(nl - (text + i)) : len - i;
		/* Too long for a report line: prose, an empty line. */
		if (normalise(text + i, n, &l) == -1)
			l.ntok = 0;
		stop = feed(&p, &l) == -1;
	}
	if (!(stop = stop || (p.holding && one_line(&p, &p.held) == -1)))
		end_report(&p);
	if (stop) {
		while (out->nreports > p.first_report)
			cmp_report_free(&out->reports[--out->nreports]);
		if (p.nerrors == 0)
			PROBLEM(&p, "out of memory");
	} else if (out->nreports > p.first_report) {
		finish(&p, out);
	} else if (p.nerrors == 0) {
		PROBLEM(&p, "no bytebench or UnixBench report found");
	}
	if (p.nerrors > 1)
		cmp_appendf(err, errlen, strlen(err), " (and %d more problems)",
		    p.nerrors - 1);
	return p.nerrors > 0 ? -1 : 0;
}
