/*
 * text_runs.h - the summary of a --runs report (text_runs.c): for each
 * copies value, test and index, each run's score, their geometric mean
 * and the spread between runs (r->runs_rows).  Format only.
 */
#ifndef TEXT_RUNS_H
#define TEXT_RUNS_H

#include <stdio.h>

#include "model/report.h"

/* The summary of r's runs; none when r has one. */
void text_runs(FILE *f, const struct report *r);

#endif
