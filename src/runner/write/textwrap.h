/*
 * textwrap.h - text for a mail or a terminal: lines of at most a given
 * number of columns, broken at spaces (the header of the text report,
 * its warnings, the notes of compare).
 */
#ifndef TEXTWRAP_H
#define TEXTWRAP_H

#include <stddef.h>
#include <stdio.h>

/* The report's and the console's width; a wrapped line's indent. */
#define TEXT_COLUMNS 80
#define TEXT_GO_ON   10

/* Columns on screen of s: a byte that is no UTF-8 continuation counts 1. */
size_t text_width(const char *s, size_t len);

/* U+00A0: a no-break space holds two words on one line ("2 s"). */
#define TEXT_NBSP "\xc2\xa0"

/* Turns every no-break space of s into a plain one, in place; s. */
char *text_plain_spaces(char *s);

/*
 * Writes text (one line) and a newline in lines of at most width columns,
 * broken at spaces (a no-break one written plain; a longer word whole):
 * the first after used columns already written, the others after indent.
 */
void text_wrap(
    FILE *f, const char *text, size_t used, int indent, size_t width);

/* Writes buf[0..len-1]'s lines, a line over width wrapped by text_wrap. */
void text_wrap_lines(
    FILE *f, const char *buf, size_t len, int indent, size_t width);

#endif
