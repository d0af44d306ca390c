/*
 * passdir.h - a pass's private directory under the scratch directory:
 * bytebench.XXXXXX with a scratch directory c<i> and output files out.<i>
 * and err.<i> for each copy.
 */
#ifndef PASSDIR_H
#define PASSDIR_H

#include <stddef.h>

struct pass_dirs {
	char pass[4096]; /* the pass's directory; "" when none */
	char **copydirs, **outs, **errs; /* each copy's, n of them */
	int n;
	int lock; /* its lock file, open and locked; -1 when none */
};

/*
 * Creates the directory of a pass of ncopies copies under tmpdir into *d.
 * Returns 0, or -1 with why in err (then pass_dirs_free(d) is still due).
 */
int pass_dirs_make(struct pass_dirs *d, const char *tmpdir, int ncopies,
    char *err, size_t errlen);

/* Removes the directory of d and frees d's names. */
void pass_dirs_free(struct pass_dirs *d);

/*
 * Removes the pass directories (bytebench.XXXXXX) that killed runs left in
 * tmpdir: those whose lock file no live process holds.  Returns how many.
 */
int passdir_tidy(const char *tmpdir);

#endif
