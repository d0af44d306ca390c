/*
 * test_writers.c - the JSON, CSV, HTML and Markdown writers on a fixed
 * report model with hostile strings (writers_fixture.h), against
 * tests/golden/writers.*, and the JSON, CSV and Markdown read back (the
 * HTML page is test_writers_html.c's, other reports test_writers_cases.c's).
 * -u rewrites the golden files; -o DIR also saves each output in DIR.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "write/json_read.h"
#include "writers_fixture.h"

static char *
slurp(const char *path, size_t *len)
{
	char *buf = NULL;
	size_t cap = 0, n;
	FILE *f = fopen(path, "rb");

	*len = 0;
	if (f == NULL)
		return NULL;
	for (;;) {
		if (*len + 4096 + 1 > cap) {
			cap = (*len + 4096 + 1) * 2;
			if ((buf = realloc(buf, cap)) == NULL) {
				perror("realloc");
				exit(1);
			}
		}
		n = fread(buf + *len, 1, 4096, f);
		*len += n;
		if (n == 0)
			break;
	}
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

static int
spill(const char *path, const char *buf, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(buf, 1, len, f) != len || fclose(f) == EOF) {
		fprintf(
		    stderr, "test_writers: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Compares out with the golden file, naming the first line that differs. */
static void
check_golden(const char *name, const char *out, size_t len, int update)
{
	char path[256], label[64];
	const char *a, *b;
	size_t glen;
	char *gold;
	int line = 1;

	snprintf(path, sizeof(path), "tests/golden/writers.%s", name);
	snprintf(label, sizeof(label), "%s golden file", name);
	if (update) {
		if (spill(path, out, len) == 0)
			printf("SKIP: %s: rewritten, inspect it\n", label);
		else
			CHECK(label, 0);
		return;
	}
	if ((gold = slurp(path, &glen)) == NULL) {
		printf("FAIL: %s: %s: %s\n", label, path, strerror(errno));
		check_failures++;
		return;
	}
	if (glen == len && memcmp(gold, out, len) == 0) {
		printf("PASS: %s\n", label);
	} else {
		for (a = gold, b = out; *a != '\0' && *a == *b; a++, b++)
			if (*a == '\n')
				line++;
		printf("FAIL: %s: differs from %s at line %d "
		       "(rerun with -o DIR and diff)\n",
		    label, path, line);
		check_failures++;
	}
	free(gold);
}

static const struct json_value *
jpath(const struct json_value *v, const char *key, size_t i)
{
	if (v != NULL && key != NULL)
		v = json_get(v, key);
	if (v != NULL && v->type == JSON_ARRAY && i != (size_t)-1)
		v = i < v->n ? &v->items[i] : NULL;
	return v;
}

static int
jstr_is(const struct json_value *v, const char *want)
{
	return v != NULL && v->type == JSON_STRING && v->len == strlen(want) &&
	       memcmp(v->string, want, v->len) == 0;
}

static int
jnum_is(const struct json_value *v, double want)
{
	return v != NULL && v->type == JSON_NUMBER && v->number == want;
}

#define NONE ((size_t)-1)

/* The report's and the system's fields read back. */
static void
json_system(const struct json_value *doc)
{
	const struct json_value *sys = jpath(doc, "system", NONE);

	CHECK("json schema",
	    jstr_is(jpath(doc, "schema", NONE), "bytebench-report/1"));
	CHECK("json hostname round-trips",
	    jstr_is(jpath(sys, "hostname", NONE), HOSTNAME));
	CHECK("json controls round-trip",
	    jstr_is(jpath(sys, "cpu_model", NONE), CPU_MODEL));
	CHECK("json invalid utf-8 replaced",
	    jstr_is(jpath(sys, "os_version", NONE),
	        "#1 SMP Debian 6.1.55-1 \xef\xbf\xbd\xef\xbf\xbd"));
	CHECK("json memory", jnum_is(jpath(sys, "memory_kib", NONE), 4028232));
	CHECK("json mitigation state round-trips",
	    jstr_is(jpath(jpath(sys, "mitigations", NONE), "srbds", NONE),
	        "Vulnerable: \"<b>no</b>\" \\ microcode"));
	CHECK("json start utc",
	    jstr_is(jpath(doc, "start", NONE), "2026-11-29T23:35:28Z"));
	CHECK("json two runs", jpath(doc, "runs", NONE) != NULL &&
	                           jpath(doc, "runs", NONE)->n == 2);
}

/* The tests of the two runs: passes, copies, the failed one, info. */
static void
json_tests(const struct json_value *run0, const struct json_value *run1,
    const struct report *r)
{
	const struct json_value *t;

	t = jpath(run0, "tests", 0);
	CHECK("json score full precision",
	    jnum_is(
	        jpath(t, "score", NONE), r->runs[0].blocks[0].tests[0].score));
	CHECK("json every pass", jpath(t, "passes", NONE) != NULL &&
	                             jpath(t, "passes", NONE)->n == 3);
	CHECK("json dropped pass",
	    jpath(jpath(t, "passes", 2), "kept", NONE) != NULL &&
	        jpath(jpath(t, "passes", 2), "kept", NONE)->type == JSON_FALSE);
	CHECK("json every copy",
	    jpath(jpath(jpath(run1, "tests", 0), "passes", 0), "copies",
	        NONE) != NULL &&
	        jpath(
	            jpath(jpath(run1, "tests", 0), "passes", 0), "copies", NONE)
	                ->n == 2);
	t = jpath(run0, "tests", 1);
	CHECK("json failed score null",
	    jpath(t, "score", NONE) != NULL &&
	        jpath(t, "score", NONE)->type == JSON_NULL);
	CHECK("json failed message",
	    jstr_is(jpath(t, "message", NONE),
	        "killed by signal 11; said \"bad\\path\"\n"
	        "<script>alert(2)</script>, | pipe \x01 \xef\xbf\xbd"));
	CHECK("json exit status null after signal",
	    jpath(
	        jpath(jpath(t, "passes", 0), "copies", 0), "exit_status", NONE)
	            ->type == JSON_NULL);
	t = jpath(jpath(jpath(run0, "tests", 4), "passes", 0), "copies", 0);
	CHECK("json info key and value",
	    jstr_is(jpath(jpath(t, "info", NONE), "note\"key", NONE),
	        "v\\al\nue <i>"));
}

/* The index of each run: partial, with and without its interval. */
static void
json_indexes(const struct json_value *run0, const struct json_value *run1,
    const struct report *r)
{
	const struct json_value *x;

	x = jpath(run0, "indexes", 0);
	CHECK("json partial index",
	    jpath(x, "partial", NONE) != NULL &&
	        jpath(x, "partial", NONE)->type == JSON_TRUE);
	CHECK("json unknown interval null",
	    jpath(x, "ci_low", NONE) != NULL &&
	        jpath(x, "ci_low", NONE)->type == JSON_NULL);
	CHECK("json index score", jnum_is(jpath(x, "score", NONE),
	                              r->runs[0].blocks[0].indexes[0].score));
	CHECK("json not-run entry",
	    jstr_is(jpath(jpath(x, "entries", 4), "outcome", NONE), "not run"));
	x = jpath(run1, "indexes", 0);
	CHECK("json known interval",
	    jnum_is(jpath(x, "ci_low", NONE), 1790.0) &&
	        jnum_is(jpath(x, "ci_high", NONE), 2015.0));
	CHECK("json interval judged too wide",
	    jpath(x, "ci_wide", NONE) != NULL &&
	        jpath(x, "ci_wide", NONE)->type == JSON_TRUE &&
	        jnum_is(jpath(x, "ci_half", NONE),
	            r->runs[0].blocks[1].indexes[0].ci_half));
}

/* The JSON read back: strings round-trip, numbers at full precision. */
static void
check_json(const char *out, size_t len, const struct report *r)
{
	struct json_value doc;
	char err[200];

	CHECK("json clean text", clean_text(out, 0));
	if (json_parse(out, len, &doc, err, sizeof(err)) != 0) {
		printf("FAIL: json parses: %s\n", err);
		check_failures++;
		return;
	}
	printf("PASS: json parses\n");
	json_system(&doc);
	json_tests(jpath(&doc, "runs", 0), jpath(&doc, "runs", 1), r);
	json_indexes(jpath(&doc, "runs", 0), jpath(&doc, "runs", 1), r);
	json_free(&doc);
}

/* Fields of each CSV line, read by RFC 4180; -1 when a quote is open. */
static int
csv_fields(const char *line, size_t len)
{
	int n = 1, quoted = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		if (line[i] == '"')
			quoted = !quoted; /* "" toggles twice */
		else if (line[i] == ',' && !quoted)
			n++;
	}
	return quoted ? -1 : n;
}

static void
check_csv(const char *out)
{
	const char *line, *nl;
	int lines = 0, bad = 0;

	CHECK("csv header", strncmp(out,
	                        "Concurrency,Dhrystone 2 using "
	                        "register variables,Execl Throughput,",
	                        61) == 0);
	CHECK("csv quoted title",
	    strstr(out, ",\"Odd, \"\"quoted\"\" | <b>title</b>\",") != NULL);
	for (line = out; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		lines++;
		if (csv_fields(line, (size_t)(nl - line)) != 7)
			bad++;
	}
	CHECK("csv three lines of seven fields",
	    lines == 3 && bad == 0 && *line == '\0');
	CHECK("csv failed test empty",
	    strstr(out, "\n1,30308637.1,,60.9,2460594.4,") != NULL);
	CHECK("csv tests in the text report's order",
	    strstr(out, "Execl Throughput,\"Odd, \"\"quoted\"\" | <b>title</b>"
	                "\",Pipe Throughput,System Call Overhead,") != NULL);
	CHECK("csv index column", strstr(out, "System Benchmarks Index Score "
	                                      "(Partial Only)\n") != NULL);
}

/* Unescaped pipes of a Markdown line. */
static int
md_pipes(const char *line, size_t len)
{
	int n = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		if (line[i] == '\\')
			i++;
		else if (line[i] == '|')
			n++;
	}
	return n;
}

static void
check_md(const char *out)
{
	const char *line, *nl;
	int rows = 0, bad = 0;

	CHECK("md clean text", clean_text(out, 0));
	for (line = out; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		if (*line != '|')
			continue;
		rows++;
		if (md_pipes(line, (size_t)(nl - line)) != 5)
			bad++;
	}
	/* Two index tables of eight rows, the scaling table of seven. */
	CHECK("md two tables of eight rows", rows == 23 && bad == 7);
	CHECK("md scaling flagged and explained",
	    strstr(out, "| Pipe Throughput | 0.40 | below 1 |") != NULL &&
	        strstr(out, "| System Call Overhead | 3.00 | above 2 |") !=
	            NULL &&
	        strstr(out, "\nbelow 1: the copies together got less") !=
	            NULL &&
	        strstr(out, "\nabove 2: each copy did more") != NULL);
	CHECK("md units, reading and warnings",
	    strstr(out, "| 30308637.1 lps |") != NULL &&
	        strstr(out, "\nHigher is better.") != NULL &&
	        strstr(out, "\n- load average 0.10 at start\n") != NULL &&
	        strstr(out,
	            "(+/-6%): **too wide to tell two runs 5% apart**") != NULL);
	CHECK("md hostname escaped",
	    strstr(out, "\\<script\\>alert(1)\\</script\\>") != NULL);
	CHECK("md failed row",
	    strstr(out, "| 43.0 | failed: killed by signal "
	                "11; said \"bad\\\\path\" \\<script\\>") != NULL);
	CHECK("md partial score",
	    count(out, "Index Score (Partial Only)**") == 2);
	CHECK("md rows in the text report's order",
	    in_order(out, "| Pipe Throughput |", "| Shell Scripts (8",
	        "| System Call Overhead |"));
}

int
main(int argc, char **argv)
{
	/* The formats with a golden file in tests/golden. */
	static const char *const golden[] = {"json", "csv", "html", "md"};
	const struct writer *w;
	const char *outdir = NULL;
	struct report r;
	char path[512], label[64], *out;
	size_t i, len;
	int c, rc, update = 0;

	while ((c = getopt(argc, argv, "o:u")) != -1) {
		switch (c) {
		case 'o':
			outdir = optarg;
			break;
		case 'u':
			update = 1;
			break;
		default:
			fprintf(stderr, "usage: test_writers [-u] [-o dir]\n");
			return 2;
		}
	}
	make_report(&r);
	for (i = 0; i < sizeof(golden) / sizeof(golden[0]); i++) {
		w = writer_find(golden[i]);
		rc = render(w->write, &r, &out, &len);
		snprintf(label, sizeof(label), "%s writer returns 0", w->name);
		CHECK(label, rc == 0);
		check_golden(w->name, out, len, update);
		if (outdir != NULL) {
			snprintf(path, sizeof(path), "%s/writers.%s", outdir,
			    w->name);
			if (spill(path, out, len) != 0)
				CHECK("output saved", 0);
		}
		if (w->write == write_json)
			check_json(out, len, &r);
		else if (w->write == write_csv)
			check_csv(out);
		else if (w->write == write_md)
			check_md(out);
		free(out);
	}
	report_free(&r);
	return check_exit();
}
