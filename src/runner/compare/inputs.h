/* inputs.h - compare's file arguments read into reports (inputs.c). */
#ifndef CMP_INPUTS_H
#define CMP_INPUTS_H

#include "compare/table.h"

struct cmp_input; /* one file to read: private to inputs.c */

/* What compare read: its reports in order, with each one's LABEL= (NULL:
 * none) and file name. */
struct cmp_read {
	struct cmp_input *in;
	int nin;
	struct cmp_report **reports;
	const char **user, **names;
	int n;
};

/* Reads the files of argv[0..nargs-1] into rs (cmp_read_free it even then);
 * 0, or 2 after one line on stderr per failed file (the others still read). */
int cmp_read_all(struct cmp_read *rs, char **argv, int nargs);
void cmp_read_free(struct cmp_read *rs);

/* Says "compare: PATH: WHAT" (PATH NULL: "compare: WHAT") on stderr,
 * escaped for a terminal. */
void cmp_complain(const char *path, const char *what);

#endif
