/*
 * pipe - pipe throughput: one process writes 512 bytes into a pipe and reads
 * them back, once per loop.  Reports loops per second (lps).
 */
#include <stdint.h>
#include <unistd.h>

#include "bench.h"

#define PIPE_BLOCK 512

int
main(int argc, char **argv)
{
	char buf[PIPE_BLOCK] = { 0 };
	uint64_t loops = 0;
	double seconds, start, elapsed;
	int fds[2], done, rc;

	rc = bench_args(argc, argv, "pipe [-h] seconds", &seconds, &done);
	if (done)
		return rc;
	if (pipe(fds) == -1)
		return bench_fail("pipe:");
	if (bench_go(seconds, &start) != 0)
		return BENCH_FAILED;
	while (!bench_stop) {
		/* 512 bytes fit in any pipe buffer: neither call blocks. */
		if (write(fds[1], buf, sizeof(buf)) != (ssize_t)sizeof(buf))
			return bench_fail("pipe write:");
		if (read(fds[0], buf, sizeof(buf)) != (ssize_t)sizeof(buf))
			return bench_fail("pipe read:");
		loops++;
	}
	elapsed = bench_now() - start;
	bench_count(loops, 1, "lps");
	bench_time(elapsed);
	return BENCH_OK;
}
