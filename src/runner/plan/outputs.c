/*
 * outputs.c - the files the user named for report formats, or standard
 * output, checked before the run (contract in outputs.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "plan/outputs.h"

/* The directory part of path into dir ("." when it has none). */
static void
dir_of(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		snprintf(dir, size, ".");
	else if (slash == path)
		snprintf(dir, size, "/");
	else
		snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

int
outputs_check(const struct options_output *out, int n, char *err, size_t errlen)
{
	struct stat st;
	char dir[4096];
	int i;

	for (i = 0; i < n; i++) {
		if (strcmp(out[i].path, "-") == 0)
			continue;
		if (strlen(out[i].path) >= sizeof(dir) - 32) {
			snprintf(err, errlen, "file name too long: %.60s...",
			    out[i].path);
			return -1;
		}
		dir_of(out[i].path, dir, sizeof(dir));
		if (stat(dir, &st) == -1 || !S_ISDIR(st.st_mode) ||
		    access(dir, W_OK | X_OK) == -1) {
			snprintf(err, errlen,
			    "cannot write %s: directory %s "
			    "missing or not writable",
			    out[i].path, dir);
			return -1;
		}
		if (stat(out[i].path, &st) == 0 && !S_ISREG(st.st_mode)) {
			snprintf(err, errlen,
			    "cannot write %s: not a plain "
			    "file",
			    out[i].path);
			return -1;
		}
	}
	return 0;
}

int
outputs_to_stdout(const struct options_output *out, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(out[i].path, "-") == 0)
			return 1;
	return 0;
}
