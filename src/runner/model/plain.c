/* plain.c - well-formed UTF-8 and plain text (plain.h). */
#include "model/plain.h"

size_t
escape_utf8_len(const char *s)
{
	/* A NUL fails the checks, so a cut sequence is never read past. */
	return escape_utf8_span(s, 4);
}

size_t
escape_utf8_span(const char *s, size_t avail)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		n = 2;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		n = 3;
		if (p[0] == 0xe0)
			lo = 0xa0; /* overlong below U+0800 */
		else if (p[0] == 0xed)
			hi = 0x9f; /* surrogates U+D800..U+DFFF */
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		n = 4;
		if (p[0] == 0xf0)
			lo = 0x90; /* overlong below U+10000 */
		else if (p[0] == 0xf4)
			hi = 0x8f; /* above U+10FFFF */
	} else {
		return 0;
	}
	if (avail < n || p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

void
escape_plain(char *s, int lines)
{
	unsigned char *u = (unsigned char *)s;
	size_t n;

	while (*u != '\0') {
		if (*u >= 0x20 && *u < 0x7f) {
			u++;
			continue;
		}
		if ((*u == '\n' || *u == '\t') && lines) {
			u++;
			continue;
		}
		n = *u >= 0x80 ? escape_utf8_len((const char *)u) : 0;
		if (n == 0 || (u[0] == 0xc2 && u[1] <= 0x9f)) {
			*u++ = '?';
			if (n == 2)
				*u++ = '?';
			continue;
		}
		u += n;
	}
}
