/*
 * sysread.h - readers of the system's small text files, shared by plan/'s
 * system-specific files.
 */
#ifndef SYSREAD_H
#define SYSREAD_H

/* The BSDs and macOS: sysctl and statfs (the Makefile lets them show). */
#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__NetBSD__) ||       \
    defined(__OpenBSD__) || defined(__DragonFly__)
#define SYSREAD_BSD 1
#include <sys/types.h>
#include <sys/param.h>
#include <sys/mount.h>
#include <sys/sysctl.h>
#ifdef __NetBSD__
#include <sys/statvfs.h>
#endif
#endif

/* The most of a system file sysread_slurp reads. */
#define SYSREAD_MAX (4 << 20)

/* A system file's first SYSREAD_MAX bytes, malloc'd; NULL: none. */
char *sysread_slurp(const char *path);

/* A malloc'd copy of s with surrounding blanks and quotes removed. */
char *sysread_trimmed(const char *s);

/*
 * The value of the first line of text that starts with key followed by
 * sep (after optional blanks), trimmed and malloc'd; "" when none.
 */
char *sysread_value(const char *text, const char *key, char sep);

/* 1 when the space-separated list has the word w. */
int sysread_has_word(const char *list, const char *w);

#endif
