/*
 * bench.c - the clock, stop flag, start barrier and result lines shared by
 * every test program.  The signal handler only sets bench_stop.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "parse.h"

volatile sig_atomic_t bench_stop;

double
bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
on_alarm(int sig)
{
	(void)sig;
	bench_stop = 1;
}

int
bench_arm(double seconds)
{
	struct sigaction sa;
	struct itimerval it;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGALRM, &sa, NULL) == -1)
		return -1;
	memset(&it, 0, sizeof(it));
	it.it_value.tv_sec = (time_t)seconds;
	it.it_value.tv_usec =
	    (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
	if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0)
		it.it_value.tv_usec = 1;
	bench_stop = 0;
	return setitimer(ITIMER_REAL, &it, NULL);
}

/* The number 0..max in the environment variable name, else fallback. */
static int
env_int(const char *name, long max, int fallback)
{
	long v;

	return parse_long(getenv(name), 0, max, &v) == -1 ? fallback : (int)v;
}

int
bench_ready(void)
{
	int ready_fd = env_int("BENCH_READY_FD", 1 << 20, -1);
	int start_fd = env_int("BENCH_START_FD", 1 << 20, -1);
	char c = 'r';
	ssize_t n;

	/* Only the first caller in this process tree takes part. */
	unsetenv("BENCH_READY_FD");
	unsetenv("BENCH_START_FD");
	if (ready_fd == -1 || start_fd == -1)
		return 0;
	while ((n = write(ready_fd, &c, 1)) == -1 && errno == EINTR)
		;
	close(ready_fd);
	if (n == -1) {
		close(start_fd);
		return -1;
	}
	/* The runner closes its end to let every copy go: read sees EOF. */
	while ((n = read(start_fd, &c, 1)) == -1 && errno == EINTR)
		;
	close(start_fd);
	return n == -1 ? -1 : 0;
}

int
bench_go(double seconds, double *start)
{
	if (bench_ready() == -1)
		return bench_fail("start barrier:");
	if (bench_arm(seconds) == -1)
		return bench_fail("timer:");
	*start = bench_now();
	return 0;
}

int
bench_copy_index(void)
{
	return env_int("BENCH_COPY", 1L << 30, 0);
}

void
bench_count(uint64_t count, unsigned timebase, const char *unit)
{
	printf("COUNT|%llu|%u|%s\n", (unsigned long long)count, timebase, unit);
	fflush(stdout);
}

void
bench_rate(double rate, const char *unit)
{
	printf("COUNT|%.6f|0|%s\n", rate, unit);
	fflush(stdout);
}

void
bench_time(double seconds)
{
	printf("TIME|%.6f\n", seconds);
	fflush(stdout);
}

void
bench_info(const char *key, const char *fmt, ...)
{
	va_list ap;

	printf("INFO|%s|", key);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

int
bench_fail(const char *fmt, ...)
{
	int saved = errno;
	size_t len = strlen(fmt);
	va_list ap;

	fputs("ERROR|", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	if (len > 0 && fmt[len - 1] == ':')
		printf(" %s", strerror(saved));
	putchar('\n');
	fflush(stdout);
	return BENCH_FAILED;
}

int
bench_usage(const char *text)
{
	fprintf(stderr, "usage: %s\n", text);
	return BENCH_USAGE;
}
