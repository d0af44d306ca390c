/*
 * text_runs.h - the summary of a --runs report (text_runs.c): for each
 * copies value, test and index, each run's score, their geometric mean
 * and the spread between runs.  Format only.
 */
#ifndef TEXT_RUNS_H
#define TEXT_RUNS_H

#include <stdio.h>

#include "model/report.h"

/* The summary of r's runs (r->reps, then r->blocks); none when r has one. */
void text_runs(FILE *f, const struct report *r);

/*
 * The score of the test of def in blocks[0..n-1] at copies (NAN when it
 * has none), or with index set that of the index of def.
 */
double runs_score(
    const struct block *blocks, int n, int copies, const void *def, int index);

#endif
