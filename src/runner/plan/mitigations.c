/*
 * mitigations.c - the kernel's account of the CPU's known vulnerabilities
 * (Linux: a file each, "Not affected", "Vulnerable...", "Mitigation:
 * ...").  They move the syscall and context-switch figures more than
 * anything else between kernels, so the report records them.
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
 * Each class's count and, but for "not affected", its names: "2
 * vulnerable: mds, srbds".  The colon keeps the text report's line from
 * looking like a test line ("2 vulnerable (" would, to compare).
 */
char *
sysinfo_mitigations_summary(const char *lines)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int c, n, first = 1;

	if (f == NULL)
		return NULL;
	for (c = 0; c < VULN_CLASSES; c++) {
		if ((n = class_names(NULL, lines, (enum vuln_class)c)) == 0)
			continue;
		fprintf(f, "%s%d %s", first ? "" : "; ", n, class_words[c]);
		first = 0;
		if (c != VULN_NOT_AFFECTED) {
			fputs(": ", f);
			class_names(f, lines, (enum vuln_class)c);
		}
	}
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* The names sorted by alphasort: the runner's locale is C (strcmp). */
char *
sysinfo_mitigations_read(const char *dir)
{
	char path[1024], state[512], *buf = NULL, *nl;
	struct dirent **names = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int i, n = scandir(dir, &names, NULL, alphasort);

	for (i = 0; f != NULL && i < n; i++) {
		if (names[i]->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		if (file_read_small(path, state, sizeof(state)) == 0) {
			if ((nl = strchr(state, '\n')) != NULL)
				*nl = '\0';
			fprintf(f, "%s: %s\n", names[i]->d_name, state);
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
