/*
 * escape.h - strings and numbers made safe for the JSON, HTML, CSV and
 * Markdown writers: whatever bytes the system gave, the output stays valid.
 * Each writer puts s onto f and returns 0, or -1 when f is in error.
 * Well-formed UTF-8 passes; a byte that starts no well-formed sequence
 * becomes U+FFFD.  A NULL s is written as "" (escape_json: as null).
 */
#ifndef ESCAPE_H
#define ESCAPE_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "model/plain.h" /* the UTF-8 rule, escape_plain */

/* A JSON string with its quotes (RFC 8259): " \ and C0 controls escaped. */
int escape_json(FILE *f, const char *s);

/* HTML text or a quoted attribute; C0 controls but tab and newline, and
 * DEL, as U+FFFD. */
int escape_html(FILE *f, const char *s);

/* One CSV field (RFC 4180), on one line: controls become spaces. */
int escape_csv(FILE *f, const char *s);

/* A cell of a GitHub-flavoured Markdown table; controls become spaces. */
int escape_md(FILE *f, const char *s);

/* The shortest of %.15g to %.17g that reads back as v; not finite: null. */
int escape_json_number(FILE *f, double v);

/* %.*f, or "---" when v is not finite.  Both write '.' in any locale. */
int escape_fixed(FILE *f, double v, int prec);

/* printf that knows only %s (through esc), %.Nf (escape_fixed), %d,
 * %lld and %%. */
void escape_printf(FILE *f, int (*esc)(FILE *, const char *), const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));
#define html_printf(f, ...) escape_printf(f, escape_html, __VA_ARGS__)
#define md_printf(f, ...)   escape_printf(f, escape_md, __VA_ARGS__)

/* t as "2026-11-29T23:35:29Z" (UTC, ISO 8601) into buf of len >= 21. */
char *escape_utc(char *buf, size_t len, time_t t);

#endif
