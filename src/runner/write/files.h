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

/*
 * A write lock on the whole file open as fd, held while this process
 * lives (SIGKILL included).  0, or -1 where locks do not work.
 */
int files_lock(int fd);

/*
 * The mark of a file a run leaves behind only when it is killed (a claim,
 * a pass's lock file), written into fd.  0, or -1 with errno.
 */
#define FILES_MARK "bytebench: in use by a run in progress\n"
int files_mark(int fd);

/*
 * 1 when name in the directory open as dirfd is what a killed run left: a
 * regular file of this user, of the given mode, holding the mark and
 * nothing else, that no live process holds a lock on; else 0.
 */
int files_left(int dirfd, const char *name, mode_t mode);

/*
 * Writes r in w's format to path through a new file beside it,
 * path.tmp.XXXXXX, of the given mode, close-on-exec and locked until it
 * is in place (so a tidying run leaves it while this process lives).
 * Once written and flushed, install(tmp, path, ctx) puts it in place
 * (NULL: rename(2)); a temporary file that did not get there is removed.
 * 0, or -1 with errno (the file at path, if any, then as it was).
 */
int files_write_beside(const char *path, mode_t mode, const struct writer *w,
    const struct report *r,
    int (*install)(const char *tmp, const char *path, const void *ctx),
    const void *ctx);

/*
 * Writes r in the format named to the descriptor fd (standard output and
 * error through their streams), or when fd is -1 to path through
 * files_write_beside with the mode the umask gives.  0, or -1 with errno.
 */
int files_write_named(
    const char *format, const char *path, int fd, const struct report *r);

/* The length of name before files_write_beside's suffix, or 0: none. */
size_t files_beside_stem(const char *name);

/* 1 when s is six letters or digits, as mkstemp and mkdtemp make them. */
int files_six_random(const char *s);

/*
 * Removes the entries of dir that pick accepts (given the directory open
 * as dirfd, the name and the entry's lstat): a file, or a directory of
 * this user whose file lock_name a killed run left (files_left, mode
 * 0600).  Returns how many were removed.
 */
int files_remove_dead(const char *dir,
    int (*pick)(int dirfd, const char *name, const struct stat *st),
    const char *lock_name);

/*
 * Removes dir and everything below it, never following a link.  dir's
 * entry named last (none when NULL) goes last, only once all else has
 * gone, so a removal that failed leaves it for a later run.  0 or -1.
 */
int files_remove_tree(const char *dir, const char *last);

#endif
