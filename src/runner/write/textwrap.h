/*
 * textwrap.h - text for a mail or a terminal: lines of at most a given
 * number of columns, broken at spaces (the header of the text report,
 * its warnings, the notes of compare).
 */
#ifndef TEXTWRAP_H
#define TEXTWRAP_H

#include <stddef.h>
#include <stdio.h>

/*
 * The report's lines and the console's long ones: at most TEXT_COLUMNS
 * columns, a wrapped line going on after TEXT_GO_ON spaces (column 11).
 */
#define TEXT_COLUMNS 80
#define TEXT_GO_ON   10

/* Columns on screen of s: a byte that is no UTF-8 continuation counts 1. */
size_t text_width(const char *s, size_t len);

/* U+00A0: a no-break space holds two words on one line ("2 s"). */
#define TEXT_NBSP "\xc2\xa0"

/* Turns every no-break space of s into a plain one, in place; s. */
char *text_plain_spaces(char *s);

/*
 * Writes text (one line, no newline in it) on f in lines of at most
 * width columns, broken at spaces: the first line goes on after `used`
 * columns already written (its own leading spaces kept), the others are
 * indented by indent spaces.  A word longer than a line stays whole; a
 * no-break space is no place to break and is written as a plain space.
 * Ends with a newline.
 */
void text_wrap(
    FILE *f, const char *text, size_t used, int indent, size_t width);

/*
 * Writes buf[0..len-1], lines ending in '\n', on f: a line of at most
 * width columns as it is, a longer one wrapped with text_wrap (its
 * continuation indented by indent).
 */
void text_wrap_lines(
    FILE *f, const char *buf, size_t len, int indent, size_t width);

#endif
