/*
 * text_counters.h - with -v, the text report's table of each test's
 * derived resource counters (text_counters.c).  Format only.
 */
#ifndef TEXT_COUNTERS_H
#define TEXT_COUNTERS_H

#include <stdio.h>

#include "model/report.h"

/*
 * Per test of tests[0..n-1] that produced a score and has derived values:
 * the medians over its kept passes (counters.h), a column each, "-"
 * where absent; a second table of the machine-wide shares; then what
 * r->counters_missing says, and an empty line.  Nothing when no test has
 * counters.
 */
void text_counters(FILE *f, const struct report *r,
    const struct test_result *const *tests, int n);

#endif
