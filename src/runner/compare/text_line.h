/*
 * text_line.h - one line of a text report as compare reads it: normalised
 * (quote marks "> " dropped, runs of blanks, NBSP too, made one space),
 * split into words, and the shapes its words take (numbers, units, a test
 * line).  Pure functions of the line; parse_text.c gives them meaning.
 */
#ifndef TEXT_LINE_H
#define TEXT_LINE_H

#include <stddef.h>

#define LINE_BYTES 1024 /* longer lines are prose */
#define MAX_TOKENS 48

/* One normalised line, split at its single spaces. */
struct line {
	char text[LINE_BYTES];
	size_t len;
	const char *tok[MAX_TOKENS];
	size_t toklen[MAX_TOKENS];
	int ntok;
};

/* Normalises s[0..n-1] into *l; -1 when it is too long for a line. */
int line_normalise(const char *s, size_t n, struct line *l);

/* Word k of l is word. */
int line_is(const struct line *l, int k, const char *word);

/*
 * Word k of l is a number as the reports print it, -?d+(.d+)?; its value
 * goes to *v when v != NULL.
 */
int line_number(const struct line *l, int k, double *v);

/* The text of words [from, to) as a new string (cmp_text); NULL: memory. */
char *line_text(const struct line *l, int from, int to);

/* l begins with prefix (compared as text). */
int line_starts(const struct line *l, const char *prefix);

/* A unit of time, where less is better (us, ns, ms). */
int line_lower_unit(const char *unit);

/*
 * The shape of a test line (see text_line.c): sets the word that ends the
 * title, the unit's word, the value and the outcome ("" when the test ran
 * to a result); 0 when l is none.
 */
int line_test_shape(const struct line *l, int *title_end, int *unit, double *v,
    const char **outcome);

#endif
