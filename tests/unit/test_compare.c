/*
 * test_compare.c - the readers and the arithmetic of `compare`: the JSON
 * reader's grammar and limits, clean text, the text and JSON report
 * readers on small inline reports, the noise rule on hand-computed cases,
 * ratios, labels and the three output formats.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "compare/compare.h"
#include "compare/json_read.h"
#include "compare/parse_json.h"
#include "compare/parse_text.h"

static const struct {
	const char *doc;
	int ok;
} json_cases[] = {
    {"{}", 1},
    {" [1, -2.5e3, true, false, null, \"x\"] ", 1},
    {"{\"a\": {\"b\": [[]]}}", 1},
    {"0", 1},
    {"-0.0e+1", 1},
    {"", 0},
    {"{", 0},
    {"[1,]", 0},
    {"{\"a\" 1}", 0},
    {"{\"a\": 1,}", 0},
    {"01", 0},
    {"-", 0},
    {"1.", 0},
    {".5", 0},
    {"1e", 0},
    {"1e999", 0},
    {"tru", 0},
    {"nul", 0},
    {"\"abc", 0},
    {"\"a\\qb\"", 0},
    {"\"\\u12G4\"", 0},
    {"\"a\nb\"", 0},
    {"[1] [2]", 0},
    {"{1: 2}", 0},
    {"[\"\\", 0},
};

static void
test_json_read(void)
{
	static const char esc[] = "\"a\\u00e9\\ud83d\\ude00\\ud800x\\n\"";
	struct json_value v;
	char err[128], name[64], deep[200];
	size_t i;

	for (i = 0; i < sizeof(json_cases) / sizeof(json_cases[0]); i++) {
		int rc = json_parse(json_cases[i].doc,
		    strlen(json_cases[i].doc), &v, err, sizeof(err));

		snprintf(name, sizeof(name), "json case %zu %s", i,
		    json_cases[i].ok ? "parses" : "is refused");
		CHECK(name, (rc == 0) == json_cases[i].ok);
		if (rc == 0)
			json_free(&v);
	}

	CHECK("json escapes decode",
	    json_parse(esc, strlen(esc), &v, err, sizeof(err)) == 0 &&
	        v.type == JSON_STRING &&
	        strcmp(v.string, "a\xc3\xa9\xf0\x9f\x98\x80\xef\xbf\xbdx\n") ==
	            0);
	json_free(&v);
	CHECK("json members in order, first wins",
	    json_parse("{\"k\": 1, \"j\": [2, 3], \"k\": 4}", 29, &v, err,
	        sizeof(err)) == 0 &&
	        json_get(&v, "k")->number == 1 && json_get(&v, "j")->n == 2 &&
	        json_get(&v, "x") == NULL);
	json_free(&v);

	memset(deep, '[', JSON_MAX_DEPTH + 1);
	memset(deep + JSON_MAX_DEPTH + 1, ']', JSON_MAX_DEPTH + 1);
	CHECK("json at the depth limit parses",
	    json_parse(deep, 2 * (JSON_MAX_DEPTH + 1), &v, err, sizeof(err)) ==
	        0);
	json_free(&v);
	memset(deep, '[', JSON_MAX_DEPTH + 2);
	memset(deep + JSON_MAX_DEPTH + 2, ']', JSON_MAX_DEPTH + 2);
	CHECK("json one level deeper is refused",
	    json_parse(deep, 2 * (JSON_MAX_DEPTH + 2), &v, err, sizeof(err)) ==
	            -1 &&
	        strstr(err, "deeper") != NULL);
}

static void
test_text(void)
{
	char *s, big[400];
	double d;

	s = cmp_text("  a\tb\x01\x7f\xff\xc3\xa9 ", 11);
	CHECK_STR(
	    "clean text: controls and bad UTF-8 become ?", s, "a?b???\xc3\xa9");
	free(s);
	memset(big, 'x', sizeof(big));
	memcpy(big + CMP_TEXT_MAX - 1, "\xc3\xa9", 2);
	s = cmp_text(big, sizeof(big));
	CHECK("clean text: cut at a character boundary",
	    s != NULL && strlen(s) == CMP_TEXT_MAX - 1);
	free(s);
	CHECK("decimal: 2613.1",
	    json_decimal("2613.1", 6, &d) == 0 && d == 2613.1);
	CHECK("decimal: 1e400 refused", json_decimal("1e400", 5, &d) == -1);
	CHECK("decimal: x refused", json_decimal("x", 1, &d) == -1);
}

/* A UnixBench block, collapsed and quoted as in a mail. */
static const char mail[] =
    "Hi, numbers below.\n"
    "> BYTE UNIX Benchmarks (Version 5.1.3)\n"
    "> System: box: GNU/Linux\n"
    ">  OS: GNU/Linux -- 6.1.0-13-amd64 -- #1 SMP\n"
    "> Benchmark Run: Sun Nov 29 2026 23:35:29 - 23:42:12\n"
    "> 2 CPUs in system; running 1 parallel copy of tests\n"
    "> Pipe Throughput 1234567.8 lps (10.0 s, 7\n"
    "> samples)\n"
    "> Shell Scripts (16 concurrent) 1100.0 lpm (60.0 s, 2 samples)\n"
    "> System Benchmarks Partial Index BASELINE RESULT INDEX\n"
    "> Pipe Throughput 12440.0 1234567.8 992.4\n"
    "> Shell Scripts (16 concurrent) --- 1100.0 ---\n"
    "> ========\n"
    "> System Benchmarks Index Score (Partial Only)\n"
    "> 992.4\n"
    "Thanks.\n";

static void
test_parse_text(void)
{
	struct cmp_file f = {0};
	struct cmp_block *b;
	struct cmp_index *x;
	char err[256];
	int rc;

	rc = parse_text(mail, sizeof(mail) - 1, &f, err, sizeof(err));
	CHECK("text: quoted, collapsed, wrapped report reads",
	    rc == 0 && f.nreports == 1 && f.reports[0].nblocks == 1);
	if (rc == 0 && f.nreports == 1 && f.reports[0].nblocks == 1) {
		b = &f.reports[0].blocks[0];
		x = &b->indexes[0];
		CHECK_STR("text: OS name", f.reports[0].os_name, "GNU/Linux");
		CHECK_STR("text: OS release", f.reports[0].os_release,
		    "6.1.0-13-amd64");
		CHECK_STR(
		    "text: origin", f.reports[0].origin, "UnixBench 5.1.3");
		CHECK_STR("text: run date", b->date, "2026-11-29");
		CHECK("text: copies", b->copies == 1);
		CHECK("text: two tests", b->ntests == 2);
		CHECK_STR("text: title with parentheses", b->tests[1].title,
		    "Shell Scripts (16 concurrent)");
		CHECK("text: value and unit",
		    b->tests[0].value == 1234567.8 &&
		        strcmp(b->tests[0].unit, "lps") == 0);
		CHECK("text: partial index with its wrapped score",
		    b->nindexes == 1 && x->partial && x->has_score &&
		        x->score == 992.4);
		CHECK("text: index rows, --- as NaN",
		    x->nrows == 2 && x->rows[0].baseline == 12440.0 &&
		        isnan(x->rows[1].baseline) && isnan(x->rows[1].index));
	}
	cmp_file_free(&f);

	rc = parse_text(
	    "I got 100 lps on it.\nNothing else.\n", 35, &f, err, sizeof(err));
	CHECK("text: prose is no report",
	    rc == -1 && f.nreports == 0 &&
	        strstr(err, "no bytebench or UnixBench report") != NULL);
	cmp_file_free(&f);

	{
		static const char cut[] =
		    "Benchmark Run: Sun Nov 29 2026 23:35:29 - 23:42:12\n"
		    "2 CPUs in system; running 1 parallel copy of tests\n"
		    "Pipe Throughput 1234567.8 lps\n"
		    "System Benchmarks Partial Index BASELINE RESULT INDEX\n"
		    "Pipe Throughput 12440.0 1234567.8 992.4\n"
		    "System Benchmarks Index Score (Partial Only) 992.4\n"
		    "Benchmark Run: Sun Nov 29 2026 23:45:29 - 23:52:12\n"
		    "2 CPUs in system; running 2 parallel copies of tests\n"
		    "Pipe Throughput 2234567.8 lps\n"
		    "System Benchmarks Partial Index BASELINE RESULT INDEX\n"
		    "Pipe Throughput 12440.0 2234567.8 1796.3\n";

		rc = parse_text(cut, sizeof(cut) - 1, &f, err, sizeof(err));
		CHECK("text: a block cut off in its index is refused",
		    rc == -1 && strstr(err, "cut off") != NULL);
		CHECK("text: the whole block before it is kept",
		    f.nreports == 1 && f.reports[0].nblocks == 1 &&
		        f.reports[0].blocks[0].copies == 1);
		cmp_file_free(&f);
	}
	{
		static const char two[] =
		    "before:\n"
		    "System Benchmarks Partial Index BASELINE RESULT INDEX\n"
		    "Pipe Throughput 12440.0 493023.3 396.3\n"
		    "System Benchmarks Index Score (Partial Only) 396.3\n"
		    "after:\n"
		    "System Benchmarks Partial Index BASELINE RESULT INDEX\n"
		    "Pipe Throughput 12440.0 507551.4 408.0\n"
		    "System Benchmarks Index Score (Partial Only) 408.0\n";

		rc = parse_text(two, sizeof(two) - 1, &f, err, sizeof(err));
		CHECK("text: two pasted index tables are two reports",
		    rc == 0 && f.nreports == 2 &&
		        f.reports[1].blocks[0].indexes[0].score == 408.0 &&
		        f.reports[1].blocks[0].copies == 0);
		cmp_file_free(&f);
	}
	rc = parse_text("   BYTE UNIX Benchmarks (Version 5.1.3)\n\n"
	                "   System: box: GNU/Linux\n",
	    66, &f, err, sizeof(err));
	CHECK("text: a header alone is refused", rc == -1 && f.nreports == 0);
	cmp_file_free(&f);
}

static const char json_doc[] =
    "{\"schema\": \"bytebench-report/1\", \"bytebench_version\": \"0.1.0\","
    " \"index_method\": 1, \"start\": \"2026-11-29T23:35:29Z\","
    " \"system\": {\"os_name\": \"Linux\", \"os_release\": \"6.6.3\"},"
    " \"runs\": [{\"copies\": 2, \"tests\": ["
    "  {\"title\": \"Pipe Throughput\", \"unit\": \"lps\", \"score\": 10,"
    "   \"passes\": [{\"rate\": 9, \"kept\": false}, {\"rate\": 10},"
    "    {\"rate\": 11, \"kept\": true, \"outcome\": \"ok\"},"
    "    {\"rate\": 12, \"outcome\": \"failed\"}]},"
    "  {\"title\": \"Lat\", \"unit\": \"us\", \"lower_is_better\": true,"
    "   \"outcome\": \"timed out\", \"score\": null}],"
    " \"indexes\": [{\"label\": \"System Benchmarks\", \"score\": 80.4,"
    "  \"partial\": true, \"ci_low\": 80, \"ci_high\": 81,"
    "  \"entries\": [{\"title\": \"Pipe Throughput\", \"baseline\": 12440,"
    "   \"result\": 10, \"index\": 0.008, \"ok\": true}]}]}]}";

static void
test_parse_json(void)
{
	struct cmp_file f = {0};
	struct cmp_block *b;
	char err[256];
	int rc;

	rc = parse_json(json_doc, sizeof(json_doc) - 1, &f, err, sizeof(err));
	CHECK("json report reads",
	    rc == 0 && f.nreports == 1 && f.reports[0].nblocks == 1);
	if (rc == 0 && f.nreports == 1 && f.reports[0].nblocks == 1) {
		b = &f.reports[0].blocks[0];
		CHECK("json: copies and date",
		    b->copies == 2 && strcmp(b->date, "2026-11-29") == 0);
		CHECK("json: only kept, ok passes are rates",
		    b->tests[0].nrates == 2 && b->tests[0].rates[0] == 10 &&
		        b->tests[0].rates[1] == 11);
		CHECK("json: a failed test keeps its outcome",
		    isnan(b->tests[1].value) &&
		        strcmp(b->tests[1].status, "timed out") == 0 &&
		        b->tests[1].lower_is_better);
		CHECK("json: index with method and interval",
		    b->nindexes == 1 && b->indexes[0].method == 1 &&
		        b->indexes[0].partial && b->indexes[0].ci_high == 81 &&
		        b->indexes[0].nrows == 1);
		CHECK("json: passes known", f.reports[0].passes_known);
	}
	cmp_file_free(&f);
	rc = parse_json("{\"schema\": \"other/2\"}", 21, &f, err, sizeof(err));
	CHECK("json: another schema is refused",
	    rc == -1 && strstr(err, "other/2") != NULL && f.nreports == 0);
	rc = parse_json(
	    "{\"schema\": \"bytebench-report/1\"}", 33, &f, err, sizeof(err));
	CHECK("json: no runs is refused", rc == -1 && f.nreports == 0);
	rc = parse_json("[1, 2", 5, &f, err, sizeof(err));
	CHECK("json: bad JSON is refused",
	    rc == -1 && strstr(err, "not valid JSON") != NULL);
}

/*
 * A report as long as the runner writes one: 20 runs (-c given 20 times)
 * of a test with 10000 kept passes (-i 10000, its most).  compare must
 * read every report the runner can write.
 */
static void
test_long_report(void)
{
	enum { RUNS = 20, PASSES = 10000 };
	struct cmp_file f = {0};
	char err[256], *doc;
	size_t len = 0, cap = (size_t)RUNS * PASSES * 16 + 4096;
	int run, pass, rc;

	if ((doc = malloc(cap)) == NULL) {
		CHECK("long report: memory", 0);
		return;
	}
	len += (size_t)snprintf(doc + len, cap - len,
	    "{\"schema\": \"bytebench-report/1\", \"runs\": [");
	for (run = 0; run < RUNS; run++) {
		len += (size_t)snprintf(doc + len, cap - len,
		    "%s{\"copies\": 1,"
		    " \"tests\": [{\"title\": \"Pipe Throughput\", \"score\": "
		    "5,"
		    " \"passes\": [",
		    run ? ", " : "");
		for (pass = 0; pass < PASSES; pass++)
			len += (size_t)snprintf(doc + len, cap - len,
			    "%s{\"rate\": 5}", pass ? "," : "");
		len += (size_t)snprintf(doc + len, cap - len, "]}]}");
	}
	len += (size_t)snprintf(doc + len, cap - len, "]}");
	rc = parse_json(doc, len, &f, err, sizeof(err));
	CHECK("long report: 20 runs of 10000 kept passes read",
	    rc == 0 && f.nreports == 1 && f.reports[0].nblocks == RUNS &&
	        f.reports[0].blocks[RUNS - 1].ntests == 1 &&
	        f.reports[0].blocks[RUNS - 1].tests[0].nrates == PASSES);
	if (rc != 0)
		printf("    %s\n", err);
	cmp_file_free(&f);
	free(doc);
}

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

	f = open_memstream(&buf, &len);
	CHECK("text output written",
	    f != NULL && compare_write(f, CMP_FORMAT_TEXT, p, 4) == 0 &&
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
	    f != NULL && compare_regressions(f, p, 4, 0.9) == 1 &&
	        fclose(f) == 0 && strstr(buf, "D/A 0.50x") != NULL);
	free(buf);

	f = open_memstream(&buf, &len);
	CHECK("md output written",
	    f != NULL && compare_write(f, CMP_FORMAT_MD, p, 4) == 0 &&
	        fclose(f) == 0);
	CHECK("md: a | in a title is escaped",
	    buf && strstr(buf, "| Pipe \\| Throughput |") != NULL);
	CHECK("md: numbers right-aligned", buf && strstr(buf, "---:|"));
	free(buf);

	f = open_memstream(&buf, &len);
	CHECK("json output written",
	    f != NULL && compare_write(f, CMP_FORMAT_JSON, p, 4) == 0 &&
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
	for (i = 0; i < 4; i++)
		cmp_report_free(&r[i]);
}

int
main(void)
{
	test_json_read();
	test_text();
	test_parse_text();
	test_parse_json();
	test_long_report();
	test_noise();
	test_labels_and_writers();
	return check_exit();
}
