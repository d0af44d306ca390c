/*
 * spawn - process creation: fork a child that exits at once, wait for it and
 * check that it exited 0, once per loop.  Reports loops per second (lps).
 */
#include <errno.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

int
main(int argc, char **argv)
{
	uint64_t loops = 0;
	double seconds, start, elapsed;
	int done, rc, status;
	pid_t pid;

	rc = bench_args(argc, argv, "spawn [-h] seconds", &seconds, &done);
	if (done)
		return rc;
	if (bench_go(seconds, &start) != 0)
		return BENCH_FAILED;
	while (!bench_stop) {
		if ((pid = fork()) == -1)
			return bench_fail("fork after %llu loops:",
			    (unsigned long long)loops);
		if (pid == 0)
			_exit(0);
		while (waitpid(pid, &status, 0) == -1)
			if (errno != EINTR)
				return bench_fail("waitpid:");
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			return bench_fail("child ended with status 0x%x", status);
		loops++;
	}
	elapsed = bench_now() - start;
	bench_count(loops, 1, "lps");
	bench_time(elapsed);
	return BENCH_OK;
}
