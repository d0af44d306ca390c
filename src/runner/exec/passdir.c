/*
 * passdir.c - the private directory of a pass (passdir.h): one scratch
 * directory and two output files per copy, a lock file that marks it in
 * use, removed after the pass; and the removal of those that killed runs
 * left behind.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exec/passdir.h"
#include "write/files.h"

/*
 * A file in each pass directory that the runner keeps locked during the
 * pass: a later run removes a directory whose lock no process holds.
 */
#define PASS_LOCK "lock"

void
pass_dirs_free(struct pass_dirs *d)
{
	int i;

	for (i = 0; i < d->n; i++) {
		free(d->copydirs[i]);
		free(d->outs[i]);
		free(d->errs[i]);
	}
	free(d->copydirs);
	free(d->outs);
	free(d->errs);
	if (d->pass[0] != '\0')
		files_remove_tree(d->pass, PASS_LOCK);
	if (d->lock != -1)
		close(d->lock);
	memset(d, 0, sizeof(*d));
	d->lock = -1;
}

/*
 * Zero bytes written ahead into each copy's stdout and stderr file, which
 * the copy then overwrites: when the scratch file system fills up during
 * the pass, its ERROR line still has room (where blocks are overwritten in
 * place).  The runner drops NUL bytes when it reads the files back.
 */
#define CAPTURE_RESERVE 4096

/* Creates a copy's output file exclusively, no link followed; 0 or -1. */
static int
capture_file(const char *path)
{
	static const char zeros[CAPTURE_RESERVE];
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
	ssize_t n;

	if (fd == -1)
		return -1;
	/* Short of space already, the file just gets less (or no) reserve. */
	n = write(fd, zeros, sizeof(zeros));
	(void)n;
	return close(fd);
}

/* dir/<prefix><i>, malloc'd. */
static char *
path_in(const char *dir, const char *prefix, int i)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/%s%d", dir, prefix, i);
	return strdup(path);
}

/*
 * A private directory for the pass under tmpdir, with one scratch
 * subdirectory per copy (c<i>) and the names of its output files.
 */
int
pass_dirs_make(struct pass_dirs *d, const char *tmpdir, int ncopies, char *err,
    size_t errlen)
{
	char path[4200];
	int i;

	memset(d, 0, sizeof(*d));
	d->lock = -1;
	snprintf(d->pass, sizeof(d->pass), "%s/bytebench.XXXXXX", tmpdir);
	if (mkdtemp(d->pass) == NULL) {
		snprintf(err, errlen, "cannot create a directory in %s: %s",
		    tmpdir, strerror(errno));
		d->pass[0] = '\0';
		return -1;
	}
	snprintf(path, sizeof(path), "%s/" PASS_LOCK, d->pass);
	d->lock = open(
	    path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	/* Locked before it holds the mark a tidying run looks for. */
	if (d->lock != -1 && files_lock(d->lock) == 0)
		files_mark(d->lock);
	d->copydirs = calloc((size_t)ncopies, sizeof(char *));
	d->outs = calloc((size_t)ncopies, sizeof(char *));
	d->errs = calloc((size_t)ncopies, sizeof(char *));
	if (!d->copydirs || !d->outs || !d->errs) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 0; i < ncopies; i++) {
		d->n = i + 1;
		d->copydirs[i] = path_in(d->pass, "c", i);
		d->outs[i] = path_in(d->pass, "out.", i);
		d->errs[i] = path_in(d->pass, "err.", i);
		if (!d->copydirs[i] || !d->outs[i] || !d->errs[i]) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (mkdir(d->copydirs[i], 0700) == -1) {
			snprintf(err, errlen, "cannot create %s: %s",
			    d->copydirs[i], strerror(errno));
			return -1;
		}
		if (capture_file(d->outs[i]) == -1 ||
		    capture_file(d->errs[i]) == -1) {
			snprintf(err, errlen,
			    "cannot create the output files "
			    "in %.400s: %s",
			    d->pass, strerror(errno));
			return -1;
		}
	}
	return 0;
}

/* A pass directory: bytebench. and mkdtemp's six letters or digits. */
static int
pass_dir(int dirfd, const char *name, const struct stat *st)
{
	(void)dirfd;
	return S_ISDIR(st->st_mode) && strncmp(name, "bytebench.", 10) == 0 &&
	       files_six_random(name + 10);
}

int
passdir_tidy(const char *tmpdir)
{
	return files_remove_dead(tmpdir, pass_dir, PASS_LOCK);
}
