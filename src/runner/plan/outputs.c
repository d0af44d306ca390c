/* outputs.c - the named outputs, checked before the run (outputs.h). */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plan/outputs.h"

void
outputs_dir_of(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		snprintf(dir, size, ".");
	else if (slash == path)
		snprintf(dir, size, "/");
	else
		snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

/*
 * The descriptor this process has open on the file st is, standard
 * output and error first, standard input last; -1 when none is.
 */
static int
open_on(const struct stat *st)
{
	struct stat fst;
	long max = sysconf(_SC_OPEN_MAX);
	int fd;

	if (max < 0 || max > 1024)
		max = 1024;
	for (fd = 1; fd <= max; fd++)
		if (fstat(fd % (int)max, &fst) == 0 &&
		    fst.st_dev == st->st_dev && fst.st_ino == st->st_ino)
			return fd % (int)max;
	return -1;
}

/*
 * 1 when dir is where a system names a process's descriptors (/dev/fd,
 * /proc/PID/fd, links to them): no file can be made there.
 */
static int
descriptor_dir(const char *dir)
{
	char real[PATH_MAX];
	size_t n;

	if (realpath(dir, real) == NULL)
		return 0;
	return strcmp(real, "/dev/fd") == 0 ||
	       (strncmp(real, "/proc/", 6) == 0 &&
	           (n = strspn(real + 6, "0123456789")) > 0 &&
	           strcmp(real + 6 + n, "/fd") == 0);
}

/* 1 when path is a link to a descriptor's name that is not open. */
static int
closed_descriptor(const char *path, char *buf, size_t size)
{
	ssize_t n = readlink(path, buf, size - 1);

	if (n <= 0 || buf[0] != '/')
		return 0;
	buf[n] = '\0';
	*strrchr(buf, '/') = '\0'; /* its directory ("" for "/") */
	return descriptor_dir(buf);
}

/* Where output o goes (sets o->fd); 0, or -1 with why in err. */
static int
check_one(struct options_output *o, char *err, size_t errlen)
{
	const char *why = NULL;
	struct stat lst, st;
	char dir[4096];

	if ((o->fd = strcmp(o->path, "-") == 0 ? STDOUT_FILENO : -1) != -1)
		return 0;
	if (strlen(o->path) >= sizeof(dir) - 32) {
		snprintf(err, errlen, "file name too long: %.60s...", o->path);
		return -1;
	}
	if (lstat(o->path, &lst) == 0) {
		if (stat(o->path, &st) == -1)
			why = closed_descriptor(o->path, dir, sizeof(dir))
			          ? "no such descriptor open"
			          : "a link that leads nowhere";
		else if ((o->fd = open_on(&st)) == STDIN_FILENO)
			why = "it is standard input";
		else if (o->fd != -1 &&
		         (fcntl(o->fd, F_GETFL) & O_ACCMODE) == O_RDONLY)
			why = "its descriptor is not open for writing";
		else if (o->fd != -1)
			return 0;
		else if (S_ISDIR(st.st_mode))
			why = "a directory";
		else if (!S_ISREG(st.st_mode))
			why = "not a plain file (a device, FIFO or socket)";
	} else if (errno != ENOENT)
		why = strerror(errno);
	if (why == NULL) {
		outputs_dir_of(o->path, dir, sizeof(dir));
		if (descriptor_dir(dir))
			why = "no such descriptor open";
		else if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode) &&
		         access(dir, W_OK | X_OK) == 0)
			return 0;
	}
	o->fd = -1;
	if (why != NULL)
		snprintf(err, errlen, "cannot write %s: %s", o->path, why);
	else
		snprintf(err, errlen,
		    "cannot write %s: directory %s missing or not writable",
		    o->path, dir);
	return -1;
}

int
outputs_check(struct options_output *out, int n, char *err, size_t errlen)
{
	int i, to_stdout = 0;

	for (i = 0; i < n; i++) {
		if (check_one(&out[i], err, errlen) == -1)
			return -1;
		to_stdout |= out[i].fd == STDOUT_FILENO;
	}
	return to_stdout;
}
