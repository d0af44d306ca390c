/*
 * parse.h - checked conversions of command-line and environment text to
 * numbers.  Each returns 0 and stores the value, or -1 (nothing stored)
 * when the text is empty, has trailing characters, or is out of range.
 */
#ifndef PARSE_H
#define PARSE_H

int parse_long(const char *text, long min, long max, long *out);
int parse_double(const char *text, double min, double max, double *out);

#endif
