/* stats.c - the scoring of passes, tests and indexes (stats.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "score/interval.h"
#include "score/noise.h"
#include "score/stats.h"

int
stats_short_passes(int long_passes)
{
	int n = (long_passes + 1) / 3;

	return n < 1 ? 1 : n;
}

int
stats_dropped(int npasses)
{
	return npasses / 3;
}

double
stats_geomean(const double *v, int n)
{
	double sum = 0;
	int i;

	if (n <= 0)
		return 0;
	for (i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return 0;
		sum += log(v[i]);
	}
	return exp(sum / n);
}

void
stats_combine_pass(struct pass_result *p, unsigned flags, const char **why)
{
	double count = 0, time_sum = 0, timebase;
	int i;

	*why = "";
	p->count = p->time_s = p->rate = 0;
	if (p->ncopies < 1) {
		p->outcome = OUTCOME_NO_RESULT;
		*why = "no copies";
		return;
	}
	timebase = p->copies[0].timebase;
	for (i = 0; i < p->ncopies; i++) {
		const struct copy_result *c = &p->copies[i];

		if (c->timebase != timebase ||
		    strcmp(c->unit, p->copies[0].unit) != 0) {
			p->outcome = OUTCOME_FAILED;
			*why = "copies reported different units or timebases";
			return;
		}
		count += c->count;
		time_sum += c->time_s;
	}
	p->count = count;
	if (flags & TEST_LOWER_BETTER)
		p->count = count / p->ncopies;
	p->time_s = time_sum / p->ncopies;
	if (timebase > 0) {
		if (!(p->time_s > 0)) {
			p->outcome = OUTCOME_FAILED;
			*why = "measured time is zero";
			return;
		}
		p->rate = p->count / (p->time_s / timebase);
	} else {
		p->rate = p->count;
	}
}

/* 1 when pass a is worse than b: lower count (higher: lower is better). */
static int
worse(const struct pass_result *a, const struct pass_result *b, int lower)
{
	return lower ? a->count > b->count : a->count < b->count;
}

/* Sorts pass indexes worst first, ties in pass order (insertion sort). */
static void
order_by_count(const struct pass_result *p, int n, int lower, int *order)
{
	int i, j, k;

	for (i = 0; i < n; i++) {
		k = i;
		for (j = i; j > 0 && worse(&p[k], &p[order[j - 1]], lower); j--)
			order[j] = order[j - 1];
		order[j] = k;
	}
}

void
stats_spread(const double *v, int n, struct spread *s)
{
	double *sorted, mean, var;
	int i;

	memset(s, 0, sizeof(*s));
	if (n < 1)
		return;
	s->min = s->max = v[0];
	for (i = 0; i < n; i++) {
		if (v[i] < s->min)
			s->min = v[i];
		if (v[i] > s->max)
			s->max = v[i];
	}
	var = interval_ss(v, n, &mean);
	if (n > 1 && mean != 0)
		s->cv = sqrt(var / (n - 1)) / fabs(mean);
	s->wide = s->cv > NOISE_CV;
	sorted = malloc(sizeof(*sorted) * (size_t)n);
	if (sorted == NULL) {
		/* Without memory the median falls back to the mean. */
		s->median = mean;
		return;
	}
	memcpy(sorted, v, sizeof(*sorted) * (size_t)n);
	s->median = sorted_median(sorted, n);
	free(sorted);
}

int
stats_score_test(struct test_result *t)
{
	int n = t->npasses, drop = stats_dropped(n), i, k, *order, rc = 0;
	double *rates, *kept, time_sum = 0;

	t->score = t->time_s = 0;
	t->samples = 0;
	memset(&t->spread, 0, sizeof(t->spread));
	if (n < 1)
		return 1;
	order = malloc(sizeof(*order) * (size_t)n);
	rates = malloc(sizeof(*rates) * (size_t)n);
	kept = malloc(sizeof(*kept) * (size_t)n);
	if (order == NULL || rates == NULL || kept == NULL) {
		rc = -1;
		goto out;
	}
	order_by_count(t->passes, n,
	    t->test != NULL && (t->test->flags & TEST_LOWER_BETTER), order);
	for (i = 0; i < n; i++) {
		k = order[i];
		t->passes[k].kept = i >= drop;
		rates[k] = t->passes[k].rate;
		if (!t->passes[k].kept)
			continue;
		if (!(t->passes[k].rate > 0)) {
			rc = 1;
			goto out;
		}
		kept[t->samples++] = t->passes[k].rate;
		time_sum += t->passes[k].time_s;
	}
	t->score = stats_geomean(kept, t->samples);
	t->time_s = time_sum / t->samples;
	stats_spread(rates, n, &t->spread);
out:
	free(order);
	free(rates);
	free(kept);
	return rc;
}

int
stats_index(struct index_result *ir, const struct index_def *def,
    const struct test_result *tests, int ntests)
{
	double ratio, *ratios;
	size_t r;
	int i;

	memset(ir, 0, sizeof(*ir));
	ir->def = def;
	ir->entries =
	    calloc(def->nrows > 0 ? def->nrows : 1, sizeof(*ir->entries));
	ratios = malloc(sizeof(*ratios) * (def->nrows > 0 ? def->nrows : 1));
	if (ir->entries == NULL || ratios == NULL) {
		free(ratios);
		return -1;
	}
	for (r = 0; r < def->nrows; r++) {
		const struct test_result *t = NULL;
		struct index_entry *e;

		for (i = 0; i < ntests; i++)
			if (tests[i].test == def->rows[r].test)
				t = &tests[i];
		if (t == NULL)
			continue;
		e = &ir->entries[ir->nentries++];
		e->row = &def->rows[r];
		e->result = t;
		if (t->outcome != OUTCOME_OK || !(t->score > 0) ||
		    !(def->rows[r].baseline > 0))
			continue;
		ratio = t->score / def->rows[r].baseline;
		e->ok = 1;
		e->index = def->agg == INDEX_GEOMEAN_X10 ? ratio * 10 : ratio;
		ratios[ir->nok++] = ratio;
		ir->sum += ratio;
	}
	ir->partial = (size_t)ir->nok != def->nrows;
	if (ir->nok > 0) {
		if (def->agg == INDEX_GEOMEAN_X10)
			ir->score = 10 * stats_geomean(ratios, ir->nok);
		else
			ir->score = ir->sum / ir->nok;
	}
	free(ratios);
	if (def->agg == INDEX_GEOMEAN_X10)
		ir->sum = 0;
	interval_index(ir);
	return 0;
}

int
stats_index_covered(const struct index_def *def,
    const struct test_def *const *tests, int ntests)
{
	size_t r;
	int i, found;

	for (r = 0; r < def->nrows; r++) {
		for (found = 0, i = 0; i < ntests && !found; i++)
			found = tests[i] == def->rows[r].test;
		if (!found)
			return 0;
	}
	return 1;
}
