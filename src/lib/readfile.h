/*
 * readfile.h - reading the system's small text files (/proc, /sys): one
 * reader for the runner's layers and the programs.
 */
#ifndef READFILE_H
#define READFILE_H

#include <stddef.h>

/*
 * Reads up to len - 1 bytes of a small file (a /proc or /sys one) into buf
 * as a string.  Returns 0, or -1 when it cannot be read or is empty.
 */
int readfile_small(const char *path, char *buf, size_t len);

#endif
