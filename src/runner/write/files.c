/*
 * files.c - the runner's files on disk (files.h).
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "write/files.h"

/* files_write_beside's temporary suffix; its X's are mkstemp's. */
#define BESIDE ".tmp.XXXXXX"

/*
 * Empties the directory open as fd (closed here) but of its entry keep
 * (or NULL); entries are looked at and entered without following links,
 * so a link planted or swapped in is removed, never followed.
 */
static int
remove_below(int fd, const char *keep)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;
	struct stat st;
	int sub, rc = 0;

	if (d == NULL) {
		close(fd);
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 ||
		    strcmp(e->d_name, "..") == 0 ||
		    (keep != NULL && strcmp(e->d_name, keep) == 0))
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) ==
		    -1) {
			if (errno != ENOENT)
				rc = -1;
			continue;
		}
		if (!S_ISDIR(st.st_mode)) {
			if (unlinkat(dirfd(d), e->d_name, 0) == -1 &&
			    errno != ENOENT)
				rc = -1;
			continue;
		}
		sub = openat(
		    dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
		if (sub == -1 || remove_below(sub, NULL) == -1 ||
		    unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR) == -1)
			rc = -1;
	}
	closedir(d);
	return rc;
}

int
files_lock(int fd)
{
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};

	return fcntl(fd, F_SETLK, &fl);
}

int
files_mark(int fd)
{
	size_t n = sizeof(FILES_MARK) - 1;

	return write(fd, FILES_MARK, n) == (ssize_t)n ? 0 : -1;
}

int
files_left(int dirfd, const char *name, mode_t mode)
{
	char buf[sizeof(FILES_MARK)];
	size_t n = sizeof(FILES_MARK) - 1;
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
	struct stat st;
	int fd, rc;

	/* Looked at before it is opened: no device or FIFO is opened. */
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == -1 ||
	    !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 07777) != mode || st.st_size != (off_t)n)
		return 0;
	fd =
	    openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd == -1)
		return 0;
	rc = pread(fd, buf, sizeof(buf), 0) == (ssize_t)n &&
	     memcmp(buf, FILES_MARK, n) == 0 && fcntl(fd, F_GETLK, &fl) == 0 &&
	     fl.l_type == F_UNLCK;
	close(fd);
	return rc;
}

/* Opens a new file beside path for files_write_beside (its name in tmp). */
static FILE *
open_beside(const char *path, mode_t mode, char *tmp, size_t size)
{
	FILE *f;
	int fd, saved;

	if ((size_t)snprintf(tmp, size, "%s" BESIDE, path) >= size) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	if ((fd = mkstemp(tmp)) == -1)
		return NULL;
	/* Where locks do not work, tidying cannot tell it is in use. */
	files_lock(fd);
	if (fcntl(fd, F_SETFD, FD_CLOEXEC) == -1 || fchmod(fd, mode) == -1 ||
	    (f = fdopen(fd, "w")) == NULL) {
		saved = errno;
		close(fd);
		unlink(tmp);
		errno = saved;
		return NULL;
	}
	return f;
}

int
files_write_beside(const char *path, mode_t mode, const struct writer *w,
    const struct report *r,
    int (*install)(const char *tmp, const char *path, const void *ctx),
    const void *ctx)
{
	char tmp[4200];
	FILE *f;
	int rc, saved;

	if ((f = open_beside(path, mode, tmp, sizeof(tmp))) == NULL)
		return -1;
	errno = 0;
	rc = w->write(f, r);
	if (fflush(f) != 0 || ferror(f))
		rc = -1;
	saved = errno;
	/* Still open, so still locked, while it is put in place. */
	if (rc == 0 && (install != NULL ? install(tmp, path, ctx)
	                                : rename(tmp, path)) == -1) {
		rc = -1;
		saved = errno;
	}
	if (rc != 0)
		unlink(tmp);
	if (fclose(f) != 0 && rc == 0) {
		rc = -1;
		saved = errno;
	}
	errno = saved != 0 ? saved : EIO;
	return rc;
}

int
files_six_random(const char *s)
{
	static const char alnum[] = "abcdefghijklmnopqrstuvwxyz"
	                            "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

	return strlen(s) == 6 && strspn(s, alnum) == 6;
}

size_t
files_beside_stem(const char *name)
{
	size_t n = strlen(name), k = sizeof(BESIDE) - 1;

	/* The suffix, then mkstemp's six letters or digits. */
	return n > k && strncmp(name + n - k, BESIDE, k - 6) == 0 &&
	               files_six_random(name + n - 6)
	           ? n - k
	           : 0;
}

int
files_remove_dead(const char *dir,
    int (*pick)(int dirfd, const char *name, const struct stat *st),
    const char *lock_name)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct stat st;
	char path[4200];
	int fd, removed = 0, dead;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) ==
		        -1 ||
		    !pick(dirfd(d), e->d_name, &st))
			continue;
		if (!S_ISDIR(st.st_mode)) {
			if (unlinkat(dirfd(d), e->d_name, 0) == 0)
				removed++;
			continue;
		}
		fd = openat(dirfd(d), e->d_name,
		    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		dead = fd != -1 && lock_name != NULL &&
		       st.st_uid == geteuid() &&
		       files_left(fd, lock_name, 0600) == 1;
		if (fd != -1)
			close(fd);
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (dead && files_remove_tree(path, lock_name) == 0)
			removed++;
	}
	closedir(d);
	return removed;
}

int
files_remove_tree(const char *dir, const char *last)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW), rc;
	char path[4200];

	if (fd == -1)
		return errno == ENOENT ? 0 : -1;
	rc = remove_below(fd, last);
	if (rc == 0 && last != NULL) {
		snprintf(path, sizeof(path), "%s/%s", dir, last);
		if (unlink(path) == -1 && errno != ENOENT)
			rc = -1;
	}
	if (rc == 0 && rmdir(dir) == -1 && errno != ENOENT)
		rc = -1;
	return rc;
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
files_write_named(
    const char *format, const char *path, int fd, const struct report *r)
{
	const struct writer *w = writer_find(format);
	FILE *f = fd == STDOUT_FILENO   ? stdout
	          : fd == STDERR_FILENO ? stderr
	                                : NULL;
	int rc, saved;

	if (fd == -1)
		return files_write_beside(
		    path, new_file_mode(), w, r, NULL, NULL);
	if (f == NULL) {
		if ((fd = dup(fd)) == -1)
			return -1;
		if ((f = fdopen(fd, "w")) == NULL) {
			saved = errno;
			close(fd);
			errno = saved;
			return -1;
		}
	}
	rc = w->write(f, r) == -1 || fflush(f) != 0 || ferror(f) ? -1 : 0;
	if (f != stdout && f != stderr && fclose(f) != 0)
		rc = -1;
	return rc;
}
