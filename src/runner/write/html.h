/*
 * html.h - the parts of the HTML report outside write_html.c: its charts
 * (html_chart.c) and its style sheet (html_style.c).  Format only.
 */
#ifndef HTML_H
#define HTML_H

#include <stdio.h>

#include "model/report.h"

/*
 * An <h2> and the bar chart of x0's index (x0 from the first block): the
 * index score of each copies value with its 95% interval as whiskers,
 * then a group of bars per test in the text report's order.  -1 out of
 * memory.
 */
int html_chart(FILE *f, const struct report *r, const struct index_result *x0);

/*
 * With --runs: every pass of every run in the order they ran, each test's
 * rate against the median of all its passes (the machine's drift shows as
 * a slope or a step), then each run's score, their geometric mean and the
 * spread between runs.  Nothing when r has one run.
 */
void html_runs(FILE *f, const struct report *r);

extern const char html_style[];

#endif
