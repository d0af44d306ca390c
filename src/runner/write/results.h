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
 * Removes from dir what killed runs left, nothing else: their claims
 * (named as results_claim's, mode 0400, files_left) and beside one its
 * report's temporary file (the same user's).  Returns how many.
 */
int results_tidy(const char *dir);

/* 1 when name is a plain file name: not empty, no '/', not . or .. */
int results_plain_name(const char *name);

/*
 * Prepares the formats' files in dir: under fixed_name (a plain name,
 * refused when it is there but neither file nor link), else claimed under
 * <host>-<date of when>-<NN>, the first NN free for every format, each
 * locked while this process lives.  0, or -1 with the problem in err.
 */
int results_claim(struct results *res, const char *dir, const char *fixed_name,
    const char *host, time_t when, const struct writer *const *formats,
    int nformats, char *err, size_t errlen);

/*
 * Writes every format and sets written[]; when a claim is no longer this
 * run's, all go under the next free name and res->taken is set.  A format
 * not written leaves no file.  0, or -1 naming each failure in err.
 */
int results_write(
    struct results *res, const struct report *r, char *err, size_t errlen);

void results_free(struct results *res);

#endif
