/*
 * test_compare_read.c - the readers of `compare`: the JSON reader's
 * grammar and limits, clean text, the text and JSON report readers on
 * small inline reports and on a report as long as the runner writes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "compare/compare.h"
#include "write/json_read.h"

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

/* The mail's block: its header, tests and index, wrapped lines joined. */
static void
text_mail(void)
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
}

/* A second block cut off in its index: refused, the first one kept. */
static void
text_cut_block(void)
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
	struct cmp_file f = {0};
	char err[256];
	int rc;

	rc = parse_text(cut, sizeof(cut) - 1, &f, err, sizeof(err));
	CHECK("text: a block cut off in its index is refused",
	    rc == -1 && strstr(err, "cut off") != NULL);
	CHECK("text: the whole block before it is kept",
	    f.nreports == 1 && f.reports[0].nblocks == 1 &&
	        f.reports[0].blocks[0].copies == 1);
	cmp_file_free(&f);
}

/* Two index tables pasted one after the other, each alone. */
static void
text_two_tables(void)
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
	struct cmp_file f = {0};
	char err[256];
	int rc;

	rc = parse_text(two, sizeof(two) - 1, &f, err, sizeof(err));
	CHECK("text: two pasted index tables are two reports",
	    rc == 0 && f.nreports == 2 &&
	        f.reports[1].blocks[0].indexes[0].score == 408.0 &&
	        f.reports[1].blocks[0].copies == 1 &&
	        f.reports[1].blocks[0].copies_assumed);
	cmp_file_free(&f);
}

static void
test_parse_text(void)
{
	struct cmp_file f = {0};
	char err[256];
	int rc;

	text_mail();
	rc = parse_text(
	    "I got 100 lps on it.\nNothing else.\n", 35, &f, err, sizeof(err));
	CHECK("text: prose is no report",
	    rc == -1 && f.nreports == 0 &&
	        strstr(err, "no bytebench or UnixBench report") != NULL);
	cmp_file_free(&f);
	text_cut_block();
	text_two_tables();
	rc = parse_text("   BYTE UNIX Benchmarks (Version 5.1.3)\n\n"
	                "   System: box: GNU/Linux\n",
	    66, &f, err, sizeof(err));
	CHECK("text: a header alone is refused", rc == -1 && f.nreports == 0);
	cmp_file_free(&f);
	/* BYTE Release 3's score wrapped as the index score may be. */
	static const char avg[] =
	    "Benchmark Run: Sun Nov 29 2026\n"
	    "TEST BASELINE RESULT INDEX\n"
	    "Dhrystone 2 using register variables 116700.0 30494956.0 2613.1\n"
	    "AVERAGE (Partial Only)\n70.2\n";
	rc = parse_text(avg, sizeof(avg) - 1, &f, err, sizeof(err));
	CHECK("text: a wrapped AVERAGE line is read",
	    rc == 0 && f.nreports == 1 &&
	        f.reports[0].blocks[0].nindexes == 1 &&
	        f.reports[0].blocks[0].indexes[0].score == 70.2 &&
	        f.reports[0].blocks[0].indexes[0].partial);
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

int
main(void)
{
	test_json_read();
	test_text();
	test_parse_text();
	test_parse_json();
	test_long_report();
	return check_exit();
}
