/*
 * write_text.h - the parts of the text report that live in files of their
 * own, called by write_text.c: an index table of the BYTE Release 3 kind
 * (text_byte3.c) and the latency table (text_latency.c).  Format only.
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

#endif
