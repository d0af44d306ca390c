/*
 * readfile.c - reading the system's small text files (readfile.h).
 */
#include <stdio.h>

#include "readfile.h"

int
readfile_small(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	return n > 0 ? 0 : -1;
}
