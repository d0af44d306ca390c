/* html.h - the HTML report's charts (html_chart.c). */
#ifndef HTML_H
#define HTML_H

#include <stdio.h>

#include "model/report.h"

/* The bar chart of x0's index (x0 from the first block), a bar per
 * copies value; -1 out of memory. */
int html_chart(FILE *f, const struct report *r, const struct index_result *x0);

/* With --runs, every pass against its test's median, then the summary. */
void html_runs(FILE *f, const struct report *r);

#endif
