/*
 * process.c - fork/execve of the copies of a pass in one process group,
 * the start barrier, the watchdog and the stop signals.  The runner
 * sleeps in pselect() with the signals it waits for unblocked only there,
 * so no signal is lost between a check and the wait.
 */
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "write/escape.h"
#include "exec/process.h"
#include "exec/children.h"

/* The most of a copy's stdout or stderr kept in the report. */
#define MAX_CAPTURE (1 << 20)
/* Seconds between SIGTERM and SIGKILL of a pass's process group. */
#define KILL_GRACE 2.0

volatile sig_atomic_t process_stop_signal, process_stop_again;

static void
on_stop(int sig)
{
	if (process_stop_signal)
		process_stop_again = 1;
	else
		process_stop_signal = sig;
}

static void
on_child(int sig)
{
	(void)sig;
}

int
process_install_signals(void)
{
	static const int stops[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, was;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop;
	for (i = 0; i < sizeof(stops) / sizeof(stops[0]); i++) {
		if (sigaction(stops[i], NULL, &was) == -1)
			return -1;
		/* nohup: a hangup ignored by whoever started the run stays so. */
		if (stops[i] == SIGHUP && was.sa_handler == SIG_IGN)
			continue;
		if (sigaction(stops[i], &sa, NULL) == -1)
			return -1;
	}
	sa.sa_handler = on_child;
	if (sigaction(SIGCHLD, &sa, NULL) == -1)
		return -1;
	/* Orphans of the passes come back to the runner to be killed. */
	children_subreaper();
	sa.sa_handler = SIG_IGN;
	/* Past a file size limit a write fails (EFBIG) instead of killing. */
	if (sigaction(SIGXFSZ, &sa, NULL) == -1)
		return -1;
	return sigaction(SIGPIPE, &sa, NULL);
}

/*
 * Reads up to MAX_CAPTURE bytes of a file into a malloc'd string, leaving
 * out NUL bytes (the reserve of run.c's output files among them); what a
 * terminal would act on becomes '?' (escape_plain), lines are kept.
 */
static char *
slurp(const char *path)
{
	char *buf = NULL, *grown;
	size_t len = 0, cap = 0, from, end, total = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_NOFOLLOW);

	if (fd != -1) {
		for (;;) {
			if (len + 4096 + 1 > cap) {
				cap = cap ? cap * 2 : 8192;
				if ((grown = realloc(buf, cap)) == NULL)
					break;
				buf = grown;
			}
			n = read(fd, buf + len, cap - len - 1);
			if (n == -1 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			for (from = len, end = len + (size_t)n; from < end;
			    from++)
				if (buf[from] != '\0')
					buf[len++] = buf[from];
			total += (size_t)n;
			if (len >= MAX_CAPTURE || total >= 2 * MAX_CAPTURE)
				break;
		}
		close(fd);
	}
	if (buf == NULL && (buf = malloc(1)) == NULL)
		return NULL;
	buf[len] = '\0';
	escape_plain(buf, 1);
	return buf;
}

/* argv joined with spaces, malloc'd. */
static char *
join_argv(char *const *argv)
{
	size_t n = 1, i;
	char *s;

	for (i = 0; argv[i] != NULL; i++)
		n += strlen(argv[i]) + 1;
	if ((s = malloc(n)) == NULL)
		return NULL;
	s[0] = '\0';
	for (i = 0; argv[i] != NULL; i++) {
		if (i > 0)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

/* Writes a message on stderr from a child between fork and exec. */
static void
child_fail(const char *what, const char *path)
{
	static const char prefix[] = "bytebench: cannot ";
	ssize_t rc;

	rc = write(2, prefix, sizeof(prefix) - 1);
	rc = write(2, what, strlen(what));
	rc = write(2, " ", 1);
	rc = write(2, path, strlen(path));
	rc = write(2, "\n", 1);
	(void)rc;
	_exit(127);
}

/*
 * The child's side of a fork: its process group, descriptors, directory,
 * signals as they were, then execve.  Only async-signal-safe calls.
 */
static void
child(const struct launch *l, char **envp, pid_t pgid,
    const sigset_t *old_mask, const int gate[2])
{
	struct sigaction sa;
	char byte;
	int fd;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
	sigaction(SIGXFSZ, &sa, NULL);
	sigprocmask(SIG_SETMASK, old_mask, NULL);
	setpgid(0, pgid);
	if ((fd = open(l->err_path, O_WRONLY | O_CREAT | O_NOFOLLOW,
	    0600)) == -1)
		_exit(127);
	dup2(fd, 2);
	if (fd != 2)
		close(fd);
	if ((fd = open(l->out_path, O_WRONLY | O_CREAT | O_NOFOLLOW,
	    0600)) == -1)
		child_fail("create", l->out_path);
	dup2(fd, 1);
	if (fd != 1)
		close(fd);
	if ((fd = open("/dev/null", O_RDONLY)) == -1)
		child_fail("open", "/dev/null");
	dup2(fd, 0);
	if (fd != 0)
		close(fd);
	if (chdir(l->cwd) == -1)
		child_fail("enter", l->cwd);
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

/* Sleeps until a signal arrives or `seconds` pass (< 0: no limit). */
static int
wait_event(int fd, double seconds, const sigset_t *mask)
{
	struct timespec ts, *tsp = NULL;
	fd_set rfds;

	FD_ZERO(&rfds);
	if (fd >= 0)
		FD_SET(fd, &rfds);
	if (seconds >= 0) {
		ts.tv_sec = (time_t)seconds;
		ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
		tsp = &ts;
	}
	return pselect(fd >= 0 ? fd + 1 : 0, fd >= 0 ? &rfds : NULL, NULL,
	    NULL, tsp, mask);
}

struct pass_state {
	pid_t *pids;
	double *ended;		/* bench_now() at exit, 0 while running */
	double *stopped_at;	/* bench_now() of a stop, 0 while not stopped */
	double *stopped_s;	/* seconds stopped in all */
	int *stops;		/* how many times it was stopped */
	int *status;
	int ncopies, running;
	double killed;		/* bench_now() of the first kill, 0 when none */
	enum counters_level level;
	struct counters *ctr;	/* each copy's, from counters_reap */
	struct counters_perf *perf;
	int gate;		/* write end of the exec gate, or -1 */
};

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
		    -1 || si.si_pid == 0)
			return;
		now = bench_now();
		for (i = 0; i < st->ncopies; i++) {
			if (st->pids[i] != si.si_pid || st->ended[i] != 0)
				continue;
			if (si.si_code == CLD_CONTINUED) {
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
			while (waitpid(kids[i], NULL, 0) == -1 && errno == EINTR)
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

	p->nready = 0;
	while (p->nready < ncopies && !process_stop_signal) {
		now = bench_now();
		if (now >= limit)
			break;
		if (wait_event(fd, limit - now, mask) == -1) {
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
watch(struct pass_state *st, pid_t pgid, double deadline,
    const sigset_t *mask, enum outcome *why)
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
		if (*why == OUTCOME_OK && (process_stop_signal ||
		    now >= deadline)) {
			*why = process_stop_signal ? OUTCOME_INTERRUPTED :
			    OUTCOME_TIMEOUT;
			kill(-pgid, SIGTERM);
			kill(-pgid, SIGCONT);	/* a stopped copy acts on it */
			st->killed = now;
			kill_at = now + KILL_GRACE;
		}
		if (kill_at >= 0 && (now >= kill_at || process_stop_again)) {
			kill(-pgid, SIGKILL);
			kill_at = -1;
		}
		next = *why == OUTCOME_OK ? deadline : kill_at;
		wait_event(-1, next >= 0 ? (next > now ? next - now : 0) : -1,
		    mask);
	}
}

/* Fills the copies of p from what the pass state and files hold. */
static int
collect(const struct launch *l, struct pass_state *st, double forked,
    double release, double origin, enum outcome why, struct pass_result *p)
{
	char msg[160];
	int i, rc = 0;

	for (i = 0; i < st->ncopies; i++) {
		struct copy_result *c = &p->copies[i];
		int s = st->status[i];

		c->command = join_argv(l[i].argv);
		if (c->command != NULL)
			escape_plain(c->command, 0);
		c->output = slurp(l[i].out_path);
		c->errors = slurp(l[i].err_path);
		c->start_s = release - origin;
		/*
		 * A copy that ended before the release, or of a pass whose
		 * copies did not all take part in the start barrier (a program
		 * without bench_ready), is timed from its fork.
		 */
		c->wall_s = c->time_s = st->ended[i] -
		    (st->ended[i] < release || p->nready < st->ncopies ?
			forked : release);
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
			/* Its time counts the stop: the pass measured nothing. */
			c->outcome = OUTCOME_FAILED;
			snprintf(msg, sizeof(msg), "stopped for %.1f s during the "
			    "pass (SIGSTOP, SIGTSTP or a debugger): not a "
			    "measurement", st->stopped_s[i]);
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
	int gate[2] = { -1, -1 }, perf = st->level == COUNTERS_ALL, i;
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
			child(&l[i], envs[i], *pgid, old, gate);
		if (*pgid == 0)
			*pgid = pid;
		/*
		 * Also here, so the group exists before the next fork; the
		 * child may have done it and exec'd already (EACCES).
		 */
		setpgid(pid, *pgid);
		st->pids[i] = pid;
		st->running++;
		if (perf && counters_perf_open(&st->perf[i], pid,
		    p->counters_note, sizeof(p->counters_note)) == -1)
			perf = 0;
	}
	if (gate[0] != -1) {
		close(gate[0]);
		close(gate[1]);
	}
	return i;
}

int
process_run_pass(const struct launch *l, int ncopies, double seconds,
    double margin, double origin, struct pass_result *p, char *err,
    size_t errlen)
{
	struct pass_state st = { 0 };
	char ready_env[40], start_env[40], ***envs = NULL;
	sigset_t block, old;
	int ready[2] = { -1, -1 }, start[2] = { -1, -1 }, i, started = 0;
	int rc = -1;
	pid_t pgid = 0;
	double forked, release;
	enum outcome why = OUTCOME_OK;
	struct counters before, after;

	memset(p, 0, sizeof(*p));
	err[0] = '\0';
	p->ncopies = ncopies;
	p->copies = calloc((size_t)ncopies, sizeof(*p->copies));
	st.pids = calloc((size_t)ncopies, sizeof(*st.pids));
	st.ended = calloc((size_t)ncopies, sizeof(*st.ended));
	st.stopped_at = calloc((size_t)ncopies, sizeof(*st.stopped_at));
	st.stopped_s = calloc((size_t)ncopies, sizeof(*st.stopped_s));
	st.stops = calloc((size_t)ncopies, sizeof(*st.stops));
	st.status = calloc((size_t)ncopies, sizeof(*st.status));
	st.ctr = calloc((size_t)ncopies, sizeof(*st.ctr));
	st.perf = calloc((size_t)ncopies, sizeof(*st.perf));
	envs = calloc((size_t)ncopies, sizeof(*envs));
	st.ncopies = ncopies;
	st.level = l[0].counters;
	if (st.perf != NULL)
		for (i = 0; i < ncopies; i++)
			st.perf[i].fd[0] = st.perf[i].fd[1] =
			    st.perf[i].fd[2] = -1;
	if (!p->copies || !st.pids || !st.ended || !st.stopped_at ||
	    !st.stopped_s || !st.stops || !st.status || !st.ctr ||
	    !st.perf || !envs) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (pipe(ready) == -1 || pipe(start) == -1 ||
	    set_cloexec(ready[0]) == -1 || set_cloexec(start[1]) == -1) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		goto out;
	}
	snprintf(ready_env, sizeof(ready_env), "BENCH_READY_FD=%d", ready[1]);
	snprintf(start_env, sizeof(start_env), "BENCH_START_FD=%d", start[0]);
	for (i = 0; i < ncopies; i++) {
		envs[i] = barrier_env(l[i].envp, ready_env, start_env);
		if (envs[i] == NULL) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
	}
	sigemptyset(&block);
	sigaddset(&block, SIGCHLD);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, &old);
	if (st.level != COUNTERS_OFF)
		counters_machine(&before);
	forked = bench_now();
	started = spawn_all(l, ncopies, envs, &pgid, &old, &st, p, err,
	    errlen);
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
	if (st.level != COUNTERS_OFF) {
		counters_machine(&after);
		counters_delta(&p->counters, &before, &after);
	}
	for (i = 0; i < ncopies && st.perf != NULL; i++)
		counters_perf_close(&st.perf[i], &st.ctr[i]);
	if (started == ncopies && err[0] == '\0')
		rc = collect(l, &st, forked, release, origin, why, p) == -1 ?
		    -1 : 0;
	if (rc == -1 && err[0] == '\0')
		snprintf(err, errlen, "out of memory");
out:
	if (rc == -1)
		p->ncopies = 0;	/* nothing to report of them */
	for (i = 0; i < 2; i++) {
		if (ready[i] != -1)
			close(ready[i]);
		if (start[i] != -1)
			close(start[i]);
	}
	if (envs != NULL)
		for (i = 0; i < ncopies; i++)
			free(envs[i]);
	free(envs);
	free(st.pids);
	free(st.ended);
	free(st.stopped_at);
	free(st.stopped_s);
	free(st.stops);
	free(st.status);
	free(st.ctr);
	free(st.perf);
	return rc;
}

/*
 * Empties the directory open as fd (closed here).  Entries are looked at
 * without following links and directories are entered with O_NOFOLLOW
 * relative to their parent, so a link planted or swapped in is removed,
 * never followed.
 */
static int
remove_below(int fd)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;
	struct stat st;
	int sub, rc = 0;

	if (d == NULL) {
		close(fd);
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == -1) {
			if (errno != ENOENT)
				rc = -1;
			continue;
		}
		if (!S_ISDIR(st.st_mode)) {
			if (unlinkat(dirfd(d), e->d_name, 0) == -1 &&
			    errno != ENOENT)
				rc = -1;
			continue;
		}
		sub = openat(dirfd(d), e->d_name,
		    O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
		if (sub == -1 || remove_below(sub) == -1 ||
		    unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR) == -1)
			rc = -1;
	}
	closedir(d);
	return rc;
}

int
process_lock(int fd)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	return fcntl(fd, F_SETLK, &fl);
}

int
process_lock_free(int dirfd, const char *name)
{
	struct flock fl;
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC), rc;

	if (fd == -1)
		return 0;
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	rc = fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type == F_UNLCK;
	close(fd);
	return rc;
}

int
process_remove_dead(const char *dir,
    int (*pick)(const char *name, const struct stat *st),
    const char *lock_name)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct stat st;
	char path[4200];
	int fd, removed = 0, dead;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) ==
		    -1 || !pick(e->d_name, &st))
			continue;
		if (!S_ISDIR(st.st_mode)) {
			if (process_lock_free(dirfd(d), e->d_name) == 1 &&
			    unlinkat(dirfd(d), e->d_name, 0) == 0)
				removed++;
			continue;
		}
		fd = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY |
		    O_NOFOLLOW | O_CLOEXEC);
		if (fd == -1 || lock_name == NULL)
			dead = 0;
		else
			dead = process_lock_free(fd, lock_name) == 1;
		if (fd != -1)
			close(fd);
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (dead && process_remove_tree(path) == 0)
			removed++;
	}
	closedir(d);
	return removed;
}

int
process_remove_tree(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW), rc;

	if (fd == -1)
		return errno == ENOENT ? 0 : -1;
	rc = remove_below(fd);
	if (rmdir(dir) == -1 && errno != ENOENT)
		rc = -1;
	return rc;
}
