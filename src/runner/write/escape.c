/*
 * escape.c - escaping of system strings and locale-proof numbers for the
 * machine-readable and web writers (contracts in escape.h).
 */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "write/escape.h"

size_t
escape_utf8_len(const char *s)
{
	/* A NUL fails the checks, so a cut sequence is never read past. */
	return escape_utf8_span(s, 4);
}

size_t
escape_utf8_span(const char *s, size_t avail)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		n = 2;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		n = 3;
		if (p[0] == 0xe0)
			lo = 0xa0; /* overlong below U+0800 */
		else if (p[0] == 0xed)
			hi = 0x9f; /* surrogates U+D800..U+DFFF */
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		n = 4;
		if (p[0] == 0xf0)
			lo = 0x90; /* overlong below U+10000 */
		else if (p[0] == 0xf4)
			hi = 0x8f; /* above U+10FFFF */
	} else {
		return 0;
	}
	if (avail < n || p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

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

static void
json_one(FILE *f, int c)
{
	switch (c) {
	case '"':
		fputs("\\\"", f);
		break;
	case '\\':
		fputs("\\\\", f);
		break;
	case '\b':
		fputs("\\b", f);
		break;
	case '\f':
		fputs("\\f", f);
		break;
	case '\n':
		fputs("\\n", f);
		break;
	case '\r':
		fputs("\\r", f);
		break;
	case '\t':
		fputs("\\t", f);
		break;
	default:
		if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\u%04x", (unsigned)c);
		else
			putc(c, f);
	}
}

void
escape_plain(char *s, int lines)
{
	unsigned char *u = (unsigned char *)s;
	size_t n;

	while (*u != '\0') {
		if (*u >= 0x20 && *u < 0x7f) {
			u++;
			continue;
		}
		if ((*u == '\n' || *u == '\t') && lines) {
			u++;
			continue;
		}
		n = *u >= 0x80 ? escape_utf8_len((const char *)u) : 0;
		if (n == 0 || (u[0] == 0xc2 && u[1] <= 0x9f)) {
			*u++ = '?';
			if (n == 2)
				*u++ = '?';
			continue;
		}
		u += n;
	}
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

static void
html_one(FILE *f, int c)
{
	switch (c) {
	case '&':
		fputs("&amp;", f);
		break;
	case '<':
		fputs("&lt;", f);
		break;
	case '>':
		fputs("&gt;", f);
		break;
	case '"':
		fputs("&quot;", f);
		break;
	case '\'':
		fputs("&#39;", f);
		break;
	default:
		if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
			fputs("&#xFFFD;", f);
		else
			putc(c, f);
	}
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
	char buf[40];
	int prec;

	if (!isfinite(v)) {
		fputs("null", f);
		return ferror(f) ? -1 : 0;
	}
	for (prec = 15;; prec++) {
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
	if (prec < 0)
		prec = 0;
	if (prec > 20)
		prec = 20;
	snprintf(buf, sizeof(buf), "%.*f", prec, v);
	return put_c_number(f, buf);
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
