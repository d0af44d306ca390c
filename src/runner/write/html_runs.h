/*
 * html_runs.h - the runs of a --runs report in its HTML (html_runs.c):
 * every pass of every run against its test's median, and each run's
 * score, their mean and spread.  Format only.
 */
#ifndef HTML_RUNS_H
#define HTML_RUNS_H

#include <stdio.h>

#include "model/report.h"

/* The section of r's runs; nothing when r has one run. */
void html_runs(FILE *f, const struct report *r);

#endif
