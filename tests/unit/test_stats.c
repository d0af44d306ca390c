/*
 * test_stats.c - the scoring (score/stats.h) against hand-computed numbers:
 * passes for -i, drop-worst-third for 1, 2, 3 and 10 passes, copies
 * combined for count and rate tests, the spread, the geometric mean and
 * the indexes.
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "defs.h"
#include "score/stats.h"

static const struct test_def fake_def = FAKE_TEST("t", "T", 10, PASSES_LONG);

/* A test whose pass i has count counts[i], time times[i], timebase 1. */
static void
make_test(struct test_result *t, struct pass_result *p, const double *counts,
    const double *times, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		p[i].count = counts[i];
		p[i].time_s = times != NULL ? times[i] : 1.0;
		p[i].rate = p[i].count / p[i].time_s;
		p[i].kept = -1;
	}
	t->test = &fake_def;
	t->passes = p;
	t->npasses = n;
}

static void
test_passes(void)
{
	static const struct {
		int n, want;
	} cases[] = {{10, 3}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 2}, {6, 2},
	    {9, 3}, {30, 10}};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK("short passes of -i n",
		    stats_short_passes(cases[i].n) == cases[i].want);
	CHECK("dropped of 1", stats_dropped(1) == 0);
	CHECK("dropped of 2", stats_dropped(2) == 0);
	CHECK("dropped of 3", stats_dropped(3) == 1);
	CHECK("dropped of 10", stats_dropped(10) == 3);
}

static void
test_drop_worst_third(void)
{
	struct test_result t = {0};
	struct pass_result p[10] = {0};
	const double one[] = {100};
	const double two[] = {400, 100};
	const double three[] = {300, 100, 200};
	const double three_t[] = {1, 9, 3};
	const double ten[] = {
	    700, 100, 1000, 300, 500, 200, 900, 400, 800, 600};

	make_test(&t, p, one, NULL, 1);
	CHECK("1 pass: scored", stats_score_test(&t) == 0);
	CHECK_NEAR("1 pass: score", t.score, 100, 1e-9);
	CHECK("1 pass: 1 sample, kept", t.samples == 1 && p[0].kept == 1);

	make_test(&t, p, two, NULL, 2);
	stats_score_test(&t);
	CHECK_NEAR("2 passes: none dropped, sqrt(400*100)", t.score, 200, 1e-9);
	CHECK("2 passes: 2 samples", t.samples == 2 && p[0].kept && p[1].kept);

	/* Drop 100; kept 300 (1 s) and 200 (3 s): rates 300 and 66.67. */
	make_test(&t, p, three, three_t, 3);
	stats_score_test(&t);
	CHECK("3 passes: lowest count dropped",
	    p[1].kept == 0 && p[0].kept == 1 && p[2].kept == 1);
	CHECK_NEAR("3 passes: score sqrt(300*200/3)", t.score,
	    sqrt(300.0 * (200.0 / 3)), 1e-9);
	CHECK_NEAR("3 passes: time = mean of kept times", t.time_s, 2.0, 1e-12);
	CHECK("3 passes: 2 samples", t.samples == 2);

	/* Drop 100, 200, 300: score = 100 * (4*5*6*7*8*9*10)^(1/7). */
	make_test(&t, p, ten, NULL, 10);
	stats_score_test(&t);
	CHECK_NEAR(
	    "10 passes: score", t.score, 100 * pow(604800, 1.0 / 7), 1e-6);
	CHECK("10 passes: 7 samples", t.samples == 7);
	CHECK("10 passes: 100, 200, 300 dropped", !p[1].kept && !p[5].kept &&
	                                              !p[3].kept && p[0].kept &&
	                                              p[2].kept && p[9].kept);
	CHECK_NEAR(
	    "10 passes: median of all rates", t.spread.median, 550, 1e-9);
	CHECK("10 passes: min and max",
	    t.spread.min == 100 && t.spread.max == 1000);

	make_test(&t, p, (const double[]){0, 0, 0}, NULL, 3);
	CHECK("zero result: no score, 1 (not -1, out of memory)",
	    stats_score_test(&t) == 1);
}

static void
test_combine(void)
{
	struct copy_result c[2] = {0};
	struct pass_result p = {0};
	const char *why;

	/* Count test: 1000 in 10 s and 3000 in 30 s -> 4000 / 20 s. */
	c[0].count = 1000, c[0].time_s = 10, c[0].timebase = 1;
	c[1].count = 3000, c[1].time_s = 30, c[1].timebase = 1;
	strcpy(c[0].unit, "lps");
	strcpy(c[1].unit, "lps");
	p.copies = c;
	p.ncopies = 2;
	stats_combine_pass(&p, 0, &why);
	CHECK_NEAR("count test: counts summed", p.count, 4000, 0);
	CHECK_NEAR("count test: times averaged", p.time_s, 20, 0);
	CHECK_NEAR("count test: rate 4000/(20/1)", p.rate, 200, 1e-12);

	/* Rate test (timebase 0): 550 + 450 MWIPS. */
	c[0].count = 550, c[0].timebase = 0, c[0].time_s = 9.9;
	c[1].count = 450, c[1].timebase = 0, c[1].time_s = 10.1;
	strcpy(c[0].unit, "MWIPS");
	strcpy(c[1].unit, "MWIPS");
	stats_combine_pass(&p, 0, &why);
	CHECK_NEAR("rate test: rates summed", p.rate, 1000, 1e-12);
	CHECK_NEAR("rate test: time averaged", p.time_s, 10, 1e-12);

	/* Loops per minute: 424 in 60 s at timebase 60 -> 424 lpm. */
	c[0].count = 424, c[0].timebase = 60, c[0].time_s = 60;
	strcpy(c[0].unit, "lpm");
	p.ncopies = 1;
	stats_combine_pass(&p, 0, &why);
	CHECK_NEAR("lpm test: 424/(60/60)", p.rate, 424, 1e-12);

	p.ncopies = 2;
	p.outcome = OUTCOME_OK;
	c[1].timebase = 1;
	stats_combine_pass(&p, 0, &why);
	CHECK("copies disagreeing on timebase fail",
	    p.outcome == OUTCOME_FAILED && why[0] != '\0');
}

static void
test_geomean_spread(void)
{
	const double a[] = {2, 8}, b[] = {1, 10, 100}, z[] = {5, 0};
	const double s4[] = {4, 1, 3, 2};
	struct spread s;

	CHECK_NEAR("geomean 2, 8", stats_geomean(a, 2), 4, 1e-12);
	CHECK_NEAR("geomean 1, 10, 100", stats_geomean(b, 3), 10, 1e-12);
	CHECK("geomean of nothing is 0", stats_geomean(a, 0) == 0);
	CHECK("geomean with a zero is 0", stats_geomean(z, 2) == 0);
	stats_spread(s4, 4, &s);
	CHECK_NEAR("spread median of 4", s.median, 2.5, 1e-12);
	CHECK("spread min max", s.min == 1 && s.max == 4);
	CHECK_NEAR(
	    "spread cv = sqrt(5/3)/2.5", s.cv, sqrt(5.0 / 3) / 2.5, 1e-12);
	CHECK("spread of 52% is wide", s.wide);
	stats_spread(a, 1, &s);
	CHECK("spread of one: cv 0", s.cv == 0 && s.median == 2 && !s.wide);
}

static void
test_index(void)
{
	static const struct test_def defs[] = {
	    FAKE_TEST("a", "A", 10, PASSES_LONG),
	    FAKE_TEST("b", "B", 10, PASSES_LONG),
	    FAKE_TEST("c", "C", 10, PASSES_LONG),
	    FAKE_TEST("d", "D", 10, PASSES_LONG),
	};
	static const struct index_row rows[] = {{&defs[0], 10, NULL},
	    {&defs[1], 20, NULL}, {&defs[2], 40, NULL}, {&defs[3], 1, NULL}};
	const struct index_def geo = {
	    "g", "G", INDEX_GEOMEAN_X10, 1, rows, 3, NULL};
	const struct index_def sum = {
	    "s", "S", INDEX_SUM_AVERAGE, 1, rows, 3, NULL};
	const struct index_def four = {
	    "f", "F", INDEX_GEOMEAN_X10, 1, rows, 4, NULL};
	struct test_result t[3] = {0};
	struct index_result ir;

	t[0].test = &defs[0], t[0].score = 20; /* ratio 2 */
	t[1].test = &defs[1], t[1].score = 20; /* ratio 1 */
	t[2].test = &defs[2], t[2].score = 200; /* ratio 5 */
	stats_index(&ir, &geo, t, 3);
	CHECK("index: 3 entries ok, not partial",
	    ir.nentries == 3 && ir.nok == 3 && !ir.partial);
	CHECK_NEAR("index of a = 20/10*10", ir.entries[0].index, 20, 1e-12);
	CHECK_NEAR(
	    "index score = 10 * (2*1*5)^(1/3)", ir.score, 10 * cbrt(10), 1e-9);
	free(ir.entries);

	stats_index(&ir, &sum, t, 3);
	CHECK_NEAR("sum/average: sum 2+1+5", ir.sum, 8, 1e-12);
	CHECK_NEAR("sum/average: 8/3", ir.score, 8.0 / 3, 1e-12);
	free(ir.entries);

	t[2].outcome = OUTCOME_FAILED;
	stats_index(&ir, &geo, t, 3);
	CHECK("failed test: partial, entry not ok",
	    ir.partial && ir.nok == 2 && !ir.entries[2].ok);
	CHECK_NEAR("failed test left out: 10 * sqrt(2*1)", ir.score,
	    10 * sqrt(2), 1e-9);
	free(ir.entries);

	t[2].outcome = OUTCOME_OK;
	stats_index(&ir, &four, t, 3);
	CHECK("test not run: partial with 3 entries",
	    ir.partial && ir.nentries == 3 && ir.nok == 3);
	free(ir.entries);

	t[0].score = 0;
	stats_index(&ir, &geo, t, 3);
	CHECK("zero score never enters the index", ir.nok == 2 && ir.partial);
	free(ir.entries);
}

int
main(void)
{
	test_passes();
	test_drop_worst_third();
	test_combine();
	test_geomean_spread();
	test_index();
	return check_exit();
}
