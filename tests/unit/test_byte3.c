/*
 * test_byte3.c - the BYTE Release 3 index: the results of the 1991
 * report fed in give its indexes, sum and average, and its block byte for
 * byte (tests/golden/byte3.txt); a failed test is shown and not counted.
 */
#include <stdlib.h>

#include "check.h"
#include "score/stats.h"
#include "write/write_text.h"

/* The RESULT column of the 1991 report, in the index's row order. */
static const double results[6] = {
    274032.4, 1835325.0, 402.5, 20191.0, 66057.8, 175.6};

/* The six tests as run, each OK with the given score. */
static void
make_tests(const struct index_def *d, struct test_result *t)
{
	size_t i;

	for (i = 0; i < 6; i++) {
		memset(&t[i], 0, sizeof(t[i]));
		t[i].test = d->rows[i].test;
		t[i].outcome = OUTCOME_OK;
		t[i].score = results[i];
	}
}

/* The writer's output for ir, malloc'd and NUL-terminated. */
static char *
written(const struct index_result *ir)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	if (f == NULL)
		return NULL;
	text_index_sum_average(f, ir);
	fclose(f);
	return out;
}

static char *
golden(void)
{
	static char buf[4096];
	FILE *f = fopen("tests/golden/byte3.txt", "r");
	size_t n;

	if (f == NULL)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

static void
test_catalog(const struct index_def *d)
{
	const struct test_def **list = NULL, *fs;
	char byte3[] = "byte3", index[] = "index", *names[1];
	int n;

	CHECK("byte3: sum/average aggregation",
	    d->agg == INDEX_SUM_AVERAGE && d->nrows == 6);
	names[0] = byte3;
	n = catalog_expand(names, 1, &list, NULL, 0);
	CHECK("byte3: the group covers the index",
	    n == 6 && stats_index_covered(d, list, n));
	free(list);
	names[0] = index;
	n = catalog_expand(names, 1, &list, NULL, 0);
	CHECK("byte3: the index group does not cover it",
	    n > 0 && !stats_index_covered(d, list, n));
	free(list);
	fs = d->rows[3].test;
	CHECK("byte3: File Copy is fstime -c, 1024 B buffers, 2000 KiB",
	    fs != NULL && strcmp(fs->args[0], "-c") == 0 &&
	        strcmp(fs->args[6], "1024") == 0 &&
	        strcmp(fs->args[8], "2000") == 0 && fs->seconds == 30);
}

static void
test_numbers(const struct index_def *d)
{
	static const double want[6] = {107.8, 82.1, 24.4, 112.8, 50.1, 43.9};
	struct test_result t[6];
	struct index_result ir;
	char *out, *gold;
	int i, rounded = 1;

	make_tests(d, t);
	CHECK("byte3: index computed", stats_index(&ir, d, t, 6) == 0);
	for (i = 0; i < ir.nentries; i++)
		rounded &= fabs(ir.entries[i].index - want[i]) < 0.05;
	CHECK("byte3: six entries, no x10", ir.nentries == 6 && rounded);
	CHECK_NEAR("byte3: sum 421.1", ir.sum, 421.1, 0.05);
	CHECK_NEAR("byte3: average 70.2", ir.score, 70.2, 0.05);
	CHECK("byte3: not partial", !ir.partial && ir.nok == 6);
	out = written(&ir);
	gold = golden();
	CHECK("byte3: golden file read", gold != NULL);
	/* The block, then the empty line that separates it from what follows.
	 */
	if (out != NULL && gold != NULL && strlen(out) == strlen(gold) + 1 &&
	    out[strlen(gold)] == '\n')
		out[strlen(gold)] = '\0';
	CHECK_STR("byte3: block byte for byte", out, gold != NULL ? gold : "");
	free(out);
	free(ir.entries);

	/* execl failed: shown, not counted; 5 items; labelled partial. */
	t[2].outcome = OUTCOME_FAILED;
	t[2].score = 0;
	stats_index(&ir, d, t, 6);
	out = written(&ir);
	CHECK("byte3: failed row shown",
	    out != NULL && strstr(out, "Execl Throughput Test                  "
	                               "         16.5     failed"
	                               "        ---\n") != NULL);
	CHECK("byte3: 5 items summed",
	    out != NULL && strstr(out, "     SUM of  5 items                   "
	                               "                      "
	                               "        396.7\n") != NULL);
	CHECK("byte3: partial average",
	    out != NULL && strstr(out, "     AVERAGE (Partial Only)            "
	                               "                      "
	                               "         79.3\n") != NULL);
	free(out);
	free(ir.entries);

	/* Only two tests ran (interrupted): the others say so. */
	stats_index(&ir, d, t, 2);
	out = written(&ir);
	CHECK("byte3: a row whose test did not run",
	    out != NULL && strstr(out, "Shell scripts (8 concurrent)           "
	                               "          4.0    not run"
	                               "        ---\n") != NULL);
	free(out);
	free(ir.entries);
}

int
main(void)
{
	const struct index_def *d =
	    catalog_nindexes > 1 ? &catalog_indexes[1] : NULL;

	CHECK("byte3: the catalog's second index",
	    d != NULL && strcmp(d->name, "byte3") == 0);
	if (d == NULL || strcmp(d->name, "byte3") != 0)
		return check_exit();
	test_catalog(d);
	test_numbers(d);
	return check_exit();
}
