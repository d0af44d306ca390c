/*
 * test_noise.c - noise_settle, the wait after a build: calm once the load
 * is at most NOISE_LOAD, busy when it stops falling, time up at the most.
 */
#include "check.h"
#include "score/noise.h"

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

int
main(void)
{
	check_settle();
	return check_exit();
}
