/*
 * harness.c - the one timed pass of a test program: its command line
 * (bench_parse, in args.c), set-up, barrier, timer, the workload's loop,
 * result lines.
 */
#include <stddef.h>

#include "bench.h"
#include "harness.h"

int
bench_main(const struct bench_prog *p, void *ctx, int argc, char **argv)
{
	struct bench_loop loop = {0};
	int rc;

	if ((rc = bench_parse(p, ctx, argc, argv, &loop.seconds)) != BENCH_GO)
		return rc;
	if (p->setup != NULL && (rc = p->setup(ctx)) != BENCH_OK)
		return rc;
	if (bench_ready() == -1)
		return bench_fail("start barrier:");
	if (p->start != NULL && (rc = p->start(ctx)) != BENCH_OK)
		return rc;
	if (bench_arm(loop.seconds) == -1)
		rc = bench_fail("timer:");
	else {
		loop.start = bench_now();
		rc = p->run(ctx, &loop);
		loop.elapsed = bench_now() - loop.start;
	}
	if (p->finish != NULL)
		rc = p->finish(ctx, &loop, rc);
	if (rc != BENCH_OK)
		return rc;
	bench_count(loop.count, p->timebase, p->unit);
	bench_time(loop.elapsed);
	return BENCH_OK;
}
