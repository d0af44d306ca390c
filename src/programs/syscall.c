/*
 * syscall - system call overhead.  Modes: mix (close(dup(fd)), a raw getpid
 * system call, getuid, umask per loop), close, getpid, and exec (fork, exec
 * a program that exits 0, wait).  Reports loops per second (lps).
 */
#ifdef __linux__
#define _GNU_SOURCE		/* syscall() and SYS_getpid */
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
#include "parse.h"

#define USAGE "syscall [-h] seconds [mix|close|getpid|exec]"

struct sys_ctx {
	int fd;			/* read end of a private pipe, for dup */
	const char *true_path;	/* the program exec mode runs, or NULL */
	uint64_t loops;
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
			return bench_fail("%s ended with status 0x%x",
			    c->true_path, status);
		c->loops++;
	}
	return BENCH_OK;
}

static const struct {
	const char *name;
	int (*run)(struct sys_ctx *);
} modes[] = {
	{ "mix", run_mix },
	{ "close", run_close },
	{ "getpid", run_getpid },
	{ "exec", run_exec },
};

int
main(int argc, char **argv)
{
	static const char *trues[] = { "/bin/true", "/usr/bin/true" };
	struct sys_ctx ctx = { -1, NULL, 0 };
	const char *mode = "mix";
	double seconds, start, elapsed;
	size_t i, m;
	int fds[2], ch, rc;

	while ((ch = getopt(argc, argv, "h")) != -1) {
		if (ch != 'h')
			return bench_usage(USAGE);
		printf("usage: %s\n", USAGE);
		return BENCH_OK;
	}
	argc -= optind;
	argv += optind;
	if (argc < 1 || argc > 2 ||
	    parse_double(argv[0], 0.001, 1e7, &seconds) == -1)
		return bench_usage(USAGE);
	if (argc == 2)
		mode = argv[1];
	for (m = 0; m < sizeof(modes) / sizeof(modes[0]); m++)
		if (strcmp(modes[m].name, mode) == 0)
			break;
	if (m == sizeof(modes) / sizeof(modes[0]))
		return bench_usage(USAGE);

	/* The descriptor to dup: a pipe's read end, its write end closed. */
	if (pipe(fds) == -1 || close(fds[1]) == -1)
		return bench_fail("pipe:");
	ctx.fd = fds[0];
	for (i = 0; i < sizeof(trues) / sizeof(trues[0]); i++)
		if (access(trues[i], X_OK) == 0) {
			ctx.true_path = trues[i];
			break;
		}

	if (bench_go(seconds, &start) != 0)
		return BENCH_FAILED;
	rc = modes[m].run(&ctx);
	elapsed = bench_now() - start;
	if (rc != BENCH_OK)
		return rc;
	bench_count(ctx.loops, 1, "lps");
	bench_time(elapsed);
	return BENCH_OK;
}
