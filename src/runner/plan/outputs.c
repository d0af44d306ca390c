/*
 * outputs.c - report formats written to files the user named, or to
 * standard output (contract in outputs.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "plan/outputs.h"
#include "write/files.h"
#include "write/writers.h"

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

/* The mode a new file gets from open(2) with 0666: the umask's. */
static mode_t
new_file_mode(void)
{
	mode_t mask = umask(022);

	umask(mask);
	return 0666 & ~mask;
}

int
outputs_write(const struct options_output *out, int n, const struct report *r,
    char *err, size_t errlen)
{
	const struct writer *w;
	int i, rc = 0;

	for (i = 0; i < n; i++) {
		w = writer_find(out[i].format);
		if (strcmp(out[i].path, "-") == 0
		        ? w->write(stdout, r) == -1 || fflush(stdout) != 0
		        : files_write_beside(out[i].path, new_file_mode(), w, r,
		              NULL, NULL) == -1) {
			if (rc == 0)
				snprintf(err, errlen, "writing %s: %s",
				    out[i].path, strerror(errno));
			rc = -1;
		}
	}
	return rc;
}
