/*
 * arith.c - the arithmetic tests: loops per second of a function that sums
 * i*i/(i*i-1) over i = 2..101 in one C type.  Built once per type with
 * -DARITH_TYPE=arithoh|short|int|long|float|double; arithoh runs the same
 * loop with no arithmetic, which measures the overhead of the others.
 */
#include <stdint.h>
#include <stdio.h>

#include "bench.h"
#include "harness.h"

/*
 * ARITH_TYPE is a bare token, so it is told apart by pasting it onto a
 * prefix: ARITH_KIND_arithoh is 1, every real type is 2, anything else is
 * undefined and stopped below.
 */
#define ARITH_KIND_arithoh 1
#define ARITH_KIND_short   2
#define ARITH_KIND_int     2
#define ARITH_KIND_long    2
#define ARITH_KIND_float   2
#define ARITH_KIND_double  2
#define ARITH_PASTE(a, b)  a##b
#define ARITH_KIND(t)      ARITH_PASTE(ARITH_KIND_, t)
#define ARITH_STR(t)       #t
#define ARITH_NAME(t)      ARITH_STR(t)

#ifndef ARITH_TYPE
#error "build with -DARITH_TYPE=arithoh|short|int|long|float|double"
#endif

/*
 * The loop count lives in memory, as the original's volatile iteration
 * counter does; for arithoh this increment is the whole measured work.
 */
static volatile uint64_t arith_loops;

#if ARITH_KIND(ARITH_TYPE) == 1
/*
 * The overhead: the same call and index loop with no arithmetic.  As in the
 * original, the compiler deletes the empty loop, so arithoh measures the
 * call and the count.
 */
static int
arith_step(int seed)
{
	int i;

	for (i = 2; i <= 101; i++)
		;
	(void)seed;
	return 0;
}
#elif ARITH_KIND(ARITH_TYPE) == 2
/*
 * The first index, 2, is read through a volatile on every call: the compiler
 * cannot know it, so it can neither fold a sum at build time nor hoist one
 * out of the timed loop (-ffast-math lets it split z off the sum otherwise).
 */
static volatile int arith_first = 2;

/*
 * One loop of the test: z = sum of y/(y-1), y = x*x, x = i for i = 2..101,
 * all in ARITH_TYPE.  The lowest bit of the previous result seeds z, so
 * each call depends on the one before and none can be skipped.  The result
 * is x + y + z converted to int (10402 for every type).  UnixBench's arith.c
 * computes the same sum but discards it, and gcc -O3 deletes it there.
 */
static int
arith_step(int seed)
{
	ARITH_TYPE x = 0, y = 0, z = seed & 1;
	int i;

	for (i = arith_first; i <= 101; i++) {
		x = i;
		y = x * x;
		z += y / (y - 1);
	}
	return (int)(x + y + z);
}
#else
#error "ARITH_TYPE must be one of arithoh short int long float double"
#endif

static int
arith_run(void *ctx, struct bench_loop *l)
{
	int *last = ctx, result = 0;

	while (!bench_stop) {
		arith_loops++;
		result = arith_step(result);
	}
	*last = result;
	l->count = arith_loops;
	return BENCH_OK;
}

static int
arith_finish(void *ctx, struct bench_loop *l, int rc)
{
	if (rc == BENCH_OK)
		fprintf(stderr, "%s: %llu loops in %.3f s, last result %d\n",
		    ARITH_NAME(ARITH_TYPE), (unsigned long long)l->count,
		    l->elapsed, *(int *)ctx);
	return rc;
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
	    .usage = ARITH_NAME(ARITH_TYPE) " [-h] seconds",
	    .seconds_operand = 1,
	    .run = arith_run,
	    .finish = arith_finish,
	    .timebase = 1,
	    .unit = "lps",
	};
	int result = 0;

	return bench_main(&prog, &result, argc, argv);
}
