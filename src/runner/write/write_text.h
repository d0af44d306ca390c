/* write_text.h - the text report's tables (text_tables.c). */
#ifndef WRITE_TEXT_H
#define WRITE_TEXT_H

#include <stdio.h>

#include "model/report.h"

/*
 * An INDEX_SUM_AVERAGE index as the 1991 BYTE Release 3 report lays it
 * out: a row per index row, the sum of those counted and their average.
 */
void text_index_sum_average(FILE *f, const struct index_result *ir);

/*
 * t's latency table as the 1998 linux-kernel posts lay it out (min, avg,
 * max), then its method; nothing when the table is incomplete.
 */
void text_latency(FILE *f, const struct test_result *t);

/*
 * With -v, a row per test of tests[0..n-1] with a score: its pass rates'
 * spread; its counters' medians, the machine's shares and what
 * r->counters_missing says.  Nothing for a table without a row.
 */
void text_spread(FILE *f, const struct test_result *const *tests, int n);
void text_counters(FILE *f, const struct report *r,
    const struct test_result *const *tests, int n);

/* The --runs summary (r->runs_rows); nothing for one run. */
void text_runs(FILE *f, const struct report *r);

#endif
