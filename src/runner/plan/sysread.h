/*
 * sysread.h - the readers of the system's small text files that the
 * runner's system-specific files share (sysread.c).
 */
#ifndef SYSREAD_H
#define SYSREAD_H

/* The most of a system file sysread_slurp reads. */
#define SYSREAD_MAX (4 << 20)

/*
 * The whole of a system file (its first SYSREAD_MAX bytes) as a
 * malloc'd string (file_read_path), or NULL when it cannot be read or
 * memory runs out.
 */
char *sysread_slurp(const char *path);

/* A malloc'd copy of s with surrounding blanks and quotes removed. */
char *sysread_trimmed(const char *s);

/*
 * The value of the first line of text that starts with key followed by
 * sep (after optional blanks), trimmed and malloc'd; "" when none.
 */
char *sysread_value(const char *text, const char *key, char sep);

#endif
