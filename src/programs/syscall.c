/*
 * syscall - system call overhead.  Modes: mix (close(dup(fd)), a raw getpid
 * system call, getuid, umask per loop), close, getpid, and exec (fork, exec
 * a program that exits 0, wait).  Reports loops per second (lps).
 */
#ifdef __linux__
#define _GNU_SOURCE /* syscall() and SYS_getpid */
#include <sys/syscall.h>
#endif
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "harness.h"

struct sys_ctx {
	int fd; /* read end of a private pipe, for dup */
	const char *true_path; /* the program exec mode runs, or NULL */
	uint64_t loops;
	int (*run)(struct sys_ctx *); /* the mode's loop */
};

/*
 * getpid as a real system call: glibc once cached getpid(), so Linux uses
 * syscall(2); elsewhere getppid(), which no libc caches, stands in.
 */
static pid_t
raw_getpid(void)
{
#if defined(__linux__) && defined(SYS_getpid)
	return (pid_t)syscall(SYS_getpid);
#else
	return getppid();
#endif
}

static int
run_mix(struct sys_ctx *c)
{
	int fd;

	while (!bench_stop) {
		if ((fd = dup(c->fd)) == -1 || close(fd) == -1)
			return bench_fail("dup/close:");
		raw_getpid();
		getuid();
		umask(022);
		c->loops++;
	}
	return BENCH_OK;
}

static int
run_close(struct sys_ctx *c)
{
	int fd;

	while (!bench_stop) {
		if ((fd = dup(c->fd)) == -1 || close(fd) == -1)
			return bench_fail("dup/close:");
		c->loops++;
	}
	return BENCH_OK;
}

static int
run_getpid(struct sys_ctx *c)
{
	while (!bench_stop) {
		raw_getpid();
		c->loops++;
	}
	return BENCH_OK;
}

static int
run_exec(struct sys_ctx *c)
{
	pid_t pid;
	int status;

	if (c->true_path == NULL) {
		fprintf(stderr, "syscall: no /bin/true or /usr/bin/true\n");
		return BENCH_SKIP;
	}
	while (!bench_stop) {
		if ((pid = fork()) == -1)
			return bench_fail("fork:");
		if (pid == 0) {
			execl(c->true_path, c->true_path, (char *)NULL);
			_exit(127);
		}
		while (waitpid(pid, &status, 0) == -1)
			if (errno != EINTR)
				return bench_fail("waitpid:");
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			return bench_fail(
			    "%s ended with status 0x%x", c->true_path, status);
		c->loops++;
	}
	return BENCH_OK;
}

static const struct {
	const char *name;
	int (*run)(struct sys_ctx *);
} modes[] = {
    {"mix", run_mix},
    {"close", run_close},
    {"getpid", run_getpid},
    {"exec", run_exec},
};

static int
sys_operands(void *ctx, int n, char **v)
{
	struct sys_ctx *c = ctx;
	size_t m;

	if (n == 0)
		return 0;
	for (m = 0; m < sizeof(modes) / sizeof(modes[0]); m++)
		if (strcmp(modes[m].name, v[0]) == 0) {
			c->run = modes[m].run;
			return 0;
		}
	return -1;
}

/* The descriptor to dup (a pipe's read end, its write end closed), true. */
static int
sys_setup(void *ctx)
{
	static const char *trues[] = {"/bin/true", "/usr/bin/true"};
	struct sys_ctx *c = ctx;
	int fds[2];
	size_t i;

	if (pipe(fds) == -1 || close(fds[1]) == -1)
		return bench_fail("pipe:");
	c->fd = fds[0];
	for (i = 0; i < sizeof(trues) / sizeof(trues[0]); i++)
		if (access(trues[i], X_OK) == 0) {
			c->true_path = trues[i];
			break;
		}
	return BENCH_OK;
}

static int
sys_run(void *ctx, struct bench_loop *l)
{
	struct sys_ctx *c = ctx;
	int rc = c->run(c);

	l->count = c->loops;
	return rc;
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
	    .usage = "syscall [-h] seconds [mix|close|getpid|exec]",
	    .seconds_operand = 1,
	    .max_operands = 1,
	    .operands = sys_operands,
	    .setup = sys_setup,
	    .run = sys_run,
	    .timebase = 1,
	    .unit = "lps",
	};
	struct sys_ctx ctx = {-1, NULL, 0, run_mix};

	return bench_main(&prog, &ctx, argc, argv);
}
