/*
 * listing.c - the catalog as bytebench -l prints it (writers.h).
 */
#include <stdio.h>

#include "model/catalog.h"
#include "write/textwrap.h"
#include "write/writers.h"

/* Where a group's members go on when they do not fit a line. */
#define LIST_COLUMN 21

void
listing_print(FILE *f)
{
	const struct index_def *x;
	const struct test_def *t;
	size_t i, k;

	fprintf(f, "Tests:\n");
	for (i = 0; i < catalog_ntests; i++)
		fprintf(f, "  %-18s %s\n", catalog_tests[i].name,
		    catalog_tests[i].title);
	fprintf(f, "\nGroups and aliases:\n");
	for (i = 0; i < catalog_ngroups; i++)
		text_wrap(f,
		    catalog_groups[i].members != NULL
		        ? catalog_groups[i].members
		        : "every test",
		    (size_t)fprintf(f, "  %-18s ", catalog_groups[i].name),
		    LIST_COLUMN, TEXT_COLUMNS);
	for (i = 0; i < catalog_nindexes; i++) {
		x = &catalog_indexes[i];
		fprintf(f, "\n%s index (%s, index method %d):\n  %s\n",
		    x->label, x->name, x->method,
		    x->agg == INDEX_GEOMEAN_X10
		        ? "10 x the geometric mean of result / baseline"
		        : "result / baseline summed and averaged");
		for (k = 0; k < x->nrows; k++) {
			t = x->rows[k].test;
			fprintf(f, "  %-18s %12.1f %-5s %s\n", t->name,
			    x->rows[k].baseline, t->unit,
			    index_row_title(&x->rows[k]));
		}
	}
	fprintf(f, "\nThe index method numbers an index's tests, baselines "
	           "and formula: scores\nof the same method can be compared "
	           "(reports say \"index method N\").\n");
}

void
listing_print_smoke(FILE *f)
{
	const struct test_def *t;
	size_t i, k;

	for (i = 0; i < catalog_ntests; i++) {
		t = &catalog_tests[i];
		for (k = 0; k < CATALOG_MAX_SMOKE && t->smoke[k] != NULL; k++)
			fprintf(f, "%s %s %s %s\n", t->name, t->unit,
			    t->program, t->smoke[k]);
	}
}
