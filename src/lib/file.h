/* file.h - reading a whole file into memory, with a size limit. */
#ifndef FILE_H
#define FILE_H

#include <stddef.h>

/*
 * Reads fd to its end or limit bytes into a new malloc'd *out, NUL after
 * the *len bytes.  Returns 0 at the end, 1 when more may follow the first
 * limit, -1 with errno (nothing kept).  fd is not closed.
 */
int file_read_fd(int fd, size_t limit, char **out, size_t *len);

/* The same for the regular file at path (EINVAL for others: a FIFO
 * never blocks the caller), opened non-blocking with oflags added. */
int file_read_path(
    const char *path, int oflags, size_t limit, char **out, size_t *len);

/* Up to size - 1 bytes of a small /proc or /sys file into buf, without
 * allocating; 0, or -1 when unreadable or empty. */
int file_read_small(const char *path, char *buf, size_t size);

#endif
