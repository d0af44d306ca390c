/*
 * test_interval.c - the spread of a test's passes and the 95% interval of
 * an index score against hand-computed numbers: one pass, equal passes, a
 * zero, two and three tests, fractional degrees of freedom, the sum-average
 * index, and tests run in rounds with a drift they share.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "defs.h"
#include "score/interval.h"
#include "score/stats.h"

static const struct test_def def_a = FAKE_TEST("a", "A", 10, PASSES_LONG);
static const struct test_def def_b = FAKE_TEST("b", "B", 10, PASSES_LONG);
static const struct test_def def_c = FAKE_TEST("c", "C", 10, PASSES_LONG);

/* A scored test with pass rates rates[0..n-1] (count = rate, time 1 s). */
static void
make(struct test_result *t, struct pass_result *p, const struct test_def *d,
    const double *rates, int n)
{
	int i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < n; i++) {
		memset(&p[i], 0, sizeof(p[i]));
		p[i].outcome = OUTCOME_OK;
		p[i].count = p[i].rate = rates[i];
		p[i].time_s = 1;
	}
	t->test = d;
	t->passes = p;
	t->npasses = n;
	t->outcome = stats_score_test(t) == 0 ? OUTCOME_OK : OUTCOME_NO_RESULT;
}

static void
test_t975(void)
{
	CHECK_NEAR("t975 dof 1", interval_t975(1), 12.706, 1e-9);
	CHECK_NEAR("t975 dof 2", interval_t975(2), 4.303, 1e-9);
	CHECK_NEAR("t975 dof 4", interval_t975(4), 2.776, 1e-9);
	CHECK_NEAR("t975 dof 30", interval_t975(30), 2.042, 1e-9);
	CHECK_NEAR(
	    "t975 dof 1e9 (about 1.96)", interval_t975(1e9), 1.960, 1e-6);
	/* 1/dof = 0.4 lies halfway between 1/2 and 1/3: linear in 1/dof. */
	CHECK_NEAR("t975 dof 2.5 between 2 and 3", interval_t975(2.5),
	    3.182 + (4.303 - 3.182) * (0.4 - 1.0 / 3) / (0.5 - 1.0 / 3), 1e-9);
	/* 1/dof = 1/90: between 60 and 120; x0 = 1/60, x1 = 1/120. */
	CHECK_NEAR("t975 dof 90", interval_t975(90),
	    1.980 + (2.000 - 1.980) * (1.0 / 90 - 1.0 / 120) /
	                (1.0 / 60 - 1.0 / 120),
	    1e-9);
	CHECK("t975 dof 0.5 unknown", interval_t975(0.5) == 0);
	CHECK("t975 falls with dof", interval_t975(5) > interval_t975(6) &&
	                                 interval_t975(40) > interval_t975(41));
	/*
	 * The one quantile of Run and Run compare: df 45 is 2.014 (linear
	 * in 1/df between 40 and 60), not the 2.021 of compare's old step
	 * table.  Equal variances at dof 22.5 each give Welch df 45: a
	 * difference of 2.017 standard errors is beyond (the step table
	 * said within), 2.011 within.
	 */
	CHECK_NEAR("t975 dof 45", interval_t975(45), 2.014, 0.0005);
	CHECK("within: 2.017 se at Welch df 45 is beyond",
	    interval_within(2.017 * sqrt(2 * 0.01), 0.01, 22.5, 0.01, 22.5) ==
	        0);
	CHECK("within: 2.011 se at Welch df 45 is within",
	    interval_within(2.011 * sqrt(2 * 0.01), 0.01, 22.5, 0.01, 22.5) ==
	        1);
	CHECK("within: no spread, equal is within, apart is beyond",
	    interval_within(0, 0, 1, 0, 1) == 1 &&
	        interval_within(0.01, 0, 1, 0, 1) == 0);
}

static void
test_var(void)
{
	struct test_result t;
	struct pass_result p[10];
	const double one[] = {100};
	const double equal[] = {50, 50, 50};
	const double two[] = {100, 400};
	const double zero[] = {100, 0, 120, 110, 105};
	const double three[] = {100, 200, 400};
	double v, dof;

	make(&t, p, &def_a, one, 1);
	CHECK("one pass: scored", t.outcome == OUTCOME_OK);
	CHECK_NEAR("one pass: score", t.score, 100, 1e-9);
	CHECK("one pass: cv 0", t.spread.cv == 0);
	CHECK(
	    "one pass: spread unknown", interval_test_var(&t, &v, &dof) == -1);

	make(&t, p, &def_a, equal, 3);
	CHECK("equal passes: median min max",
	    t.spread.median == 50 && t.spread.min == 50 && t.spread.max == 50 &&
	        t.spread.cv == 0);
	CHECK("equal passes: var 0, dof 2",
	    interval_test_var(&t, &v, &dof) == 0 && v == 0 && dof == 2);

	/*
	 * ln 100, ln 400: mean ln 200, deviations -/+ ln 2, sample variance
	 * 2 (ln 2)^2 / 1; no pass dropped of 2, so var = 2 (ln 2)^2 / 2.
	 */
	make(&t, p, &def_a, two, 2);
	CHECK("two passes: var (ln 2)^2", interval_test_var(&t, &v, &dof) == 0);
	CHECK_NEAR("two passes: var value", v, log(2) * log(2), 1e-12);
	CHECK("two passes: dof 1", dof == 1);
	/* mean 250, sample sd 212.132..., cv = 0.848528... */
	CHECK_NEAR("two passes: cv", t.spread.cv, sqrt(45000.0) / 250, 1e-12);

	/*
	 * ln 100, ln 200, ln 400: deviations -ln 2, 0, ln 2, sample variance
	 * (ln 2)^2; 2 passes kept: var = (ln 2)^2 / 2.
	 */
	make(&t, p, &def_a, three, 3);
	CHECK("three passes: 2 samples", t.samples == 2);
	CHECK("three passes: var", interval_test_var(&t, &v, &dof) == 0 &&
	                               fabs(v - log(2) * log(2) / 2) < 1e-12 &&
	                               dof == 2);
	CHECK("three rates, 2 kept: the same var (compare's path)",
	    interval_log_var(three, 3, 2, &v, &dof) == 0 &&
	        fabs(v - log(2) * log(2) / 2) < 1e-12 && dof == 2);
	CHECK("no rates: unknown",
	    interval_log_var(NULL, 0, 0, &v, &dof) == -1 &&
	        interval_log_var(three, 3, 0, &v, &dof) == -1);

	/* A dropped zero pass: the test scores, its log spread is infinite. */
	make(&t, p, &def_a, zero, 5);
	CHECK("a zero dropped: scored",
	    t.outcome == OUTCOME_OK && t.samples == 4);
	CHECK("a zero dropped: min 0", t.spread.min == 0);
	CHECK("a zero dropped: spread unknown",
	    interval_test_var(&t, &v, &dof) == -1);
}

/* The index of tests[0..n-1] (baselines 10 each, geomean x 10). */
static void
index_of(struct index_result *ir, const struct test_result *tests, int n,
    enum index_agg agg)
{
	static const struct index_row rows[] = {
	    {&def_a, 10, NULL}, {&def_b, 10, NULL}, {&def_c, 10, NULL}};
	static struct index_def def;

	def.name = "t";
	def.label = "T";
	def.agg = agg;
	def.method = 1;
	def.rows = rows;
	def.nrows = 3;
	stats_index(ir, &def, tests, n);
}

/*
 * One test, then two (t[0], t[1]: passes 100 and 400; 100, 200 and 400):
 * the interval by hand, with the dof of Welch-Satterthwaite.
 */
static void
index_one_and_two(struct test_result *t, struct pass_result (*p)[10])
{
	struct index_result ir;
	const double two[] = {100, 400};
	const double three[] = {100, 200, 400};
	double se, half, dof;

	/*
	 * One test, passes 100 and 400: score 200, index 200, se of ln =
	 * ln 2, dof 1: half = 12.706 ln 2, interval 200 exp(-/+ half).
	 */
	make(&t[0], p[0], &def_a, two, 2);
	index_of(&ir, t, 1, INDEX_GEOMEAN_X10);
	half = 12.706 * log(2);
	CHECK_NEAR("one test: score", ir.score, 200, 1e-9);
	CHECK_NEAR("one test: low", ir.ci_low, 200 * exp(-half), 1e-6);
	CHECK_NEAR("one test: high", ir.ci_high, 200 * exp(half), 1e-6);
	free(ir.entries);

	/*
	 * Two tests with var (ln 2)^2 (dof 1) and (ln 2)^2 / 2 (dof 2):
	 * se = sqrt(1.5) ln 2 / 2; dof = 1.5^2 / (1 + 0.25 / 2) = 2.
	 */
	make(&t[1], p[1], &def_b, three, 3);
	index_of(&ir, t, 2, INDEX_GEOMEAN_X10);
	se = sqrt(1.5) * log(2) / 2;
	dof = 1.5 * 1.5 / (1 + 0.25 / 2);
	CHECK_NEAR("two tests: dof 2 by hand", dof, 2, 1e-12);
	CHECK_NEAR("two tests: score", ir.score,
	    10 * sqrt(20.0 * 20.0 * sqrt(2.0) / 1), 1e-6);
	CHECK_NEAR(
	    "two tests: low", ir.ci_low, ir.score * exp(-4.303 * se), 1e-6);
	CHECK_NEAR(
	    "two tests: high", ir.ci_high, ir.score * exp(4.303 * se), 1e-6);
	CHECK("two tests: score inside",
	    ir.ci_low < ir.score && ir.score < ir.ci_high);
	free(ir.entries);
}

/*
 * A third test beside t[0] and t[1]: of equal passes, of one pass, with
 * a zero among its passes, failed.  It is left failed in t[2].
 */
static void
index_third_test(struct test_result *t, struct pass_result (*p)[10])
{
	struct index_result ir;
	const double equal[] = {50, 50, 50};
	const double one[] = {100};
	const double zero[] = {100, 0, 120, 110, 105};
	double se;

	/* A third test of equal passes adds no variance but counts in m. */
	make(&t[2], p[2], &def_c, equal, 3);
	index_of(&ir, t, 3, INDEX_GEOMEAN_X10);
	se = sqrt(1.5) * log(2) / 3;
	CHECK_NEAR("three tests: half width", log(ir.ci_high / ir.score),
	    4.303 * se, 1e-9);
	free(ir.entries);

	/* Only equal passes: the interval is the score itself. */
	index_of(&ir, &t[2], 1, INDEX_GEOMEAN_X10);
	CHECK("equal passes: low = high = score",
	    ir.ci_low == ir.score && ir.ci_high == ir.score && ir.score > 0);
	free(ir.entries);

	/* A test of one pass makes the interval unknown. */
	make(&t[2], p[2], &def_c, one, 1);
	index_of(&ir, t, 3, INDEX_GEOMEAN_X10);
	CHECK("one pass: score known, interval unknown",
	    ir.score > 0 && ir.ci_low == 0 && ir.ci_high == 0);
	free(ir.entries);

	/* So does a zero among the passes of a test that still scores. */
	make(&t[2], p[2], &def_c, zero, 5);
	index_of(&ir, t, 3, INDEX_GEOMEAN_X10);
	CHECK("a zero: interval unknown",
	    ir.nok == 3 && ir.ci_low == 0 && ir.ci_high == 0);
	free(ir.entries);

	/* A failed test is left out; the rest still have an interval. */
	t[2].outcome = OUTCOME_FAILED;
	index_of(&ir, t, 3, INDEX_GEOMEAN_X10);
	CHECK("failed test left out",
	    ir.nok == 2 && ir.partial && ir.ci_low > 0 && ir.ci_low < ir.score);
	free(ir.entries);
}

/*
 * Sum-average of tests a (ratio 20, var (ln 2)^2) and b (ratio
 * 20 sqrt 2, var (ln 2)^2 / 2): se = sqrt(400 (ln 2)^2 + 800 (ln 2)^2
 * / 2) / (20 + 20 sqrt 2); dof = w^2 / (w_a^2 + w_b^2 / 2).
 */
static void
index_sum_average(const struct test_result *t)
{
	struct index_result ir;
	double wa = 400 * log(2) * log(2);
	double wb = 800 * log(2) * log(2) / 2;
	double se, dof;

	index_of(&ir, t, 2, INDEX_SUM_AVERAGE);
	se = sqrt(wa + wb) / (20 + 20 * sqrt(2.0));
	dof = (wa + wb) * (wa + wb) / (wa * wa / 1 + wb * wb / 2);
	CHECK_NEAR(
	    "sum-average: score", ir.score, (20 + 20 * sqrt(2.0)) / 2, 1e-9);
	CHECK_NEAR("sum-average: high", log(ir.ci_high / ir.score),
	    interval_t975(dof) * se, 1e-9);
	CHECK_NEAR("sum-average: symmetric on the log scale",
	    log(ir.score / ir.ci_low), log(ir.ci_high / ir.score), 1e-9);
	free(ir.entries);
}

static void
test_index(void)
{
	struct test_result t[3];
	struct pass_result p[3][10];

	index_one_and_two(t, p);
	index_third_test(t, p);
	index_sum_average(t);
}

/*
 * Rounds: two tests of three passes, baselines 10.  With a drift shared
 * by the tests (x1, x2, x4 a round) the per-test estimate is half =
 * 2.776 ln 2 / 2 (var (ln 2)^2 / 2 each, dof 4); the rounds' indexes
 * I_k = ln 10 / 2 + (k - 1) ln 2 have sd ln 2, se ln 2 / sqrt(2 kept),
 * dof 2: half = 4.303 ln 2 / sqrt(2), wider, kept.  With the drifts
 * opposite the rounds' indexes are equal and the per-test one stays.
 */
static void
test_rounds(void)
{
	struct test_result t[3];
	struct pass_result p[3][3];
	struct index_result ir;
	const double up[] = {100, 200, 400};
	const double up_b[] = {10, 20, 40};
	const double down_b[] = {40, 20, 10};
	const double two[] = {100, 400};

	make(&t[0], p[0], &def_a, up, 3);
	make(&t[1], p[1], &def_b, up_b, 3);
	index_of(&ir, t, 2, INDEX_GEOMEAN_X10);
	CHECK_NEAR("rounds: per-test half first", log(ir.ci_high / ir.score),
	    2.776 * log(2) / 2, 1e-9);
	interval_index_rounds(&ir);
	CHECK_NEAR("rounds: a shared drift widens it",
	    log(ir.ci_high / ir.score), 4.303 * log(2) / sqrt(2), 1e-9);
	CHECK_NEAR("rounds: symmetric on the log scale", ir.score / ir.ci_low,
	    ir.ci_high / ir.score, 1e-9);
	free(ir.entries);

	make(&t[1], p[1], &def_b, down_b, 3);
	index_of(&ir, t, 2, INDEX_GEOMEAN_X10);
	interval_index_rounds(&ir);
	CHECK_NEAR("rounds: opposite drifts keep the per-test interval",
	    log(ir.ci_high / ir.score), 2.776 * log(2) / 2, 1e-9);
	free(ir.entries);

	/* Sum-average: ratios 10, 1 then 20, 2 then 40, 4: the same shape. */
	make(&t[1], p[1], &def_b, up_b, 3);
	index_of(&ir, t, 2, INDEX_SUM_AVERAGE);
	interval_index_rounds(&ir);
	CHECK_NEAR("rounds: sum-average drift", log(ir.ci_high / ir.score),
	    4.303 * log(2) / sqrt(2), 1e-9);
	free(ir.entries);

	/* Tests with different numbers of passes are not whole rounds. */
	make(&t[1], p[1], &def_b, two, 2);
	index_of(&ir, t, 2, INDEX_GEOMEAN_X10);
	{
		double low = ir.ci_low, high = ir.ci_high;

		interval_index_rounds(&ir);
		CHECK("rounds: not whole, interval as it was",
		    ir.ci_low == low && ir.ci_high == high && high > 0);
	}
	free(ir.entries);
}

/*
 * The shared part (interval_index_common): the same two tests moved x2 a
 * round together.  Round effects e = (-ln 2, 0, ln 2): var_c = (2 ln^2 2
 * - ln^2 2) / 2, and with G = 1/3 the term ln^2 2 / 6 joins the tests'
 * ln^2 2 / 4; dof (25/144) / (17/576) = 100/17.  Opposite drifts: 0, the
 * per-test interval.
 */
static void
test_common(void)
{
	struct test_result t[2];
	struct pass_result p[2][3];
	struct index_result ir;
	struct interval_common c;
	const double up[] = {100, 200, 400}, up_b[] = {10, 20, 40};
	const double down_b[] = {40, 20, 10};
	double x[6], w[2] = {0.5, 0.5};
	int i, r;

	make(&t[0], p[0], &def_a, up, 3);
	make(&t[1], p[1], &def_b, up_b, 3);
	for (i = 0; i < 2; i++)
		for (r = 0; r < 3; r++)
			x[i * 3 + r] = log(t[i].passes[r].rate);
	memset(&c, 0, sizeof(c));
	interval_common_add(&c, x, w, 2, 3);
	CHECK_NEAR("common: var of a shared x2", interval_common_var(&c),
	    log(2) * log(2) / 2, 1e-12);
	index_of(&ir, t, 2, INDEX_GEOMEAN_X10);
	interval_index_common(&ir, interval_common_var(&c), c.dof, 3);
	CHECK_NEAR("common: the index's half", log(ir.ci_high / ir.score),
	    interval_t975(100.0 / 17) * sqrt(5.0 / 12) * log(2), 1e-9);
	CHECK("common: wider than the tests' alone",
	    log(ir.ci_high / ir.score) > 2.776 * log(2) / 2);
	free(ir.entries);

	make(&t[1], p[1], &def_b, down_b, 3);
	for (r = 0; r < 3; r++)
		x[3 + r] = log(t[1].passes[r].rate);
	memset(&c, 0, sizeof(c));
	interval_common_add(&c, x, w, 2, 3);
	index_of(&ir, t, 2, INDEX_GEOMEAN_X10);
	interval_index_common(&ir, interval_common_var(&c), c.dof, 3);
	CHECK_NEAR("common: opposite drifts, the tests' interval",
	    log(ir.ci_high / ir.score), 2.776 * log(2) / 2, 1e-9);
	free(ir.entries);
}

int
main(void)
{
	test_t975();
	test_var();
	test_index();
	test_rounds();
	test_common();
	return check_exit();
}
