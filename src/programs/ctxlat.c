/*
 * ctxlat - context-switch latency in microseconds per switch (lower is
 * better): a token passed over pipes between two processes and between two
 * threads, alone and with K busy-looping extra processes; min/avg/max of R.
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

#define TOKEN_QUIT 0xffffffffu /* the partner answers with its CPU, exits */
#define TOKEN_MASK 0x7fffffffu

static const char usage_text[] =
    "ctxlat [-h] [-k extra] [-r reps] [-p unpinned|same-cpu|cross-cpu] "
    "seconds";

/* Set by SIGINT and SIGTERM (and SIGALRM in an extra): stop and clean up. */
static volatile sig_atomic_t quit;
/* Set in an extra whose safety alarm went off before it was stopped. */
static volatile sig_atomic_t spin_expired;
/* The busy loop of an extra writes here so that it cannot be removed. */
static volatile uint64_t spin_sink;

/* The state of a run: options, the chosen CPUs, priorities, the extras. */
struct run {
	const struct place *place;
	int cpu[2]; /* measuring side, partner; -1: unpinned */
	long extras;
	long reps;
	double slice_seconds; /* one repetition */
	int rt; /* the pair may use SCHED_FIFO */
	int rt_priority;
	int rt_errno; /* why not, when rt is 0 */
	int extras_nice;
	int go[2]; /* closing go[1] lets the extras spin */
	pid_t *spinners;
	long nspinners; /* forked so far */
};

/* The two pipes of a hand-off and the partner's side of it. */
struct hand_off {
	int to_partner[2];
	int to_measurer[2];
	int cpu; /* the partner pins itself here, -1: not */
	int go_fd; /* a forked partner closes it, -1: none */
	pid_t pid; /* process partner */
	pthread_t thread; /* thread partner */
	int status; /* thread partner: 0 ok, -1 failed */
};

/* One configuration of the table. */
struct config {
	const char *key; /* INFO key prefix */
	int threaded;
	int loaded; /* with the extras spinning */
	double us[3]; /* min, avg, max microseconds per switch */
	int ran_on[2]; /* sched_getcpu of measurer and partner */
	double seconds; /* time measured */
};

static void
on_quit(int sig)
{
	(void)sig;
	quit = 1;
	bench_stop = 1;
}

static void
on_spin_alarm(int sig)
{
	on_quit(sig);
	spin_expired = 1;
}

static int
catch_signals(void)
{
	static const int sigs[] = {SIGINT, SIGTERM};
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_quit;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (sigaction(sigs[i], &sa, NULL) == -1)
			return -1;
	/* A partner that died shows as EPIPE, not as a fatal signal. */
	sa.sa_handler = SIG_IGN;
	return sigaction(SIGPIPE, &sa, NULL);
}

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

static void
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

/*
 * Puts the calling thread under SCHED_FIFO (raise) or back under
 * SCHED_OTHER; nothing when real-time priority is not permitted.
 * Returns 0 or an error number.
 */
static int
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

/*
 * Finds out whether the pair may use SCHED_FIFO (by trying it), and the
 * extras' nice.  Returns 0, or -1 if the thread could not be put back.
 */
static int
probe_priority(struct run *r)
{
	int e, nice_value;

	r->rt = 1;
	r->rt_errno = 0;
	r->rt_priority = sched_get_priority_min(SCHED_FIFO);
	if (r->rt_priority == -1) {
		r->rt = 0;
		r->rt_errno = errno;
	} else if ((e = pair_priority(r, 1)) != 0) {
		r->rt = 0;
		r->rt_errno = e;
	} else if ((e = pair_priority(r, 0)) != 0) {
		errno = e;
		return -1;
	}
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
	while ((n = read(r->go[0], &c, 1)) == -1 && errno == EINTR && !quit)
		;
	while (!quit && getppid() == parent)
		for (i = 0; i < (1UL << 20) && !quit; i++)
			spin_sink++;
	_exit(spin_expired ? 1 : 0);
}

/* Forks the extras; they wait, not runnable, until spinners_release. */
static int
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

static void
spinners_release(struct run *r)
{
	close_fd(&r->go[1]);
}

/* Stops and reaps every extra forked.  Returns 0, or -1 if one failed. */
static int
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
	if (quit)
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

/*
 * Measures one configuration: a partner started (it inherits the measuring
 * thread's priority), R repetitions, the partner's CPU asked for, the
 * partner collected.  Returns 0, or 1 after an ERROR line.
 */
static int
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
	memset(&h, 0, sizeof(h));
	h.to_partner[0] = h.to_partner[1] = -1;
	h.to_measurer[0] = h.to_measurer[1] = -1;
	h.cpu = r->cpu[1];
	h.go_fd = r->go[1];
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
	for (rep = 0; rep < r->reps && !quit; rep++)
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

/*
 * Every figure as INFO, COUNT and TIME on stdout; the table on stderr.
 * c[] holds proc, thread, proc.k and thread.k, in this order.
 */
static void
report(const struct run *r, const struct config *c, size_t nconfigs)
{
	static const char *const which[] = {"min", "avg", "max"};
	static const char *const extras_where[] = {"unpinned",
	    "on the pair's CPU", "alternating over the pair's CPUs"};
	double slope[2][3], seconds = 0.0;
	size_t i, k;

	for (i = 0; i < nconfigs; i++) {
		for (k = 0; k < 3; k++) {
			char key[32];

			snprintf(key, sizeof(key), "%s.%s", c[i].key, which[k]);
			bench_info(key, "%.3f", c[i].us[k]);
		}
		seconds += c[i].seconds;
	}
	for (k = 0; k < 3; k++) {
		slope[0][k] = (c[2].us[k] - c[0].us[k]) / (double)r->extras;
		slope[1][k] = (c[3].us[k] - c[1].us[k]) / (double)r->extras;
	}
	bench_info("per_proc.proc.min", "%.4f", slope[0][0]);
	bench_info("per_proc.proc", "%.4f", slope[0][1]);
	bench_info("per_proc.proc.max", "%.4f", slope[0][2]);
	bench_info("per_proc.thread.min", "%.4f", slope[1][0]);
	bench_info("per_proc.thread", "%.4f", slope[1][1]);
	bench_info("per_proc.thread.max", "%.4f", slope[1][2]);
	for (i = 0; i < nconfigs; i++) {
		char key[32];

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

int
main(int argc, char **argv)
{
	static struct config configs[] = {
	    {.key = "proc", .threaded = 0, .loaded = 0},
	    {.key = "thread", .threaded = 1, .loaded = 0},
	    {.key = "proc.k", .threaded = 0, .loaded = 1},
	    {.key = "thread.k", .threaded = 1, .loaded = 1},
	};
	const size_t nconfigs = sizeof(configs) / sizeof(configs[0]);
	const char *place_name = "same-cpu";
	struct run r;
	double seconds;
	size_t i;
	int ch, e, rc = 0;

	memset(&r, 0, sizeof(r));
	r.extras = 32;
	r.reps = 10;
	r.go[0] = r.go[1] = -1;
	while ((ch = getopt(argc, argv, "hk:r:p:")) != -1) {
		switch (ch) {
		case 'h':
			printf("usage: %s\n", usage_text);
			return BENCH_OK;
		case 'k':
			if (parse_long(optarg, 1, 1024, &r.extras) == -1)
				return bench_usage(usage_text);
			break;
		case 'r':
			if (parse_long(optarg, 1, 100000, &r.reps) == -1)
				return bench_usage(usage_text);
			break;
		case 'p':
			place_name = optarg;
			break;
		default:
			return bench_usage(usage_text);
		}
	}
	if (optind != argc - 1 ||
	    parse_double(argv[optind], 0.001, 1e7, &seconds) == -1 ||
	    (r.place = place_find(place_name)) == NULL)
		return bench_usage(usage_text);
	r.slice_seconds = seconds / (4.0 * (double)r.reps);

	if (place_choose(r.place, bench_copy_index(), r.cpu) == -1 ||
	    (r.place->ncpus > 0 && cpu_pin(r.cpu[0]) == -1)) {
		fprintf(stderr,
		    "ctxlat: cannot apply placement %s: it needs %d usable "
		    "CPU(s) and affinity control\n",
		    r.place->name, r.place->ncpus);
		return BENCH_SKIP;
	}
	if (catch_signals() == -1)
		return bench_fail("sigaction:");
	if (probe_priority(&r) == -1)
		return bench_fail("pthread_setschedparam:");
	if ((rc = spinners_start(&r)) == 0 && bench_ready() == -1)
		rc = bench_fail("bench_ready:");
	if (rc == 0 && (e = pair_priority(&r, 1)) != 0) {
		errno = e;
		rc = bench_fail("pthread_setschedparam:");
	}
	for (i = 0; i < nconfigs && rc == 0 && !quit; i++) {
		if (configs[i].loaded)
			spinners_release(&r);
		rc = run_config(&r, &configs[i]);
	}
	if (spinners_stop(&r) == -1 && rc == 0 && !quit)
		rc = bench_fail("an extra process failed");
	if ((e = pair_priority(&r, 0)) != 0 && rc == 0) {
		errno = e;
		rc = bench_fail("pthread_setschedparam:");
	}
	if (rc != 0)
		return rc;
	if (quit)
		return bench_fail("interrupted");
	report(&r, configs, nconfigs);
	return BENCH_OK;
}
