/*
 * test_compare.c - the arithmetic and the output of `compare`: the noise
 * rule on hand-computed cases, ratios, labels and the three output
 * formats (the readers are test_compare_read.c's).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "compare/compare.h"
#include "compare/table.h"
#include "write/json_read.h"

/* compare_noise of two tests whose every pass was kept. */
static enum cmp_noise
noise_of(double *a, int na, double *b, int nb)
{
	struct cmp_test x, y;

	memset(&x, 0, sizeof(x));
	memset(&y, 0, sizeof(y));
	x.rates = x.all_rates = a;
	x.nrates = x.nall = na;
	y.rates = y.all_rates = b;
	y.nrates = y.nall = nb;
	return compare_noise(&x, &y);
}

static void
test_noise(void)
{
	/* Hand-computed: see the rule in compare.h. */
	static double a1[] = {100, 102, 101}, b1[] = {103, 105, 104};
	static double a2[] = {100, 110}, b2[] = {104, 114};
	static double a3[] = {100, 101, 102, 100, 101, 102, 100};
	static double b3[] = {101, 102, 103, 101, 102, 103, 101};
	static double z[] = {100, 0};
	/* Kept 100..102 and 103..105, each with a dropped pass far below. */
	static double a4[] = {100, 101, 102, 80}, b4[] = {103, 104, 105, 82};
	struct cmp_test x, y;

	/* d = 0.02927, se = 0.00797, df = 3.997 -> t = 2.777: 0.0221 */
	CHECK("noise: 3% apart, tight passes: beyond",
	    noise_of(a1, 3, b1, 3) == CMP_NOISE_BEYOND);
	/* d = 0.0375, se = 0.0662, df = 1.997 -> t = 4.31 */
	CHECK("noise: 4% apart, 10% spread: within",
	    noise_of(a2, 2, b2, 2) == CMP_NOISE_WITHIN);
	/* d = 0.00987, se = 0.00474, df = 11.998 -> t = 2.179: 0.01033
	 * (1.96 would say beyond: the t quantile matters). */
	CHECK("noise: t quantile, not 1.96",
	    noise_of(a3, 7, b3, 7) == CMP_NOISE_WITHIN);
	CHECK("noise: the same passes are within",
	    noise_of(a3, 7, a3, 7) == CMP_NOISE_WITHIN);
	CHECK("noise: one pass is unknown",
	    noise_of(a1, 1, b1, 3) == CMP_NOISE_UNKNOWN);
	CHECK("noise: no passes (text) is unknown",
	    noise_of(NULL, 0, b1, 3) == CMP_NOISE_UNKNOWN);
	CHECK("noise: a zero rate is unknown",
	    noise_of(z, 2, b2, 2) == CMP_NOISE_UNKNOWN);
	/*
	 * The variance is that of all passes over the kept ones, as Run's
	 * intervals take it (score/interval.h): the kept passes alone say
	 * beyond (as the kept-pass rule before #13 did), all four within.
	 */
	CHECK("noise: kept passes alone, tight: beyond",
	    noise_of(a4, 3, b4, 3) == CMP_NOISE_BEYOND);
	memset(&x, 0, sizeof(x));
	memset(&y, 0, sizeof(y));
	x.rates = x.all_rates = a4;
	y.rates = y.all_rates = b4;
	x.nrates = y.nrates = 3;
	x.nall = y.nall = 4;
	CHECK("noise: a dropped pass's spread counts (one rule with Run)",
	    compare_noise(&x, &y) == CMP_NOISE_WITHIN);
	a4[3] = 0;
	CHECK("noise: a dropped zero rate is unknown, as in Run's interval",
	    compare_noise(&x, &y) == CMP_NOISE_UNKNOWN);
	a4[3] = 80;
	/* se = 0.01020 and 0.00991: 1.96 * 0.01422 = 0.02788 */
	CHECK("index noise: 3% apart, beyond",
	    compare_index_noise(100, 98, 102, 103, 101, 105) ==
	        CMP_NOISE_BEYOND);
	CHECK("index noise: 2% apart, within",
	    compare_index_noise(100, 98, 102, 102, 100, 104) ==
	        CMP_NOISE_WITHIN);
	CHECK("index noise: no interval is unknown",
	    compare_index_noise(100, 0, 0, 102, 100, 104) == CMP_NOISE_UNKNOWN);
	CHECK("index noise: a score outside its interval is unknown",
	    compare_index_noise(100, 101, 102, 102, 100, 104) ==
	        CMP_NOISE_UNKNOWN);

	CHECK_NEAR(
	    "ratio: higher is better", compare_ratio(4, 5, 0), 1.25, 1e-12);
	CHECK_NEAR("ratio: lower is better is first/this",
	    compare_ratio(5, 4, 1), 1.25, 1e-12);
	CHECK("ratio: zero has none", isnan(compare_ratio(0, 4, 0)));
	CHECK("ratio: negative has none", isnan(compare_ratio(4, -1, 0)));
}

/* A report of one block, for the label and writer tests. */
static int
make_report(struct cmp_report *r, const char *os, const char *rel,
    const char *date, int copies, double pipe)
{
	struct cmp_test *t;
	void *grown;

	memset(r, 0, sizeof(*r));
	r->origin = cmp_text("", 0);
	r->hostname = cmp_text("host", 4);
	r->os_name = cmp_text(os, strlen(os));
	r->os_release = cmp_text(rel, strlen(rel));
	if (CMP_PUSH(grown, r->blocks, r->nblocks, 4) == NULL)
		return -1;
	r->blocks[0].copies = copies;
	snprintf(r->blocks[0].date, sizeof(r->blocks[0].date), "%s", date);
	t = CMP_PUSH(grown, r->blocks[0].tests, r->blocks[0].ntests, 4);
	if (t == NULL)
		return -1;
	t->title = cmp_text("Pipe | Throughput", 17);
	t->status = cmp_text("", 0);
	memcpy(t->unit, "lps", 4);
	t->value = pipe;
	return 0;
}

static void
test_labels_and_writers(void)
{
	struct cmp_report r[4], *p[4] = {&r[0], &r[1], &r[2], &r[3]};
	struct comparison c;
	const char *user[4] = {NULL, NULL, NULL, "mine"};
	const char *file[4] = {"a/x.txt", "a/x.txt", "b.txt", "c.txt"};
	char *buf = NULL;
	size_t len = 0;
	struct json_value v;
	char err[128];
	FILE *f;
	int i;

	make_report(&r[0], "GNU/Linux", "6.1.0-13-amd64", "2026-11-29", 1, 100);
	make_report(&r[1], "GNU/Linux", "6.1.0-14-amd64", "2026-11-29", 1, 103);
	make_report(&r[2], "FreeBSD", "7.2-RELEASE", "", 4, 100);
	make_report(&r[3], "FreeBSD", "7.2-RELEASE", "", 1, 50);
	r[2].run_label = cmp_text("stored", 6);
	r[1].quick = 1;
	CHECK("labels: set", compare_label(p, user, file, 4) == 0);
	CHECK_STR("labels: the file name, #k for several in one file",
	    r[0].label, "x #1");
	CHECK_STR("labels: the other one of that file", r[1].label, "x #2");
	CHECK_STR(
	    "labels: the label stored in the report", r[2].label, "stored");
	CHECK_STR("labels: the user's", r[3].label, "mine");
	CHECK("comparison built", compare_build(&c, p, user, 4, 1, 1) == 0);

	f = open_memstream(&buf, &len);
	CHECK("text output written",
	    f != NULL && compare_write(f, CMP_FORMAT_TEXT, &c) == 0 &&
	        fclose(f) == 0);
	CHECK("text: three runs one test after another, quick marked",
	    buf && strstr(buf, "  B  103.0  B/A 1.03x ?!\n"));
	CHECK("text: 0.50x for the user column",
	    buf && strstr(buf, "  D   50.0  D/A 0.50x ?\n"));
	CHECK("text: N copies table with its copies",
	    buf && strstr(buf, "N copies: C 4"));
	CHECK("text: the key", buf &&
	                           strstr(buf, "C  stored: FreeBSD "
	                                       "7.2-RELEASE on host\n") &&
	                           strstr(buf, "2026-11-29, quick run"));
	CHECK("text: the footnote names the text reports",
	    buf && strstr(buf, "noise unknown") && strstr(buf, "x #1"));
	CHECK("text: why B is not comparable",
	    buf && strstr(buf, "B/A: B is a quick run, A is not"));
	free(buf);
	f = open_memstream(&buf, &len);
	CHECK("regressions: only D is below 0.9 (noise unknown)",
	    f != NULL && compare_regressions(f, &c, 0.9) == 1 &&
	        fclose(f) == 0 && strstr(buf, "D/A 0.50x") != NULL);
	free(buf);

	f = open_memstream(&buf, &len);
	CHECK("md output written",
	    f != NULL && compare_write(f, CMP_FORMAT_MD, &c) == 0 &&
	        fclose(f) == 0);
	CHECK("md: a | in a title is escaped",
	    buf && strstr(buf, "| Pipe \\| Throughput |") != NULL);
	CHECK("md: numbers right-aligned", buf && strstr(buf, "---:|"));
	free(buf);

	f = open_memstream(&buf, &len);
	CHECK("json output written",
	    f != NULL && compare_write(f, CMP_FORMAT_JSON, &c) == 0 &&
	        fclose(f) == 0);
	i = buf != NULL ? json_parse(buf, len, &v, err, sizeof(err)) : -1;
	CHECK("json output is JSON", i == 0);
	if (i == 0) {
		const struct json_value *t = json_get(&v, "tables");

		CHECK("json: schema", json_get(&v, "schema") != NULL &&
		                          strcmp(json_get(&v, "schema")->string,
		                              "bytebench-compare/1") == 0);
		CHECK("json: two tables", t != NULL && t->n == 2);
		json_free(&v);
	}
	free(buf);
	compare_free(&c);
	for (i = 0; i < 4; i++)
		cmp_report_free(&r[i]);
}

int
main(void)
{
	test_noise();
	test_labels_and_writers();
	return check_exit();
}
