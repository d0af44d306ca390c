/*
 * parse.h - checked conversions of command-line, environment and protocol
 * text to numbers.  Only plain decimal is taken: an optional '-', digits,
 * and for parse_double a '.' with digits after it (no spaces, '+', hex,
 * exponent, inf or nan).  Each returns 0 and stores the value, or -1
 * (nothing stored) when the text is not that, or is out of range.
 */
#ifndef PARSE_H
#define PARSE_H

int parse_long(const char *text, long min, long max, long *out);
int parse_double(const char *text, double min, double max, double *out);

#endif
