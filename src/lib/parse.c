/*
 * parse.c - checked number parsing (strtol/strtod with full-string and
 * range checks); never atoi.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "parse.h"

int
parse_long(const char *text, long min, long max, long *out)
{
	char *end;
	long v;

	if (text == NULL || *text == '\0')
		return -1;
	errno = 0;
	v = strtol(text, &end, 10);
	if (errno != 0 || *end != '\0' || end == text || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
parse_double(const char *text, double min, double max, double *out)
{
	char *end;
	double v;

	if (text == NULL || *text == '\0')
		return -1;
	errno = 0;
	v = strtod(text, &end);
	if (errno != 0 || *end != '\0' || end == text || !isfinite(v) ||
	    v < min || v > max)
		return -1;
	*out = v;
	return 0;
}
