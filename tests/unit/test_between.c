/*
 * test_between.c - the verdict between groups of runs against numbers
 * worked out by hand: two runs a side, a change inside the interval, one
 * run against two (the seed's FreeBSD 7.0 pair against 8.0RC1), a change
 * beyond the interval but below the minimum, lower is better, runs that
 * do not vary, and the cases that have no verdict.
 */
#include <math.h>

#include "check.h"
#include "score/between.h"

/* Two runs at m e^-h and m e^h: mean ln m, s² = 2h². */
static void
pair(double *v, double m, double h)
{
	v[0] = m * exp(-h);
	v[1] = m * exp(h);
}

static void
test_geomean(void)
{
	const double v[] = {2, 8}, bad[] = {2, 0};

	CHECK_NEAR("geomean of 2 and 8 is 4", between_geomean(v, 2), 4, 1e-12);
	CHECK("geomean of a zero: none", isnan(between_geomean(bad, 2)));
	CHECK("geomean of nothing: none", isnan(between_geomean(v, 0)));
	/* ln 2 and ln 8 = 3 ln 2: s.d. = 2 ln 2 / √2 = √2 ln 2. */
	CHECK_NEAR(
	    "spread of 2 and 8", between_spread(v, 2), sqrt(2) * log(2), 1e-12);
	CHECK("spread of one run: none", isnan(between_spread(v, 1)));
}

/*
 * A: 100 e^-0.01, 100 e^0.01; B: 110 e^-0.01, 110 e^0.01.  s² = 0.0002
 * each, se² = 0.0002/2 + 0.0002/2 = 0.0002, dof = 4e-8 / (2 (1e-4)² / 1)
 * = 2, t = 4.303, half = 4.303 x 0.0141421 = 0.0608536; d = ln 1.1, so
 * the interval is 1.1 e^±0.0608536 = 1.035057 .. 1.169018.
 */
static void
test_two_each(void)
{
	double a[2], b[2];
	struct between v;

	pair(a, 100, 0.01);
	pair(b, 110, 0.01);
	CHECK("two each: a verdict",
	    between_groups(a, 2, b, 2, 0, 1, NULL, &v) == 0);
	CHECK_NEAR("two each: ratio 1.1", v.ratio, 1.1, 1e-12);
	CHECK_NEAR("two each: dof 2", v.dof, 2, 1e-9);
	CHECK_NEAR("two each: low", v.low, 1.0350571, 1e-6);
	CHECK_NEAR("two each: high", v.high, 1.1690177, 1e-6);
	CHECK_NEAR("two each: spread of A", v.spread_a, 0.0141421, 1e-6);
	CHECK("two each: own spreads", v.assumed == BETWEEN_OWN);
	CHECK("two each: beyond", v.verdict == BETWEEN_BEYOND && !v.small);

	/* B at 103: d = ln 1.03 = 0.0295588 < 0.0608536: 1 is inside. */
	pair(b, 103, 0.01);
	CHECK("inside: a verdict",
	    between_groups(a, 2, b, 2, 0, 1, NULL, &v) == 0);
	CHECK_NEAR("inside: low", v.low, 1.03 * exp(-0.0608536), 1e-6);
	CHECK("inside: within", v.low < 1 && v.verdict == BETWEEN_WITHIN);
}

/*
 * The seed's FreeBSD 7.0 runs 490.2 and 489.5 against 8.0RC1's 474.4:
 * s = |ln(490.2/489.5)| / √2 = 0.00101046, standing for both: se² = s²
 * (1 + 1/2), se = 0.00123756, dof 1, t = 12.706, half = 0.0157244; d =
 * ln 474.4 - (ln 490.2 + ln 489.5)/2 = -0.0320481: ratio 0.968460,
 * interval e^(d ± half) = 0.953351 .. 0.983809, beyond 1%.
 */
static void
test_one_side_single(void)
{
	const double a[] = {490.2, 489.5}, b[] = {474.4};
	struct between v;

	CHECK("single: a verdict",
	    between_groups(a, 2, b, 1, 0, 1, NULL, &v) == 0);
	CHECK_NEAR("single: ratio", v.ratio, 0.9684600, 1e-6);
	CHECK_NEAR("single: low", v.low, 0.9533506, 1e-6);
	CHECK_NEAR("single: high", v.high, 0.9838088, 1e-6);
	CHECK_NEAR("single: dof 1", v.dof, 1, 0);
	CHECK("single: A's spread stands for B",
	    v.assumed == BETWEEN_A_FOR_B && isnan(v.spread_b));
	CHECK("single: beyond", v.verdict == BETWEEN_BEYOND);
	CHECK("single the other way: B's for A",
	    between_groups(b, 1, a, 2, 0, 1, NULL, &v) == 0 &&
	        v.assumed == BETWEEN_B_FOR_A);
	CHECK_NEAR("single the other way: ratio", v.ratio, 1 / 0.9684600, 1e-6);
}

/*
 * A: 100 e^∓0.001, B: 100.8 e^∓0.001: se = 0.00141421, dof 2, half =
 * 0.00608537 < d = ln 1.008 = 0.00796817: 1 is outside, but d is below
 * ln 1.01 = 0.00995033: too small at 1%, real at 0.5%.
 */
static void
test_min_change(void)
{
	double a[2], b[2];
	struct between v;

	pair(a, 100, 0.001);
	pair(b, 100.8, 0.001);
	CHECK("min change: a verdict",
	    between_groups(a, 2, b, 2, 0, 1, NULL, &v) == 0);
	CHECK("min change: 1 outside the interval", v.low > 1);
	CHECK("min change: below 1%: within",
	    v.small && v.verdict == BETWEEN_WITHIN);
	CHECK("min change 0.5%: beyond",
	    between_groups(a, 2, b, 2, 0, 0.5, NULL, &v) == 0 &&
	        v.verdict == BETWEEN_BEYOND && !v.small);
}

static void
test_lower_better_and_edges(void)
{
	double a[2], b[2];
	const double flat_a[] = {100, 100}, flat_b[] = {105, 105};
	const double zero[] = {100, 0}, one[] = {100};
	struct between v;

	pair(a, 100, 0.01);
	pair(b, 110, 0.01);
	CHECK("lower better: a verdict",
	    between_groups(a, 2, b, 2, 1, 1, NULL, &v) == 0);
	CHECK_NEAR("lower better: ratio 1/1.1", v.ratio, 1 / 1.1, 1e-12);
	CHECK_NEAR("lower better: low", v.low, 1 / 1.1690177, 1e-6);
	CHECK_NEAR("lower better: high", v.high, 1 / 1.0350571, 1e-6);
	CHECK("no spread: a verdict",
	    between_groups(flat_a, 2, flat_b, 2, 0, 1, NULL, &v) == 0);
	CHECK("no spread: the interval is the ratio",
	    v.low == v.high && fabs(v.ratio - 1.05) < 1e-12);
	CHECK("no spread: beyond", v.verdict == BETWEEN_BEYOND);
	CHECK("one run each: no verdict",
	    between_groups(one, 1, one, 1, 0, 1, NULL, &v) == -1);
	CHECK("a zero: no verdict",
	    between_groups(zero, 2, flat_b, 2, 0, 1, NULL, &v) == -1);
	CHECK("no run: no verdict",
	    between_groups(one, 0, flat_b, 2, 0, 1, NULL, &v) == -1);
}

/*
 * Spreads that cannot collapse.  Equal runs (100, 100 against 105, 105)
 * with the floor of one printed decimal, ln(1 + 0.05/100) = 0.000499875:
 * s² = floor² each side, se = 0.000499875, Welch's dof 2, t = 4.303,
 * half = 0.00215096: 1.05 e^±half = 1.047744 .. 1.052261, not a point.
 * Pooled: the seed's 7.0 pair against 8.0RC1 (474.4) with a pooled s² =
 * 0.0001 over 12 degrees of freedom (12 tests of 2 runs): se² = 0.0001 x
 * 1.5, t(12) = 2.179, half = 0.0266872, d = -0.0320481: 0.942956 ..
 * 0.994653, beyond.  Both pooled: A 100 e^∓0.01 with s² 4e-4 over 10
 * dof, B 110 e^∓0.01 with 1e-4 over 20: se² = 2.5e-4, dof = 6.25e-8 /
 * (4e-8/10 + 2.5e-9/20) = 15.1515, t = 2.120 + 0.011 (1/15.1515 -
 * 1/16) / (1/15 - 1/16) = 2.129240, half = 0.0336667: 1.1 e^±half =
 * 1.063585 .. 1.137662.
 */
static void
test_pooled_and_floor(void)
{
	const double flat_a[] = {100, 100}, flat_b[] = {105, 105};
	const double seed[] = {490.2, 489.5}, rc1[] = {474.4};
	const double r1[] = {100, 101}, r2[] = {50, 50, 52}, r3[] = {7};
	const double *rows[] = {r1, r2, r3};
	const int n[] = {2, 3, 1};
	struct between_pool pool = {0, 0, 0, 0, log1p(0.05 / 100)};
	struct between v;
	double a[2], b[2], var, dof;

	CHECK("floor: a verdict",
	    between_groups(flat_a, 2, flat_b, 2, 0, 1, &pool, &v) == 0);
	CHECK_NEAR("floor: low", v.low, 1.0477439, 1e-6);
	CHECK_NEAR("floor: high", v.high, 1.0522609, 1e-6);
	CHECK_NEAR("floor: dof 2", v.dof, 2, 1e-9);
	pool = (struct between_pool){1e-4, 12, 0, 0, 0};
	CHECK("pooled: a verdict",
	    between_groups(seed, 2, rc1, 1, 0, 1, &pool, &v) == 0);
	CHECK_NEAR("pooled: dof 12", v.dof, 12, 0);
	CHECK_NEAR("pooled: low", v.low, 0.9429563, 1e-6);
	CHECK_NEAR("pooled: high", v.high, 0.9946534, 1e-6);
	CHECK("pooled: beyond", v.verdict == BETWEEN_BEYOND);
	pair(a, 100, 0.01);
	pair(b, 110, 0.01);
	pool = (struct between_pool){4e-4, 10, 1e-4, 20, 0};
	CHECK("both pooled: a verdict",
	    between_groups(a, 2, b, 2, 0, 1, &pool, &v) == 0);
	CHECK_NEAR("both pooled: Welch's dof", v.dof, 15.151515, 1e-5);
	CHECK_NEAR("both pooled: low", v.low, 1.063585, 1e-5);
	CHECK_NEAR("both pooled: high", v.high, 1.137662, 1e-5);
	/* Rows of 2 and 3 runs (the one of 1 run adds nothing): ln 100,
	 * ln 101: s² = (ln 1.01)² / 2 over 1; 50, 50, 52: 2 s² = sum of
	 * squares about the mean of ln; pooled = their sum / 3. */
	CHECK("pooled variance: rows of 2 runs or more",
	    between_pooled(rows, n, 3, &var, &dof) == 0 && dof == 3);
	CHECK_NEAR("pooled variance: the sum over the dof", var,
	    (pow(log(1.01), 2) / 2 + 2 * pow(log(1.04), 2) / 3) / 3, 1e-12);
	CHECK("pooled variance: no row of 2 runs: none",
	    between_pooled(rows + 2, n + 2, 1, &var, &dof) == -1 && dof == 0);
}

int
main(void)
{
	test_geomean();
	test_two_each();
	test_one_side_single();
	test_min_change();
	test_lower_better_and_edges();
	test_pooled_and_floor();
	return check_exit();
}
