/*
 * test_latency.c - lower-is-better scoring (the highest times dropped,
 * copies averaged) and the latency table combined from ctxlat's INFO lines
 * over kept passes, with its text block, against hand-computed numbers.
 */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "score/latency.h"
#include "score/stats.h"
#include "write/write_text.h"

static const struct test_def lat_def = {.name = "lat",
    .title = "Latency",
    .program = "lat",
    .args = {"@T"},
    .seconds = 10,
    .passes = PASSES_LONG,
    .unit = "us",
    .flags = TEST_LOWER_BETTER | TEST_LATENCY};

static void
test_lower_better(void)
{
	struct test_result t = {0};
	struct pass_result p[3] = {0};
	struct copy_result c[2] = {0};
	struct pass_result q = {0};
	const double us[3] = {8, 20, 10};
	const char *why;
	int i;

	for (i = 0; i < 3; i++) {
		p[i].count = p[i].rate = us[i];
		p[i].time_s = 1;
	}
	t.test = &lat_def;
	t.passes = p;
	t.npasses = 3;
	CHECK("lower better: scored", stats_score_test(&t) == 0);
	CHECK("lower better: the highest time dropped",
	    p[1].kept == 0 && p[0].kept == 1 && p[2].kept == 1);
	CHECK_NEAR("lower better: score sqrt(8*10)", t.score, sqrt(80), 1e-9);

	/* Two copies at 6 and 10 us: the pass is 8 us, not 16. */
	c[0].count = 6, c[0].time_s = 1, c[0].timebase = 0;
	c[1].count = 10, c[1].time_s = 1, c[1].timebase = 0;
	strcpy(c[0].unit, "us");
	strcpy(c[1].unit, "us");
	q.copies = c;
	q.ncopies = 2;
	stats_combine_pass(&q, TEST_LOWER_BETTER, &why);
	CHECK_NEAR("lower better: copies averaged", q.rate, 8, 1e-12);
	stats_combine_pass(&q, 0, &why);
	CHECK_NEAR("higher better: copies summed", q.rate, 16, 1e-12);
}

/* The INFO lines of one ctxlat copy: configuration i has min base + i,
 * avg base + i + 1, max base + i + 2 (i = 0..3). */
static void
make_copy(struct copy_result *c, double base, const char *extras)
{
	static const char *const cfg[4] = {
	    "proc", "thread", "proc.k", "thread.k"};
	static const char *const st[3] = {"min", "avg", "max"};
	char key[32], value[32];
	int i, k, n = 0;

	memset(c, 0, sizeof(*c));
	c->outcome = OUTCOME_OK;
	c->info = calloc(17, sizeof(*c->info));
	for (i = 0; i < 4; i++)
		for (k = 0; k < 3; k++) {
			snprintf(key, sizeof(key), "%s.%s", cfg[i], st[k]);
			snprintf(value, sizeof(value), "%.3f", base + i + k);
			c->info[n].key = strdup(key);
			c->info[n++].value = strdup(value);
		}
	c->info[n].key = strdup("extras");
	c->info[n++].value = strdup(extras);
	c->info[n].key = strdup("reps");
	c->info[n++].value = strdup("10");
	c->info[n].key = strdup("placement");
	c->info[n++].value = strdup("same-cpu cpu 0");
	c->info[n].key = strdup("priority");
	c->info[n++].value = strdup("SCHED_FIFO 1 (pair), nice 0 (extras)");
	c->info[n].key = strdup("method");
	c->info[n++].value = strdup("token over two pipes");
	c->ninfo = n;
}

static void
free_copy(struct copy_result *c)
{
	int i;

	for (i = 0; i < c->ninfo; i++) {
		free(c->info[i].key);
		free(c->info[i].value);
	}
	free(c->info);
}

static void
test_combine_table(void)
{
	struct copy_result c[3];
	struct pass_result p[3] = {0};
	struct test_result t = {0};
	struct latency *l = &t.latency;
	char *out = NULL;
	size_t len = 0;
	FILE *f;
	int i;

	/* Passes at bases 2, 4 (dropped) and 6. */
	for (i = 0; i < 3; i++) {
		make_copy(&c[i], 2 + 2 * i, "4");
		p[i].outcome = OUTCOME_OK;
		p[i].copies = &c[i];
		p[i].ncopies = 1;
		p[i].kept = i != 1;
	}
	t.test = &lat_def;
	t.outcome = OUTCOME_OK;
	t.passes = p;
	t.npasses = 3;
	CHECK("latency: combined", latency_combine(&t) == 0 && l->ok);
	CHECK("latency: two kept copies, K 4, 10 reps",
	    l->samples == 2 && l->extras == 4 && l->reps == 10);
	/* proc: min of 2, 6 = 2; avg of 3, 7 = 5; max of 4, 8 = 8. */
	CHECK_NEAR("latency: proc min of minima", l->us[0][0], 2, 1e-9);
	CHECK_NEAR("latency: proc mean of averages", l->us[0][1], 5, 1e-9);
	CHECK_NEAR("latency: proc max of maxima", l->us[0][2], 8, 1e-9);
	CHECK_NEAR("latency: thread.k avg", l->us[3][1], 8, 1e-9);
	/* per proc: (proc.k - proc) / 4 = 2 / 4 for each of min, avg, max. */
	CHECK_NEAR("latency: per proc slope", l->per_proc[0][1], 0.5, 1e-9);
	CHECK_STR(
	    "latency: placement borrowed", l->placement, "same-cpu cpu 0");

	f = open_memstream(&out, &len);
	if (f != NULL) {
		text_latency(f, &t);
		fclose(f);
	}
	CHECK("latency: text header",
	    out != NULL &&
	        strstr(out,
	            "                   w/4 procs   per proc\n"
	            "     proc thread  proc thread  proc thread\n") != NULL);
	CHECK("latency: text avg row",
	    out != NULL &&
	        strstr(out, "avg  5.0   6.0    7.0   8.0    0.50  0.50\n") !=
	            NULL);
	CHECK("latency: method under it",
	    out != NULL &&
	        strstr(out, "Method: token over two pipes\n") != NULL &&
	        strstr(out, "Priority: SCHED_FIFO 1 (pair)") != NULL);
	free(out);

	/* Copies that disagree on K are not combined; no table printed. */
	free_copy(&c[2]);
	make_copy(&c[2], 6, "8");
	CHECK("latency: different K refused",
	    latency_combine(&t) == -1 && !l->ok);
	out = NULL;
	f = open_memstream(&out, &len);
	if (f != NULL) {
		text_latency(f, &t);
		fclose(f);
	}
	CHECK("latency: no table without one", out != NULL && out[0] == '\0');
	free(out);
	for (i = 0; i < 3; i++)
		free_copy(&c[i]);
}

int
main(void)
{
	test_lower_better();
	test_combine_table();
	return check_exit();
}
