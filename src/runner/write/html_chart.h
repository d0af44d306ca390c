/*
 * html_chart.h - the inline SVG bar chart of one index for write_html.c:
 * the index score of each copies value with its 95% interval as whiskers,
 * then a group of bars per test.  Sized by its viewBox only, so the page's
 * style scales it to the screen; its colours come from the page's style
 * (classes and currentColor), so dark modes reach it.
 */
#ifndef HTML_CHART_H
#define HTML_CHART_H

#include <stdio.h>

#include "model/report.h"

/*
 * An <h2> and the chart of x0's index (x0 from the first block) to f, its
 * tests in the text report's order; -1 out of memory.
 */
int html_chart(FILE *f, const struct report *r, const struct index_result *x0);

#endif
