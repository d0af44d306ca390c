/*
 * test_file_read.c - the one whole-file reader (src/lib/file.c,
 * file_read_*): what it reads up to its limit, what it says past it, and
 * what it refuses.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "file.h"

/* A file of n bytes "abc..." in dir; its path into path. */
static void
make_file(const char *dir, size_t n, char *path, size_t size)
{
	FILE *f;
	size_t i;

	snprintf(path, size, "%s/f%zu", dir, n);
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		exit(1);
	}
	for (i = 0; i < n; i++)
		putc('a' + (int)(i % 26), f);
	fclose(f);
}

int
main(void)
{
	char dir[] = "/tmp/test_file_read.XXXXXX", path[256], *buf = NULL;
	size_t len = 0;
	int rc;

	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	make_file(dir, 0, path, sizeof(path));
	rc = file_read_path(path, 0, 100, &buf, &len);
	CHECK("empty file: read whole, empty string",
	    rc == 0 && len == 0 && buf != NULL && buf[0] == '\0');
	free(buf);
	unlink(path);

	/* Past the 16 KiB first buffer: the buffer grows. */
	make_file(dir, 40000, path, sizeof(path));
	rc = file_read_path(path, 0, 40000, &buf, &len);
	CHECK("exactly the limit: read whole (0, not 1)",
	    rc == 0 && len == 40000 && buf[39999] == 'a' + 39999 % 26 &&
	        buf[40000] == '\0');
	free(buf);
	rc = file_read_path(path, 0, 39999, &buf, &len);
	CHECK("one byte past the limit: 1, the first limit bytes kept",
	    rc == 1 && len == 39999 && buf[39999] == '\0' &&
	        strlen(buf) == 39999);
	free(buf);
	rc = file_read_path(path, 0, (size_t)-1, &buf, &len);
	CHECK("no limit: read whole", rc == 0 && len == 40000);
	free(buf);
	unlink(path);

	errno = 0;
	rc = file_read_path(dir, 0, 100, &buf, &len);
	CHECK("a directory: refused (EINVAL), not read",
	    rc == -1 && errno == EINVAL);
	snprintf(path, sizeof(path), "%s/fifo", dir);
	if (mkfifo(path, 0600) == 0) {
		errno = 0;
		rc = file_read_path(path, 0, 100, &buf, &len);
		CHECK("a FIFO: refused at once (EINVAL), never waited on",
		    rc == -1 && errno == EINVAL);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/missing", dir);
	rc = file_read_path(path, 0, 100, &buf, &len);
	CHECK("a missing file: -1, ENOENT", rc == -1 && errno == ENOENT);
	rmdir(dir);
	return check_exit();
}
