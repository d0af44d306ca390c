/*
 * test_textwrap.c - lines broken at spaces to a width: the first line
 * after what is already written, the continuation indented, a long word
 * kept whole, leading spaces kept, UTF-8 counted by characters, short
 * lines of a buffer passed through.
 */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "write/textwrap.h"

/* What f wrote, as a string (freed by the caller). */
static char *
wrapped(const char *text, size_t used, int indent, size_t width)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		return NULL;
	text_wrap(f, text, used, indent, width);
	fclose(f);
	return buf;
}

int
main(void)
{
	char *s, *buf = NULL;
	size_t len = 0;
	FILE *f;

	s = wrapped("aaa bbb ccc ddd", 0, 2, 8);
	CHECK_STR(
	    "wrap: broken at spaces, indented", s, "aaa bbb\n  ccc\n  ddd\n");
	free(s);
	s = wrapped("aaa bbb", 5, 5, 10);
	CHECK_STR("wrap: after what is written", s, "aaa\n     bbb\n");
	free(s);
	s = wrapped("   x averyveryverylongword y", 0, 1, 8);
	CHECK_STR("wrap: leading spaces kept, a long word whole", s,
	    "   x\n averyveryverylongword\n y\n");
	free(s);
	s = wrapped("\xc3\xa9\xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9", 0, 0, 6);
	CHECK_STR("wrap: UTF-8 counted by characters", s,
	    "\xc3\xa9\xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9\n");
	free(s);
	CHECK("width: bytes of a character count once",
	    text_width("\xc3\xa9x", 3) == 2);

	f = open_memstream(&buf, &len);
	if (f != NULL) {
		text_wrap_lines(f, "short\n  a long line here\n", 25, 4, 13);
		fclose(f);
	}
	CHECK_STR("lines: a short line as it is, a long one wrapped", buf,
	    "short\n  a long line\n    here\n");
	free(buf);
	return check_exit();
}
