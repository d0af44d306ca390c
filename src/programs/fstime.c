/*
 * fstime - file write, read or copy throughput with bufsize-byte buffers on
 * two private maxblocks-KiB scratch files in dir.  Reports KiB per second
 * (KBps, timebase 0) over the measured interval of the last phase.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "harness.h"
#include "parse.h"

#define FS_MAX_BUF       (1L << 20)
#define FS_PRIME_SECONDS 2.0 /* default -P: the write, read before a phase */

struct fs {
	int fd[2]; /* the scratch files */
	size_t bufsize;
	long nbufs; /* buffers per file: maxblocks * 1024 / bufsize */
	double pause; /* seconds of each settling pause */
	const char *dir;
	/* The command line: */
	int mode; /* 0 write, 1 read, 2 copy; -1 not given */
	double seconds; /* -t */
	double prime; /* -P */
	long bufsize_opt; /* -b */
	long maxblocks; /* -m */
};

static _Alignas(64) char buf[FS_MAX_BUF];

/* Sleeps `seconds`, resuming after a signal that did not end the process. */
static void
pause_for(double seconds)
{
	struct timespec ts;

	if (seconds <= 0)
		return;
	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

/*
 * Lets the page cache settle before a phase, as UnixBench 6.0.0 does: a
 * system-wide sync(), a pause, sync() again and a second pause (half as
 * long before the copy phase).  sync() rather than an fsync() of our two
 * files: dirty data that earlier tests left behind is written now, not by
 * the kernel's flusher in the middle of the timed phase.
 */
static void
settle(const struct fs *fs, double second_pause)
{
	sync();
	pause_for(fs->pause);
	sync();
	pause_for(second_pause);
}

/* Writes all of buf[0..len-1]; returns 0, or -1 with errno set. */
static int
write_full(int fd, size_t len)
{
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		n = write(fd, buf + done, len - done);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return -1;
		if (n == 0) {
			errno = ENOSPC;
			return -1;
		}
		done += (size_t)n;
	}
	return 0;
}

static int
rewind_fd(int fd)
{
	return lseek(fd, 0, SEEK_SET) == -1 ? -1 : 0;
}

/*
 * Write phase: writes file 0 from start to end buffer by buffer, rewinds,
 * and repeats; the stop flag is checked at the end of each whole file so
 * that the file is always complete.  Stores the bytes written.
 */
static int
phase_write(const struct fs *fs, uint64_t *bytes)
{
	long b;

	while (!bench_stop) {
		for (b = 0; b < fs->nbufs; b++) {
			if (write_full(fs->fd[0], fs->bufsize) == -1)
				return bench_fail("write to a scratch file in "
				                  "%s:",
				    fs->dir);
			*bytes += fs->bufsize;
		}
		if (rewind_fd(fs->fd[0]) == -1)
			return bench_fail("lseek:");
	}
	return BENCH_OK;
}

/* Read phase: reads file 0 buffer by buffer, rewinding at end of file. */
static int
phase_read(const struct fs *fs, uint64_t *bytes)
{
	ssize_t n;

	if (rewind_fd(fs->fd[0]) == -1)
		return bench_fail("lseek:");
	while (!bench_stop) {
		n = read(fs->fd[0], buf, fs->bufsize);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return bench_fail("read:");
		*bytes += (uint64_t)n;
		if ((size_t)n < fs->bufsize && rewind_fd(fs->fd[0]) == -1)
			return bench_fail("lseek:");
	}
	return BENCH_OK;
}

/*
 * Copy phase: reads a buffer of file 0 and writes it to file 1, rewinding
 * both at the end of file 0.  A copied buffer counts once (bufsize bytes).
 */
static int
phase_copy(const struct fs *fs, uint64_t *bytes)
{
	ssize_t n;

	if (rewind_fd(fs->fd[0]) == -1 || rewind_fd(fs->fd[1]) == -1)
		return bench_fail("lseek:");
	while (!bench_stop) {
		n = read(fs->fd[0], buf, fs->bufsize);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return bench_fail("read:");
		if ((size_t)n < fs->bufsize) {
			if (rewind_fd(fs->fd[0]) == -1 ||
			    rewind_fd(fs->fd[1]) == -1)
				return bench_fail("lseek:");
			continue;
		}
		if (write_full(fs->fd[1], fs->bufsize) == -1)
			return bench_fail(
			    "write to a scratch file in %s:", fs->dir);
		*bytes += fs->bufsize;
	}
	return BENCH_OK;
}

static const struct {
	const char *name;
	int (*run)(const struct fs *, uint64_t *);
} phases[] = {
    {"write", phase_write},
    {"read", phase_read},
    {"copy", phase_copy},
};

/*
 * Settles, then runs phase `p` for `seconds`.  Stores the rate in KiB per
 * second and the measured interval.  Returns 0 or the exit status.
 */
static int
run_phase(
    const struct fs *fs, int p, double seconds, double *kbps, double *elapsed)
{
	uint64_t bytes = 0;
	double start;
	int rc;

	settle(fs, p == 2 ? fs->pause / 2 : fs->pause);
	if (bench_arm(seconds) == -1)
		return bench_fail("timer:");
	start = bench_now();
	rc = phases[p].run(fs, &bytes);
	*elapsed = bench_now() - start;
	if (rc != BENCH_OK)
		return rc;
	*kbps = (double)bytes / 1024.0 / *elapsed;
	fprintf(stderr, "fstime: %s: %.1f KiB/s over %.3f s\n", phases[p].name,
	    *kbps, *elapsed);
	return BENCH_OK;
}

/*
 * The scratch files' names while they exist, for the exit and signal paths
 * that remove them.  They keep their names while the program runs, as
 * UnixBench's do: on Linux's ext4, files unlinked at once copied 256-byte
 * buffers about 5% slower (doc/fidelity.md, "What was found and fixed").
 * SIGKILL cannot be caught: the runner's pass directory, which holds them,
 * goes with the pass, and a later run removes one a killed run left.
 */
static char *scratch_name[2];

/* The signals that would end the program without running atexit(). */
static const int fatal_signals[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE};
#define NFATAL (sizeof(fatal_signals) / sizeof(fatal_signals[0]))

static void
scratch_remove(void)
{
	int i;

	for (i = 0; i < 2; i++)
		if (scratch_name[i] != NULL)
			(void)unlink(scratch_name[i]);
}

/* Removes the files, then ends the program by the signal it got. */
static void
on_fatal(int sig)
{
	scratch_remove();
	(void)signal(sig, SIG_DFL);
	(void)raise(sig);
}

/*
 * Makes the fatal signals remove the scratch files, except those ignored
 * when the program started (a background job's SIGINT), and blocks them in
 * `old` until the files are named.  Returns 0 or -1 with errno set.
 */
static int
scratch_guard(sigset_t *old)
{
	struct sigaction sa, prev;
	size_t i;

	if (atexit(scratch_remove) != 0) {
		errno = ENOMEM;
		return -1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < NFATAL; i++)
		sigaddset(&sa.sa_mask, fatal_signals[i]);
	/* The handler's mask is the set blocked while the files are named. */
	if (sigprocmask(SIG_BLOCK, &sa.sa_mask, old) == -1)
		return -1;
	for (i = 0; i < NFATAL; i++)
		if (sigaction(fatal_signals[i], NULL, &prev) == -1 ||
		    (prev.sa_handler != SIG_IGN &&
		        sigaction(fatal_signals[i], &sa, NULL) == -1))
			return -1;
	return 0;
}

/*
 * Creates scratch file i in dir exclusively (mkstemp: O_EXCL, mode 0600,
 * never through an existing name or link) and keeps its name for
 * scratch_remove().  Returns the descriptor, or -1 with errno set.
 */
static int
scratch_open(const char *dir, int i)
{
	size_t len = strlen(dir) + sizeof("/fstime.XXXXXX");
	char *path = malloc(len);
	int fd;

	if (path == NULL)
		return -1;
	snprintf(path, len, "%s/fstime.XXXXXX", dir);
	if ((fd = mkstemp(path)) == -1) {
		free(path);
		return -1;
	}
	scratch_name[i] = path;
	return fd;
}

static int
fs_option(void *ctx, int ch, const char *arg)
{
	struct fs *fs = ctx;

	switch (ch) {
	case 'w':
	case 'r':
	case 'c':
		if (fs->mode != -1)
			return -1;
		fs->mode = ch == 'w' ? 0 : ch == 'r' ? 1 : 2;
		return 0;
	case 't':
		return parse_double(arg, 0.001, 1e7, &fs->seconds);
	case 'd':
		fs->dir = arg;
		return 0;
	case 'b':
		return parse_long(arg, 1, FS_MAX_BUF, &fs->bufsize_opt);
	case 'm':
		return parse_long(arg, 1, 1L << 20, &fs->maxblocks);
	case 'p':
		return parse_double(arg, 0, 3600, &fs->pause);
	default:
		return parse_double(arg, 0.001, 3600, &fs->prime);
	}
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
	    .usage = "fstime [-h] -w|-r|-c -t seconds -d dir -b bufsize "
	             "-m maxblocks [-p pause_seconds] [-P prime_seconds]",
	    .options = "wrct:d:b:m:p:P:",
	    .option = fs_option,
	};
	struct fs fs = {
	    {-1, -1}, 0, 0, 2.0, NULL, -1, 0, FS_PRIME_SECONDS, 0, 0};
	double kbps = 0, elapsed = 0;
	sigset_t mask;
	int i, rc;
	size_t b;

	if ((rc = bench_parse(&prog, &fs, argc, argv, NULL)) != BENCH_GO)
		return rc;
	if (fs.mode == -1 || fs.seconds == 0 || fs.dir == NULL ||
	    *fs.dir == '\0' || fs.bufsize_opt == 0 || fs.maxblocks == 0 ||
	    fs.maxblocks * 1024 < fs.bufsize_opt)
		return bench_usage(prog.usage);
	fs.bufsize = (size_t)fs.bufsize_opt;
	fs.nbufs = fs.maxblocks * 1024 / fs.bufsize_opt;
	for (b = 0; b < fs.bufsize; b++)
		buf[b] = (char)(b & 0xff);

	/* A file size limit must show as EFBIG, not kill the program. */
	if (signal(SIGXFSZ, SIG_IGN) == SIG_ERR || scratch_guard(&mask) == -1)
		return bench_fail("signal:");
	for (i = 0; i < 2; i++)
		if ((fs.fd[i] = scratch_open(fs.dir, i)) == -1)
			return bench_fail(
			    "cannot create a scratch file in %s:", fs.dir);
	if (sigprocmask(SIG_SETMASK, &mask, NULL) == -1)
		return bench_fail("sigprocmask:");

	if (bench_ready() == -1)
		return bench_fail("start barrier:");
	/* Reading and copying need a written file; copying, a read one. */
	for (i = 0; i < fs.mode; i++)
		if ((rc = run_phase(&fs, i, fs.prime, &kbps, &elapsed)) !=
		    BENCH_OK)
			return rc;
	if ((rc = run_phase(&fs, fs.mode, fs.seconds, &kbps, &elapsed)) !=
	    BENCH_OK)
		return rc;
	bench_rate(kbps, "KBps");
	bench_time(elapsed);
	return BENCH_OK;
}
