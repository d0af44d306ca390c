/*
 * escape.c - system strings escaped and numbers written locale-proof for
 * the writers (escape.h).
 */
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "write/escape.h"

/*
 * Writes s onto f: each ASCII byte through one(), each well-formed
 * multi-byte sequence as it is, and bad for each byte that starts none.
 */
static int
walk(FILE *f, const char *s, void (*one)(FILE *, int), const char *bad)
{
	size_t n;

	if (s == NULL)
		s = "";
	for (; *s != '\0'; s += n) {
		n = escape_utf8_len(s);
		if (n == 0) {
			fputs(bad, f);
			n = 1;
		} else if (n == 1) {
			one(f, (unsigned char)*s);
		} else {
			fwrite(s, 1, n, f);
		}
	}
	return ferror(f) ? -1 : 0;
}

/* c, ASCII, in a JSON string. */
static void
json_one(FILE *f, int c)
{
	static const char *const named[128] = {['"'] = "\\\"",
	    ['\\'] = "\\\\",
	    ['\b'] = "\\b",
	    ['\f'] = "\\f",
	    ['\n'] = "\\n",
	    ['\r'] = "\\r",
	    ['\t'] = "\\t"};

	if (named[c] != NULL)
		fputs(named[c], f);
	else if (c < 0x20 || c == 0x7f)
		fprintf(f, "\\u%04x", (unsigned)c);
	else
		putc(c, f);
}

int
escape_json(FILE *f, const char *s)
{
	if (s == NULL) {
		fputs("null", f);
		return ferror(f) ? -1 : 0;
	}
	putc('"', f);
	walk(f, s, json_one, "\\ufffd");
	putc('"', f);
	return ferror(f) ? -1 : 0;
}

/* c, ASCII, in HTML. */
static void
html_one(FILE *f, int c)
{
	static const char *const named[128] = {['&'] = "&amp;",
	    ['<'] = "&lt;",
	    ['>'] = "&gt;",
	    ['"'] = "&quot;",
	    ['\''] = "&#39;"};

	if (named[c] != NULL)
		fputs(named[c], f);
	else if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
		fputs("&#xFFFD;", f);
	else
		putc(c, f);
}

int
escape_html(FILE *f, const char *s)
{
	return walk(f, s, html_one, "&#xFFFD;");
}

static void
csv_one(FILE *f, int c)
{
	if (c == '"')
		fputs("\"\"", f);
	else if (c < 0x20 || c == 0x7f)
		putc(' ', f);
	else
		putc(c, f);
}

int
escape_csv(FILE *f, const char *s)
{
	int quote = s != NULL && strpbrk(s, ",\"") != NULL;

	if (quote)
		putc('"', f);
	walk(f, s, csv_one, "\xef\xbf\xbd");
	if (quote)
		putc('"', f);
	return ferror(f) ? -1 : 0;
}

static void
md_one(FILE *f, int c)
{
	if (c < 0x20 || c == 0x7f) {
		putc(' ', f);
		return;
	}
	if (strchr("\\`*_[]<>|&~", c) != NULL)
		putc('\\', f);
	putc(c, f);
}

int
escape_md(FILE *f, const char *s)
{
	return walk(f, s, md_one, "\xef\xbf\xbd");
}

/*
 * Writes buf, printf output of the current locale, with the locale's
 * decimal point written as '.'.
 */
static int
put_c_number(FILE *f, const char *buf)
{
	const char *dp = localeconv()->decimal_point;
	size_t dplen = strlen(dp);

	while (*buf != '\0') {
		if (dplen > 0 && strncmp(buf, dp, dplen) == 0) {
			putc('.', f);
			buf += dplen;
		} else {
			putc(*buf++, f);
		}
	}
	return ferror(f) ? -1 : 0;
}

int
escape_json_number(FILE *f, double v)
{
	char buf[40] = "null";
	int prec;

	for (prec = 15; isfinite(v); prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		if (prec == 17 || strtod(buf, NULL) == v)
			break;
	}
	return put_c_number(f, buf);
}

int
escape_fixed(FILE *f, double v, int prec)
{
	char buf[400]; /* DBL_MAX has 309 digits before the point */

	if (!isfinite(v)) {
		fputs("---", f);
		return ferror(f) ? -1 : 0;
	}
	snprintf(buf, sizeof(buf), "%.*f",
	    prec < 0    ? 0
	    : prec > 20 ? 20
	                : prec,
	    v);
	return put_c_number(f, buf);
}

void
escape_printf(FILE *f, int (*esc)(FILE *, const char *), const char *fmt, ...)
{
	va_list ap;
	int prec;

	va_start(ap, fmt);
	for (; *fmt != '\0'; fmt++) {
		if (*fmt != '%') {
			putc(*fmt, f);
			continue;
		}
		for (prec = 0, fmt++;
		     *fmt == '.' || (*fmt >= '0' && *fmt <= '9'); fmt++)
			prec = *fmt == '.' ? 0 : prec * 10 + *fmt - '0';
		if (*fmt == 's') {
			esc(f, va_arg(ap, const char *));
		} else if (*fmt == 'f') {
			escape_fixed(f, va_arg(ap, double), prec);
		} else if (*fmt == 'd') {
			fprintf(f, "%d", va_arg(ap, int));
		} else if (*fmt == 'l') {
			fmt += 2; /* %lld */
			fprintf(f, "%lld", va_arg(ap, long long));
		} else {
			putc(*fmt, f);
		}
	}
	va_end(ap);
}

char *
escape_utc(char *buf, size_t len, time_t t)
{
	struct tm tm;

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		snprintf(buf, len, "unknown");
	return buf;
}
