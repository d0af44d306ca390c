/*
 * test_precision.c - the rules of --precision against hand-computed
 * numbers, with a fake clock: the variance and half width, which test
 * gets the passes (the noisy one; per second of its pass; the index
 * furthest from its target), when the run stops (target reached, budget
 * spent, nothing left to run), the same rules on a run in progress
 * (precision_choose: tests at copies values, failed and closed ones) and
 * the two-cluster test.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "score/interval.h"
#include "score/precision.h"
#include "score/stats.h"

#define MAXT 4

/*
 * A run of the scheduler on a fake clock: tests with fixed variances
 * and pass times start with 3 passes; every chosen pass adds one and
 * takes its seconds off the budget, until the rules say stop.  The
 * expected stop, passes of each test and first test chosen follow.
 */
struct sim {
	const char *name;
	int ntests;
	double var[MAXT], seconds[MAXT];
	int nix; /* 1: one index of all; 2: tests 0-1 and 2-3 */
	double target, budget;
	/* expected */
	enum precision_stop stop;
	int passes[MAXT]; /* -1: not checked */
	int first; /* -1: not checked */
	double common; /* the shared part (dof 4, 3 rounds); 0: none */
};

static void
simulate(const struct sim *s)
{
	struct precision_test t[MAXT];
	struct precision_index ix[2];
	int all[MAXT] = {0, 1, 2, 3}, i, next, first = -2, ran = 0;
	double w1[MAXT], w2[2] = {0.5, 0.5}, left = s->budget;
	enum precision_stop stop;
	char name[200];

	memset(ix, 0, sizeof(ix));
	for (i = 0; i < 2; i++) {
		ix[i].common_var = s->common;
		ix[i].common_dof = 4;
		ix[i].rounds = 3;
	}
	for (i = 0; i < s->ntests; i++) {
		t[i].passes = 3;
		t[i].var = s->var[i];
		t[i].seconds = s->seconds[i];
		t[i].open = 1;
		w1[i] = 1.0 / s->ntests;
	}
	ix[0].tests = all;
	ix[0].weights = s->nix == 1 ? w1 : w2;
	ix[0].n = s->nix == 1 ? s->ntests : 2;
	ix[1].tests = all + 2;
	ix[1].weights = w2;
	ix[1].n = 2;
	for (;;) {
		next = precision_next(t, ix, s->nix, s->target, left, &stop);
		if (next == -1)
			break;
		if (first == -2)
			first = next;
		t[next].passes++;
		left -= t[next].seconds;
		if (++ran > 10000)
			break;
	}
	snprintf(name, sizeof(name), "%s: stop", s->name);
	CHECK(name, next == -1 && stop == s->stop);
	snprintf(name, sizeof(name), "%s: budget kept", s->name);
	CHECK(name, left >= 0);
	for (i = 0; i < s->ntests; i++) {
		if (s->passes[i] < 0)
			continue;
		snprintf(name, sizeof(name), "%s: passes of test %d (%d)",
		    s->name, i, t[i].passes);
		CHECK(name, t[i].passes == s->passes[i]);
	}
	if (s->first >= 0) {
		snprintf(name, sizeof(name), "%s: first pass", s->name);
		CHECK(name, first == s->first);
	}
}

/*
 * One test, s = 0.1, target 10%: half = t(P - 1) x 0.1 / sqrt(k) gives
 * 35.6% at P = 3, then 20.2, 14.9, 13.7, 11.6, 10.14 (P = 8) and 9.87%
 * at P = 9 (k = 6, t(8) = 2.306).  So 6 passes reach it; a budget of 4 s
 * of 1 s passes stops at P = 7.
 */
static const struct sim sims[] = {
    {"one test reaches 10% at 9 passes", 1, {0.01}, {1}, 1, 10, 100,
        PRECISION_REACHED, {9}, 0, 0},
    {"one test, 4 s of budget: 7 passes", 1, {0.01}, {1}, 1, 10, 4,
        PRECISION_BUDGET, {7}, 0, 0},
    {"one test, 4.5 s of 1.5 s passes: 6", 1, {0.01}, {1.5}, 1, 10, 4.5,
        PRECISION_BUDGET, {6}, 0, 0},
    {"a pass longer than the budget left: none", 1, {0.01}, {5}, 1, 10, 4.9,
        PRECISION_BUDGET, {3}, -1, 0},
    /* The noisy test gets the passes; the quiet one none. */
    {"the noisy test gets the passes", 3, {0.04, 0.0004, 0}, {1, 1, 1}, 1, 0.5,
        20, PRECISION_BUDGET, {23, 3, 3}, 0, 0},
    /* Equal noise: the test of the shorter pass goes first and gets more. */
    {"per second of its pass", 2, {0.01, 0.01}, {3, 1}, 1, 0.5, 30,
        PRECISION_BUDGET, {-1, -1}, 1, 0},
    /* Equal passes everywhere: half 0 is within any target. */
    {"equal passes: reached at once", 2, {0, 0}, {1, 1}, 1, 1, 10,
        PRECISION_REACHED, {3, 3}, -1, 0},
    /*
     * Index 1 (tests 0, 1) is at 1.4%, within 10%; index 2 (tests 2, 3)
     * at 35.6%, then 20.0, 14.9 and 13.8% as test 2 gets 3 passes.
     */
    {"the index furthest from the target chooses", 4,
        {0.0001, 0.0001, 0.04, 0.0001}, {1, 1, 1, 1}, 2, 10, 3,
        PRECISION_BUDGET, {3, 3, 6, 3}, 2, 0},
    /*
     * Equal passes, but the rounds moved both tests together: a shared
     * part of 0.0012 with G = 1/3 at 3 passes each is +/-5.7% (t(4) =
     * 2.776); one pass of one test gives G = 0.2708, 5.13%; one of each
     * G = 0.21875, 4.6%.  Without the shared part: reached at once.
     */
    {"a shared part: passes for quiet tests too", 2, {0, 0}, {1, 1}, 1, 5, 100,
        PRECISION_REACHED, {4, 4}, -1, 0.0012},
};

static void
test_sims(void)
{
	size_t i;

	for (i = 0; i < sizeof(sims) / sizeof(sims[0]); i++)
		simulate(&sims[i]);
}

static void
test_per_second(void)
{
	struct precision_test t[2] = {{3, 0.01, 3, 1}, {3, 0.01, 1, 1}};
	int all[2] = {0, 1}, i, next;
	double w[2] = {0.5, 0.5}, left = 30;
	struct precision_index ix = {.tests = all, .weights = w, .n = 2};
	enum precision_stop stop;

	for (i = 0; i < 12; i++) {
		next = precision_next(t, &ix, 1, 0.5, left, &stop);
		t[next].passes++;
		left -= t[next].seconds;
	}
	CHECK("per second: the 1 s test got more passes than the 3 s one",
	    t[1].passes > t[0].passes + 3);
	/* Gains equal when P_1 (P_1 + 1) = 3 P_0 (P_0 + 1). */
	CHECK("per second: the 3 s test got some too", t[0].passes > 3);
}

static void
test_half(void)
{
	struct precision_test t[2] = {{3, 0.09, 1, 1}, {6, 0.04, 1, 1}};
	int all[2] = {0, 1}, one[1] = {1};
	double w[2] = {0.5, 0.5}, w1[1] = {1}, half, u0, u1, dof;
	struct precision_index ix = {.tests = all, .weights = w, .n = 2},
	                       ix1 = {.tests = one, .weights = w1, .n = 1};

	CHECK_NEAR("test var: 0.09 / 2 kept of 3", precision_test_var(&t[0]),
	    0.045, 1e-12);
	CHECK_NEAR("test var: 0.04 / 4 kept of 6", precision_test_var(&t[1]),
	    0.01, 1e-12);
	CHECK("one test: known", precision_half(t, &ix1, &half) == 0);
	CHECK_NEAR(
	    "one test: half = t(5) x sqrt(0.01)", half, 2.571 * 0.1, 1e-9);
	/* u0 = 0.25 x 0.045, u1 = 0.25 x 0.01; dof by Welch. */
	u0 = 0.25 * 0.045;
	u1 = 0.25 * 0.01;
	dof = (u0 + u1) * (u0 + u1) / (u0 * u0 / 2 + u1 * u1 / 5);
	CHECK("two tests: known", precision_half(t, &ix, &half) == 0);
	CHECK_NEAR("two tests: dof between 2 and 3", dof, 2.9298, 1e-3);
	CHECK_NEAR("two tests: half = t(dof) x sqrt(u0 + u1)", half,
	    (3.182 + (4.303 - 3.182) * (1 / dof - 1.0 / 3) / (0.5 - 1.0 / 3)) *
	        sqrt(u0 + u1),
	    1e-9);
	CHECK_NEAR("pct: ln 1.02 is 2%", precision_pct(log(1.02)), 2, 1e-9);
	t[0].passes = 1;
	CHECK("one pass: unknown", precision_half(t, &ix, &half) == -1 &&
	                               precision_test_var(&t[0]) == -1);
}

/*
 * The shared part from rounds: test i's pass r is mu_i + c_r plus its own
 * noise; the sums, the estimate, the pooling and the share G.
 */
static void
test_common(void)
{
	/* 4 tests, 3 rounds moved by c = +0.1, 0, -0.1 (column r). */
	static const double shifted[12] = {
	    1.1, 1.0, 0.9, 2.1, 2.0, 1.9, 3.1, 3.0, 2.9, 4.1, 4.0, 3.9};
	/* Two tests whose noise cancels in every round. */
	static const double opposed[6] = {1.1, 0.9, 1.0, 2.9, 3.1, 3.0};
	double w4[4] = {0.25, 0.25, 0.25, 0.25}, w2[2] = {0.5, 0.5};
	double a = 0, b = 0, half;
	struct interval_common c;
	struct precision_test t[2] = {{3, 0, 1, 1}, {3, 0, 1, 1}};
	int all[2] = {0, 1};
	struct precision_index ix = {.tests = all,
	    .weights = w2,
	    .n = 2,
	    .common_var = 0.03,
	    .common_dof = 4,
	    .rounds = 3};

	memset(&c, 0, sizeof(c));
	interval_common_add(&c, shifted, w4, 4, 3);
	/* e_r = c_r: ss 0.02; tests 4 x 1/16 x 0.02; (0.02 - 0.005) / 2. */
	CHECK_NEAR("common: round effects' sum", c.ss, 0.02, 1e-12);
	CHECK_NEAR("common: the tests' part", c.tests, 0.005, 1e-12);
	CHECK("common: 2 degrees of freedom", c.dof == 2);
	CHECK_NEAR("common: var (1 - 1/m) of the shifts'",
	    interval_common_var(&c), 0.0075, 1e-12);
	interval_common_add(&c, shifted, w4, 4, 3);
	CHECK_NEAR("common: pooled, the same var", interval_common_var(&c),
	    0.0075, 1e-12);
	CHECK("common: pooled, 4 degrees of freedom", c.dof == 4);
	memset(&c, 0, sizeof(c));
	interval_common_add(&c, opposed, w2, 2, 3);
	CHECK("common: noise that cancels in the rounds: 0",
	    interval_common_var(&c) == 0 && c.dof == 2);
	memset(&c, 0, sizeof(c));
	interval_common_add(&c, shifted, w4, 4, 1);
	CHECK("common: one round: nothing",
	    interval_common_var(&c) == 0 && c.dof == 0);
	interval_common_acc(&a, &b, 0.5, 3, 3, 1);
	interval_common_acc(&a, &b, 0.5, 3, 3, 1);
	CHECK_NEAR("share: every test at R passes: 1/R",
	    interval_common_share(a, b, 3), 1.0 / 3, 1e-12);
	interval_common_acc(&a, &b, 0.5, 3, 3, -1);
	interval_common_acc(&a, &b, 0.5, 6, 3, 1);
	/* a = 1/6 + 1/12, b = (1/12)^2 x 3: 3/16 + 1/48. */
	CHECK_NEAR("share: one test at 6 passes",
	    interval_common_share(a, b, 3), 3.0 / 16 + 1.0 / 48, 1e-12);
	/* Equal passes, shared 0.03 x 1/3: half = t(4) x 0.1. */
	CHECK("shared half: known", precision_half(t, &ix, &half) == 0);
	CHECK_NEAR(
	    "shared half: t(4) x sqrt(0.03 / 3)", half, 2.776 * 0.1, 1e-9);
}

static void
test_stops(void)
{
	struct precision_test t[2] = {{1, 0, 1, 1}, {3, 0.04, 1, 1}};
	int all[2] = {0, 1};
	double w[2] = {0.5, 0.5};
	struct precision_index ix = {.tests = all, .weights = w, .n = 2},
	                       none = {.tests = all, .weights = w, .n = 0};
	enum precision_stop stop;

	CHECK("a test of one pass goes first",
	    precision_next(t, &ix, 1, 2, 100, &stop) == 0 &&
	        stop == PRECISION_GO);
	t[0].open = 0;
	CHECK("its interval unknown and it closed: stuck",
	    precision_next(t, &ix, 1, 2, 100, &stop) == -1 &&
	        stop == PRECISION_STUCK);
	t[0].passes = 3;
	t[1].open = 0;
	CHECK("the noisy test closed (the cap): stuck",
	    precision_next(t, &ix, 1, 2, 100, &stop) == -1 &&
	        stop == PRECISION_STUCK);
	t[1].open = 1;
	CHECK("no time left: budget",
	    precision_next(t, &ix, 1, 2, 0, &stop) == -1 &&
	        stop == PRECISION_BUDGET);
	CHECK("an index of no test: unknown, stuck",
	    precision_next(t, &none, 1, 2, 100, &stop) == -1 &&
	        stop == PRECISION_STUCK);
	CHECK("no index: reached",
	    precision_next(t, &ix, 0, 2, 100, &stop) == -1 &&
	        stop == PRECISION_REACHED);
}

static const struct {
	const char *name;
	double rates[10];
	int n, want, nlow, nhigh;
	double low, high;
} bimodal[] = {
    {"two clusters", {100, 150, 101, 151, 99, 149}, 6, 1, 3, 3, 100, 150},
    /* context1 on a 2-CPU VM: one CPU or two (issue 19). */
    {"context1-like", {8964, 15559, 9000, 15400, 15500}, 5, 1, 2, 3, 8982,
        15486},
    {"one outlier is no cluster", {100, 100.5, 101, 99, 150}, 5, 0, 0, 0, 0, 0},
    {"spread, no gap", {100, 103, 97, 105, 95, 110, 90}, 7, 0, 0, 0, 0, 0},
    {"a gap under 10%", {100, 100.1, 100.2, 105, 105.1, 105.2}, 6, 0, 0, 0, 0,
        0},
    {"a gap not wide against the clusters' spread",
        {100, 104, 108, 119, 124, 129}, 6, 0, 0, 0, 0, 0},
    {"four passes: too few", {100, 100, 150, 150}, 4, 0, 0, 0, 0, 0},
    {"a zero", {100, 100, 0, 150, 150, 150}, 6, 0, 0, 0, 0, 0},
};

static void
test_bimodal(void)
{
	struct precision_bimodal b;
	char name[200];
	size_t i;
	int got;

	for (i = 0; i < sizeof(bimodal) / sizeof(bimodal[0]); i++) {
		got = precision_bimodal(bimodal[i].rates, bimodal[i].n, &b);
		snprintf(name, sizeof(name), "bimodal: %s", bimodal[i].name);
		CHECK(name, got == bimodal[i].want);
		if (!got || !bimodal[i].want)
			continue;
		snprintf(
		    name, sizeof(name), "bimodal: %s: sizes", bimodal[i].name);
		CHECK(name,
		    b.nlow == bimodal[i].nlow && b.nhigh == bimodal[i].nhigh);
		snprintf(
		    name, sizeof(name), "bimodal: %s: levels", bimodal[i].name);
		CHECK(name, fabs(b.low / bimodal[i].low - 1) < 0.002 &&
		                fabs(b.high / bimodal[i].high - 1) < 0.002);
	}
}

/* A test of the catalog with passes of these rates (0 ends the list). */
static void
passes_of(struct test_result *t, struct pass_result *p, const char *name,
    const double *rates)
{
	memset(t, 0, sizeof(*t));
	t->test = catalog_find_test(name);
	t->outcome = OUTCOME_OK;
	t->passes = p;
	for (; rates[t->npasses] > 0; t->npasses++) {
		memset(&p[t->npasses], 0, sizeof(*p));
		p[t->npasses].outcome = OUTCOME_OK;
		p[t->npasses].rate = rates[t->npasses];
	}
}

static void
test_choose(void)
{
	static const double noisy[] = {100000, 120000, 90000, 0};
	static const double equal[] = {1260, 1260, 1260, 0};
	const struct test_def *defs[2];
	const struct test_result *res[4];
	struct test_result t[4];
	struct pass_result p[4][3];
	struct settings s;
	struct precision_test pt[4];
	int copies[2] = {1, 2}, k;
	enum precision_stop stop;

	memset(&s, 0, sizeof(s));
	defs[0] = catalog_find_test("pipe");
	defs[1] = catalog_find_test("spawn");
	s.tests = defs;
	s.ntests = 2;
	s.copies = copies;
	s.ncopies = 1;
	s.precision_pct = 2;
	passes_of(&t[0], p[0], "pipe", noisy);
	passes_of(&t[1], p[1], "spawn", equal);
	for (k = 0; k < 4; k++) {
		res[k] = &t[k];
		pt[k].seconds = pt[k].open = 1;
	}
	CHECK("choose: the noisy test",
	    precision_choose(&s, res, pt, 100, &stop) == 0 &&
	        stop == PRECISION_GO);
	CHECK("choose: its pass does not fit: budget",
	    precision_choose(&s, res, pt, 0.5, &stop) == -1 &&
	        stop == PRECISION_BUDGET);
	s.precision_pct = 50;
	CHECK("choose: within 50% already: reached",
	    precision_choose(&s, res, pt, 100, &stop) == -1 &&
	        stop == PRECISION_REACHED);
	s.precision_pct = 2;
	pt[0].open = 0;
	CHECK("choose: the noisy test closed: stopped",
	    precision_choose(&s, res, pt, 100, &stop) == -1 &&
	        stop == PRECISION_STUCK);
	pt[0].open = 1;
	t[0].outcome = OUTCOME_FAILED;
	CHECK("choose: a failed test does not count: reached",
	    precision_choose(&s, res, pt, 100, &stop) == -1 &&
	        stop == PRECISION_REACHED);
	/* Two copies values: 1 copy quiet, 2 copies' spawn noisy. */
	passes_of(&t[0], p[0], "pipe", equal);
	passes_of(&t[2], p[2], "pipe", equal);
	passes_of(&t[3], p[3], "spawn", noisy);
	s.ncopies = 2;
	CHECK("choose: the noisy test at the second copies value",
	    precision_choose(&s, res, pt, 100, &stop) == 3 &&
	        stop == PRECISION_GO);
}

/*
 * A --precision run's printed interval and its summary: two tests of the
 * UnixBench index, x2 a round, moving together or against each other.
 */
static void
test_report(void)
{
	static const double up_a[] = {100000, 200000, 400000, 0};
	static const double up_b[] = {10000, 20000, 40000, 0};
	static const double down_b[] = {40000, 20000, 10000, 0};
	static const double steal[] = {0.01, 0.025, 0.10};
	const struct index_def *ub = NULL;
	struct test_result t[2];
	struct pass_result p[2][3];
	struct index_result ir;
	struct block b;
	struct report r;
	const char *line = r.precision_text;
	struct run run;
	double tests_half;
	size_t d;
	int i, k;

	for (d = 0; d < catalog_nindexes; d++)
		if (strcmp(catalog_indexes[d].name, "unixbench") == 0)
			ub = &catalog_indexes[d];
	CHECK("report: the UnixBench index", ub != NULL);
	if (ub == NULL)
		return;
	for (i = 0; i < 2; i++) {
		passes_of(&t[i], p[i], i == 0 ? "pipe" : "syscall",
		    i == 0 ? up_a : up_b);
		stats_score_test(&t[i]);
	}
	memset(&r, 0, sizeof(r));
	memset(&b, 0, sizeof(b));
	b.copies = 1;
	b.tests = t;
	b.ntests = 2;
	b.indexes = &ir;
	b.nindexes = 1;
	run.blocks = &b;
	run.nblocks = 1;
	r.runs = &run;
	r.nruns = 1;
	r.settings.precision_pct = 0.1;
	r.settings.budget_s = 8;
	r.precision_end = "budget";
	stats_index(&ir, ub, t, 2);
	tests_half = log(ir.ci_high / ir.score);
	precision_intervals(&r);
	CHECK("report: moving together, a shared part",
	    ir.shared_var > 0 && log(ir.ci_high / ir.score) > tests_half);
	precision_summary(&r);
	CHECK("report: the summary names the shared part",
	    strstr(line, "most from changes shared by the tests") != NULL);
	CHECK("report: no steal counted, none said",
	    strstr(line, "steal") == NULL);
	/* The hypervisor took 1, 2.5 and 10% of the CPU in rounds 1-3. */
	for (i = 0; i < 2; i++)
		for (k = 0; k < 3; k++) {
			p[i][k].derived.have = 1U << DRV_STEAL_SHARE;
			p[i][k].derived.v[DRV_STEAL_SHARE] = steal[k];
		}
	precision_summary(&r);
	CHECK("report: the summary gives the rounds' steal",
	    strstr(line, "% a round; the hypervisor's steal 1.0 to 10.0% a "
	                 "round)") != NULL);
	free(ir.entries);

	passes_of(&t[1], p[1], "syscall", down_b);
	stats_score_test(&t[1]);
	stats_index(&ir, ub, t, 2);
	tests_half = log(ir.ci_high / ir.score);
	precision_intervals(&r);
	CHECK_NEAR("report: moving against each other, the tests' interval",
	    log(ir.ci_high / ir.score), tests_half, 1e-12);
	precision_summary(&r);
	CHECK("report: the summary names a test",
	    strstr(line, "most from pipe (CV") != NULL);
	free(ir.entries);
}

int
main(void)
{
	test_half();
	test_sims();
	test_per_second();
	test_stops();
	test_common();
	test_choose();
	test_report();
	test_bimodal();
	return check_exit();
}
