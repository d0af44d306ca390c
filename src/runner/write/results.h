/*
 * results.h - naming and writing the result files of a run:
 * <dir>/<hostname>-<YYYY-MM-DD>-<NN><suffix>, the first NN free for every
 * format, claimed with O_EXCL before the run so nothing is overwritten,
 * then each written to a temporary name and put in place of its claim
 * only while the claim is still this run's.  A name given by the user
 * (UB_OUTPUT_FILE_NAME) is not claimed: each file is replaced atomically.
 */
#ifndef RESULTS_H
#define RESULTS_H

#include <sys/types.h>

#include <stddef.h>
#include <time.h>

#include "model/report.h"
#include "write/writers.h"

enum { RESULTS_MAX_FORMATS = 16 };

struct results {
	char *base; /* path without suffix */
	char *stem; /* <dir>/<host>-<date>: base less -NN */
	char *taken; /* the base another run took, else NULL */
	const struct writer *formats[RESULTS_MAX_FORMATS];
	int nformats;
	int claimed; /* formats whose files are claimed */
	int fixed; /* the name was given: replaced, not claimed */
	int fd[RESULTS_MAX_FORMATS]; /* each claim, open and locked */
	dev_t dev[RESULTS_MAX_FORMATS]; /* and its identity */
	ino_t ino[RESULTS_MAX_FORMATS];
	int written[RESULTS_MAX_FORMATS]; /* set by results_write */
};

/*
 * Removes from dir what runs that were killed left, and nothing else:
 * the claims they had made (named like results_claim's, mode 0400,
 * holding the mark, files_left) and beside such a claim the temporary
 * file of its report (its name and .tmp.XXXXXX, the same user's).
 * Returns how many were removed.
 */
int results_tidy(const char *dir);

/*
 * 1 when name is a plain file name for UB_OUTPUT_FILE_NAME: not empty, no
 * '/', not "." or "..".
 */
int results_plain_name(const char *name);

/*
 * Prepares the files of the given formats in dir: under fixed_name when
 * it is not NULL (a plain name, results_plain_name, which the caller
 * checked before any work; refused when it names something other than a
 * file or a link, which will be replaced), else claims them under
 * <host>-<date of when>-<NN> with the first NN for which no format's file
 * exists; each claim stays locked while this process lives.  Returns 0,
 * or -1 after writing the problem into err.
 */
int results_claim(struct results *res, const char *dir, const char *fixed_name,
    const char *host, time_t when, const struct writer *const *formats,
    int nformats, char *err, size_t errlen);

/*
 * Writes every format and sets written[].  When a claim is no longer this
 * run's (deleted, or replaced by another run), every format goes under
 * the next free name instead and res->taken is set.  A format that could
 * not be written leaves no file.  Returns 0, or -1 after naming every
 * file that failed, with why, in err.
 */
int results_write(
    struct results *res, const struct report *r, char *err, size_t errlen);

void results_free(struct results *res);

#endif
