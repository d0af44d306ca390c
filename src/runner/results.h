/*
 * results.h - naming and writing the result files of a run:
 * <dir>/<hostname>-<YYYY-MM-DD>-<NN><suffix>, the first NN free for every
 * format, claimed with O_EXCL before the run so nothing is overwritten,
 * then each written to a temporary name and renamed over its claim.
 */
#ifndef RESULTS_H
#define RESULTS_H

#include <stddef.h>
#include <time.h>

#include "report.h"
#include "writers.h"

enum { RESULTS_MAX_FORMATS = 16 };

struct results {
	char *base;		/* path without suffix */
	const struct writer *formats[RESULTS_MAX_FORMATS];
	int nformats;
	int claimed;		/* formats whose files are claimed */
};

/*
 * Claims the files of the given formats in dir: under fixed_name when it
 * is not NULL (refused when taken or when it holds a '/'), else under
 * <host>-<date of when>-<NN> with the first NN for which no format's file
 * exists.  Returns 0, or -1 after writing the problem into err.
 */
int results_claim(struct results *res, const char *dir,
    const char *fixed_name, const char *host, time_t when,
    const struct writer *const *formats, int nformats, char *err,
    size_t errlen);

/*
 * Writes every claimed format.  Returns 0, or -1 after writing the
 * problem with the first file that failed into err (the others are still
 * written).
 */
int results_write(const struct results *res, const struct report *r,
    char *err, size_t errlen);

/* Removes the claimed (still empty) files: the run wrote nothing. */
void results_unclaim(struct results *res);

void results_free(struct results *res);

#endif
