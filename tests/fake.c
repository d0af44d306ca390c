/*
 * fake.c - a stand-in for any test program, for end-to-end tests of the
 * runner.  Its behaviour comes from the file named by FAKE_SPEC, one rule
 * a line: "<pattern> <action> [args...]".  The pattern is an fnmatch(3)
 * pattern matched against "<basename of argv[0]>:<arg1>:<arg2>..."; the
 * first matching rule wins.  Actions, run after the start barrier:
 *   count N TIMEBASE UNIT [SECONDS]  COUNT line (and TIME line)
 *   rate R UNIT                      COUNT|R|0|UNIT
 *   error MESSAGE...                 ERROR line, exit 1
 *   crash SIGNAL                     killed by that signal
 *   hang                             sleeps until killed
 *   skip MESSAGE...                  message on stderr, exit 77
 *   garbage TEXT...                  TEXT on stdout, exit 0
 *   exit STATUS                      exit status only
 *   stubborn                         hangs with SIGTERM ignored
 *   orphan PIDFILE ACTION...         forks a grandchild that ignores
 *                                    SIGTERM and sleeps, appends its pid
 *                                    to PIDFILE, then does ACTION
 *   detach PIDFILE ACTION...         the same, the grandchild in a new
 *                                    session (setsid): out of the pass's
 *                                    process group
 *   fill PATH KIB ACTION...          writes KIB KiB to PATH, then ACTION
 *   link TARGET ACTION...            symlink "link" in the cwd -> TARGET
 *   sleep MS ACTION...               sleeps MS milliseconds, then ACTION
 *   burn MS ACTION...                spends MS ms of CPU time in a busy
 *                                    loop, then ACTION
 *   forks N ACTION...                forks N children one after another
 *                                    (each exits at once; waited for),
 *                                    then ACTION
 *   cycle FILE N...                  COUNT|N|1|lps and TIME|1 with the
 *                                    next N of the list each run, the run
 *                                    number kept in FILE (one copy only)
 * With FAKE_NO_BARRIER set, it skips the start barrier (as a program
 * that does not use bench_ready).  With FAKE_ENVLOG set, each run appends one
 * line describing its copy (key, BENCH_COPY, BENCH_COPIES, UB_TMPDIR, LC_ALL,
 * cwd, its CPUs: how many and the first, process group) to that file; it also
 * leaves a file in UB_TMPDIR to show that the runner cleans up.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "cpu.h"
#include "parse.h"

static void
log_env(const char *key)
{
	const char *file = getenv("FAKE_ENVLOG"), *tmp = getenv("UB_TMPDIR");
	const char *lc = getenv("LC_ALL");
	char cwd[1024], line[4096], path[1100];
	int fd, n, cpus[CPU_LIST_MAX] = {-1},
	           ncpus = cpu_usable_list(cpus, CPU_LIST_MAX);

	if (tmp != NULL) {
		snprintf(path, sizeof(path), "%s/fake.tmp", tmp);
		if ((fd = open(path, O_WRONLY | O_CREAT, 0600)) != -1)
			close(fd);
	}
	if (file == NULL)
		return;
	if (getcwd(cwd, sizeof(cwd)) == NULL)
		strcpy(cwd, "?");
	n = snprintf(line, sizeof(line),
	    "key=%s copy=%s copies=%s tmpdir=%s "
	    "lc_all=%s cwd=%s cpus=%d first=%d pgid=%ld\n",
	    key, getenv("BENCH_COPY") ? getenv("BENCH_COPY") : "-",
	    getenv("BENCH_COPIES") ? getenv("BENCH_COPIES") : "-",
	    tmp ? tmp : "-", lc ? lc : "-", cwd, ncpus, cpus[0],
	    (long)getpgrp());
	if ((fd = open(file, O_WRONLY | O_CREAT | O_APPEND, 0644)) == -1)
		return;
	if (n > 0 && write(fd, line, (size_t)n) != n)
		perror("fake: envlog");
	close(fd);
}

/* Joins words[from..n-1] with spaces into buf. */
static void
join(char *const *words, int from, int n, char *buf, size_t len)
{
	int i;

	buf[0] = '\0';
	for (i = from; i < n; i++) {
		if (i > from)
			strncat(buf, " ", len - strlen(buf) - 1);
		strncat(buf, words[i], len - strlen(buf) - 1);
	}
}

/*
 * Forks a grandchild that outlives SIGTERM, in a session of its own when
 * detach is set, and waits until it is so; appends its pid to file.
 */
static void
orphan(const char *file, int detach)
{
	char line[32], c = 'x';
	pid_t pid;
	int fd, n, ready[2];

	if (pipe(ready) == -1)
		return;
	if ((pid = fork()) == 0) {
		if (detach)
			setsid();
		signal(SIGTERM, SIG_IGN);
		if (write(ready[1], &c, 1) != 1)
			_exit(1);
		close(ready[1]);
		for (;;)
			pause();
	}
	close(ready[1]);
	if (pid != -1 && read(ready[0], &c, 1) != 1)
		perror("fake: orphan");
	close(ready[0]);
	n = snprintf(line, sizeof(line), "%ld\n", (long)pid);
	if (pid == -1 ||
	    (fd = open(file, O_WRONLY | O_CREAT | O_APPEND, 0644)) == -1)
		return;
	if (write(fd, line, (size_t)n) != n)
		perror("fake: orphan");
	close(fd);
}

/* Writes up to kib KiB of zeros to path (a full disk stops it early). */
static void
fill(const char *path, long kib)
{
	static const char zeros[1024];
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	while (fd != -1 && kib-- > 0)
		if (write(fd, zeros, sizeof(zeros)) != (ssize_t)sizeof(zeros))
			break;
	if (fd != -1)
		close(fd);
}

/*
 * Uses ms milliseconds of CPU time (clock(3)) in a busy loop, in user
 * mode but for a look at the clock every 65536 turns.
 */
static void
burn(long ms)
{
	clock_t until = clock() + (clock_t)((double)ms / 1000 * CLOCKS_PER_SEC);
	volatile unsigned long spin = 0;

	while (clock() < until)
		while (++spin % 65536 != 0)
			;
}

/* Forks n children that exit at once, each waited for. */
static void
forks(long n)
{
	pid_t pid;
	int status;

	while (n-- > 0) {
		if ((pid = fork()) == -1) {
			perror("fake: fork");
			return;
		}
		if (pid == 0)
			_exit(0);
		while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
			;
	}
}

/*
 * Does the action of w[1] that another action follows (orphan, detach,
 * fill, sleep, burn, forks, link) and returns how many words it took: w
 * past them reads as a rule whose w[1] is the next action.  0 when w[1]
 * is no such action.
 */
static int
prefix(char **w, int n)
{
	long v;

	if ((strcmp(w[1], "orphan") == 0 || strcmp(w[1], "detach") == 0) &&
	    n > 3) {
		orphan(w[2], w[1][0] == 'd');
		return 2;
	}
	if (strcmp(w[1], "fill") == 0 && n > 4 &&
	    parse_long(w[3], 0, 1L << 30, &v) == 0) {
		fill(w[2], v);
		return 3;
	}
	if (strcmp(w[1], "sleep") == 0 && n > 3 &&
	    parse_long(w[2], 0, 3600000, &v) == 0) {
		struct timespec ts = {v / 1000, v % 1000 * 1000000};

		while (nanosleep(&ts, &ts) == -1)
			;
		return 2;
	}
	if (strcmp(w[1], "burn") == 0 && n > 3 &&
	    parse_long(w[2], 0, 3600000, &v) == 0) {
		burn(v);
		return 2;
	}
	if (strcmp(w[1], "forks") == 0 && n > 3 &&
	    parse_long(w[2], 0, 100000, &v) == 0) {
		forks(v);
		return 2;
	}
	if (strcmp(w[1], "link") == 0 && n > 3) {
		if (symlink(w[2], "link") == -1)
			perror("fake: link");
		return 2;
	}
	return 0;
}

/* cycle FILE N...: the next of the n values list[], the run kept in file. */
static int
cycle(const char *file, char **list, int n)
{
	FILE *f = fopen(file, "r");
	long v = 0;

	if (f != NULL) {
		if (fscanf(f, "%ld", &v) != 1)
			v = 0;
		fclose(f);
	}
	if ((f = fopen(file, "w")) != NULL) {
		fprintf(f, "%ld\n", v + 1);
		fclose(f);
	}
	printf("COUNT|%s|1|lps\nTIME|1\n", list[v % n]);
	return 0;
}

/* The last action of a rule, whose words are w[1..n-1]. */
static int
last_action(char **w, int n)
{
	char text[1024];
	long v;

	join(w, 2, n, text, sizeof(text));
	if (strcmp(w[1], "count") == 0 && (n == 5 || n == 6)) {
		printf("COUNT|%s|%s|%s\n", w[2], w[3], w[4]);
		if (n == 6)
			printf("TIME|%s\n", w[5]);
	} else if (strcmp(w[1], "rate") == 0 && n == 4) {
		printf("COUNT|%s|0|%s\n", w[2], w[3]);
	} else if (strcmp(w[1], "error") == 0) {
		printf("ERROR|%s\n", text);
		return 1;
	} else if (strcmp(w[1], "crash") == 0 && n == 3 &&
	           parse_long(w[2], 1, 64, &v) == 0) {
		fflush(stdout);
		signal((int)v, SIG_DFL);
		raise((int)v);
		return 1;
	} else if (strcmp(w[1], "hang") == 0 || strcmp(w[1], "stubborn") == 0) {
		if (w[1][0] == 's')
			signal(SIGTERM, SIG_IGN);
		for (;;)
			pause();
	} else if (strcmp(w[1], "skip") == 0) {
		fprintf(stderr, "%s\n", text);
		return 77;
	} else if (strcmp(w[1], "garbage") == 0) {
		printf("%s\n", text);
	} else if (strcmp(w[1], "exit") == 0 && n == 3 &&
	           parse_long(w[2], 0, 255, &v) == 0) {
		return (int)v;
	} else {
		printf("ERROR|fake: bad rule: %s %s\n", w[1], text);
		return 1;
	}
	return 0;
}

/* Runs the actions of a rule, w[0] its pattern. */
static int
act(char **w, int n)
{
	int used = prefix(w, n);

	if (used > 0)
		return act(w + used, n - used);
	if (strcmp(w[1], "cycle") == 0 && n > 3)
		return cycle(w[2], w + 3, n - 3);
	return last_action(w, n);
}

int
main(int argc, char **argv)
{
	const char *spec = getenv("FAKE_SPEC"), *base;
	char key[4096], line[1024], *w[64], *p;
	FILE *f;
	int i, n;

	base =
	    strrchr(argv[0], '/') != NULL ? strrchr(argv[0], '/') + 1 : argv[0];
	snprintf(key, sizeof(key), "%s", base);
	for (i = 1; i < argc; i++) {
		strncat(key, ":", sizeof(key) - strlen(key) - 1);
		strncat(key, argv[i], sizeof(key) - strlen(key) - 1);
	}
	log_env(key);
	if (getenv("FAKE_NO_BARRIER") == NULL && bench_ready() == -1)
		return bench_fail("fake: start barrier:");
	fprintf(stderr, "fake: %s\n", key);
	if (spec == NULL || (f = fopen(spec, "r")) == NULL)
		return bench_fail("fake: no FAKE_SPEC file");
	while (fgets(line, sizeof(line), f) != NULL) {
		n = 0;
		for (p = strtok(line, " \t\n"); p != NULL && n < 63;
		     p = strtok(NULL, " \t\n"))
			w[n++] = p;
		w[n] = NULL;
		if (n < 2 || w[0][0] == '#' || fnmatch(w[0], key, 0) != 0)
			continue;
		fclose(f);
		return act(w, n);
	}
	fclose(f);
	return bench_fail("fake: no rule for %s", key);
}
