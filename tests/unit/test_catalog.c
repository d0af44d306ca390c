/*
 * test_catalog.c - the catalog is whole: every test has a smoke run and
 * lists that fit their rows, names are unique, and every name a group or
 * an index gives is a test of the catalog.
 */
#include <stdlib.h>

#include "check.h"
#include "model/catalog.h"

/* 1 when the NULL-terminated list v of n slots ends inside them. */
static int
terminated(const char *const *v, size_t n)
{
	return v[n - 1] == NULL;
}

static void
test_rows(void)
{
	const struct test_def *t;
	char name[160];
	size_t i;

	for (i = 0; i < catalog_ntests; i++) {
		t = &catalog_tests[i];
		/* A row left out of the designated list is all zero. */
		snprintf(name, sizeof(name), "catalog: row %zu has a name", i);
		CHECK(name, t->name != NULL);
		if (t->name == NULL)
			continue;
		snprintf(name, sizeof(name), "catalog: %s: has a smoke run",
		    t->name);
		CHECK(name, t->smoke[0] != NULL && t->smoke[0][0] != '\0');
		snprintf(name, sizeof(name),
		    "catalog: %s: lists end in their rows", t->name);
		CHECK(name,
		    terminated(t->args, CATALOG_MAX_ARGS) &&
		        terminated(t->quick_args, CATALOG_MAX_QUICK_ARGS) &&
		        terminated(t->smoke, CATALOG_MAX_SMOKE));
		snprintf(name, sizeof(name),
		    "catalog: %s: program, title, unit, times", t->name);
		CHECK(name, t->program != NULL && t->title != NULL &&
		                t->unit != NULL && t->seconds > 0 &&
		                t->extra_s >= 0 && t->quick_extra_s >= 0);
		snprintf(name, sizeof(name), "catalog: %s: found by its name",
		    t->name);
		CHECK(name, catalog_find_test(t->name) == t &&
		                catalog_find_group(t->name) == NULL);
		snprintf(name, sizeof(name),
		    "catalog: %s: placement declared once", t->name);
		CHECK(name, (catalog_placement(t, NULL, 0) != NULL) ==
		                ((t->flags & TEST_PLACEMENT) != 0));
	}
}

/* A name in another case is the catalog's name. */
static void
test_case(void)
{
	static const struct {
		const char *given, *test;
	} names[] = {{"Dhrystone", "dhry2reg"}, {"c", "C"}, {"PIPE", "pipe"}};
	const struct test_def **list;
	char label[80], bad[64], given[16];
	char *one[1] = {given};
	size_t i;
	int n;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(given, sizeof(given), "%s", names[i].given);
		list = NULL;
		n = catalog_expand(one, 1, &list, bad, sizeof(bad));
		snprintf(label, sizeof(label), "catalog: %s is %s",
		    names[i].given, names[i].test);
		CHECK(label,
		    n == 1 && list[0] == catalog_find_test(names[i].test));
		free(list);
	}
}

/* Every group expands to tests; every index names tests. */
static void
test_names(void)
{
	const struct test_def **list;
	const struct index_def *x;
	char name[160], bad[64], group[64];
	char *one[1] = {group};
	size_t i, k;
	int n, ok;

	for (i = 0; i < catalog_ngroups; i++) {
		snprintf(group, sizeof(group), "%s", catalog_groups[i].name);
		list = NULL;
		n = catalog_expand(one, 1, &list, bad, sizeof(bad));
		snprintf(name, sizeof(name), "catalog: group %s: names tests",
		    catalog_groups[i].name);
		CHECK(name, n > 0);
		free(list);
	}
	for (i = 0; i < catalog_nindexes; i++) {
		x = &catalog_indexes[i];
		for (k = 0, ok = 1; k < x->nrows; k++)
			ok &=
			    x->rows[k].test >= catalog_tests &&
			    x->rows[k].test < catalog_tests + catalog_ntests &&
			    x->rows[k].baseline > 0;
		snprintf(name, sizeof(name),
		    "catalog: index %s: rows are tests with "
		    "baselines",
		    x->name);
		CHECK(name, x->nrows > 0 && ok);
	}
	test_case();
	CHECK("catalog: the default runs a group",
	    catalog_find_group(CATALOG_DEFAULT) != NULL);
	/* --version and the reports give the first index's method. */
	CHECK_STR("catalog: the first index is UnixBench's",
	    catalog_indexes[0].name, "unixbench");
}

/* A row's title in its index's table: the row's own, else its test's. */
static void
test_row_titles(void)
{
	const struct index_row *ub = NULL, *b3 = NULL;
	size_t i, k;

	for (i = 0; i < catalog_nindexes; i++)
		for (k = 0; k < catalog_indexes[i].nrows; k++)
			if (strcmp(catalog_indexes[i].rows[k].test->name,
			        "execl") == 0) {
				if (i == 0)
					ub = &catalog_indexes[i].rows[k];
				else
					b3 = &catalog_indexes[i].rows[k];
			}
	CHECK("catalog: execl is in both indexes", ub != NULL && b3 != NULL);
	if (ub == NULL || b3 == NULL)
		return;
	CHECK_STR("catalog: a row without a title shows its test's",
	    index_row_title(ub), "Execl Throughput");
	CHECK_STR("catalog: a row's own title comes first", index_row_title(b3),
	    "Execl Throughput Test");
}

/* The test-data files a test reads: checked before it runs. */
static void
test_inputs(void)
{
	const char *names[CATALOG_MAX_ARGS];
	size_t i;
	int ok = 1;

	CHECK("inputs: dc reads dc.dat",
	    catalog_inputs(catalog_find_test("dc"), names, 4) == 1 &&
	        strcmp(names[0], "dc.dat") == 0);
	CHECK("inputs: shell8 reads sort.src (multi.sh's)",
	    catalog_inputs(catalog_find_test("shell8"), names, 4) == 1 &&
	        strcmp(names[0], "sort.src") == 0);
	CHECK("inputs: pipe reads none",
	    catalog_inputs(catalog_find_test("pipe"), names, 4) == 0);
	for (i = 0; i < catalog_ntests; i++)
		if ((catalog_tests[i].flags & TEST_SHELL) &&
		    catalog_inputs(&catalog_tests[i], names, 4) == 0)
			ok = 0;
	CHECK("inputs: every test of system tools names what it reads", ok);
}

int
main(void)
{
	test_rows();
	test_names();
	test_row_titles();
	test_inputs();
	return check_exit();
}
