/*
 * dryrun.h - `--dry-run`: what a run would do, nothing run: every test
 * at every copies value with its passes and seconds per pass, in run
 * order, and the estimated time of the whole (progress.h's estimate).
 */
#ifndef DRYRUN_H
#define DRYRUN_H

#include <stdio.h>

#include "model/report.h"

/*
 * Prints the plan of r's settings on f, then where the scratch files
 * (tmpdir) and the results (resultdir) would go.  Returns 0, or -1 when
 * out of memory or a write failed.
 */
int dry_run_print(
    FILE *f, const struct report *r, const char *tmpdir, const char *resultdir);

#endif
