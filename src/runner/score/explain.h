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
 * of two results, NDERIVED per pass, NAN where a pass lacks one.  For
 * each value both sides have (in some pass), with f its floor
 * (derived_defs), medians m_a and m_b over the passes that have it:
 *   L = ln((m_b + f) / (m_a + f)),
 *   N = max over the two sides of ln((max + f) / (min + f)),
 * it moved when |L| > N, |L| >= EXPLAIN_MIN_LOG and the medians as
 * explain_text prints them differ.  Writes the moved
 * ones into out[0..max-1], largest |L| - N first, and returns how many;
 * -1 when either side has no derived value at all (no counters: no
 * why-line).
 */
int explain_rank(const double *a, int na, const double *b, int nb,
    struct explain_item *out, int max);

/* One item as the why-line says it: "CPU busy 97% -> 21%". */
void explain_item_text(const struct explain_item *it, char *buf, size_t len);

/*
 * The why-line text of items[0..n-1]: "CPU busy 97% -> 21%,
 * migrations/loop 0.00 -> 0.93", or for n == 0 "no counter moved
 * beyond its own noise".
 */
void explain_text(
    const struct explain_item *items, int n, char *buf, size_t len);

#endif
