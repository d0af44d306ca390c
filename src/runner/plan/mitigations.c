/*
 * mitigations.c - the kernel's account of the CPU's known vulnerabilities
 * (Linux: a file per vulnerability in /sys/devices/system/cpu/
 * vulnerabilities, one line each: "Not affected", "Vulnerable...",
 * "Mitigation: ...").  The mitigations move the syscall and
 * context-switch figures more than anything else between kernels, so the
 * report records them.  Elsewhere there is no such directory and both
 * texts stay "" (unknown).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/mitigations.h"
#include "plan/sysread.h"
#include "file.h"

/* What a state line says, by its first words ("KVM: " skipped). */
enum vuln_class {
	VULN_VULNERABLE,
	VULN_MITIGATED,
	VULN_NOT_AFFECTED,
	VULN_OTHER,
	VULN_CLASSES
};

static const char *const class_words[VULN_CLASSES] = {
    "vulnerable", "mitigated", "not affected", "other"};

static enum vuln_class
vuln_class(const char *state)
{
	if (strncmp(state, "KVM: ", 5) == 0)
		state += 5;
	if (strncmp(state, "Not affected", 12) == 0)
		return VULN_NOT_AFFECTED;
	if (strncmp(state, "Mitigation", 10) == 0)
		return VULN_MITIGATED;
	if (strncmp(state, "Vulnerable", 10) == 0 ||
	    strncmp(state, "Processor vulnerable", 20) == 0)
		return VULN_VULNERABLE;
	return VULN_OTHER;
}

/*
 * The lines "name: state\n" of class c: their number, and their names,
 * comma-separated, to f unless f is NULL.
 */
static int
class_names(FILE *f, const char *lines, enum vuln_class c)
{
	const char *line, *colon, *nl;
	int n = 0;

	for (line = lines; (colon = strstr(line, ": ")) != NULL;
	     line = nl + 1) {
		if ((nl = strchr(colon, '\n')) == NULL)
			break;
		if (vuln_class(colon + 2) != c)
			continue;
		if (f != NULL)
			fprintf(f, "%s%.*s", n > 0 ? ", " : "",
			    (int)(colon - line), line);
		n++;
	}
	return n;
}

/*
 * Appends the count of class c and, but for "not affected", its names:
 * "2 vulnerable: mds, srbds".  The colon keeps the text report's line
 * from looking like a test line ("2 vulnerable (" would, to compare).
 */
static void
summary_class(FILE *f, const char *lines, enum vuln_class c, int *first)
{
	int n = class_names(NULL, lines, c);

	if (n == 0)
		return;
	fprintf(f, "%s%d %s", *first ? "" : "; ", n, class_words[c]);
	*first = 0;
	if (c == VULN_NOT_AFFECTED)
		return;
	fputs(": ", f);
	class_names(f, lines, c);
}

char *
sysinfo_mitigations_summary(const char *lines)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int c, first = 1;

	if (f == NULL)
		return NULL;
	for (c = 0; c < VULN_CLASSES; c++)
		summary_class(f, lines, (enum vuln_class)c, &first);
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of the files in dir, sorted, malloc'd; NULL: none/no memory. */
static char **
file_names(const char *dir, int *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL, **grown;

	*n = 0;
	if (d == NULL)
		return NULL;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		grown = realloc(names, sizeof(*names) * (size_t)(*n + 1));
		if (grown == NULL)
			break;
		names = grown;
		if ((names[*n] = strdup(e->d_name)) == NULL)
			break;
		(*n)++;
	}
	closedir(d);
	if (names != NULL)
		qsort(names, (size_t)*n, sizeof(*names), by_name);
	return names;
}

char *
sysinfo_mitigations_read(const char *dir)
{
	char path[1024], state[512], *buf = NULL, **names, *nl;
	size_t len = 0;
	FILE *f;
	int i, n;

	names = file_names(dir, &n);
	f = open_memstream(&buf, &len);
	for (i = 0; f != NULL && i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (file_read_small(path, state, sizeof(state)) == 0) {
			if ((nl = strchr(state, '\n')) != NULL)
				*nl = '\0';
			fprintf(f, "%s: %s\n", names[i], state);
		}
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (f == NULL || fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}
