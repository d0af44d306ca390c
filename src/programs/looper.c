/*
 * looper - runs a command over and over (fork, execvp, wait) and counts the
 * runs completed in the measured time.  Reports runs per minute (lpm).  The
 * command's stdout goes to looper's stderr, never into the result line.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "harness.h"

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

/* What to run, and how the interval ends. */
struct looper {
	char **cmd;
	/*
	 * -l (quick passes): the interval ends when the last counted run
	 * ended, so a short pass loses no partial run; when none ended in
	 * time, the first run counts and ends it.
	 */
	int last;
	double last_end; /* when the last counted run ended */
};

static int
looper_option(void *ctx, int ch, const char *arg)
{
	(void)ch;
	(void)arg;
	((struct looper *)ctx)->last = 1;
	return 0;
}

static int
looper_operands(void *ctx, int n, char **v)
{
	(void)n;
	((struct looper *)ctx)->cmd = v;
	return 0;
}

/* A run that failed to start: the exit status to return. */
static int
start_failed(char **cmd, int exec_errno, uint64_t runs)
{
	if (exec_errno == ENOENT) {
		fprintf(stderr, "looper: %s: command not found\n", cmd[0]);
		return BENCH_SKIP;
	}
	if (exec_errno != 0) {
		errno = exec_errno;
		return bench_fail("cannot run %s:", cmd[0]);
	}
	return bench_fail("fork after %llu runs:", (unsigned long long)runs);
}

/*
 * A run that is still going when time is up is waited for (nothing is left
 * running) but not counted, and the interval ends when time was up, as in
 * UnixBench, where the count is taken at the alarm.
 */
static int
looper_run(void *ctx, struct bench_loop *l)
{
	struct looper *lp = ctx;
	char **cmd = lp->cmd;
	uint64_t runs = 0;
	int status, exec_errno;
	pid_t pid;

	while (!bench_stop) {
		if ((pid = run_start(cmd, &exec_errno)) == -1)
			return start_failed(cmd, exec_errno, runs);
		/* Time may have run out while the run was being started. */
		note_stop();
		if ((status = run_wait(pid)) == -1)
			return bench_fail("waitpid:");
		if (WIFSIGNALED(status))
			return bench_fail(
			    "%s killed by signal %d", cmd[0], WTERMSIG(status));
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			return bench_fail("%s exited %d", cmd[0],
			    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		if (stop_at == 0 || (lp->last && runs == 0)) {
			runs++;
			lp->last_end = bench_now();
		}
	}
	if (stop_at == 0)
		stop_at = bench_now();
	l->count = runs;
	return BENCH_OK;
}

/* The interval: to the end of the last counted run, or to the stop. */
static int
looper_finish(void *ctx, struct bench_loop *l, int rc)
{
	const struct looper *lp = ctx;

	l->elapsed = (lp->last ? lp->last_end : stop_at) - l->start;
	return rc;
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
	    .usage = "looper [-h] [-l] seconds command [args...]",
	    .options = "+l",
	    .seconds_operand = 1,
	    .min_operands = 1,
	    .max_operands = -1,
	    .option = looper_option,
	    .operands = looper_operands,
	    .run = looper_run,
	    .finish = looper_finish,
	    .timebase = 60,
	    .unit = "lpm",
	};
	struct looper lp = {NULL, 0, 0};

	return bench_main(&prog, &lp, argc, argv);
}
