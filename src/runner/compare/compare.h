/*
 * compare.h - `Run compare FILE...` (doc/compare.md): reads bytebench JSON
 * and text reports of bytebench and UnixBench into the model of
 * cmp_model.h and prints them side by side with ratios and noise marks.
 * Only compare's own files and main.c include this.
 */
#ifndef COMPARE_H
#define COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "compare/cmp_model.h"

/*
 * The readers: each appends the reports of text[0..len-1] to *out and
 * returns 0, or -1 after one line saying why in err (size errlen).
 * compare_read picks one: JSON when the first non-blank byte is '{', else
 * text.  A block cut off is dropped and said, the rest of its file kept;
 * no report, bad JSON, another schema, a limit of cmp_model.h or out of
 * memory keep nothing of the file.
 */
int compare_read(const char *text, size_t len, struct cmp_file *out, char *err,
    size_t errlen);
int parse_text(const char *text, size_t len, struct cmp_file *out, char *err,
    size_t errlen);
int parse_json(const char *text, size_t len, struct cmp_file *out, char *err,
    size_t errlen);

/*
 * Sets the label of every report (doc/compare.md): LABEL= (user[i], may
 * be NULL), else the report's --label, else its file's name (file[i]);
 * several reports of one file are "name #1", "name #2", ... (name: the
 * label without " #k").  Returns 0, or -1 when out of memory.
 */
int compare_label(
    struct cmp_report **reports, const char **user, const char **file, int n);

/* What is known of the noise of a difference; see compare_noise(). */
enum cmp_noise { CMP_NOISE_UNKNOWN, CMP_NOISE_WITHIN, CMP_NOISE_BEYOND };

/*
 * Whether two tests differ by more than run-to-run noise, by the rule of
 * Run's intervals (score/interval.h; doc/compare.md, "The noise rule").
 * Unknown when either side has fewer than 2 passes or a rate that is not
 * positive.
 */
enum cmp_noise compare_noise(
    const struct cmp_test *a, const struct cmp_test *b);

/* The same for two index scores from their 95% intervals; unknown when
 * an interval is missing (0) or does not hold its score. */
enum cmp_noise compare_index_noise(double a, double a_low, double a_high,
    double b, double b_low, double b_high);

/*
 * value against first, so that above 1 is better: value/first, or
 * first/value when lower is better.  NAN when either is not positive.
 */
double compare_ratio(double first, double value, int lower_is_better);

/* Output formats of compare_write(). */
enum cmp_format { CMP_FORMAT_TEXT, CMP_FORMAT_MD, CMP_FORMAT_JSON };

struct comparison; /* compare/table.h */

/*
 * Builds *c, the comparison of the labelled reports[0..n-1] (c holds the
 * pointers), grouped by LABEL= (user[i]) and unless no_group identity:
 * one table per copies group, a row per test
 * (the union, by title) and per index score, a column per block, each
 * column after the first with its ratio to the first and its verdict, no
 * change under min_change percent real.  Returns 0, or -1 when out of
 * memory (compare_free it even then).
 */
int compare_build(struct comparison *c, struct cmp_report *const *reports,
    const char **user, int n, int no_group, double min_change);
void compare_free(struct comparison *c);

/* Writes comparison c onto f in format; 0, or -1 when a write failed. */
int compare_write(FILE *f, enum cmp_format format, const struct comparison *c);

/*
 * Says on f, one line each, every ratio of comparison c that is below
 * `below` and not within noise (beyond it, or noise unknown): a test or
 * index score that got worse, for --fail-below.  Returns their number.
 */
int compare_regressions(FILE *f, const struct comparison *c, double below);

/* `compare ...`, argv[0] "compare": the exit status (doc/compare.md). */
int compare_main(int argc, char **argv);

#endif
