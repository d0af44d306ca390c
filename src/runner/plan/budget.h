/*
 * budget.h - the plan of a --precision run (doc/precision.md): its
 * settings from the options, and whether the budget fits its first
 * rounds.  Pure but for the catalog: no I/O.
 */
#ifndef BUDGET_H
#define BUDGET_H

#include <stddef.h>

#include "model/report.h"

/*
 * Sets s for --precision pct with a budget (0: the default): quick
 * passes, PRECISION_FIRST_ROUNDS of them first.  Needs s's tests and
 * copies.  Returns 0, or -1 with one line in err when the first rounds'
 * estimate does not fit in the budget.
 */
int budget_plan(
    struct settings *s, double pct, double budget, char *err, size_t errlen);

#endif
