/*
 * write_csv.c - UnixBench's UB_OUTPUT_CSV: "Concurrency,<test title>,...",
 * then a row of scores per copies value, the index scores last.
 */
#include <stdio.h>
#include <stdlib.h>

#include "write/escape.h"
#include "write/writers.h"

/* The result of test t in block b, or NULL when b did not run it. */
static const struct test_result *
find_test(const struct block *b, const struct test_def *t)
{
	int i;

	for (i = 0; i < b->ntests; i++)
		if (b->tests[i].test == t)
			return &b->tests[i];
	return NULL;
}

/* The title of index column d; "(Partial Only)" when any row is partial. */
static void
index_title(FILE *f, const struct report *r, const struct index_def *d)
{
	const struct run *run = report_last(r);
	const struct index_result *x;
	char title[256];
	int b, partial = 0;

	for (b = 0; b < run->nblocks; b++)
		if ((x = writer_index_of(&run->blocks[b], d)) != NULL &&
		    x->partial)
			partial = 1;
	snprintf(title, sizeof(title), "%s Index Score%s", d->label,
	    partial ? " (Partial Only)" : "");
	escape_csv(f, title);
}

int
write_csv(FILE *f, const struct report *r)
{
	const struct run *run = report_last(r);
	const struct block *head = run->nblocks > 0 ? &run->blocks[0] : NULL;
	const struct test_result **tests = NULL, *t;
	const struct index_result *x;
	int b, i;

	/* The columns are the first run's tests, in the text report's order,
	 * and its indexes. */
	if (head != NULL && (tests = writer_sorted_tests(head)) == NULL)
		return -1;
	fputs("Concurrency", f);
	for (i = 0; head != NULL && i < head->ntests; i++) {
		putc(',', f);
		escape_csv(f, tests[i]->test->title);
	}
	for (i = 0; head != NULL && i < head->nindexes; i++) {
		putc(',', f);
		index_title(f, r, head->indexes[i].def);
	}
	putc('\n', f);

	for (b = 0; b < run->nblocks; b++) {
		fprintf(f, "%d", run->blocks[b].copies);
		for (i = 0; i < head->ntests; i++) {
			putc(',', f);
			t = find_test(&run->blocks[b], tests[i]->test);
			if (t != NULL && t->outcome == OUTCOME_OK)
				escape_fixed(f, t->score, 1);
		}
		for (i = 0; i < head->nindexes; i++) {
			putc(',', f);
			x = writer_index_of(
			    &run->blocks[b], head->indexes[i].def);
			if (x != NULL && x->nok > 0)
				escape_fixed(f, x->score, 1);
		}
		putc('\n', f);
	}
	free(tests);
	return fflush(f) == EOF || ferror(f) ? -1 : 0;
}
