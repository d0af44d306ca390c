/*
 * test_noise.c - noise_settle, the wait after a build: calm once the load
 * is at most NOISE_LOAD, busy when it stops falling, time up at the most;
 * and how far to trust a report: the scaling ratios and their flags at
 * the edges, the interval judged too wide.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "defs.h"
#include "score/noise.h"
#include "score/scaling.h"

static void
check_settle(void)
{
	double load[40];
	int i;

	load[0] = 0.4;
	CHECK("settle: calm at once", noise_settle(load, 1, 90) == SETTLE_CALM);
	/* Idle after a build: e^(-1/60) a second, from 1.5. */
	for (load[0] = 1.5, i = 1; i < 40; i++)
		load[i] = load[i - 1] * 0.983;
	CHECK("settle: falling, waiting",
	    noise_settle(load, 30, 90) == SETTLE_WAITING);
	CHECK("settle: time up", noise_settle(load, 11, 10) == SETTLE_LIMIT);
	CHECK(
	    "settle: no wait at all", noise_settle(load, 1, 0) == SETTLE_LIMIT);
	/* Other work: the load stays at 2. */
	for (i = 0; i < 40; i++)
		load[i] = 2.0 - 0.001 * i;
	CHECK("settle: not yet busy before 15 s",
	    noise_settle(load, 15, 90) == SETTLE_WAITING);
	CHECK("settle: busy when it stopped falling",
	    noise_settle(load, 16, 90) == SETTLE_BUSY);
}

static const struct test_def def_a = FAKE_TEST("a", "A", 10, PASSES_LONG);

/* Scaling of one test scored one at 1 copy, ratio at 2. */
static enum scale_flag
flag_at(double ratio)
{
	struct test_result t1 = {.test = &def_a, .score = 1},
	                   t2 = {.test = &def_a, .score = ratio};
	struct block b[2] = {{.copies = 1, .tests = &t1, .ntests = 1},
	    {.copies = 2, .tests = &t2, .ntests = 1}};
	struct run run = {.blocks = b, .nblocks = 2};
	struct report r = {.runs = &run, .nruns = 1};
	enum scale_flag f = (enum scale_flag) - 1;

	if (scaling_compute(&r) == 0 && r.scaling.nrows == 1 &&
	    r.scaling.to == 2)
		f = r.scaling.rows[0].flag;
	free(r.scaling.rows);
	return f;
}

static void
check_scaling(void)
{
	struct index_result x = {
	    .nok = 1, .score = 100, .ci_low = 90, .ci_high = 118};

	CHECK("scaling: 0.99 is below 1", flag_at(0.994) == SCALE_BELOW_ONE);
	CHECK("scaling: 1.00 is not", flag_at(0.996) == SCALE_OK);
	CHECK("scaling: 2.00 is not above 2", flag_at(2.004) == SCALE_OK);
	CHECK("scaling: 2.01 is", flag_at(2.006) == SCALE_ABOVE_N);
	CHECK_NEAR(
	    "interval: the wider half", scaling_interval_half(&x), 0.18, 1e-12);
	x.ci_low = 0;
	CHECK("interval: none is no half", scaling_interval_half(&x) == 0);
}

/*
 * Tests that spread at every copies value are named in one warning for
 * them all; a block that names others gets its own.
 */
static void
check_spread_once(void)
{
	static const struct test_def def_b =
	    FAKE_TEST("b", "B", 10, PASSES_LONG);
	struct test_result t[3] = {{.test = &def_a, .npasses = 5},
	    {.test = &def_a, .npasses = 5}, {.test = &def_b, .npasses = 5}};
	struct block b[3] = {{.copies = 1, .tests = &t[0], .ntests = 1},
	    {.copies = 2, .tests = &t[1], .ntests = 1},
	    {.copies = 4, .tests = &t[2], .ntests = 1}};
	struct run run = {.blocks = b, .nblocks = 3};
	struct report r = {.runs = &run, .nruns = 1};
	struct noise nz;

	memset(&nz, 0, sizeof(nz));
	t[0].spread.wide = t[1].spread.wide = t[2].spread.wide = 1;
	noise_warn_end(&nz, &r);
	CHECK("spread: one warning for the blocks naming the same tests",
	    r.nwarnings == 2 &&
	        strncmp(r.warnings[0],
	            "1 and 2 copies: passes spread widely (CV over 5%",
	            48) == 0 &&
	        strstr(r.warnings[0], "in 1 test: a;") != NULL &&
	        strncmp(r.warnings[1], "4 copies: passes spread", 23) == 0 &&
	        strstr(r.warnings[1], "in 1 test: b;") != NULL);
	run.blocks = NULL; /* on the stack: report_free frees the warnings */
	run.nblocks = 0;
	r.runs = NULL;
	r.nruns = 0;
	report_free(&r);
}

int
main(void)
{
	check_settle();
	check_scaling();
	check_spread_once();
	return check_exit();
}
