/*
 * spawn - process creation: fork a child that exits at once, wait for it and
 * check that it exited 0, once per loop.  Reports loops per second (lps).
 *
 * As in UnixBench, the child leaves by exit(), not _exit(): the exit path
 * (exit handlers, stdio cleanup, a lazily bound symbol) touches memory that
 * the child shares with the parent, and those copy-on-write page faults
 * (about 7 a loop) are part of the work timed.  For the same reason the
 * count lives in memory, not in a register: the parent's store after each
 * fork faults on its write-protected data page, as UnixBench's does.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "harness.h"

uint64_t spawn_loops;

static int
spawn_run(void *ctx, struct bench_loop *l)
{
	int status;
	pid_t pid;

	(void)ctx;
	while (!bench_stop) {
		if ((pid = fork()) == -1)
			return bench_fail("fork after %llu loops:",
			    (unsigned long long)spawn_loops);
		if (pid == 0)
			exit(0);
		while (waitpid(pid, &status, 0) == -1)
			if (errno != EINTR)
				return bench_fail("waitpid:");
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			return bench_fail(
			    "child ended with status 0x%x", status);
		spawn_loops++;
	}
	l->count = spawn_loops;
	return BENCH_OK;
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
	    .usage = "spawn [-h] seconds",
	    .seconds_operand = 1,
	    .run = spawn_run,
	    .timebase = 1,
	    .unit = "lps",
	};

	return bench_main(&prog, NULL, argc, argv);
}
