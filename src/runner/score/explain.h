/*
 * explain.h - the why-rule of compare: which derived counters (counters.h)
 * moved most between two results, beyond their own run-to-run noise.
 * Pure functions of the per-pass values; doc/why.md states the rule.
 */
#ifndef EXPLAIN_H
#define EXPLAIN_H

#include <stddef.h>

#include "model/counters.h"

/* The most counters one why-line names. */
#define EXPLAIN_MAX 3
/* The least move named: |ln ratio| >= ln 1.2. */
#define EXPLAIN_MIN_LOG 0.1823215567939546

/* One counter that moved. */
struct explain_item {
	enum derived_id k;
	double from, to; /* medians of the two sides' passes */
	double log_ratio; /* ln((to + floor) / (from + floor)) */
	double noise; /* the larger side's ln((max + f) / (min + f)) */
};

/*
 * a[0..na*NDERIVED-1] and b[...]: the derived values of the kept passes
 * of two results, NDERIVED per pass, NAN where a pass lacks one.  Writes
 * the values that moved (|L| > N, |L| >= EXPLAIN_MIN_LOG, and the medians
 * print differently) into out[0..max-1], largest |L| - N first, and
 * returns how many; -1 when a side has no derived value at all.
 */
int explain_rank(const double *a, int na, const double *b, int nb,
    struct explain_item *out, int max);

/* The median, least and greatest of counter k over the passes of
 * v[0..n*NDERIVED-1] that have it; 0 (all three untouched) when none does. */
int explain_passes(
    const double *v, int n, int k, double *median, double *lo, double *hi);

/* One item as the why-line says it: "CPU busy 97% -> 21%". */
void explain_item_text(const struct explain_item *it, char *buf, size_t len);

/* The why-line of items[0..n-1], ", " between them; n 0: "no counter
 * moved beyond its own noise". */
void explain_text(
    const struct explain_item *items, int n, char *buf, size_t len);

#endif
