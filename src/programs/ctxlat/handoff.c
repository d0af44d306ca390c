/*
 * handoff.c - ctxlat's pair: a token over two pipes between the measuring
 * side and its partner (a forked process or a second thread), and the
 * timed repetitions of one configuration.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "cpu.h"
#include "ctxlat.h"

/* Reads one token, retrying after signals: 1, 0 at end of file, or -1. */
static int
token_read(int fd, uint32_t *token)
{
	ssize_t n;

	while ((n = read(fd, token, sizeof(*token))) == -1 && errno == EINTR)
		;
	if (n == -1)
		return -1;
	if (n == 0)
		return 0;
	if (n != (ssize_t)sizeof(*token)) {
		errno = EIO;
		return -1;
	}
	return 1;
}

static int
token_write(int fd, uint32_t token)
{
	ssize_t n;

	while ((n = write(fd, &token, sizeof(token))) == -1 && errno == EINTR)
		;
	if (n == -1)
		return -1;
	if (n != (ssize_t)sizeof(token)) {
		errno = EIO;
		return -1;
	}
	return 0;
}

void
close_fd(int *fd)
{
	if (*fd != -1)
		close(*fd);
	*fd = -1;
}

/*
 * The partner: answers each token with token + 1 until TOKEN_QUIT, which
 * it answers with the CPU it runs on.  Returns 0, or -1 after a message.
 * (On Linux cpu_pin pins the calling thread only: the thread partner
 * relies on that.)
 */
static int
partner_loop(struct hand_off *h)
{
	uint32_t token;
	int n;

	if (h->cpu >= 0 && cpu_pin(h->cpu) == -1) {
		fprintf(stderr, "ctxlat: partner: cpu %d: %s\n", h->cpu,
		    strerror(errno));
		return -1;
	}
	while ((n = token_read(h->to_partner[0], &token)) == 1) {
		if (token == TOKEN_QUIT) {
			token = (uint32_t)cpu_current();
			if (token_write(h->to_measurer[1], token) == -1)
				break;
			return 0;
		}
		if (token_write(h->to_measurer[1], (token & TOKEN_MASK) + 1) ==
		    -1)
			break;
	}
	if (n == 0)
		fprintf(stderr, "ctxlat: partner: the measuring side left\n");
	else
		fprintf(stderr, "ctxlat: partner: %s\n", strerror(errno));
	return -1;
}

static int
partner_start_process(struct hand_off *h)
{
	h->pid = fork();
	if (h->pid == -1)
		return -1;
	if (h->pid == 0) {
		close(h->to_partner[1]);
		close(h->to_measurer[0]);
		if (h->go_fd != -1)
			close(h->go_fd);
		close(STDOUT_FILENO);
		_exit(partner_loop(h) == 0 ? 0 : 1);
	}
	/* Only the partner holds these: its exit is seen as end of file. */
	close_fd(&h->to_partner[0]);
	close_fd(&h->to_measurer[1]);
	return 0;
}

static int
partner_finish_process(struct hand_off *h)
{
	pid_t pid;
	int status;

	while ((pid = waitpid(h->pid, &status, 0)) == -1 && errno == EINTR)
		;
	if (pid == -1)
		return -1;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		errno = ECHILD;
		return -1;
	}
	return 0;
}

static void *
partner_thread(void *arg)
{
	struct hand_off *h = arg;

	h->status = partner_loop(h);
	/* The measuring side, if still reading, sees end of file. */
	close_fd(&h->to_measurer[1]);
	return NULL;
}

/*
 * Starts the partner thread with every signal blocked, so that SIGALRM and
 * SIGINT reach the measuring thread; it inherits its priority and CPU.
 */
static int
partner_start_thread(struct hand_off *h)
{
	pthread_attr_t attr;
	sigset_t all, old;
	int e;

	sigfillset(&all);
	if ((e = pthread_sigmask(SIG_SETMASK, &all, &old)) != 0) {
		errno = e;
		return -1;
	}
	if ((e = pthread_attr_init(&attr)) == 0) {
		e = pthread_attr_setinheritsched(&attr, PTHREAD_INHERIT_SCHED);
		if (e == 0)
			e = pthread_create(
			    &h->thread, &attr, partner_thread, h);
		pthread_attr_destroy(&attr);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (e != 0) {
		errno = e;
		return -1;
	}
	return 0;
}

static int
partner_finish_thread(struct hand_off *h)
{
	int e;

	if ((e = pthread_join(h->thread, NULL)) != 0) {
		errno = e;
		return -1;
	}
	if (h->status != 0)
		errno = ECHILD;
	return h->status;
}

/* How a partner is started and, once its pipes are closed, collected. */
struct partner_kind {
	int (*start)(struct hand_off *);
	int (*finish)(struct hand_off *);
};

static const struct partner_kind partner_kinds[] = {
    {partner_start_process, partner_finish_process},
    {partner_start_thread, partner_finish_thread},
};

/* One round trip: sends token, expects token + 1.  0, or -1 with errno. */
static int
exchange(const struct hand_off *h, uint32_t token)
{
	uint32_t answer;
	int n;

	token &= TOKEN_MASK;
	if (token_write(h->to_partner[1], token) == -1)
		return -1;
	if ((n = token_read(h->to_measurer[0], &answer)) != 1) {
		if (n == 0)
			errno = EPIPE;
		return -1;
	}
	if (answer != token + 1) {
		errno = EPROTO;
		return -1;
	}
	return 0;
}

/* Min, avg and max of the first n (> 0) values. */
static void
stats_of(const double *v, long n, double out[3])
{
	double sum = 0.0;
	long i;

	out[0] = out[2] = v[0];
	for (i = 0; i < n; i++) {
		if (v[i] < out[0])
			out[0] = v[i];
		if (v[i] > out[2])
			out[2] = v[i];
		sum += v[i];
	}
	out[1] = sum / (double)n;
}

/* The measuring side of one repetition; adds its time to c->seconds. */
static int
measure_rep(
    const struct run *r, const struct hand_off *h, struct config *c, double *us)
{
	uint64_t trips = 0;
	double t0, elapsed;

	if (bench_arm(r->slice_seconds) == -1)
		return -1;
	if (ctxlat_quit)
		bench_stop = 1;
	t0 = bench_now();
	do {
		if (exchange(h, (uint32_t)trips) == -1)
			return -1;
		trips++;
	} while (!bench_stop);
	elapsed = bench_now() - t0;
	c->seconds += elapsed;
	*us = elapsed * 1e6 / (2.0 * (double)trips);
	return 0;
}

int
run_config(const struct run *r, struct config *c)
{
	const struct partner_kind *kind = &partner_kinds[c->threaded];
	struct hand_off h;
	double *us;
	uint32_t cpu;
	long rep = 0;
	int rc = 0, started = 0;

	if ((us = calloc((size_t)r->reps, sizeof(*us))) == NULL)
		return bench_fail("calloc:");
	h = (struct hand_off){.to_partner = {-1, -1},
	    .to_measurer = {-1, -1},
	    .cpu = r->cpu[1],
	    .go_fd = r->go[1]};
	if (pipe(h.to_partner) == -1 || pipe(h.to_measurer) == -1) {
		rc = bench_fail("pipe:");
		goto out;
	}
	if (kind->start(&h) == -1) {
		rc = bench_fail("%s: starting the partner:", c->key);
		goto out;
	}
	started = 1;
	/* A first round trip: the partner is running where it should. */
	if (exchange(&h, 0) == -1) {
		rc = bench_fail("%s: hand-off:", c->key);
		goto out;
	}
	for (rep = 0; rep < r->reps && !ctxlat_quit; rep++)
		if (measure_rep(r, &h, c, &us[rep]) == -1) {
			rc = bench_fail("%s: hand-off:", c->key);
			goto out;
		}
	c->ran_on[0] = cpu_current();
	if (token_write(h.to_partner[1], TOKEN_QUIT) == -1 ||
	    token_read(h.to_measurer[0], &cpu) != 1) {
		rc = bench_fail("%s: stopping the partner:", c->key);
		goto out;
	}
	c->ran_on[1] = cpu == TOKEN_QUIT ? -1 : (int)cpu;
out:
	close_fd(&h.to_partner[1]);
	close_fd(&h.to_measurer[0]);
	if (started && kind->finish(&h) == -1 && rc == 0)
		rc = bench_fail("%s: partner failed:", c->key);
	close_fd(&h.to_partner[0]);
	close_fd(&h.to_measurer[1]);
	if (rc == 0 && rep > 0)
		stats_of(us, rep, c->us);
	free(us);
	return rc;
}
