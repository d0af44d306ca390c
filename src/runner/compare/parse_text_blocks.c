/*
 * parse_text_blocks.c - the reports and blocks of a text parse
 * (parse_text_state.h): starting and ending them, dropping one that was
 * cut off, and the problems found.
 */
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/catalog.h"
#include "compare/parse_text_state.h"

void
text_problem(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	if (p->nerrors++ > 0)
		return;
	va_start(ap, fmt);
	vsnprintf(p->err, p->errlen, fmt, ap);
	va_end(ap);
}

/* Whether title is a test of a built-in index (its table must follow). */
static int
index_title(const char *title)
{
	const struct index_def *d;
	size_t j;

	for (d = catalog_indexes; d < catalog_indexes + catalog_nindexes; d++)
		for (j = 0; j < d->nrows; j++)
			if (strcmp(index_row_title(&d->rows[j]), title) == 0)
				return 1;
	return 0;
}

void
text_end_block(struct parser *p)
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
		text_problem(p, "%sreport %d, run %d (%d cop%s): %s",
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

void
text_end_report(struct parser *p)
{
	text_end_block(p);
	if (p->report == NULL)
		return;
	if (p->report->nblocks == 0) {
		if (p->report_header && !p->report_dropped)
			text_problem(p,
			    "report %d: a header with no complete "
			    "benchmark run",
			    (int)(p->report - p->out->reports) -
			        p->first_report + 1);
		cmp_report_free(p->report);
		p->out->nreports--;
	}
	p->report = NULL;
}

int
text_new_report(struct parser *p, int header)
{
	void *grown;
	text_end_report(p);
	p->report =
	    CMP_PUSH(grown, p->out->reports, p->out->nreports, CMP_MAX_REPORTS);
	if (p->report == NULL) {
		text_problem(p, "more than %d reports", CMP_MAX_REPORTS);
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

/* Two pasted runs without headers are two reports. */
int
text_new_block(struct parser *p, int copies, int pin)
{
	void *grown;
	int i;

	text_end_block(p);
	for (i = 0; p->report != NULL && i < p->report->nblocks; i++)
		if (p->report->blocks[i].copies == copies &&
		    p->report->blocks[i].pin == pin) {
			text_end_report(p);
			break;
		}
	if (p->report == NULL && text_new_report(p, 0) == -1)
		return -1;
	p->block =
	    CMP_PUSH(grown, p->report->blocks, p->report->nblocks, INT_MAX);
	if (p->block == NULL) {
		text_problem(p, "out of memory");
		p->stop = 1;
		return -1;
	}
	p->block->copies = copies;
	p->block->pin = pin;
	return 0;
}
