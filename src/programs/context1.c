/*
 * context1 - pipe-based context switching: a parent and a child pass a
 * counter back and forth through two pipes; one loop is one round trip.
 * Reports loops per second (lps); -p pins the pair (SPEC §9 placement).
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
#include "parse.h"

#define USAGE "context1 [-h] [-p unpinned|same-cpu|cross-cpu] seconds"
#define MAX_CPUS 1024

enum placement { UNPINNED, SAME_CPU, CROSS_CPU };

static const struct {
	const char *name;
	enum placement placement;
} placements[] = {
	{ "unpinned", UNPINNED },
	{ "same-cpu", SAME_CPU },
	{ "cross-cpu", CROSS_CPU },
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
		if (got != mine || msg_write(out, mine) != (ssize_t)sizeof(mine))
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

/*
 * Picks the CPUs of this copy: same-cpu puts copy i's pair on the i-th
 * usable CPU, cross-cpu puts its parent and child on CPUs 2i and 2i+1
 * (modulo the usable count).  Returns 0, or BENCH_SKIP after saying why.
 */
static int
choose_cpus(enum placement p, const char *name, int *parent, int *child)
{
	static int cpus[MAX_CPUS];
	int n, copy = bench_copy_index();

	n = cpu_usable_list(cpus, MAX_CPUS);
	if (n == -1 || (p == CROSS_CPU && n < 2)) {
		const char *why = n == -1 ? strerror(errno) :
		    "only one usable CPU";

		fprintf(stderr, "context1: cannot apply placement %s: %s\n",
		    name, why);
		bench_info("placement", "%s unavailable: %s", name, why);
		return BENCH_SKIP;
	}
	if (p == SAME_CPU) {
		*parent = *child = cpus[copy % n];
	} else {
		*parent = cpus[(2 * copy) % n];
		*child = cpus[(2 * copy + 1) % n];
	}
	return BENCH_OK;
}

int
main(int argc, char **argv)
{
	enum placement place = UNPINNED;
	const char *place_name = "unpinned";
	uint64_t loops = 0, check, child_cpu_run;
	double seconds, start, elapsed;
	int to_child[2], to_parent[2], ch, rc, parent_cpu = -1, child_cpu = -1;
	int parent_cpu_run;
	size_t i;
	pid_t pid;

	while ((ch = getopt(argc, argv, "hp:")) != -1) {
		switch (ch) {
		case 'h':
			printf("usage: %s\n", USAGE);
			return BENCH_OK;
		case 'p':
			for (i = 0; i < sizeof(placements) / sizeof(placements[0]);
			    i++)
				if (strcmp(placements[i].name, optarg) == 0)
					break;
			if (i == sizeof(placements) / sizeof(placements[0]))
				return bench_usage(USAGE);
			place = placements[i].placement;
			place_name = placements[i].name;
			break;
		default:
			return bench_usage(USAGE);
		}
	}
	if (argc - optind != 1 ||
	    parse_double(argv[optind], 0.001, 1e7, &seconds) == -1)
		return bench_usage(USAGE);

	if (place != UNPINNED) {
		rc = choose_cpus(place, place_name, &parent_cpu, &child_cpu);
		if (rc != BENCH_OK)
			return rc;
		/* The child inherits this mask; the parent moves after fork. */
		if (cpu_pin(child_cpu) == -1) {
			fprintf(stderr, "context1: cannot pin to CPU %d: %s\n",
			    child_cpu, strerror(errno));
			bench_info("placement", "%s unavailable: %s", place_name,
			    strerror(errno));
			return BENCH_SKIP;
		}
	}
	if (signal(SIGPIPE, SIG_IGN) == SIG_ERR)
		return bench_fail("signal:");
	if (pipe(to_child) == -1 || pipe(to_parent) == -1)
		return bench_fail("pipe:");
	/* Ready before fork, so that the child holds no barrier descriptor. */
	if (bench_ready() == -1)
		return bench_fail("start barrier:");
	if ((pid = fork()) == -1)
		return bench_fail("fork:");
	if (pid == 0) {
		close(to_child[1]);
		close(to_parent[0]);
		child_loop(to_child[0], to_parent[1]);
	}
	close(to_child[0]);
	close(to_parent[1]);
	if (place != UNPINNED && cpu_pin(parent_cpu) == -1) {
		rc = bench_fail("cannot pin to CPU %d:", parent_cpu);
		child_stop(pid, to_child[1], to_parent[0], &child_cpu_run);
		return rc;
	}

	if (bench_arm(seconds) == -1) {
		rc = bench_fail("timer:");
		child_stop(pid, to_child[1], to_parent[0], &child_cpu_run);
		return rc;
	}
	start = bench_now();
	rc = BENCH_OK;
	while (!bench_stop) {
		if (msg_write(to_child[1], loops) != (ssize_t)sizeof(loops) ||
		    msg_read(to_parent[0], &check) != (ssize_t)sizeof(check)) {
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
	elapsed = bench_now() - start;
	parent_cpu_run = cpu_current();
	if (child_stop(pid, to_child[1], to_parent[0], &child_cpu_run) == -1 &&
	    rc == BENCH_OK)
		rc = bench_fail("the child failed");
	if (rc != BENCH_OK)
		return rc;

	if (place == UNPINNED)
		bench_info("placement", "unpinned");
	else
		bench_info("placement", "%s parent=%d child=%d", place_name,
		    parent_cpu, child_cpu);
	if (parent_cpu_run >= 0 && child_cpu_run != UINT64_MAX)
		bench_info("ran_on", "parent=%d child=%llu", parent_cpu_run,
		    (unsigned long long)child_cpu_run);
	else
		bench_info("ran_on", "unknown");
	bench_count(loops, 1, "lps");
	bench_time(elapsed);
	return BENCH_OK;
}
