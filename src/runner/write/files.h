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
 * Writes the mark of a file a run leaves behind only when it is killed
 * (a claim, a pass's lock file) into fd, open for writing: one line,
 * FILES_MARK.  0, or -1 with errno.
 */
#define FILES_MARK "bytebench: in use by a run in progress\n"
int files_mark(int fd);

/*
 * 1 when name in the directory open as dirfd is what a killed run left: a
 * regular file of this user, of the given mode, holding the mark and
 * nothing else (files_mark), that no live process holds a lock on; else
 * 0 (a link, another user's, locks that do not work there, ...).
 */
int files_left(int dirfd, const char *name, mode_t mode);

/*
 * Writes the report r in w's format to path through a new file beside it,
 * path.tmp.XXXXXX (mkstemp), of the given mode, close-on-exec and locked
 * (files_lock) until it is in place, so that a tidying run leaves it while
 * this process lives (results_tidy removes it beside a claim a SIGKILL
 * left).  Once it is
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
 * Writes r in the format named (writer_find) to the descriptor fd when it
 * is not -1 (standard output and error through their streams, flushed),
 * else to path through files_write_beside with the mode a new file gets
 * from the umask.  0, or -1 with errno.
 */
int files_write_named(
    const char *format, const char *path, int fd, const struct report *r);

/*
 * The length of name before files_write_beside's temporary suffix
 * (.tmp. and six letters or digits), or 0 when it has none.
 */
size_t files_beside_stem(const char *name);

/* 1 when s is six letters or digits, as mkstemp and mkdtemp make them. */
int files_six_random(const char *s);

/*
 * Removes the entries of dir that pick accepts, given the directory open
 * as dirfd, the name and the entry's lstat: a file when pick says so (it
 * tells a killed run's files, files_left), a directory of this user when
 * its file lock_name is a killed run's (files_left, mode 0600).  Returns
 * how many were removed.
 */
int files_remove_dead(const char *dir,
    int (*pick)(int dirfd, const char *name, const struct stat *st),
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
