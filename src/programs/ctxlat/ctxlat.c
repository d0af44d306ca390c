/*
 * ctxlat - context-switch latency in microseconds per switch (lower is
 * better): a token passed over pipes between two processes and between two
 * threads, alone and with K busy-looping extra processes; min/avg/max of R.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bench.h"
#include "cpu.h"
#include "ctxlat.h"
#include "harness.h"
#include "parse.h"
#include "place.h"

/*
 * The method, after Richard Gooch's 1998 linux-kernel test.  The measuring
 * side writes a 4-byte token into one pipe and reads the answer (token + 1)
 * from a second pipe; its partner does the reverse.  One round trip is two
 * switches, so us per switch = elapsed / (2 x round trips).  The partner is
 * a forked process ("proc") or a second pthread of this process ("thread");
 * both use the same pipes so that the two figures differ only by the cost
 * of switching address spaces.  Each of the four configurations (proc and
 * thread, alone and with K extras) runs R repetitions of seconds / (4 R).
 *
 * The extras are forked during set-up and wait on a pipe, not runnable, for
 * the "alone" configurations; closing that pipe lets them spin.  By default
 * the pair and the extras share one CPU, and the pair runs SCHED_FIFO while
 * the extras stay at normal priority.  In 1998, schedule() weighed every
 * task on the single run queue at each switch, so each runnable extra added
 * a fixed cost even though it never ran: the "per proc" slope.  Today the
 * real-time class picks its next task from a priority array, and the extras
 * (in the fair class) never run while one of the pair is runnable, except
 * for the few percent of each second the kernel reserves for normal tasks
 * (RT throttling): the slope is close to zero and those reserved slices show
 * in the max.  Without permission for SCHED_FIFO the extras run at nice 19,
 * and the w/K figures then include the CPU time the extras are given.
 *
 * Safety: no real-time task ever busy-waits (both sides block in read); the
 * pair is real-time from the start barrier until the extras are reaped (so
 * that released extras cannot hold up the measuring side between two
 * configurations), a time bounded by the duration; the extras stop on
 * SIGTERM, their own alarm (a failure) or their parent's death; every child
 * is reaped before the result is printed.
 */

static int
catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_quit;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGINT, &sa, NULL) == -1 ||
	    sigaction(SIGTERM, &sa, NULL) == -1)
		return -1;
	/* A partner that died shows as EPIPE, not as a fatal signal. */
	sa.sa_handler = SIG_IGN;
	return sigaction(SIGPIPE, &sa, NULL);
}

/*
 * Every figure as INFO, COUNT and TIME on stdout; the table on stderr.
 * c[] holds proc, thread, proc.k and thread.k, in this order.
 */
static void
report(const struct run *r, const struct config *c, size_t nconfigs)
{
	static const char *const which[] = {"min", "avg", "max"};
	static const char *const suffix[] = {".min", "", ".max"};
	static const char *const extras_where[] = {"unpinned",
	    "on the pair's CPU", "alternating over the pair's CPUs"};
	double slope[2][3], seconds = 0.0;
	char key[32];
	size_t i, k;

	for (i = 0; i < nconfigs; i++) {
		for (k = 0; k < 3; k++) {
			snprintf(key, sizeof(key), "%s.%s", c[i].key, which[k]);
			bench_info(key, "%.3f", c[i].us[k]);
		}
		seconds += c[i].seconds;
	}
	for (i = 0; i < 2; i++)
		for (k = 0; k < 3; k++) {
			slope[i][k] =
			    (c[i + 2].us[k] - c[i].us[k]) / (double)r->extras;
			snprintf(key, sizeof(key), "per_proc.%s%s", c[i].key,
			    suffix[k]);
			bench_info(key, "%.4f", slope[i][k]);
		}
	for (i = 0; i < nconfigs; i++) {
		snprintf(key, sizeof(key), "%s.cpus", c[i].key);
		bench_info(key, "%d %d", c[i].ran_on[0], c[i].ran_on[1]);
	}
	bench_info("extras", "%ld", r->extras);
	bench_info("reps", "%ld", r->reps);
	if (r->place->ncpus == 1)
		bench_info("placement", "same-cpu cpu %d", r->cpu[0]);
	else if (r->place->ncpus == 2)
		bench_info(
		    "placement", "cross-cpu cpus %d %d", r->cpu[0], r->cpu[1]);
	else
		bench_info("placement", "unpinned");
	if (r->rt)
		bench_info("priority", "SCHED_FIFO %d (pair), nice %d (extras)",
		    r->rt_priority, r->extras_nice);
	else
		bench_info("priority",
		    "SCHED_FIFO not permitted (%s): nice %d (pair), "
		    "nice %d (extras)",
		    strerror(r->rt_errno), getpriority(PRIO_PROCESS, 0),
		    r->extras_nice);
	bench_info("method",
	    "token over two pipes, one 4-byte write and read per switch; "
	    "proc: two processes, thread: two pthreads of one process; "
	    "us/switch = time / (2 x round trips); %ld reps of %.4f s each; "
	    "extras: %ld busy-loop processes %s, runnable only in w/%ld",
	    r->reps, r->slice_seconds, r->extras, extras_where[r->place->ncpus],
	    r->extras);
	bench_rate(c[0].us[1], "us");
	bench_time(seconds);

	fprintf(
	    stderr, "                   w/%ld procs   per proc\n", r->extras);
	fprintf(stderr, "     proc thread  proc thread  proc thread\n");
	for (k = 0; k < 3; k++)
		fprintf(stderr, "%s  %-5.1f %-6.1f %-5.1f %-6.1f %-5.2f %.2f\n",
		    which[k], c[0].us[k], c[1].us[k], c[2].us[k], c[3].us[k],
		    slope[0][k], slope[1][k]);
}

static int
lat_option(void *ctx, int ch, const char *arg)
{
	struct run *r = ctx;

	if (ch == 'k')
		return parse_long(arg, 1, 1024, &r->extras);
	if (ch == 'r')
		return parse_long(arg, 1, 100000, &r->reps);
	return (r->place = place_find(arg)) == NULL ? -1 : 0;
}

/* Pins the measuring side, catches signals, probes priorities. */
static int
lat_setup(struct run *r)
{
	if (place_choose(r->place, bench_copy_index(), r->cpu) == -1 ||
	    (r->place->ncpus > 0 && cpu_pin(r->cpu[0]) == -1)) {
		fprintf(stderr,
		    "ctxlat: cannot apply placement %s: it needs %d usable "
		    "CPU(s) and affinity control\n",
		    r->place->name, r->place->ncpus);
		return BENCH_SKIP;
	}
	if (catch_signals() == -1)
		return bench_fail("sigaction:");
	if (probe_priority(r) == -1)
		return bench_fail("pthread_setschedparam:");
	return BENCH_OK;
}

/*
 * The extras started, the barrier, the pair real-time, every configuration
 * measured, the extras stopped and the pair back to normal priority.
 */
static int
lat_measure(struct run *r, struct config *configs, size_t nconfigs)
{
	size_t i;
	int e, rc;

	if ((rc = spinners_start(r)) == 0 && bench_ready() == -1)
		rc = bench_fail("bench_ready:");
	if (rc == 0 && (e = pair_priority(r, 1)) != 0) {
		errno = e;
		rc = bench_fail("pthread_setschedparam:");
	}
	for (i = 0; i < nconfigs && rc == 0 && !ctxlat_quit; i++) {
		if (configs[i].loaded)
			close_fd(&r->go[1]);
		rc = run_config(r, &configs[i]);
	}
	if (spinners_stop(r) == -1 && rc == 0 && !ctxlat_quit)
		rc = bench_fail("an extra process failed");
	if ((e = pair_priority(r, 0)) != 0 && rc == 0) {
		errno = e;
		rc = bench_fail("pthread_setschedparam:");
	}
	if (rc == 0 && ctxlat_quit)
		rc = bench_fail("interrupted");
	return rc;
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
	    .usage = "ctxlat [-h] [-k extra] [-r reps] "
	             "[-p unpinned|same-cpu|cross-cpu] seconds",
	    .options = "k:r:p:",
	    .seconds_operand = 1,
	    .option = lat_option,
	};
	static struct config configs[] = {
	    {.key = "proc", .threaded = 0, .loaded = 0},
	    {.key = "thread", .threaded = 1, .loaded = 0},
	    {.key = "proc.k", .threaded = 0, .loaded = 1},
	    {.key = "thread.k", .threaded = 1, .loaded = 1},
	};
	const size_t nconfigs = sizeof(configs) / sizeof(configs[0]);
	struct run r = {.place = place_find("same-cpu"),
	    .extras = 32,
	    .reps = 10,
	    .go = {-1, -1}};
	double seconds;
	int rc;

	if ((rc = bench_parse(&prog, &r, argc, argv, &seconds)) != BENCH_GO)
		return rc;
	r.slice_seconds = seconds / (4.0 * (double)r.reps);
	if ((rc = lat_setup(&r)) != BENCH_OK ||
	    (rc = lat_measure(&r, configs, nconfigs)) != BENCH_OK)
		return rc;
	report(&r, configs, nconfigs);
	return BENCH_OK;
}
