/*
 * context1 - pipe-based context switching: a parent and a child pass a
 * counter back and forth through two pipes; one loop is one round trip.
 * Reports loops per second (lps); -p places the pair (place.h).
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "cpu.h"
#include "harness.h"
#include "place.h"

struct pair {
	const struct place *place;
	int cpu[2]; /* parent, child; -1 unpinned */
	int to_child[2];
	int to_parent[2];
	pid_t pid;
};

/*
 * Reads or writes one 8-byte message, retrying after EINTR.  Returns the
 * byte count of the last call (8 when complete, 0 at end of file) or -1.
 */
static ssize_t
msg_read(int fd, uint64_t *v)
{
	ssize_t n;

	while ((n = read(fd, v, sizeof(*v))) == -1 && errno == EINTR)
		;
	return n;
}

static ssize_t
msg_write(int fd, uint64_t v)
{
	ssize_t n;

	while ((n = write(fd, &v, sizeof(v))) == -1 && errno == EINTR)
		;
	return n;
}

/*
 * The child: echo each counter it reads from `in` to `out` after checking
 * it against its own count.  At end of file it sends the CPU it ran on last
 * (UINT64_MAX when unknown) and exits 0; a broken exchange exits 1.
 */
static void
child_loop(int in, int out)
{
	uint64_t mine = 0, got;
	ssize_t n;
	int cpu;

	while ((n = msg_read(in, &got)) == (ssize_t)sizeof(got)) {
		if (got != mine ||
		    msg_write(out, mine) != (ssize_t)sizeof(mine))
			_exit(1);
		mine++;
	}
	if (n != 0)
		_exit(1);
	cpu = cpu_current();
	if (msg_write(out, cpu < 0 ? UINT64_MAX : (uint64_t)cpu) !=
	    (ssize_t)sizeof(uint64_t))
		_exit(1);
	_exit(0);
}

/*
 * Ends the child: closes the parent's write end (the child sees end of
 * file), reads the child's last CPU into *cpu and reaps it.  Returns 0 when
 * the child exited 0, else -1.
 */
static int
child_stop(pid_t pid, int out, int in, uint64_t *cpu)
{
	int status;

	close(out);
	if (msg_read(in, cpu) != (ssize_t)sizeof(*cpu))
		*cpu = UINT64_MAX;
	close(in);
	while (waitpid(pid, &status, 0) == -1)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static int
pair_option(void *ctx, int ch, const char *arg)
{
	struct pair *p = ctx;

	(void)ch;
	return (p->place = place_find(arg)) == NULL ? -1 : 0;
}

/* Says why the placement (or pinning to cpu >= 0) cannot be had; the test
 * is skipped. */
static int
pair_skip(const struct pair *p, int cpu, const char *why)
{
	if (cpu < 0)
		fprintf(stderr, "context1: cannot apply placement %s: %s\n",
		    p->place->name, why);
	else
		fprintf(
		    stderr, "context1: cannot pin to CPU %d: %s\n", cpu, why);
	bench_info("placement", "%s unavailable: %s", p->place->name, why);
	return BENCH_SKIP;
}

/* Pins this process where the child goes (it inherits the mask), pipes. */
static int
pair_setup(void *ctx)
{
	struct pair *p = ctx;

	if (place_choose(p->place, bench_copy_index(), p->cpu) == -1)
		return pair_skip(p, -1,
		    errno == ERANGE ? "only one usable CPU" : strerror(errno));
	if (p->place->ncpus > 0 && cpu_pin(p->cpu[1]) == -1)
		return pair_skip(p, p->cpu[1], strerror(errno));
	if (signal(SIGPIPE, SIG_IGN) == SIG_ERR)
		return bench_fail("signal:");
	if (pipe(p->to_child) == -1 || pipe(p->to_parent) == -1)
		return bench_fail("pipe:");
	return BENCH_OK;
}

/*
 * After the barrier (so that the child holds no barrier descriptor): forks
 * the child, then moves the parent to its CPU.
 */
static int
pair_start(void *ctx)
{
	struct pair *p = ctx;
	uint64_t cpu;
	int rc;

	if ((p->pid = fork()) == -1)
		return bench_fail("fork:");
	if (p->pid == 0) {
		close(p->to_child[1]);
		close(p->to_parent[0]);
		child_loop(p->to_child[0], p->to_parent[1]);
	}
	close(p->to_child[0]);
	close(p->to_parent[1]);
	if (p->place->ncpus > 0 && cpu_pin(p->cpu[0]) == -1) {
		rc = bench_fail("cannot pin to CPU %d:", p->cpu[0]);
		child_stop(p->pid, p->to_child[1], p->to_parent[0], &cpu);
		return rc;
	}
	return BENCH_OK;
}

static int
pair_run(void *ctx, struct bench_loop *l)
{
	const struct pair *p = ctx;
	uint64_t loops = 0, check;
	int rc = BENCH_OK;

	while (!bench_stop) {
		if (msg_write(p->to_child[1], loops) !=
		        (ssize_t)sizeof(loops) ||
		    msg_read(p->to_parent[0], &check) !=
		        (ssize_t)sizeof(check)) {
			rc = bench_fail("exchange with the child failed:");
			break;
		}
		if (check != loops) {
			rc = bench_fail("sync error: sent %llu, got back %llu",
			    (unsigned long long)loops,
			    (unsigned long long)check);
			break;
		}
		loops++;
	}
	l->count = loops;
	return rc;
}

/* Stops the child; says where the pair was placed and where it ran. */
static int
pair_finish(void *ctx, struct bench_loop *l, int rc)
{
	struct pair *p = ctx;
	int parent_ran = cpu_current();
	uint64_t child_ran;

	(void)l;
	if (child_stop(p->pid, p->to_child[1], p->to_parent[0], &child_ran) ==
	        -1 &&
	    rc == BENCH_OK)
		rc = bench_fail("the child failed");
	if (rc != BENCH_OK)
		return rc;
	if (p->place->ncpus == 0)
		bench_info("placement", "unpinned");
	else
		bench_info("placement", "%s parent=%d child=%d", p->place->name,
		    p->cpu[0], p->cpu[1]);
	if (parent_ran >= 0 && child_ran != UINT64_MAX)
		bench_info("ran_on", "parent=%d child=%llu", parent_ran,
		    (unsigned long long)child_ran);
	else
		bench_info("ran_on", "unknown");
	return BENCH_OK;
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
	    .usage = "context1 [-h] [-p unpinned|same-cpu|cross-cpu] seconds",
	    .options = "p:",
	    .seconds_operand = 1,
	    .option = pair_option,
	    .setup = pair_setup,
	    .start = pair_start,
	    .run = pair_run,
	    .finish = pair_finish,
	    .timebase = 1,
	    .unit = "lps",
	};
	struct pair p = {
	    place_find("unpinned"), {-1, -1}, {-1, -1}, {-1, -1}, -1};

	return bench_main(&prog, &p, argc, argv);
}
