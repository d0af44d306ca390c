/*
 * bench.h - what every test program shares: a monotonic clock, the stop
 * flag, the start barrier of a pass, and the result lines of the runner
 * protocol (doc/protocol.md).
 */
#ifndef BENCH_H
#define BENCH_H

#include <signal.h>
#include <stdint.h>

/* The stop flag of a timed loop: cleared by bench_arm(), set by its
 * SIGALRM handler (and by a program's own, ctxlat's on SIGINT/SIGTERM). */
extern volatile sig_atomic_t bench_stop;

/* Seconds on the monotonic clock, from an arbitrary origin. */
double bench_now(void);

/* Arms a one-shot SIGALRM timer of `seconds`; 0, or -1 with errno. */
int bench_arm(double seconds);

/*
 * The start barrier: under the runner (BENCH_READY_FD and BENCH_START_FD
 * set) says "ready" and blocks until every copy may go; standalone
 * returns at once.  Once a copy, just before the timed loop.  Returns 0,
 * or -1 with errno set.
 */
int bench_ready(void);

/*
 * The start of a loop timed by its own main (dhry's; the others use
 * harness.h): bench_ready(), bench_arm(seconds), *start = bench_now().
 * Returns 0, or prints the ERROR line and returns BENCH_FAILED.
 */
int bench_go(double seconds, double *start);

/* This copy's index in the pass (BENCH_COPY, 0-based; 0 standalone). */
int bench_copy_index(void);

/* Result lines on stdout: COUNT|n|timebase|unit, TIME|s, INFO|key|value. */
void bench_count(uint64_t count, unsigned timebase, const char *unit);
void bench_rate(double rate, const char *unit);
void bench_time(double seconds);
void bench_info(const char *key, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prints ERROR|<message> on stdout (after a final ':', errno's text);
 * returns BENCH_FAILED (1), a failed measurement's exit status. */
int bench_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prints "usage: <text>" on stderr and returns 2, the usage exit status. */
int bench_usage(const char *text);

/*
 * bench_parse (harness.h) for `prog [-h] seconds` (dhry's main): 0 with
 * *seconds set and *done 0, or with *done 1 main's exit status.
 */
int bench_args(
    int argc, char **argv, const char *usage, double *seconds, int *done);

/* Exit statuses of the protocol. */
enum { BENCH_OK = 0, BENCH_FAILED = 1, BENCH_USAGE = 2, BENCH_SKIP = 77 };

#endif
