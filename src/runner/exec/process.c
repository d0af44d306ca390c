/*
 * process.c - fork/execve of the copies of a pass in one process group,
 * the start barrier, the watchdog and the stop signals.  The runner
 * sleeps in pselect() (tick_wait) with the signals it waits for unblocked
 * only there, so no signal is lost between a check and the wait.
 */
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "write/escape.h"
#include "exec/child.h"
#include "exec/children.h"
#include "exec/counters_sys.h"
#include "exec/process.h"
#include "exec/tick.h"

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

static int
set_cloexec(int fd)
{
	int flags = fcntl(fd, F_GETFD);

	return flags == -1 ? -1 : fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

struct pass_state {
	pid_t *pids;
	double *ended; /* bench_now() at exit, 0 while running */
	double *stopped_at; /* bench_now() of a stop, 0 while not stopped */
	double *stopped_s; /* seconds stopped in all */
	int *stops; /* how many times it was stopped */
	int *status;
	int ncopies, running;
	double killed; /* bench_now() of the first kill, 0 when none */
	enum counters_level level;
	struct counters *ctr; /* each copy's, from counters_reap */
	struct counters_perf *perf;
	int gate; /* write end of the exec gate, or -1 */
	char ***envs; /* each copy's environment with the barrier's */
};

/* Frees what pass_state_alloc allocated (its envs' strings are not st's). */
static void
pass_state_free(struct pass_state *st)
{
	int i;

	if (st->envs != NULL)
		for (i = 0; i < st->ncopies; i++)
			free(st->envs[i]);
	free(st->envs);
	free(st->pids);
	free(st->ended);
	free(st->stopped_at);
	free(st->stopped_s);
	free(st->stops);
	free(st->status);
	free(st->ctr);
	free(st->perf);
}

/* The state of a pass of ncopies copies, zeroed; 0, or -1 out of memory. */
static int
pass_state_alloc(struct pass_state *st, int ncopies, enum counters_level level)
{
	size_t n = (size_t)ncopies;
	int i;

	memset(st, 0, sizeof(*st));
	st->pids = calloc(n, sizeof(*st->pids));
	st->ended = calloc(n, sizeof(*st->ended));
	st->stopped_at = calloc(n, sizeof(*st->stopped_at));
	st->stopped_s = calloc(n, sizeof(*st->stopped_s));
	st->stops = calloc(n, sizeof(*st->stops));
	st->status = calloc(n, sizeof(*st->status));
	st->ctr = calloc(n, sizeof(*st->ctr));
	st->perf = calloc(n, sizeof(*st->perf));
	st->envs = calloc(n, sizeof(*st->envs));
	st->ncopies = ncopies;
	st->level = level;
	if (st->perf != NULL)
		for (i = 0; i < ncopies; i++)
			st->perf[i].fd[0] = st->perf[i].fd[1] =
			    st->perf[i].fd[2] = -1;
	return st->pids && st->ended && st->stopped_at && st->stopped_s &&
	               st->stops && st->status && st->ctr && st->perf &&
	               st->envs
	           ? 0
	           : -1;
}

/* Copy i is no longer stopped (continued or ended) at now. */
static void
stop_end(struct pass_state *st, int i, double now)
{
	if (st->stopped_at[i] > 0)
		st->stopped_s[i] += now - st->stopped_at[i];
	st->stopped_at[i] = 0;
}

/* Notes each copy stopped (SIGSTOP, SIGTSTP, a debugger) or continued. */
static void
watch_stops(struct pass_state *st)
{
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
		for (i = 0; i < st->ncopies; i++) {
			if (st->pids[i] != si.si_pid || st->ended[i] != 0)
				continue;
			if (si.si_code == CLD_CONTINUED) {
				/*
				 * Its stop unseen: it came and went while the
				 * runner was stopped too.
				 */
				if (st->stopped_at[i] == 0)
					st->stops[i]++;
				stop_end(st, i, now);
			} else {
				st->stops[i]++;
				if (st->stopped_at[i] == 0)
					st->stopped_at[i] = now;
			}
		}
	}
}

/*
 * Kills and reaps what was re-parented to the runner (a child subreaper
 * on Linux): processes of the pass that left its process group, such as
 * a grandchild in a session of its own.  Their children come back to the
 * runner in turn, so it repeats until none is left.
 */
static void
kill_adopted(void)
{
	pid_t kids[64];
	int n, i, round;

	for (round = 0; round < 100; round++) {
		if ((n = children_list(kids, 64)) == 0)
			return;
		for (i = 0; i < n; i++)
			kill(kids[i], SIGKILL);
		for (i = 0; i < n; i++)
			while (
			    waitpid(kids[i], NULL, 0) == -1 && errno == EINTR)
				;
	}
}

/* Reaps every copy that has ended, without blocking; notes stops. */
static void
reap(struct pass_state *st)
{
	struct counters c;
	pid_t pid;
	int status, i;

	watch_stops(st);
	while (st->running > 0 &&
	       (pid = counters_reap(&status, st->level, &c)) > 0) {
		for (i = 0; i < st->ncopies; i++) {
			if (st->pids[i] != pid)
				continue;
			stop_end(st, i, bench_now());
			st->status[i] = status;
			st->ctr[i] = c;
			st->ended[i] = bench_now();
			st->running--;
		}
	}
}

/* Phase 1: collect ready bytes until all came, EOF, timeout or a stop. */
static void
barrier(int fd, int ncopies, double limit, const sigset_t *mask,
    struct pass_state *st, struct pass_result *p)
{
	double first = 0, last = 0, now;
	char buf[512];
	ssize_t n;
	int rc;

	p->nready = 0;
	while (p->nready < ncopies && !process_stop_signal) {
		now = bench_now();
		if (now >= limit)
			break;
		if ((rc = tick_wait(fd, limit - now, mask)) <= 0) {
			if (rc == -1)
				reap(st);
			continue;
		}
		n = read(fd, buf, sizeof(buf));
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
 * Phase 2: waits for every copy; the watchdog and the stop signals (a
 * second one skips the grace).  When the copies have ended, whatever is
 * left in their process group (a grandchild that outlived its parent or
 * ignored SIGTERM) is killed.  A group's id stays taken while it has a
 * member; an empty group's id could only be reused if process ids wrapped
 * around between the last reap and this kill.
 */
static void
watch(struct pass_state *st, pid_t pgid, double deadline, const sigset_t *mask,
    enum outcome *why)
{
	double kill_at = -1, now, next;

	*why = OUTCOME_OK;
	for (;;) {
		reap(st);
		if (st->running == 0) {
			kill(-pgid, SIGKILL);
			kill_adopted();
			return;
		}
		now = bench_now();
		if (*why == OUTCOME_OK &&
		    (process_stop_signal || now >= deadline)) {
			*why = process_stop_signal ? OUTCOME_INTERRUPTED
			                           : OUTCOME_TIMEOUT;
			kill(-pgid, SIGTERM);
			kill(-pgid, SIGCONT); /* a stopped copy acts on it */
			st->killed = now;
			kill_at = now + KILL_GRACE;
		}
		if (kill_at >= 0 && (now >= kill_at || process_stop_again)) {
			kill(-pgid, SIGKILL);
			kill_at = -1;
		}
		next = *why == OUTCOME_OK ? deadline : kill_at;
		tick_wait(
		    -1, next >= 0 ? (next > now ? next - now : 0) : -1, mask);
	}
}

/* Fills the copies of p from what the pass state and files hold. */
static int
collect(const struct launch *l, struct pass_state *st, double forked,
    double release, double origin, enum outcome why, struct pass_result *p)
{
	char msg[160], len[40];
	int i, rc = 0;

	for (i = 0; i < st->ncopies; i++) {
		struct copy_result *c = &p->copies[i];
		int s = st->status[i];

		c->command = child_command(l[i].argv);
		if (c->command != NULL)
			escape_plain(c->command, 0);
		c->output = child_capture(l[i].out_path);
		c->errors = child_capture(l[i].err_path);
		c->start_s = release - origin;
		/*
		 * A copy that ended before the release, or of a pass whose
		 * copies did not all take part in the start barrier (a program
		 * without bench_ready), is timed from its fork.
		 */
		c->wall_s = c->time_s =
		    st->ended[i] -
		    (st->ended[i] < release || p->nready < st->ncopies
		            ? forked
		            : release);
		c->counters = st->ctr[i];
		c->exit_status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
		c->signal = WIFSIGNALED(s) ? WTERMSIG(s) : 0;
		c->outcome = OUTCOME_OK;
		msg[0] = '\0';
		if (why == OUTCOME_TIMEOUT && st->ended[i] >= st->killed) {
			c->outcome = OUTCOME_TIMEOUT;
			snprintf(msg, sizeof(msg), "timed out after %.0f s",
			    c->wall_s);
		} else if (why == OUTCOME_INTERRUPTED) {
			c->outcome = OUTCOME_INTERRUPTED;
			snprintf(msg, sizeof(msg), "interrupted by signal %d",
			    (int)process_stop_signal);
		} else if (st->stops[i] > 0) {
			/* Its time counts the stop: the pass measured nothing.
			 */
			c->outcome = OUTCOME_FAILED;
			/* Not seen stopped, only continued: how long unknown.
			 */
			len[0] = '\0';
			if (st->stopped_s[i] > 0)
				snprintf(len, sizeof(len), " for %.1f s",
				    st->stopped_s[i]);
			snprintf(msg, sizeof(msg),
			    "stopped%s during the pass (SIGSTOP, SIGTSTP or a "
			    "debugger): not a measurement",
			    len);
		} else if (process_continued) {
			/*
			 * Its copies' stops could not be seen, and a copy is
			 * timed from the release to when the runner saw it
			 * end.
			 */
			c->outcome = OUTCOME_FAILED;
			snprintf(msg, sizeof(msg),
			    "the runner was stopped during the pass (SIGSTOP, "
			    "SIGTSTP or a debugger): it could not watch or "
			    "time its copies, not a measurement");
		}
		c->message = strdup(msg);
		if (!c->command || !c->output || !c->errors || !c->message)
			rc = -1;
	}
	return rc;
}

/*
 * Starts the copies; returns how many were forked (pgid set).  With perf
 * counters asked for, each copy waits at a gate before its exec until
 * its counters are attached; the first that cannot be is said in
 * p->counters_note and perf is not tried for the rest.
 */
static int
spawn_all(const struct launch *l, int ncopies, char **envs[], pid_t *pgid,
    const sigset_t *old, struct pass_state *st, struct pass_result *p,
    char *err, size_t errlen)
{
	int gate[2] = {-1, -1}, perf = st->level == COUNTERS_ALL, i;
	pid_t pid;

	if (perf && pipe(gate) == -1) {
		snprintf(p->counters_note, sizeof(p->counters_note),
		    "perf counters: pipe: %s", strerror(errno));
		perf = 0;
	}
	for (i = 0; i < ncopies; i++) {
		pid = fork();
		if (pid == -1) {
			snprintf(err, errlen, "fork: %s", strerror(errno));
			break;
		}
		if (pid == 0)
			child_exec(&l[i], envs[i], *pgid, old, gate);
		if (*pgid == 0)
			*pgid = pid;
		/*
		 * Also here, so the group exists before the next fork; the
		 * child may have done it and exec'd already (EACCES).
		 */
		setpgid(pid, *pgid);
		st->pids[i] = pid;
		st->running++;
		if (perf &&
		    counters_perf_open(&st->perf[i], pid, p->counters_note,
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
 * After the copies have ended: the machine's counters over the pass and
 * each copy's perf counters; for a pass that started (before not NULL:
 * every copy forked and released) the copies filled in by collect.
 * Returns PROCESS_RAN, PROCESS_NOMEM or, before NULL, PROCESS_NOT_STARTED.
 */
static int
end_pass(const struct launch *l, struct pass_state *st, double forked,
    double release, double origin, enum outcome why,
    const struct counters *before, struct pass_result *p)
{
	struct counters after;
	int i;

	if (before != NULL && st->level != COUNTERS_OFF) {
		counters_machine(&after);
		counters_delta(&p->counters, before, &after);
	}
	for (i = 0; i < st->ncopies; i++)
		counters_perf_close(&st->perf[i], &st->ctr[i]);
	if (before == NULL)
		return PROCESS_NOT_STARTED;
	return collect(l, st, forked, release, origin, why, p) == -1
	           ? PROCESS_NOMEM
	           : PROCESS_RAN;
}

int
process_run_pass(const struct launch *l, int ncopies, double seconds,
    double margin, double origin, struct pass_result *p, char *err,
    size_t errlen)
{
	struct pass_state st;
	char ready_env[40], start_env[40];
	sigset_t block, old;
	int ready[2] = {-1, -1}, start[2] = {-1, -1}, i, started = 0;
	int rc = PROCESS_NOMEM;
	pid_t pgid = 0;
	double forked, release;
	enum outcome why = OUTCOME_OK;
	struct counters before;

	memset(p, 0, sizeof(*p));
	err[0] = '\0';
	p->ncopies = ncopies;
	p->copies = calloc((size_t)ncopies, sizeof(*p->copies));
	if (pass_state_alloc(&st, ncopies, l[0].counters) == -1 ||
	    p->copies == NULL) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (pipe(ready) == -1 || pipe(start) == -1 ||
	    set_cloexec(ready[0]) == -1 || set_cloexec(start[1]) == -1) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		rc = PROCESS_NOT_STARTED;
		goto out;
	}
	snprintf(ready_env, sizeof(ready_env), "BENCH_READY_FD=%d", ready[1]);
	snprintf(start_env, sizeof(start_env), "BENCH_START_FD=%d", start[0]);
	for (i = 0; i < ncopies; i++) {
		st.envs[i] = barrier_env(l[i].envp, ready_env, start_env);
		if (st.envs[i] == NULL) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
	}
	sigemptyset(&block);
	sigaddset(&block, SIGCHLD);
	process_stop_set(&block);
	sigprocmask(SIG_BLOCK, &block, &old);
	if (st.level != COUNTERS_OFF)
		counters_machine(&before);
	process_continued = 0;
	forked = bench_now();
	started =
	    spawn_all(l, ncopies, st.envs, &pgid, &old, &st, p, err, errlen);
	close(ready[1]);
	close(start[0]);
	ready[1] = start[0] = -1;
	if (started == ncopies && err[0] == '\0')
		barrier(ready[0], ncopies, forked + 60 + seconds, &old, &st, p);
	else if (pgid != 0)
		kill(-pgid, SIGKILL);
	release = bench_now();
	close(start[1]);
	start[1] = -1;
	p->barrier_s = release - forked;
	if (pgid != 0)
		watch(&st, pgid, release + seconds + margin, &old, &why);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (started == ncopies && err[0] == '\0')
		rc = end_pass(l, &st, forked, release, origin, why, &before, p);
	else
		rc = end_pass(l, &st, forked, release, origin, why, NULL, p);
	if (rc == PROCESS_NOMEM && err[0] == '\0')
		snprintf(err, errlen, "out of memory");
out:
	if (rc != PROCESS_RAN)
		p->ncopies = 0; /* nothing to report of them */
	for (i = 0; i < 2; i++) {
		if (ready[i] != -1)
			close(ready[i]);
		if (start[i] != -1)
			close(start[i]);
	}
	pass_state_free(&st);
	return rc;
}
