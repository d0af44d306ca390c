/* explain.c - the why-rule of compare (explain.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score/explain.h"

int
explain_passes(
    const double *v, int n, int k, double *median, double *lo, double *hi)
{
	double *x;
	int i, m = 0;

	if (n <= 0 || (x = malloc(sizeof(*x) * (size_t)n)) == NULL)
		return 0;
	for (i = 0; i < n; i++)
		if (isfinite(v[i * NDERIVED + k]))
			x[m++] = v[i * NDERIVED + k];
	if (m > 0) {
		*median = sorted_median(x, m);
		*lo = x[0];
		*hi = x[m - 1];
	}
	free(x);
	return m > 0;
}

/* Whether the two medians read the same as the why-line prints them. */
static int
same_text(const struct explain_item *it)
{
	char from[32], to[32];

	counters_format(it->k, it->from, from, sizeof(from));
	counters_format(it->k, it->to, to, sizeof(to));
	return strcmp(from, to) == 0;
}

int
explain_rank(const double *a, int na, const double *b, int nb,
    struct explain_item *out, int max)
{
	struct explain_item it;
	double ma, la, ha, mb, lb, hb, f, na_log, nb_log;
	int k, i, n = 0, any_a = 0, any_b = 0, has_a, has_b;

	for (k = 0; k < NDERIVED; k++) {
		has_a = explain_passes(a, na, k, &ma, &la, &ha);
		has_b = explain_passes(b, nb, k, &mb, &lb, &hb);
		any_a |= has_a;
		any_b |= has_b;
		if (!has_a || !has_b)
			continue;
		f = derived_defs[k].floor;
		/* Shares and per-loop counts are never negative. */
		if (ma + f <= 0 || mb + f <= 0 || la + f <= 0 || lb + f <= 0)
			continue;
		it.k = (enum derived_id)k;
		it.from = ma;
		it.to = mb;
		it.log_ratio = log((mb + f) / (ma + f));
		na_log = log((ha + f) / (la + f));
		nb_log = log((hb + f) / (lb + f));
		it.noise = na_log > nb_log ? na_log : nb_log;
		if (!(fabs(it.log_ratio) > it.noise) ||
		    fabs(it.log_ratio) < EXPLAIN_MIN_LOG || same_text(&it))
			continue;
		/* Insertion in order of |L| - N, keeping the max largest. */
		for (i = n;
		     i > 0 && fabs(out[i - 1].log_ratio) - out[i - 1].noise <
		                  fabs(it.log_ratio) - it.noise;
		     i--)
			if (i < max)
				out[i] = out[i - 1];
		if (i < max) {
			out[i] = it;
			if (n < max)
				n++;
		}
	}
	return any_a && any_b ? n : -1;
}

void
explain_item_text(const struct explain_item *it, char *buf, size_t len)
{
	char from[32], to[32];

	counters_format(it->k, it->from, from, sizeof(from));
	counters_format(it->k, it->to, to, sizeof(to));
	snprintf(buf, len, "%s %s -> %s", derived_defs[it->k].label, from, to);
}

void
explain_text(const struct explain_item *items, int n, char *buf, size_t len)
{
	char item[96];
	size_t used = 0;
	int i, w;

	buf[0] = '\0';
	if (n == 0) {
		snprintf(buf, len, "no counter moved beyond its own noise");
		return;
	}
	for (i = 0; i < n && used < len; i++) {
		explain_item_text(&items[i], item, sizeof(item));
		w = snprintf(
		    buf + used, len - used, "%s%s", i ? ", " : "", item);
		if (w < 0)
			break;
		used += (size_t)w;
	}
}
