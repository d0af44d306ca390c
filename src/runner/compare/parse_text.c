/*
 * parse_text.c - text reports into the compare model.  Each line is first
 * normalised (quote marks "> " dropped, runs of blanks made one space:
 * text_line.c), then recognised by its shape, never by its columns: a
 * header, a run line, a copies line (parse_text_head.c), a test line, an
 * index header, row or score.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/parse_text.h"
#include "compare/parse_text_state.h"

/* The 1991 table has no label of its own: the one bytebench JSON gives it. */
#define RELEASE3_LABEL "BYTE Release 3"

/* Makes sure a block is open for a result, starting one when needed. */
static int
need_block(struct parser *p)
{
	return p->block != NULL ? 0 : text_new_block(p, 0, 0);
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
		text_end_block(p);
	for (i = 0; p->block != NULL && i < p->block->nindexes; i++)
		if (strlen(p->block->indexes[i].label) == len &&
		    memcmp(p->block->indexes[i].label, label, len) == 0) {
			text_end_block(p);
			break;
		}
	if (need_block(p) == -1)
		return -1;
	x = CMP_PUSH(grown, p->block->indexes, p->block->nindexes, INT_MAX);
	if (x == NULL) {
		text_problem(p, "out of memory");
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
	if (n == 1 && line_is(l, 0, "TEST"))
		return open_index(p, RELEASE3_LABEL, strlen(RELEASE3_LABEL), 0);
	if (n >= 3 && line_is(l, n - 2, "Index") && line_is(l, n - 1, "Values"))
		n -= 2;
	else if (n >= 3 && line_is(l, n - 2, "Partial") &&
	         line_is(l, n - 1, "Index")) {
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
		if (line_is(l, k, "Index") &&
		    (line_is(l, k + 1, "Score") || line_is(l, k + 1, "Score:")))
			break;
	if (k + 1 >= l->ntok)
		return 0;
	if (line_is(l, end - 1, "---"))
		none = 1;
	else if (!line_number(l, end - 1, &v))
		end++;
	if (k + 5 == end && line_is(l, k + 2, "(Partial") &&
	    (line_is(l, k + 3, "Only)") || line_is(l, k + 3, "Only):")))
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
	        n == 4 && line_is(l, 1, "(Partial") && line_is(l, 2, "Only)"),
	    none = line_is(l, n - 1, "---");
	double v = NAN;

	if (p->index == NULL || strcmp(p->index->label, RELEASE3_LABEL) != 0 ||
	    !line_is(l, 0, "AVERAGE") || (n != 2 && !partial) ||
	    !(none || line_number(l, n - 1, &v)))
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

	if (n < 4 || !line_number(l, n - 2, &result) ||
	    !(line_number(l, n - 3, &base) || line_is(l, n - 3, "---")) ||
	    !(line_number(l, n - 1, &index) || line_is(l, n - 1, "---"))) {
		if (n >= 3 && line_number(l, n - 1, NULL) &&
		    (line_number(l, n - 2, NULL) || line_is(l, n - 2, "---")))
			return 2;
		return 0;
	}
	row = CMP_PUSH(grown, p->index->rows, p->index->nrows, INT_MAX);
	if (row == NULL) {
		text_problem(p, "out of memory");
		p->stop = 1;
		return -1;
	}
	row->baseline = base;
	row->result = result;
	row->index = index;
	return (row->title = line_text(l, 0, n - 3)) == NULL ? -1 : 1;
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

	if (!line_test_shape(l, &k, &u, &v, &outcome))
		return 0;
	if ((title = line_text(l, 0, k)) == NULL)
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
		text_end_block(p);
	if (need_block(p) == -1 || (t = CMP_PUSH(grown, p->block->tests,
	                                p->block->ntests, INT_MAX)) == NULL) {
		free(title);
		if (p->block != NULL)
			text_problem(p, "out of memory");
		p->stop = 1;
		return -1;
	}
	t->title = title;
	t->value = v;
	memcpy(t->unit, l->tok[u], l->toklen[u]);
	t->unit[l->toklen[u]] = '\0';
	t->lower_is_better = line_lower_unit(t->unit);
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
	if (strstr(l->text, " of settle before each: each run's score") != NULL)
		p->runs_summary = 1;
	if (strstr(l->text, "BYTE UNIX Benchmarks (") != NULL)
		return text_header_line(p, l);
	if (line_starts(l, "System: "))
		return text_system_line(p, l);
	if (line_starts(l, "OS: "))
		return text_os_line(p, l);
	if (line_starts(l, "Benchmark Run:"))
		return text_run_line(p, l);
	if ((rc = text_run_facts(p, l)) != 0)
		return rc < 0 ? -1 : 0;
	if (line_starts(l, "No index results available")) {
		p->no_index_line = 1;
		return 0;
	}
	if ((rc = text_copies_line(p, l)) != 0)
		return rc < 0 ? -1 : 0;
	if (l->ntok >= 4 && line_is(l, l->ntok - 3, "BASELINE") &&
	    line_is(l, l->ntok - 2, "RESULT") &&
	    line_is(l, l->ntok - 1, "INDEX"))
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
		    (line_number(l, 0, NULL) || line_is(l, 0, "---"))) {
			snprintf(
			    text, sizeof(text), "%s %s", p->held.text, l->text);
			if (line_normalise(text, strlen(text), &joined) == 0)
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
		p->holding = line_normalise(l->text, l->len, &p->held) == 0;
		return 0;
	}
	return rc < 0 ? -1 : 0;
}

/*
 * The reports of a --runs report (its summary line seen, two or more
 * reports) become one run set; how the runs were made is said once,
 * after the last, and given to each.
 */
static void
mark_run_set(const struct parser *p)
{
	struct cmp_file *f = p->out;
	const struct cmp_report *last = &f->reports[f->nreports - 1];
	int j, set;

	if (!p->runs_summary || f->nreports - p->first_report < 2)
		return;
	set = p->first_report + 1; /* unique within the file */
	for (j = p->first_report; j < f->nreports; j++) {
		f->reports[j].run_set = set;
		f->reports[j].quick = last->quick;
		f->reports[j].duration_s = last->duration_s;
	}
}

/*
 * A block without its copies line (an index table pasted alone) is taken
 * as one copy, the usual paste, and says so (copies_assumed).
 */
static void
assume_one_copy(const struct parser *p)
{
	struct cmp_file *f = p->out;
	int i, j;

	for (i = p->first_report; i < f->nreports; i++)
		for (j = 0; j < f->reports[i].nblocks; j++)
			if (f->reports[i].blocks[j].copies == 0) {
				f->reports[i].blocks[j].copies = 1;
				f->reports[i].blocks[j].copies_assumed = 1;
			}
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
		if (line_normalise(text + i, n, &l) == -1) {
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
	if (!p.stop)
		text_end_report(&p);
	if (p.stop) {
		/* What was read of this file is dropped whole. */
		while (out->nreports > p.first_report)
			cmp_report_free(&out->reports[--out->nreports]);
		if (p.nerrors == 0)
			text_problem(&p, "out of memory");
	} else if (p.nerrors == 0 && out->nreports == p.first_report) {
		text_problem(&p, "no bytebench or UnixBench report found");
	} else {
		mark_run_set(&p);
		assume_one_copy(&p);
	}
	if (p.nerrors > 1) {
		n = strlen(err);
		snprintf(err + n, errlen - n, " (and %d more problems)",
		    p.nerrors - 1);
	}
	return p.nerrors > 0 ? -1 : 0;
}
