/*
 * listing.h - the catalog as bytebench -l prints it.
 */
#ifndef LISTING_H
#define LISTING_H

#include <stdio.h>

/* -l: the tests, the groups, and each index with its baselines. */
void listing_print(FILE *f);

/*
 * -l --smoke: every smoke run of every test (the row's smoke list), one
 * a line, "name unit program arguments...", in catalog order (unit: the
 * row's, which the program must print); tests/t-prog-smoke.sh runs
 * them.  "@TMP", "@DATA" and "@BIN" are printed as they stand.
 */
void listing_print_smoke(FILE *f);

#endif
