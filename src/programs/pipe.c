/*
 * pipe - pipe throughput: one process writes 512 bytes into a pipe and reads
 * them back, once per loop.  Reports loops per second (lps).
 */
#include <stdint.h>
#include <unistd.h>

#include "bench.h"
#include "harness.h"

#define PIPE_BLOCK 512

static int
pipe_setup(void *ctx)
{
	return pipe(ctx) == -1 ? bench_fail("pipe:") : BENCH_OK;
}

static int
pipe_run(void *ctx, struct bench_loop *l)
{
	const int *fds = ctx;
	char buf[PIPE_BLOCK] = {0};
	uint64_t loops = 0;

	while (!bench_stop) {
		/* 512 bytes fit in any pipe buffer: neither call blocks. */
		if (write(fds[1], buf, sizeof(buf)) != (ssize_t)sizeof(buf))
			return bench_fail("pipe write:");
		if (read(fds[0], buf, sizeof(buf)) != (ssize_t)sizeof(buf))
			return bench_fail("pipe read:");
		loops++;
	}
	l->count = loops;
	return BENCH_OK;
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
	    .usage = "pipe [-h] seconds",
	    .seconds_operand = 1,
	    .setup = pipe_setup,
	    .run = pipe_run,
	    .timebase = 1,
	    .unit = "lps",
	};
	int fds[2];

	return bench_main(&prog, fds, argc, argv);
}
