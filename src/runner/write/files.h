/*
 * files.h - the runner's files on disk: lock files that mark a file or a
 * directory in use by a live process, and removing a tree, or what dead
 * runs left (pass directories, claimed result names).
 */
#ifndef FILES_H
#define FILES_H

#include <sys/stat.h>

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
 * followed (dir itself included).  0 or -1.
 */
int files_remove_tree(const char *dir);

#endif
