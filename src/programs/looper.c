/*
 * looper - runs a command over and over (fork, execvp, wait) and counts the
 * runs completed in the measured time.  Reports runs per minute (lpm).  The
 * command's stdout goes to looper's stderr, never into the result line.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "parse.h"

#define USAGE "looper [-h] [-l] seconds command [args...]"

/* When the stop flag was first seen while waiting for a run (0: not yet). */
static double stop_at;

static void
note_stop(void)
{
	if (bench_stop && stop_at == 0)
		stop_at = bench_now();
}

/*
 * Starts one run of cmd.  A close-on-exec pipe tells an exec failure (the
 * child writes errno into it) from a successful exec (end of file).
 * Returns the child's pid, or -1 with *exec_errno set when exec failed
 * (0 when fork or pipe failed, errno set).
 */
static pid_t
run_start(char **cmd, int *exec_errno)
{
	int fds[2], e = 0;
	ssize_t n;
	pid_t pid;

	*exec_errno = 0;
	if (pipe(fds) == -1)
		return -1;
	if (fcntl(fds[1], F_SETFD, FD_CLOEXEC) == -1 || (pid = fork()) == -1) {
		e = errno;
		close(fds[0]);
		close(fds[1]);
		errno = e;
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		if (dup2(STDERR_FILENO, STDOUT_FILENO) != -1)
			execvp(cmd[0], cmd);
		e = errno;
		while (write(fds[1], &e, sizeof(e)) == -1 && errno == EINTR)
			;
		_exit(127);
	}
	close(fds[1]);
	while ((n = read(fds[0], &e, sizeof(e))) == -1 && errno == EINTR)
		note_stop();
	close(fds[0]);
	if (n == (ssize_t)sizeof(e)) {
		while (waitpid(pid, NULL, 0) == -1 && errno == EINTR)
			;
		*exec_errno = e;
		return -1;
	}
	return pid;
}

/* Waits for the run; returns its wait status, or -1 with errno set. */
static int
run_wait(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) == -1) {
		if (errno != EINTR)
			return -1;
		note_stop();
	}
	return status;
}

int
main(int argc, char **argv)
{
	uint64_t runs = 0;
	double seconds, start, last_end = 0;
	int status, exec_errno, last = 0;
	char **cmd;
	pid_t pid;

	if (argc == 2 && strcmp(argv[1], "-h") == 0) {
		printf("usage: %s\n", USAGE);
		return BENCH_OK;
	}
	/*
	 * -l (quick passes): the interval ends when the last counted run
	 * ended, so a short pass loses no partial run; when none ended in
	 * time, the first run counts and ends it.
	 */
	if (argc > 1 && strcmp(argv[1], "-l") == 0) {
		last = 1;
		argv++;
		argc--;
	}
	if (argc < 3 || parse_double(argv[1], 0.001, 1e7, &seconds) == -1)
		return bench_usage(USAGE);
	cmd = argv + 2;

	if (bench_go(seconds, &start) != 0)
		return BENCH_FAILED;
	/*
	 * A run that is still going when time is up is waited for (nothing
	 * is left running) but not counted, and the interval ends when time
	 * was up, as in UnixBench, where the count is taken at the alarm.
	 */
	while (!bench_stop) {
		if ((pid = run_start(cmd, &exec_errno)) == -1) {
			if (exec_errno == ENOENT) {
				fprintf(stderr, "looper: %s: command not found\n",
				    cmd[0]);
				return BENCH_SKIP;
			}
			if (exec_errno != 0) {
				errno = exec_errno;
				return bench_fail("cannot run %s:", cmd[0]);
			}
			return bench_fail("fork after %llu runs:",
			    (unsigned long long)runs);
		}
		/* Time may have run out while the run was being started. */
		note_stop();
		if ((status = run_wait(pid)) == -1)
			return bench_fail("waitpid:");
		if (WIFSIGNALED(status))
			return bench_fail("%s killed by signal %d", cmd[0],
			    WTERMSIG(status));
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			return bench_fail("%s exited %d", cmd[0],
			    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		if (stop_at == 0 || (last && runs == 0)) {
			runs++;
			last_end = bench_now();
		}
	}
	if (stop_at == 0)
		stop_at = bench_now();
	bench_count(runs, 60, "lpm");
	bench_time(last ? last_end - start : stop_at - start);
	return BENCH_OK;
}
