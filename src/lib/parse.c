/* parse.c - checked number parsing (parse.h); never atoi. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "parse.h"

/* 1 when text is plain decimal: -?[0-9]+, and with fraction (.[0-9]+). */
static int
plain_decimal(const char *text, int fraction)
{
	const char *p = text + (*text == '-');
	const char *digits = p;

	while (*p >= '0' && *p <= '9')
		p++;
	if (p == digits)
		return 0;
	if (fraction && *p == '.') {
		digits = ++p;
		while (*p >= '0' && *p <= '9')
			p++;
		if (p == digits)
			return 0;
	}
	return *p == '\0';
}

int
parse_long(const char *text, long min, long max, long *out)
{
	char *end;
	long v;

	if (text == NULL || !plain_decimal(text, 0))
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

	if (text == NULL || !plain_decimal(text, 1))
		return -1;
	errno = 0;
	v = strtod(text, &end);
	if (errno != 0 || *end != '\0' || end == text || !isfinite(v) ||
	    v < min || v > max)
		return -1;
	*out = v;
	return 0;
}
