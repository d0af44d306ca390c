/*
 * test_escape.c - the escaping of system strings and the locale-proof
 * numbers of escape.c, as tables of input and expected output.
 */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "write/escape.h"

struct str_case {
	const char *name;
	const char *in;
	const char *want;
};

/* Runs fn on in into a memory stream; the result is malloc'd. */
static char *
run(int (*fn)(FILE *, const char *), const char *in)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL) {
		perror("open_memstream");
		exit(1);
	}
	if (fn(f, in) != 0)
		fputs("<error>", f);
	fclose(f);
	return buf;
}

static void
check_cases(int (*fn)(FILE *, const char *), const struct str_case *c, size_t n)
{
	char *got;
	size_t i;

	for (i = 0; i < n; i++) {
		got = run(fn, c[i].in);
		CHECK_STR(c[i].name, got, c[i].want);
		free(got);
	}
}

static void
test_utf8_len(void)
{
	static const struct {
		const char *name, *in;
		size_t want;
	} c[] = {
	    {"utf8 ascii", "a", 1},
	    {"utf8 2-byte", "\xc3\xa9", 2},
	    {"utf8 3-byte", "\xe2\x82\xac", 3},
	    {"utf8 4-byte", "\xf0\x9f\x98\x80", 4},
	    {"utf8 last below surrogates", "\xed\x9f\xbf", 3},
	    {"utf8 first above surrogates", "\xee\x80\x80", 3},
	    {"utf8 U+10FFFF", "\xf4\x8f\xbf\xbf", 4},
	    {"utf8 stray continuation", "\x80", 0},
	    {"utf8 overlong 2-byte", "\xc1\xbf", 0},
	    {"utf8 overlong 3-byte", "\xe0\x9f\xbf", 0},
	    {"utf8 overlong 4-byte", "\xf0\x8f\xbf\xbf", 0},
	    {"utf8 surrogate", "\xed\xa0\x80", 0},
	    {"utf8 above U+10FFFF", "\xf4\x90\x80\x80", 0},
	    {"utf8 F5 lead", "\xf5\x80\x80\x80", 0},
	    {"utf8 FF", "\xff", 0},
	    {"utf8 cut short", "\xe2\x82", 0},
	    {"utf8 bad third byte", "\xe2\x82(", 0},
	};
	char name[64];
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		CHECK(c[i].name, escape_utf8_len(c[i].in) == c[i].want);
	/* The same validator on bytes that need not end in a NUL. */
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		snprintf(name, sizeof(name), "%s (span)", c[i].name);
		CHECK(name,
		    escape_utf8_span(c[i].in, strlen(c[i].in)) == c[i].want);
	}
	CHECK("utf8 span: a sequence longer than the bytes given is none",
	    escape_utf8_span("\xe2\x82\xac", 2) == 0 &&
	        escape_utf8_span("\xf0\x9f\x98\x80", 3) == 0 &&
	        escape_utf8_span("\xc3\xa9", 1) == 0);
	CHECK("utf8 span: given whole, it is",
	    escape_utf8_span("\xe2\x82\xacx", 3) == 3 &&
	        escape_utf8_span("a\xc3", 1) == 1);
}

static void
test_json(void)
{
	static const struct str_case c[] = {
	    {"json plain", "plain", "\"plain\""},
	    {"json empty", "", "\"\""},
	    {"json quote and backslash", "a\"b\\c", "\"a\\\"b\\\\c\""},
	    {"json short escapes", "\n\t\r\b\f", "\"\\n\\t\\r\\b\\f\""},
	    {"json other controls", "\x01\x1f\x7f",
	        "\"\\u0001\\u001f\\u007f\""},
	    {"json utf-8 kept", "\xc3\xa9\xe2\x9c\x93\xf0\x9f\x98\x80",
	        "\"\xc3\xa9\xe2\x9c\x93\xf0\x9f\x98\x80\""},
	    {"json invalid byte",
	        "a\xff"
	        "b",
	        "\"a\\ufffdb\""},
	    {"json bad continuation", "\xc3(", "\"\\ufffd(\""},
	    {"json overlong slash", "\xc0\xaf", "\"\\ufffd\\ufffd\""},
	    {"json surrogate", "\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\""},
	    {"json cut at end", "x\xe2\x82", "\"x\\ufffd\\ufffd\""},
	    {"json slash kept", "a/b", "\"a/b\""},
	    {"json null", NULL, "null"},
	};

	check_cases(escape_json, c, sizeof(c) / sizeof(c[0]));
}

static void
test_html(void)
{
	static const struct str_case c[] = {
	    {"html plain", "Pipe Throughput", "Pipe Throughput"},
	    {"html script", "<script>alert('x')</script>",
	        "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"},
	    {"html amp and quote", "a&b=\"c\"", "a&amp;b=&quot;c&quot;"},
	    {"html controls",
	        "a\x1b"
	        "b\tc\nd\x7f",
	        "a&#xFFFD;b\tc\nd&#xFFFD;"},
	    {"html invalid byte",
	        "\xfe"
	        "x",
	        "&#xFFFD;x"},
	    {"html utf-8 kept", "\xc3\xbc", "\xc3\xbc"},
	    {"html null", NULL, ""},
	};

	check_cases(escape_html, c, sizeof(c) / sizeof(c[0]));
}

static void
test_csv(void)
{
	static const struct str_case c[] = {
	    {"csv plain", "Pipe Throughput", "Pipe Throughput"},
	    {"csv comma", "a,b", "\"a,b\""},
	    {"csv quotes", "say \"hi\"", "\"say \"\"hi\"\"\""},
	    {"csv newline", "line1\nline2\r", "line1 line2 "},
	    {"csv comma and newline", "a,\nb", "\"a, b\""},
	    {"csv invalid byte", "\xff", "\xef\xbf\xbd"},
	    {"csv empty", "", ""},
	    {"csv null", NULL, ""},
	};

	check_cases(escape_csv, c, sizeof(c) / sizeof(c[0]));
}

static void
test_md(void)
{
	static const struct str_case c[] = {
	    {"md plain", "Pipe Throughput", "Pipe Throughput"},
	    {"md pipe", "a|b", "a\\|b"},
	    {"md backslash", "x\\y", "x\\\\y"},
	    {"md html", "<script>", "\\<script\\>"},
	    {"md emphasis and links", "*_`[]~&", "\\*\\_\\`\\[\\]\\~\\&"},
	    {"md newline", "l1\nl2\t", "l1 l2 "},
	    {"md invalid byte", "\xc0", "\xef\xbf\xbd"},
	    {"md parentheses kept", "Dc: sqrt(2)", "Dc: sqrt(2)"},
	};

	check_cases(escape_md, c, sizeof(c) / sizeof(c[0]));
}

static int
json_number(FILE *f, const char *in)
{
	return escape_json_number(f, strtod(in, NULL));
}

static int
fixed1(FILE *f, const char *in)
{
	return escape_fixed(f, strtod(in, NULL), 1);
}

/* 2.5 without strtod, which would read the input in the current locale. */
static int
json_half(FILE *f, const char *in)
{
	(void)in;
	return escape_json_number(f, 2.5);
}

static int
fixed_half(FILE *f, const char *in)
{
	(void)in;
	return escape_fixed(f, 2.5, 2);
}

static void
test_numbers(void)
{
	static const struct str_case jn[] = {
	    {"number zero", "0", "0"},
	    {"number 0.1 shortest", "0.1", "0.1"},
	    {"number 0.1+0.2 needs 17", "0.30000000000000004",
	        "0.30000000000000004"},
	    {"number integer", "30494956", "30494956"},
	    {"number large", "1e300", "1e+300"},
	    {"number small", "5e-324", "4.94065645841247e-324"},
	    {"number negative zero", "-0", "-0"},
	    {"number nan", "nan", "null"},
	    {"number inf", "inf", "null"},
	    {"number -inf", "-inf", "null"},
	};
	static const struct str_case fx[] = {
	    {"fixed one digit", "2613.14", "2613.1"},
	    {"fixed rounds", "0.06", "0.1"},
	    {"fixed negative", "-3.14159", "-3.1"},
	    {"fixed nan", "nan", "---"},
	    {"fixed inf", "inf", "---"},
	};
	char *got;

	check_cases(json_number, jn, sizeof(jn) / sizeof(jn[0]));
	check_cases(fixed1, fx, sizeof(fx) / sizeof(fx[0]));
	got = run(json_number, "0.3333333333333333");
	CHECK("number round-trips", strtod(got, NULL) == 1.0 / 3);
	free(got);

	/* Under a locale with a decimal comma the output stays JSON. */
	if (setlocale(LC_NUMERIC, "de_DE.UTF-8") == NULL &&
	    setlocale(LC_NUMERIC, "de_DE.utf8") == NULL) {
		printf("SKIP: number under decimal comma: no de_DE locale\n");
	} else {
		got = run(json_half, NULL);
		CHECK_STR("number under decimal comma", got, "2.5");
		free(got);
		got = run(fixed_half, NULL);
		CHECK_STR("fixed under decimal comma", got, "2.50");
		free(got);
		setlocale(LC_NUMERIC, "C");
	}
}

static void
test_utc(void)
{
	char buf[32];

	CHECK_STR("utc epoch", escape_utc(buf, sizeof(buf), 0),
	    "1970-01-01T00:00:00Z");
	CHECK_STR("utc date", escape_utc(buf, sizeof(buf), 1795995329),
	    "2026-11-29T23:35:29Z");
	CHECK_STR(
	    "utc buffer too small", escape_utc(buf, 8, 1795995329), "unknown");
}

/* A stream in error makes every writer return -1. */
static void
test_write_error(void)
{
	FILE *f = fopen("/dev/null", "r");

	if (f == NULL) {
		printf("SKIP: write error: /dev/null: cannot open\n");
		return;
	}
	CHECK("json write error", escape_json(f, "x") == -1);
	CHECK("html write error", escape_html(f, "x") == -1);
	CHECK("csv write error", escape_csv(f, "x") == -1);
	CHECK("md write error", escape_md(f, "x") == -1);
	CHECK("number write error", escape_json_number(f, 1) == -1);
	CHECK("fixed write error", escape_fixed(f, 1, 1) == -1);
	fclose(f);
}

int
main(void)
{
	test_utf8_len();
	test_json();
	test_html();
	test_csv();
	test_md();
	test_numbers();
	test_utc();
	test_write_error();
	return check_exit();
}
