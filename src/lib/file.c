/* file.c - whole-file reading with a limit (file.h). */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "file.h"

int
file_read_fd(int fd, size_t limit, char **out, size_t *len)
{
	/* One byte past the limit tells whether more follows. */
	size_t n = 0, cap = 16384, want,
	       stop = limit < SIZE_MAX ? limit + 1 : limit;
	char *buf = malloc(cap), *grown;
	ssize_t got;

	if (buf == NULL)
		return -1;
	while (n < stop) {
		if (n + 1 == cap) {
			if ((grown = realloc(buf, cap * 2)) == NULL) {
				free(buf);
				return -1;
			}
			buf = grown;
			cap *= 2;
		}
		want = cap - 1 - n < stop - n ? cap - 1 - n : stop - n;
		got = read(fd, buf + n, want);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			free(buf);
			return -1;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	*len = n > limit ? limit : n;
	buf[*len] = '\0';
	*out = buf;
	return n > limit;
}

int
file_read_path(
    const char *path, int oflags, size_t limit, char **out, size_t *len)
{
	struct stat st;
	int fd, rc, saved;

	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | oflags);
	if (fd == -1)
		return -1;
	saved = fstat(fd, &st) == -1 ? errno : S_ISREG(st.st_mode) ? 0 : EINVAL;
	if (saved != 0) {
		close(fd);
		errno = saved;
		return -1;
	}
	rc = file_read_fd(fd, limit, out, len);
	saved = errno;
	close(fd);
	errno = saved;
	return rc;
}

int
file_read_small(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[n] = '\0';
	return n > 0 ? 0 : -1;
}
