/*
 * file.h - reading a whole file into memory, for the runner's layers and
 * the programs alike: one reader with a size limit, so no file can take
 * all the memory.
 */
#ifndef FILE_H
#define FILE_H

#include <stddef.h>

/*
 * Reads fd until its end, or until limit bytes are read, into a new
 * malloc'd buffer *out with a NUL after the bytes read (*len, the NUL not
 * counted; the bytes may hold NULs of their own).  Returns 0 when the end
 * was reached, 1 when limit bytes were read and more may follow (*out
 * holds the first limit), -1 with errno set when a read or memory failed
 * (nothing is kept).  fd is not closed.
 */
int file_read_fd(int fd, size_t limit, char **out, size_t *len);

/*
 * The same for the file at path, opened with O_RDONLY | O_CLOEXEC |
 * O_NONBLOCK and the extra open flags oflags (O_NOFOLLOW, ...); only a
 * regular file is read (EINVAL otherwise: a FIFO or a device never blocks
 * the caller).  Returns what file_read_fd returns, -1 also when the open
 * failed (errno from open).
 */
int file_read_path(
    const char *path, int oflags, size_t limit, char **out, size_t *len);

/*
 * Reads up to size - 1 bytes of a small file (a /proc or /sys one) into
 * buf as a string, without allocating (the counters read some at every
 * pass).  Returns 0, or -1 when it cannot be read or is empty.
 */
int file_read_small(const char *path, char *buf, size_t size);

#endif
