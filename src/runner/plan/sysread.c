/* sysread.c - readers of the system's small text files (sysread.h). */
#include <stdlib.h>
#include <string.h>

#include "file.h"
#include "plan/sysread.h"

char *
sysread_trimmed(const char *s)
{
	size_t n;
	char *d;

	while (*s == ' ' || *s == '\t' || *s == '"' || *s == '\'')
		s++;
	n = strlen(s);
	while (n > 0 && strchr(" \t\r\n\"'", s[n - 1]) != NULL)
		n--;
	if ((d = malloc(n + 1)) == NULL)
		return NULL;
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *
sysread_slurp(const char *path)
{
	char *text;
	size_t len;

	return file_read_path(path, 0, SYSREAD_MAX, &text, &len) == -1 ? NULL
	                                                               : text;
}

char *
sysread_value(const char *text, const char *key, char sep)
{
	char line[4096];
	const char *p, *end;
	size_t klen = strlen(key), n;

	for (p = text; p != NULL && *p != '\0'; p = end ? end + 1 : NULL) {
		end = strchr(p, '\n');
		n = end != NULL ? (size_t)(end - p) : strlen(p);
		if (n < klen || strncmp(p, key, klen) != 0)
			continue;
		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, p, n);
		line[n] = '\0';
		for (p = line + klen; *p == ' ' || *p == '\t'; p++)
			;
		if (*p == sep)
			return sysread_trimmed(p + 1);
		p = line; /* not this key: go on after the line */
	}
	return sysread_trimmed("");
}

int
sysread_has_word(const char *list, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = strstr(list, w); p != NULL; p = strstr(p + 1, w))
		if ((p == list || p[-1] == ' ') &&
		    (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}
