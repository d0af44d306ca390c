/*
 * escape.h - strings and numbers made safe for the JSON, HTML, CSV and
 * Markdown writers: whatever bytes the system gave, the output stays valid.
 */
#ifndef ESCAPE_H
#define ESCAPE_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "model/plain.h" /* the UTF-8 rule, escape_plain */

/*
 * Each writer below puts s onto f and returns 0, or -1 when f is in error.
 * Well-formed UTF-8 passes through; every byte that starts no well-formed
 * sequence becomes one U+FFFD.  A NULL s is written as an empty string
 * (escape_json: as null).
 */

/* A JSON string with its quotes (RFC 8259): " \ and C0 controls escaped. */
int escape_json(FILE *f, const char *s);

/*
 * Text for HTML content or a quoted attribute: & < > " ' as references,
 * C0 controls other than tab and newline (and DEL) as U+FFFD.
 */
int escape_html(FILE *f, const char *s);

/*
 * One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a
 * comma or a quote.  Control characters (newlines included) become spaces,
 * so a field never spans lines.
 */
int escape_csv(FILE *f, const char *s);

/*
 * Text for a cell of a GitHub-flavoured Markdown table: the characters
 * \ ` * _ [ ] < > | & ~ are backslash-escaped, control characters
 * (newlines included) become spaces.
 */
int escape_md(FILE *f, const char *s);

/*
 * A double as a JSON number: the shortest of %.15g, %.16g and %.17g that
 * reads back as the same value; null when v is NaN or infinite.
 */
int escape_json_number(FILE *f, double v);

/*
 * v with prec digits after the point (%.*f), or "---" when v is NaN or
 * infinite.  Both number writers print a '.' whatever the locale.
 */
int escape_fixed(FILE *f, double v, int prec);

/*
 * printf for the HTML and Markdown writers: fmt is written as it stands
 * but for its directives, of which only these: %s, a string through esc;
 * %.Nf, a double through escape_fixed ("---" when not finite); %d; %lld;
 * %%.
 */
void escape_printf(FILE *f, int (*esc)(FILE *, const char *), const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));
#define html_printf(f, ...) escape_printf(f, escape_html, __VA_ARGS__)
#define md_printf(f, ...)   escape_printf(f, escape_md, __VA_ARGS__)

/* t as "2026-11-29T23:35:29Z" (UTC, ISO 8601) into buf of len >= 21. */
char *escape_utc(char *buf, size_t len, time_t t);

#endif
