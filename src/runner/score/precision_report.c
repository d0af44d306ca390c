/* precision_report.c - what a report says of --precision (precision.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score/interval.h"
#include "score/precision.h"

/* The half width of a computed index's interval in percent; -1 unknown. */
static double
index_pct(const struct index_result *ir)
{
	if (!(ir->score > 0) || !(ir->ci_high > 0))
		return -1;
	return 100 * (ir->ci_high / ir->score - 1);
}

/*
 * The test with the largest share of ir's variance, or NULL; NULL with
 * *shared set when the part the tests share is larger than any test's.
 */
static const struct test_result *
noisiest(const struct index_result *ir, int *shared)
{
	const struct test_result *most = NULL;
	double v, dof, r, u, best = 0, sum_r = 0;
	int i, m = 0;

	for (i = 0; i < ir->nentries; i++) {
		const struct index_entry *e = &ir->entries[i];

		if (!e->ok || interval_test_var(e->result, &v, &dof) == -1)
			continue;
		r = ir->def->agg == INDEX_SUM_AVERAGE
		        ? e->result->score / e->row->baseline
		        : 1;
		sum_r += r;
		m++;
		u = r * r * v;
		if (u > best) {
			best = u;
			most = e->result;
		}
	}
	/* u above is w_i^2 v_i times (sum r)^2, or m^2 for the geomean. */
	*shared = m > 0 && ir->shared_var * (ir->def->agg == INDEX_SUM_AVERAGE
	                                            ? sum_r * sum_r
	                                            : (double)m * m) >
	                       best;
	return *shared ? NULL : most;
}

/*
 * The mean steal share (of all the machine's CPU time) of the passes of
 * round k (0-based) of ir's tests; -1 when one of them lacks it.
 */
static double
round_steal(const struct index_result *ir, int k)
{
	const struct pass_result *p;
	double sum = 0;
	int i, n = 0;

	for (i = 0; i < ir->nentries; i++) {
		if (!ir->entries[i].ok)
			continue;
		if (ir->entries[i].result->npasses <= k)
			return -1;
		p = &ir->entries[i].result->passes[k];
		if (!(p->derived.have & (1U << DRV_STEAL_SHARE)))
			return -1;
		sum += p->derived.v[DRV_STEAL_SHARE];
		n++;
	}
	return n > 0 ? sum / n : -1;
}

/*
 * The least and the greatest steal of the first rounds of def's index at
 * every copies value of r; -1 when a round lacks it.
 */
static int
steal_range(
    const struct report *r, const struct index_def *def, double *lo, double *hi)
{
	const struct index_result *ir;
	double share;
	int b, j, k, rounds = 0;

	const struct run *run = report_last(r);

	*lo = 1;
	*hi = 0;
	for (b = 0; b < run->nblocks; b++)
		for (j = 0; j < run->blocks[b].nindexes; j++) {
			ir = &run->blocks[b].indexes[j];
			if (ir->def != def)
				continue;
			for (k = 0; k < PRECISION_FIRST_ROUNDS; k++) {
				if ((share = round_steal(ir, k)) < 0)
					return -1;
				*lo = share < *lo ? share : *lo;
				*hi = share > *hi ? share : *hi;
				rounds++;
			}
		}
	return rounds > 0 ? 0 : -1;
}

/*
 * The widest half width in percent of r's index intervals, -1 when one
 * is unknown (that one is the widest), 0 when r has no index; *wide and
 * *copies say which (NULL and 0 when none).
 */
static double
precision_widest(
    const struct report *r, const struct index_result **wide, int *copies)
{
	const struct run *run = report_last(r);
	const struct index_result *ir;
	double pct, widest = 0;
	int b, j;

	*wide = NULL;
	*copies = 0;
	/* An index of unknown interval (-1) is the widest. */
	for (b = 0; b < run->nblocks; b++)
		for (j = 0; j < run->blocks[b].nindexes; j++) {
			ir = &run->blocks[b].indexes[j];
			pct = index_pct(ir);
			if (*wide == NULL ||
			    (widest >= 0 && (pct < 0 || pct > widest))) {
				*wide = ir;
				widest = pct;
				*copies = run->blocks[b].copies;
			}
		}
	return widest;
}

void
precision_summary(struct report *r)
{
	const struct index_result *wide;
	const struct test_result *t;
	const char *end = r->precision_end ? r->precision_end : "";
	char *buf = r->precision_text;
	size_t n, len = sizeof(r->precision_text);
	double widest, lo, hi;
	int copies, shared;

	widest = precision_widest(r, &wide, &copies);
	r->precision_widest_pct = wide != NULL && widest >= 0 ? widest : -1;
	n = (size_t)snprintf(buf, len,
	    "+/-%g%% asked of each index, budget %g s: ",
	    r->settings.precision_pct, r->settings.budget_s);
	if (n >= len)
		return;
	if (strcmp(end, "reached") == 0) {
		snprintf(buf + n, len - n, "reached (widest +/-%.1f%%)",
		    widest > 0 ? widest : 0);
		return;
	}
	n += (size_t)snprintf(buf + n, len - n, "not reached, %s",
	    strcmp(end, "budget") == 0 ? "the budget was spent"
	    : strcmp(end, "interrupted") == 0
	        ? "interrupted"
	        : "no test that could help may run again");
	if (wide == NULL || n >= len)
		return;
	if (widest < 0) {
		snprintf(buf + n, len - n, "; %d x %s Index: interval unknown",
		    copies, wide->def->label);
		return;
	}
	n += (size_t)snprintf(buf + n, len - n,
	    "; widest %d x %s Index +/-%.1f%%", copies, wide->def->label,
	    widest);
	t = noisiest(wide, &shared);
	if (shared && n < len) {
		n += (size_t)snprintf(buf + n, len - n,
		    ", most from changes shared by the tests (SD %.1f%% a "
		    "round",
		    100 * wide->shared_sd);
		/* What moved them on a VM: doc/precision.md. */
		if (n < len && steal_range(r, wide->def, &lo, &hi) == 0 &&
		    hi > 0)
			n += (size_t)snprintf(buf + n, len - n,
			    "; the hypervisor's steal %.1f to %.1f%% a round",
			    100 * lo, 100 * hi);
		if (n < len)
			snprintf(buf + n, len - n, ")");
	} else if (t != NULL && n < len)
		snprintf(buf + n, len - n, ", most from %s (CV %.1f%%)",
		    t->test->name, 100 * t->spread.cv);
}

void
precision_warn(struct report *r)
{
	static const char placement[] = "; --placement same-cpu or "
	                                "cross-cpu measures one of them",
	                  idle[] = "; other work during some passes is the "
	                           "usual cause: let the machine idle and run "
	                           "it again";
	const struct run *run = report_last(r);
	struct precision_bimodal bm;
	const struct test_result *t;
	double *rates;
	int b, i, k, hint;

	for (b = 0; b < run->nblocks; b++) {
		for (i = 0; i < run->blocks[b].ntests; i++) {
			t = &run->blocks[b].tests[i];
			if (t->outcome != OUTCOME_OK || t->npasses < 5)
				continue;
			rates = malloc(sizeof(*rates) * (size_t)t->npasses);
			if (rates == NULL)
				return; /* lost, as in report_warn */
			for (k = 0; k < t->npasses; k++)
				rates[k] = t->passes[k].rate;
			hint = (t->test->flags & TEST_PLACEMENT) &&
			       !r->settings.placement_given;
			if (precision_bimodal(rates, t->npasses, &bm))
				report_warn(r,
				    "%d x %s: passes in two clusters, at %.1f "
				    "(%d passes) and %.1f (%d passes): the "
				    "score mixes them%s",
				    run->blocks[b].copies, t->test->title,
				    bm.low, bm.nlow, bm.high, bm.nhigh,
				    hint ? placement : idle);
			free(rates);
		}
	}
}
