/*
 * process.c - the copies of a pass (process.h): fork/execve in one
 * process group, the start barrier, the watchdog.  The runner sleeps in
 * process_wait with the signals it waits for unblocked only there, so
 * no signal is lost between a check and the wait.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cpu.h"
#include "exec/counters_sys.h"
#include "exec/process.h"

/* Seconds between SIGTERM and SIGKILL of a pass's process group. */
#define KILL_GRACE 2.0

/* envp plus BENCH_READY_FD and BENCH_START_FD; malloc'd array. */
static char **
barrier_env(char **envp, char *ready, char *start)
{
	size_t n = 0, i, k = 0;
	char **e;

	while (envp[n] != NULL)
		n++;
	if ((e = malloc(sizeof(*e) * (n + 3))) == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		if (strncmp(envp[i], "BENCH_READY_FD=", 15) != 0 &&
		    strncmp(envp[i], "BENCH_START_FD=", 15) != 0)
			e[k++] = envp[i];
	e[k++] = ready;
	e[k++] = start;
	e[k] = NULL;
	return e;
}

/* Writes a message on stderr from a child between fork and exec. */
static void
child_fail(const char *what, const char *path)
{
	const char *part[] = {"bytebench: cannot ", what, " ", path, "\n"};
	int i;

	for (i = 0; i < 5; i++)
		if (write(2, part[i], strlen(part[i])) == -1)
			break;
	_exit(127);
}

/* Opens path (flags) as descriptor fd; 0, or -1 when it cannot. */
static int
open_as(const char *path, int flags, int fd)
{
	int from = open(path, flags, 0600);

	if (from == -1)
		return -1;
	dup2(from, fd);
	if (from != fd)
		close(from);
	return 0;
}

/*
 * The child's side of a fork, in async-signal-safe calls: its process
 * group, signals, descriptors, directory and CPU; the gate (when
 * gate[0] is not -1); execve.  A step that fails exits 127, said.
 */
static void
child_exec(const struct launch *l, char **envp, pid_t pgid,
    const sigset_t *old_mask, const int gate[2])
{
	struct sigaction sa;
	char byte;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
	sigaction(SIGXFSZ, &sa, NULL);
	sigprocmask(SIG_SETMASK, old_mask, NULL);
	setpgid(0, pgid);
	if (open_as(l->err_path, O_WRONLY | O_CREAT | O_NOFOLLOW, 2) == -1)
		_exit(127);
	if (open_as(l->out_path, O_WRONLY | O_CREAT | O_NOFOLLOW, 1) == -1)
		child_fail("create", l->out_path);
	if (open_as("/dev/null", O_RDONLY, 0) == -1)
		child_fail("open", "/dev/null");
	if (chdir(l->cwd) == -1)
		child_fail("enter", l->cwd);
	if (l->pin >= 0 && cpu_pin(l->pin) == -1)
		child_fail("pin the copy to", "the CPU of its block");
	/* The runner closes the gate when its counters are attached. */
	if (gate[0] != -1) {
		close(gate[1]);
		while (read(gate[0], &byte, 1) == -1 && errno == EINTR)
			;
		close(gate[0]);
	}
	execve(l->argv[0], l->argv, envp);
	child_fail("execute", l->argv[0]);
}

/* One copy of a pass as the runner watches it. */
struct copy_state {
	pid_t pid;
	double ended; /* bench_now() at exit, 0 while running */
	double stopped_at; /* bench_now() of a stop, 0 while not stopped */
	double stopped_s; /* seconds stopped in all */
	int stops; /* how many times it was stopped */
	int status;
	struct counters ctr; /* from counters_reap */
	int cpu_start; /* its CPU + 1 at the start barrier; 0 unknown */
	struct counters_perf perf; /* fd[] -1 when not open */
	char **env; /* its environment with the barrier's */
};

/* A pass as it runs: what it runs, its copies, its times, its result. */
struct pass_state {
	const struct pass_spec *spec;
	struct copy_state *c; /* spec->ncopies of them */
	int running;
	pid_t pgid; /* the copies' process group, 0 before the first fork */
	double forked, release; /* bench_now() of the first fork, release */
	double killed; /* bench_now() of the first kill, 0 when none */
	enum outcome why; /* OK, or TIMEOUT or INTERRUPTED: it was killed */
	sigset_t old; /* the signal mask the runner waits with */
	struct pass_result *p;
	char *err; /* why the pass could not start */
	size_t errlen;
	int ready[2], start[2]; /* the barrier's pipes, -1 when closed */
	char ready_env[40], start_env[40]; /* their numbers, in c[].env */
};

/* Copy c is no longer stopped (continued or ended) at now. */
static void
stop_end(struct copy_state *c, double now)
{
	if (c->stopped_at > 0)
		c->stopped_s += now - c->stopped_at;
	c->stopped_at = 0;
}

/* Notes each copy stopped (SIGSTOP, SIGTSTP, a debugger) or continued. */
static void
watch_stops(struct pass_state *ps)
{
	struct copy_state *c;
	siginfo_t si;
	double now;
	int i;

	for (;;) {
		memset(&si, 0, sizeof(si));
		if (waitid(P_ALL, 0, &si, WSTOPPED | WCONTINUED | WNOHANG) ==
		        -1 ||
		    si.si_pid == 0)
			return;
		now = bench_now();
		for (i = 0; i < ps->spec->ncopies; i++) {
			c = &ps->c[i];
			if (c->pid != si.si_pid || c->ended != 0)
				continue;
			if (si.si_code == CLD_CONTINUED) {
				/* A stop unseen: the runner was stopped too. */
				if (c->stopped_at == 0)
					c->stops++;
				stop_end(c, now);
			} else {
				c->stops++;
				if (c->stopped_at == 0)
					c->stopped_at = now;
			}
		}
	}
}

/* Reaps every copy that has ended, without blocking; notes stops. */
static void
reap(struct pass_state *ps)
{
	struct counters ctr;
	pid_t pid;
	int status, i;

	watch_stops(ps);
	while (ps->running > 0 &&
	       (pid = counters_reap(&status, ps->spec->counters, &ctr)) > 0) {
		for (i = 0; i < ps->spec->ncopies; i++) {
			if (ps->c[i].pid != pid)
				continue;
			stop_end(&ps->c[i], bench_now());
			ps->c[i].status = status;
			ps->c[i].ctr = ctr;
			ps->c[i].ended = bench_now();
			ps->running--;
		}
	}
}

/* Phase 1: ready bytes until all came, EOF, a stop, or time. */
static void
barrier(struct pass_state *ps)
{
	struct pass_result *p = ps->p;
	double first = 0, last = 0, now;
	double limit = ps->forked + 60 + ps->spec->seconds;
	int ncopies = ps->spec->ncopies;
	char buf[512];
	ssize_t n;
	int rc;

	p->nready = 0;
	while (p->nready < ncopies && !process_stop_signal) {
		now = bench_now();
		if (now >= limit)
			break;
		if ((rc = process_wait(ps->ready[0], limit - now, &ps->old)) <=
		    0) {
			if (rc == -1)
				reap(ps);
			continue;
		}
		n = read(ps->ready[0], buf, sizeof(buf));
		if (n == -1 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0)
			break;
		now = bench_now();
		if (p->nready == 0)
			first = now;
		last = now;
		p->nready += (int)n;
	}
	p->skew_s = p->nready > 0 ? last - first : 0;
}

/*
 * Phase 2: waits for every copy, with the watchdog and the stop signals,
 * then kills what is left in the group.  A group's id stays taken while
 * it has a member; an empty group's could only be reused if process ids
 * wrapped around between the last reap and this kill.
 */
static void
watch(struct pass_state *ps)
{
	double deadline = ps->release + ps->spec->seconds + ps->spec->margin;
	double kill_at = -1, now, next;
	pid_t pgid = ps->pgid;

	for (;;) {
		reap(ps);
		if (ps->running == 0) {
			kill(-pgid, SIGKILL);
			process_kill_adopted();
			return;
		}
		now = bench_now();
		if (ps->why == OUTCOME_OK &&
		    (process_stop_signal || now >= deadline)) {
			ps->why = process_stop_signal ? OUTCOME_INTERRUPTED
			                              : OUTCOME_TIMEOUT;
			kill(-pgid, SIGTERM);
			kill(-pgid, SIGCONT); /* a stopped copy acts on it */
			ps->killed = now;
			kill_at = now + KILL_GRACE;
		}
		if (kill_at >= 0 && (now >= kill_at || process_stop_again)) {
			kill(-pgid, SIGKILL);
			kill_at = -1;
		}
		next = ps->why == OUTCOME_OK ? deadline : kill_at;
		process_wait(-1, next >= 0 ? (next > now ? next - now : 0) : -1,
		    &ps->old);
	}
}

/* The outcome of copy c (cs as the runner saw it) and its message. */
static int
copy_outcome(const struct pass_state *ps, const struct copy_state *cs,
    struct copy_result *c)
{
	char msg[160], len[40] = "";

	c->outcome = OUTCOME_OK;
	msg[0] = '\0';
	if (ps->why == OUTCOME_TIMEOUT && cs->ended >= ps->killed) {
		c->outcome = OUTCOME_TIMEOUT;
		snprintf(msg, sizeof(msg), "timed out after %.0f s", c->wall_s);
	} else if (ps->why == OUTCOME_INTERRUPTED) {
		c->outcome = OUTCOME_INTERRUPTED;
		snprintf(msg, sizeof(msg), "interrupted by signal %d",
		    (int)process_stop_signal);
	} else if (cs->stops > 0) {
		/* Its time counts the stop (doc/protocol.md); seen only
		 * continued, how long is not known. */
		c->outcome = OUTCOME_FAILED;
		if (cs->stopped_s > 0)
			snprintf(
			    len, sizeof(len), " for %.1f s", cs->stopped_s);
		snprintf(msg, sizeof(msg),
		    "stopped%s during the pass (SIGSTOP, SIGTSTP or a "
		    "debugger): not a measurement",
		    len);
	} else if (process_continued) {
		c->outcome = OUTCOME_FAILED;
		snprintf(msg, sizeof(msg),
		    "the runner was stopped during the pass (SIGSTOP, "
		    "SIGTSTP or a debugger): it could not watch or time its "
		    "copies, not a measurement");
	}
	c->message = strdup(msg);
	return c->message == NULL ? -1 : 0;
}

/* Fills the copies of the pass from what its state holds. */
static int
collect(struct pass_state *ps)
{
	struct pass_result *p = ps->p;
	double release = ps->release;
	int i, rc = 0;

	for (i = 0; i < ps->spec->ncopies; i++) {
		struct copy_result *c = &p->copies[i];
		const struct copy_state *cs = &ps->c[i];
		int s = cs->status;

		c->start_s = release - ps->spec->origin;
		/* From its fork when it ended before the release or not
		 * every copy took part in the barrier (doc/protocol.md). */
		c->wall_s = c->time_s =
		    cs->ended -
		    (cs->ended < release || p->nready < ps->spec->ncopies
		            ? ps->forked
		            : release);
		c->counters = cs->ctr;
		c->counters.cpu_start = cs->cpu_start;
		c->exit_status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
		c->signal = WIFSIGNALED(s) ? WTERMSIG(s) : 0;
		if (copy_outcome(ps, cs, c) == -1)
			rc = -1;
	}
	return rc;
}

/*
 * Starts the copies; returns how many were forked.  With perf counters,
 * each copy waits at a gate before its exec until they are attached; the
 * first failure is said in counters_note and ends perf for the pass.
 */
static int
spawn_all(struct pass_state *ps)
{
	int gate[2] = {-1, -1}, perf = ps->spec->counters == COUNTERS_ALL, i;
	struct pass_result *p = ps->p;
	pid_t pid;

	if (perf && pipe(gate) == -1) {
		snprintf(p->counters_note, sizeof(p->counters_note),
		    "perf counters: pipe: %s", strerror(errno));
		perf = 0;
	}
	for (i = 0; i < ps->spec->ncopies; i++) {
		pid = fork();
		if (pid == -1) {
			snprintf(
			    ps->err, ps->errlen, "fork: %s", strerror(errno));
			break;
		}
		if (pid == 0)
			child_exec(&ps->spec->l[i], ps->c[i].env, ps->pgid,
			    &ps->old, gate);
		if (ps->pgid == 0)
			ps->pgid = pid;
		/* Also here, so the group exists before the next fork (the
		 * child may have done it and exec'd already: EACCES). */
		setpgid(pid, ps->pgid);
		ps->c[i].pid = pid;
		ps->running++;
		if (perf &&
		    counters_perf_open(&ps->c[i].perf, pid, p->counters_note,
		        sizeof(p->counters_note)) == -1)
			perf = 0;
	}
	if (gate[0] != -1) {
		close(gate[0]);
		close(gate[1]);
	}
	return i;
}

/*
 * The copies' results, the barrier's pipes and each copy's environment
 * with them: PROCESS_RAN, or why the pass cannot run.
 */
static int
pass_open(struct pass_state *ps)
{
	int i, n = ps->spec->ncopies;

	ps->p->copies = calloc((size_t)n, sizeof(*ps->p->copies));
	if (ps->p->copies == NULL ||
	    (ps->c = calloc((size_t)n, sizeof(*ps->c))) == NULL)
		return PROCESS_NOMEM;
	if (pipe(ps->ready) == -1 || pipe(ps->start) == -1 ||
	    fcntl(ps->ready[0], F_SETFD, FD_CLOEXEC) == -1 ||
	    fcntl(ps->start[1], F_SETFD, FD_CLOEXEC) == -1) {
		snprintf(ps->err, ps->errlen, "pipe: %s", strerror(errno));
		return PROCESS_NOT_STARTED;
	}
	snprintf(ps->ready_env, sizeof(ps->ready_env), "BENCH_READY_FD=%d",
	    ps->ready[1]);
	snprintf(ps->start_env, sizeof(ps->start_env), "BENCH_START_FD=%d",
	    ps->start[0]);
	for (i = 0; i < n; i++) {
		memset(ps->c[i].perf.fd, -1, sizeof(ps->c[i].perf.fd));
		ps->c[i].env = barrier_env(
		    ps->spec->l[i].envp, ps->ready_env, ps->start_env);
		if (ps->c[i].env == NULL)
			return PROCESS_NOMEM;
	}
	return PROCESS_RAN;
}

/* Closes the pipe's ends still open. */
static void
close_pipe(int fd[2])
{
	int i;

	for (i = 0; i < 2; i++)
		if (fd[i] != -1)
			close(fd[i]);
	fd[0] = fd[1] = -1;
}

/*
 * Forks the copies, holds them at the barrier, releases them and waits
 * for their end; the machine's counters around it.  1 when every copy
 * started.
 */
static int
pass_go(struct pass_state *ps)
{
	const struct pass_spec *spec = ps->spec;
	struct counters before, after;
	int started, i;

	process_block(&ps->old);
	if (spec->counters != COUNTERS_OFF)
		counters_machine(&before);
	process_continued = 0;
	ps->forked = bench_now();
	started = spawn_all(ps) == spec->ncopies;
	close(ps->ready[1]);
	close(ps->start[0]);
	ps->ready[1] = ps->start[0] = -1;
	if (started)
		barrier(ps);
	else if (ps->pgid != 0)
		kill(-ps->pgid, SIGKILL);
	/* Where a single copy starts (a few a pass would delay many). */
	if (spec->ncopies == 1 && started && spec->counters != COUNTERS_OFF)
		ps->c[0].cpu_start = counters_task_cpu(ps->c[0].pid) + 1;
	ps->release = bench_now();
	close_pipe(ps->start);
	ps->p->barrier_s = ps->release - ps->forked;
	if (ps->pgid != 0)
		watch(ps);
	sigprocmask(SIG_SETMASK, &ps->old, NULL);
	if (started && spec->counters != COUNTERS_OFF) {
		counters_machine(&after);
		counters_delta(&ps->p->counters, &before, &after);
	}
	for (i = 0; i < spec->ncopies; i++)
		counters_perf_close(&ps->c[i].perf, &ps->c[i].ctr);
	return started;
}

int
process_run_pass(const struct pass_spec *spec, struct pass_result *p, char *err,
    size_t errlen)
{
	struct pass_state ps = {.spec = spec,
	    .p = p,
	    .err = err,
	    .errlen = errlen,
	    .ready = {-1, -1},
	    .start = {-1, -1}};
	int i, rc;

	memset(p, 0, sizeof(*p));
	err[0] = '\0';
	p->ncopies = spec->ncopies;
	if ((rc = pass_open(&ps)) == PROCESS_RAN)
		rc = !pass_go(&ps)        ? PROCESS_NOT_STARTED
		     : collect(&ps) == -1 ? PROCESS_NOMEM
		                          : PROCESS_RAN;
	if (rc != PROCESS_RAN)
		p->ncopies = 0; /* nothing to report of them */
	close_pipe(ps.ready);
	close_pipe(ps.start);
	for (i = 0; ps.c != NULL && i < spec->ncopies; i++)
		free(ps.c[i].env); /* its strings are spec's */
	free(ps.c);
	return rc;
}
