/* compare.h - `Run compare FILE...` (doc/compare.md): the readers into
 * table.h's model and the comparison.  Only compare/ and main.c. */
#ifndef COMPARE_H
#define COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "compare/table.h"

/* The readers append text[0..len-1]'s reports to *out: 0, or -1 with why
 * in err (a block cut off: said, the rest kept; else nothing of the file
 * kept).  compare_read: JSON when the first non-blank byte is '{'. */
int compare_read(const char *text, size_t len, struct cmp_file *out, char *err,
    size_t errlen);
int parse_text(const char *text, size_t len, struct cmp_file *out, char *err,
    size_t errlen);
int parse_json(const char *text, size_t len, struct cmp_file *out, char *err,
    size_t errlen);

/* Labels every report (doc/compare.md): LABEL= (user[i] or NULL), the
 * report's --label or its file's name (file[i]), "name #k" for several
 * reports of one file.  Returns 0, or -1 when out of memory. */
int compare_label(
    struct cmp_report **reports, const char **user, const char **file, int n);

/* Whether two tests differ beyond run-to-run noise (doc/compare.md, "The
 * noise rule"); unknown when a side has under 2 passes or a rate <= 0. */
enum cmp_noise compare_noise(
    const struct cmp_test *a, const struct cmp_test *b);

/* The same for two index scores from their 95% intervals; unknown when
 * an interval is missing (0) or does not hold its score. */
enum cmp_noise compare_index_noise(double a, double a_low, double a_high,
    double b, double b_low, double b_high);

/* value/first, or first/value when lower is better, so that above 1 is
 * better; NAN when either is not positive. */
double compare_ratio(double first, double value, int lower_is_better);

enum cmp_format { CMP_FORMAT_TEXT, CMP_FORMAT_MD, CMP_FORMAT_JSON };

/* Builds *c, the comparison of the labelled reports[0..n-1] (pointers
 * kept), grouped by LABEL= (user[i]) and unless no_group identity, no
 * change under min_change percent real (doc/compare.md).  0, or -1 when
 * out of memory (compare_free it even then). */
int compare_build(struct comparison *c, struct cmp_report *const *reports,
    const char **user, int n, int no_group, double min_change);
void compare_free(struct comparison *c);

/* Writes c onto f in format: 0, or -1 when a write failed.  Regressions
 * (--fail-below): on f, one line each, every ratio of c below `below` and
 * not within noise; returns their number. */
int compare_write(FILE *f, enum cmp_format format, const struct comparison *c);
int compare_regressions(FILE *f, const struct comparison *c, double below);

/* What compare read of its file arguments (inputs.c): its reports in
 * order, with each one's LABEL= (NULL: none) and file name. */
struct cmp_read {
	struct cmp_input *in; /* private to inputs.c */
	struct cmp_report **reports;
	const char **user, **names;
	int nin, n;
};

/* Reads the files of argv[0..nargs-1] into rs (cmp_read_free it even then);
 * 0, or 2 after one line on stderr per failed file (the others still read). */
int cmp_read_all(struct cmp_read *rs, char **argv, int nargs);
void cmp_read_free(struct cmp_read *rs);

/* Says "compare: PATH: WHAT" (PATH NULL: "compare: WHAT") on stderr,
 * escaped for a terminal. */
void cmp_complain(const char *path, const char *what);

/* `compare ...`, argv[0] "compare": the exit status (doc/compare.md). */
int compare_main(int argc, char **argv);

#endif
