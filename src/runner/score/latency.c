/* latency.c - ctxlat's latency table over copies and passes (latency.h). */
#include <float.h>
#include <stdio.h>
#include <string.h>

#include "score/latency.h"
#include "parse.h"

static const char *const configs[4] = {"proc", "thread", "proc.k", "thread.k"};
static const char *const stats[3] = {"min", "avg", "max"};

/* The value of INFO key in c, or NULL. */
static const char *
info_of(const struct copy_result *c, const char *key)
{
	int i;

	for (i = 0; i < c->ninfo; i++)
		if (strcmp(c->info[i].key, key) == 0)
			return c->info[i].value;
	return NULL;
}

/* One copy's table into us[][]; 0, or -1 when a figure is missing. */
static int
copy_table(
    const struct copy_result *c, long *extras, long *reps, double us[4][3])
{
	const char *v;
	char key[32];
	int i, k;

	if ((v = info_of(c, "extras")) == NULL ||
	    parse_long(v, 1, 1L << 20, extras) == -1 ||
	    (v = info_of(c, "reps")) == NULL ||
	    parse_long(v, 1, 1L << 30, reps) == -1)
		return -1;
	for (i = 0; i < 4; i++)
		for (k = 0; k < 3; k++) {
			snprintf(
			    key, sizeof(key), "%s.%s", configs[i], stats[k]);
			if ((v = info_of(c, key)) == NULL ||
			    parse_double(v, -DBL_MAX, DBL_MAX, &us[i][k]) == -1)
				return -1;
		}
	return 0;
}

static const char *
text_of(const struct copy_result *c, const char *key)
{
	const char *v = info_of(c, key);

	return v != NULL ? v : "";
}

int
latency_combine(struct test_result *t)
{
	struct latency *l = &t->latency;
	double us[4][3];
	long extras, reps;
	int p, c, i, k;

	memset(l, 0, sizeof(*l));
	for (p = 0; p < t->npasses; p++) {
		const struct pass_result *pass = &t->passes[p];

		if (!pass->kept || pass->outcome != OUTCOME_OK)
			continue;
		for (c = 0; c < pass->ncopies; c++) {
			if (copy_table(&pass->copies[c], &extras, &reps, us) ==
			        -1 ||
			    (l->samples > 0 &&
			        (extras != l->extras || reps != l->reps))) {
				memset(l, 0, sizeof(*l));
				return -1;
			}
			if (l->samples++ == 0) {
				l->extras = extras;
				l->reps = reps;
				l->placement =
				    text_of(&pass->copies[c], "placement");
				l->priority =
				    text_of(&pass->copies[c], "priority");
				l->method = text_of(&pass->copies[c], "method");
				memcpy(l->us, us, sizeof(us));
				continue;
			}
			for (i = 0; i < 4; i++) {
				if (us[i][0] < l->us[i][0])
					l->us[i][0] = us[i][0];
				l->us[i][1] += us[i][1];
				if (us[i][2] > l->us[i][2])
					l->us[i][2] = us[i][2];
			}
		}
	}
	if (l->samples == 0)
		return -1;
	for (i = 0; i < 4; i++)
		l->us[i][1] /= l->samples;
	for (i = 0; i < 2; i++)
		for (k = 0; k < 3; k++)
			l->per_proc[i][k] =
			    (l->us[i + 2][k] - l->us[i][k]) / (double)l->extras;
	l->ok = 1;
	return 0;
}
