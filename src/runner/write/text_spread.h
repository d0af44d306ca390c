/*
 * text_spread.h - the text report's lines about noise (text_spread.c): the
 * 95% interval under an index score and, with -v, the spread of each
 * test's passes.  Format only.
 */
#ifndef TEXT_SPREAD_H
#define TEXT_SPREAD_H

#include <stdio.h>

#include "model/report.h"

/*
 * "95% interval: 776.2 to 786.9", right-aligned under the score column,
 * one line; nothing when the interval is unknown.
 */
void text_interval(FILE *f, const struct index_result *ir);

/*
 * A table of the pass rates' spread: per test of tests[0..n-1] that
 * produced a score, its lowest and highest pass rate and their
 * coefficient of variation in percent; then an empty line.
 */
void text_spread(FILE *f, const struct test_result *const *tests, int n);

#endif
