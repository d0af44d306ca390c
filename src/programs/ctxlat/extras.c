/*
 * extras.c - ctxlat's extra processes, which busy-loop on the pair's CPU
 * in the loaded configurations, the pair's real-time priority, and the
 * stop flag both sides share.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "cpu.h"
#include "ctxlat.h"

volatile sig_atomic_t ctxlat_quit;

/* Set in an extra whose safety alarm went off before it was stopped. */
static volatile sig_atomic_t spin_expired;
/* The busy loop of an extra writes here so that it cannot be removed. */
static volatile uint64_t spin_sink;

void
on_quit(int sig)
{
	(void)sig;
	ctxlat_quit = 1;
	bench_stop = 1;
}

static void
on_spin_alarm(int sig)
{
	on_quit(sig);
	spin_expired = 1;
}

int
pair_priority(const struct run *r, int raise)
{
	struct sched_param sp;

	if (!r->rt)
		return 0;
	memset(&sp, 0, sizeof(sp));
	sp.sched_priority = raise ? r->rt_priority : 0;
	return pthread_setschedparam(
	    pthread_self(), raise ? SCHED_FIFO : SCHED_OTHER, &sp);
}

int
probe_priority(struct run *r)
{
	int e, nice_value;

	r->rt = 1; /* pair_priority does nothing without it */
	if ((r->rt_priority = sched_get_priority_min(SCHED_FIFO)) == -1)
		r->rt_errno = errno;
	else if ((r->rt_errno = pair_priority(r, 1)) == 0 &&
	         (e = pair_priority(r, 0)) != 0) {
		errno = e;
		return -1;
	}
	r->rt = r->rt_errno == 0;
	errno = 0;
	nice_value = getpriority(PRIO_PROCESS, 0);
	if (nice_value == -1 && errno != 0)
		nice_value = 0;
	r->extras_nice = r->rt ? nice_value : 19;
	return 0;
}

/*
 * An extra process: waits until the go pipe is closed, then spins until
 * SIGTERM, its own alarm, or its parent's death.  Never returns; exits 1
 * if the alarm, ten minutes past the run's duration, stopped it.
 */
static void
spinner(const struct run *r, long index, pid_t parent)
{
	struct sigaction sa;
	unsigned long i;
	ssize_t n;
	char c;
	int cpu = -1;

	close(r->go[1]);
	close(STDOUT_FILENO);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_spin_alarm;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGALRM, &sa, NULL) == -1)
		_exit(1);
	alarm((unsigned)(r->slice_seconds * 4.0 * (double)r->reps) + 600);
	if (r->place->ncpus > 0)
		cpu = r->cpu[index % r->place->ncpus];
	if (cpu >= 0 && cpu_pin(cpu) == -1) {
		fprintf(stderr, "ctxlat: extra: cpu %d: %s\n", cpu,
		    strerror(errno));
		_exit(1);
	}
	if (!r->rt && setpriority(PRIO_PROCESS, 0, r->extras_nice) == -1) {
		fprintf(stderr, "ctxlat: extra: setpriority: %s\n",
		    strerror(errno));
		_exit(1);
	}
	while (
	    (n = read(r->go[0], &c, 1)) == -1 && errno == EINTR && !ctxlat_quit)
		;
	while (!ctxlat_quit && getppid() == parent)
		for (i = 0; i < (1UL << 20) && !ctxlat_quit; i++)
			spin_sink++;
	_exit(spin_expired ? 1 : 0);
}

int
spinners_start(struct run *r)
{
	pid_t parent = getpid(), pid;
	long i;

	r->spinners = calloc((size_t)r->extras, sizeof(*r->spinners));
	if (r->spinners == NULL)
		return bench_fail("calloc:");
	if (pipe(r->go) == -1)
		return bench_fail("pipe:");
	for (i = 0; i < r->extras; i++) {
		if ((pid = fork()) == -1)
			return bench_fail("fork:");
		if (pid == 0)
			spinner(r, i, parent);
		r->spinners[r->nspinners++] = pid;
	}
	close_fd(&r->go[0]);
	return 0;
}

int
spinners_stop(struct run *r)
{
	pid_t pid;
	long i;
	int status, failed = 0;

	for (i = 0; i < r->nspinners; i++)
		if (kill(r->spinners[i], SIGTERM) == -1)
			failed = 1;
	close_fd(&r->go[0]);
	close_fd(&r->go[1]);
	for (i = 0; i < r->nspinners; i++) {
		while ((pid = waitpid(r->spinners[i], &status, 0)) == -1 &&
		       errno == EINTR)
			;
		if (pid == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
			failed = 1;
	}
	r->nspinners = 0;
	free(r->spinners);
	r->spinners = NULL;
	return failed ? -1 : 0;
}
