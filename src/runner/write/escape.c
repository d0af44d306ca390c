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
 * How a writer escapes: an ASCII byte c as named[c] when set, else a
 * control character (below 0x20, DEL) as control (NULL: \u00XX), else as
 * it is; a byte that starts no well-formed UTF-8 sequence as bad.
 */
struct escaper {
	const char *named[128];
	const char *control;
	const char *bad;
};

static const struct escaper json_esc = {
    .named = {['"'] = "\\\"",
        ['\\'] = "\\\\",
        ['\b'] = "\\b",
        ['\f'] = "\\f",
        ['\n'] = "\\n",
        ['\r'] = "\\r",
        ['\t'] = "\\t"},
    .bad = "\\ufffd",
};
static const struct escaper html_esc = {
    .named = {['&'] = "&amp;",
        ['<'] = "&lt;",
        ['>'] = "&gt;",
        ['"'] = "&quot;",
        ['\''] = "&#39;",
        ['\t'] = "\t",
        ['\n'] = "\n"},
    .control = "&#xFFFD;",
    .bad = "&#xFFFD;",
};
static const struct escaper csv_esc = {
    .named = {['"'] = "\"\""},
    .control = " ",
    .bad = "\xef\xbf\xbd",
};
static const struct escaper md_esc = {
    .named = {['\\'] = "\\\\",
        ['`'] = "\\`",
        ['*'] = "\\*",
        ['_'] = "\\_",
        ['['] = "\\[",
        [']'] = "\\]",
        ['<'] = "\\<",
        ['>'] = "\\>",
        ['|'] = "\\|",
        ['&'] = "\\&",
        ['~'] = "\\~"},
    .control = " ",
    .bad = "\xef\xbf\xbd",
};

/* Writes s onto f through e; a well-formed multi-byte sequence as it is. */
static int
walk(FILE *f, const char *s, const struct escaper *e)
{
	size_t n;
	int c;

	for (s = s != NULL ? s : ""; *s != '\0'; s += n) {
		n = escape_utf8_len(s);
		c = (unsigned char)*s;
		if (n == 0) {
			fputs(e->bad, f);
			n = 1;
		} else if (n > 1) {
			fwrite(s, 1, n, f);
		} else if (e->named[c] != NULL) {
			fputs(e->named[c], f);
		} else if (c >= 0x20 && c != 0x7f) {
			putc(c, f);
		} else if (e->control != NULL) {
			fputs(e->control, f);
		} else {
			fprintf(f, "\\u%04x", (unsigned)c);
		}
	}
	return ferror(f) ? -1 : 0;
}

int
escape_json(FILE *f, const char *s)
{
	if (s == NULL) {
		fputs("null", f);
		return ferror(f) ? -1 : 0;
	}
	putc('"', f);
	walk(f, s, &json_esc);
	putc('"', f);
	return ferror(f) ? -1 : 0;
}

int
escape_html(FILE *f, const char *s)
{
	return walk(f, s, &html_esc);
}

int
escape_csv(FILE *f, const char *s)
{
	int quote = s != NULL && strpbrk(s, ",\"") != NULL;

	if (quote)
		putc('"', f);
	walk(f, s, &csv_esc);
	if (quote)
		putc('"', f);
	return ferror(f) ? -1 : 0;
}

int
escape_md(FILE *f, const char *s)
{
	return walk(f, s, &md_esc);
}

/* Writes buf, printf's in the current locale, its decimal point as '.'. */
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
