/*
 * files.h - the runner's files on disk: lock files that mark a file or a
 * directory in use by a live process, a report written under a temporary
 * name beside its file, and removing a tree, or what dead runs left (pass
 * directories, claimed result names, their temporary files).
 */
#ifndef FILES_H
#define FILES_H

#include <sys/stat.h>

#include <stddef.h>

#include "write/writers.h"

/*
 * Takes a write lock on the whole file open as fd.  It lasts while this
 * process lives and keeps every descriptor of the file open, however the
 * process ends (SIGKILL included).  0, or -1 where locks do not work.
 */
int files_lock(int fd);

/*
 * 1 when name in the directory open as dirfd is a file no live process
 * holds a lock on (files_lock); 0 when one does, or when that cannot be
 * told (no such file, a link, locks that do not work there).
 */
int files_lock_free(int dirfd, const char *name);

/*
 * Writes the report r in w's format to path through a new file beside it,
 * path.tmp.XXXXXX (mkstemp), of the given mode, close-on-exec and locked
 * (files_lock) until it is in place, so that a tidying run leaves it while
 * this process lives (and removes it where a SIGKILL left it).  Once it is
 * written and flushed, install(tmp, path, ctx) puts it in place (NULL:
 * rename(2)); a temporary file that did not get there is removed.  0, or
 * -1 with errno (the file at path, if any, is then as it was, but for a
 * close that failed after install).
 */
int files_write_beside(const char *path, mode_t mode, const struct writer *w,
    const struct report *r,
    int (*install)(const char *tmp, const char *path, const void *ctx),
    const void *ctx);

/*
 * Writes r in the format named (writer_find) to path: "-" is standard
 * output (flushed), any other path goes through files_write_beside with
 * the mode a new file gets from the umask.  0, or -1 with errno.
 */
int files_write_named(
    const char *format, const char *path, const struct report *r);

/*
 * The length of name before files_write_beside's temporary suffix
 * (.tmp.XXXXXX), or 0 when it has none.
 */
size_t files_beside_stem(const char *name);

/*
 * Removes the entries of dir that pick accepts (given the name and the
 * entry's lstat) and that no live process holds a lock on: a file's own,
 * or for a directory that of the file lock_name in it (a directory
 * without one stays).  Returns how many were removed.
 */
int files_remove_dead(const char *dir,
    int (*pick)(const char *name, const struct stat *st),
    const char *lock_name);

/*
 * Removes dir and everything below it; a symbolic link is removed, never
 * followed (dir itself included).  dir's entry named last (none when
 * NULL, such as the lock that marks it in use) goes last, only once all
 * else has gone: a removal that failed (out of memory) leaves it for a
 * later run to find.  0 or -1.
 */
int files_remove_tree(const char *dir, const char *last);

#endif
