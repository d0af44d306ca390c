/*
 * inputs.h - compare's file arguments (inputs.c): directories read as the
 * files in them, the runner's own files that are no report recognised,
 * one run's text report and JSON read once.  Compare's files only.
 */
#ifndef CMP_INPUTS_H
#define CMP_INPUTS_H

#include <stddef.h>
#include <stdio.h>

#include "compare/cmp_model.h"

/* The runner's files that are no report (cmp_own_kind). */
enum { OWN_LOG, OWN_HTML, OWN_CSV, OWN_MD, NOWN };

/* One file to read: a FILE argument, or a file of a directory. */
struct cmp_input {
	char *path;
	char label[CMP_TEXT_MAX + 1]; /* LABEL=; "" when not given */
	int left_out; /* another input holds its run (cmp_inputs_dedupe) */
	struct cmp_file file;
};

struct cmp_inputs {
	struct cmp_input *v;
	int n;
};

/*
 * The inputs of the arguments argv[0..nargs-1] ([LABEL=]FILE or a
 * directory: its files, sorted, but hidden ones and NAME.tmp.*).
 * Returns 0, or -1 with one line in err (a directory unreadable or with
 * no file, out of memory); cmp_inputs_free it even then.
 */
int cmp_inputs_make(
    struct cmp_inputs *in, char **argv, int nargs, char *err, size_t errlen);

/*
 * Leaves out each input whose run another input holds: a text report
 * NAME beside NAME.json, a pass log, web page, CSV or Markdown report
 * NAME.log ... beside NAME.json or NAME; says on f in one line what was
 * left out.
 */
void cmp_inputs_dedupe(struct cmp_inputs *in, FILE *f);

/* Which of the runner's own files buf[0..len-1] is (OWN_*), or -1. */
int cmp_own_kind(const char *buf, size_t len);

/* The line refusing path, an own file of that kind: "x.log is the pass
 * log of run x; compare x.json". */
void cmp_own_refuse(const char *path, int kind, char *err, size_t errlen);

void cmp_inputs_free(struct cmp_inputs *in);

#endif
