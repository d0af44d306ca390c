/*
 * files.h - the runner's files on disk: lock files that mark a file or a
 * directory in use by a live process, a report written under a temporary
 * name beside its file, and removing a tree or what dead runs left.
 */
#ifndef FILES_H
#define FILES_H

#include <sys/stat.h>

#include <stddef.h>

#include "write/writers.h"

/* A write lock on fd's whole file while this process lives; 0 or -1. */
int files_lock(int fd);

/* The mark of a file only a killed run leaves (a claim, a pass's lock
 * file), written into fd.  0, or -1 with errno. */
#define FILES_MARK "bytebench: in use by a run in progress\n"
int files_mark(int fd);

/* 1 when name in dirfd is what a killed run left: this user's regular
 * file of that mode, holding the mark alone, that no process locks. */
int files_left(int dirfd, const char *name, mode_t mode);

/*
 * Writes r in w's format to path through path.tmp.XXXXXX of that mode,
 * locked until install(tmp, path, ctx) (NULL: rename) puts it in place;
 * one that did not get there is removed.  0, or -1 with errno (the file
 * at path, if any, as it was).
 */
int files_write_beside(const char *path, mode_t mode, const struct writer *w,
    const struct report *r,
    int (*install)(const char *tmp, const char *path, const void *ctx),
    const void *ctx);

/* r in the format named to fd, or (fd -1) to path by files_write_beside
 * with the umask's mode.  0, or -1 with errno. */
int files_write_named(
    const char *format, const char *path, int fd, const struct report *r);

/* The length of name before files_write_beside's suffix, or 0: none. */
size_t files_beside_stem(const char *name);

/* 1 when s is six letters or digits, as mkstemp and mkdtemp make them. */
int files_six_random(const char *s);

/*
 * Removes the entries of dir that pick accepts (given dirfd, the name and
 * its lstat): a file, or a directory of this user whose file lock_name a
 * killed run left (files_left, mode 0600).  Returns how many.
 */
int files_remove_dead(const char *dir,
    int (*pick)(int dirfd, const char *name, const struct stat *st),
    const char *lock_name);

/* Removes dir's tree, following no link; its entry last (or NULL) only
 * once all else has gone, so a failure leaves it for a later run.  0/-1. */
int files_remove_tree(const char *dir, const char *last);

#endif
