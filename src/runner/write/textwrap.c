/*
 * textwrap.c - lines broken at spaces to a width (textwrap.h).
 */
#include <string.h>

#include "write/textwrap.h"

size_t
text_width(const char *s, size_t len)
{
	size_t w = 0, i;

	for (i = 0; i < len; i++)
		w += ((unsigned char)s[i] & 0xc0) != 0x80;
	return w;
}

char *
text_plain_spaces(char *s)
{
	char *from = s, *to = s;

	while (*from != '\0')
		if (strncmp(from, TEXT_NBSP, 2) == 0) {
			*to++ = ' ';
			from += 2;
		} else {
			*to++ = *from++;
		}
	*to = '\0';
	return s;
}

/* Writes p[0..len-1] on f, a no-break space as a plain one. */
static void
put_plain(FILE *f, const char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (i + 1 < len && strncmp(p + i, TEXT_NBSP, 2) == 0)
			fputc(' ', f), i++;
		else
			fputc(p[i], f);
}

void
text_wrap(FILE *f, const char *text, size_t used, int indent, size_t width)
{
	const char *p = text + strspn(text, " "), *start = p, *end;
	size_t col = used + (size_t)(p - text), w;

	fprintf(f, "%.*s", (int)(p - text), text);
	while (*p != '\0') {
		end = p + strcspn(p, " ");
		w = text_width(p, (size_t)(end - p));
		if (p != start && col + 1 + w > width) {
			fprintf(f, "\n%*s", indent, "");
			col = (size_t)indent;
		} else if (p != start) {
			fputc(' ', f);
			col++;
		}
		put_plain(f, p, (size_t)(end - p));
		col += w;
		p = end + strspn(end, " ");
	}
	fputc('\n', f);
}

void
text_wrap_lines(FILE *f, const char *buf, size_t len, int indent, size_t width)
{
	char line[4096];
	const char *p = buf, *nl, *end = buf + len;
	size_t n;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = end;
		n = (size_t)(nl - p);
		if (text_width(p, n) <= width || n >= sizeof(line) ||
		    memchr(p, '\0', n) != NULL) {
			fprintf(f, "%.*s\n", (int)n, p);
			continue;
		}
		memcpy(line, p, n);
		line[n] = '\0';
		text_wrap(f, line, 0, indent, width);
	}
}
