/*
 * write_text.h - the tables of the text report that write_text.c prints
 * from text_tables.c.  Format only.
 */
#ifndef WRITE_TEXT_H
#define WRITE_TEXT_H

#include <stdio.h>

#include "model/report.h"

/*
 * An INDEX_SUM_AVERAGE index in the layout of the 1991 BYTE Release 3
 * report: a row per index row (in the index's order) with its baseline,
 * result and index, or what happened to its test; the sum of the indexes
 * counted and their average; then an empty line.
 */
void text_index_sum_average(FILE *f, const struct index_result *ir);

/*
 * The latency table of t in the layout of the 1998 linux-kernel posts, a
 * min, avg and max row, then the method as the program reported it; then
 * an empty line.  Nothing when t has no complete table.
 */
void text_latency(FILE *f, const struct test_result *t);

/*
 * "95% interval: 776.2 to 786.9", right-aligned under the score column;
 * nothing when the interval is unknown.
 */
void text_interval(FILE *f, const struct index_result *ir);

/*
 * With -v, for each test of tests[0..n-1] that produced a score: its
 * lowest and highest pass rate and their coefficient of variation; then
 * the medians of its derived counters, a column each ("-" where absent),
 * and the machine-wide shares, then what r->counters_missing says.  Each
 * table ends with an empty line; nothing for a table without a row.
 */
void text_spread(FILE *f, const struct test_result *const *tests, int n);
void text_counters(FILE *f, const struct report *r,
    const struct test_result *const *tests, int n);

/*
 * The --runs summary (r->runs_rows): for each copies value, test and
 * index, each run's score, their geometric mean and the spread between
 * runs.  Nothing when r has one run.
 */
void text_runs(FILE *f, const struct report *r);

#endif
