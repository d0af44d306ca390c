/*
 * harness.h - the one harness of the test programs, after lmbench's
 * benchmp(): a program describes its command line and hands over its
 * workload; the harness parses the options common to every program (-h,
 * the usage line, the duration), waits at the start barrier, arms the
 * timer, times the workload's loop and prints the result lines.
 *
 * The workload keeps its own loop (`while (!bench_stop)`) so that nothing
 * is added to a loop's work: the harness calls it once per pass.
 */
#ifndef HARNESS_H
#define HARNESS_H

#include <stdint.h>

/* One pass of a timed loop, as the harness hands it to the workload. */
struct bench_loop {
	double seconds; /* the duration asked for */
	double start; /* the clock when the loop started */
	double elapsed; /* set after run; finish may set its own interval */
	uint64_t count; /* what run stores: loops (or runs) completed */
};

/*
 * A test program.  Every hook but run may be NULL; ctx is the program's
 * own state, passed to each hook.  Hooks return BENCH_OK or the exit status
 * of the program (after printing an ERROR line or a message).
 */
struct bench_prog {
	const char *usage; /* the usage text, without "usage: " */
	/*
	 * getopt letters besides h (a leading '+': options end at the first
	 * operand, so that a command's own options are not taken).
	 */
	const char *options;
	int seconds_operand; /* 1: the first operand is the duration */
	int min_operands; /* operands after the duration */
	int max_operands; /* -1: any number */
	/* An option; returns 0, or -1 when its argument is bad (usage). */
	int (*option)(void *ctx, int ch, const char *arg);
	/* The operands after the duration; 0, or -1 (usage). */
	int (*operands)(void *ctx, int n, char **v);
	/* Set-up before the start barrier. */
	int (*setup)(void *ctx);
	/* After the barrier, just before the timer is armed. */
	int (*start)(void *ctx);
	/* The timed loop: runs until bench_stop, stores loop->count. */
	int (*run)(void *ctx, struct bench_loop *loop);
	/*
	 * Called once start succeeded, with run's status: cleans up, checks
	 * the work and prints INFO lines.  Returns the program's status.
	 */
	int (*finish)(void *ctx, struct bench_loop *loop, int rc);
	unsigned timebase; /* of the COUNT line: 1 per second, 60 per minute */
	const char *unit; /* of the COUNT line: "lps", "lpm" */
};

/* What bench_parse returns when the program should go on. */
#define BENCH_GO (-1)

/*
 * Parses argv for p: -h prints the usage on stdout (exit status 0), a bad
 * option or operand prints it on stderr (status 2).  Stores the duration
 * when p->seconds_operand.  Returns BENCH_GO, or the exit status.
 */
int bench_parse(const struct bench_prog *p, void *ctx, int argc, char **argv,
    double *seconds);

/*
 * The whole program: bench_parse, setup, the start barrier, start, the
 * timer, run, finish, then COUNT and TIME.  Returns main's exit status.
 */
int bench_main(const struct bench_prog *p, void *ctx, int argc, char **argv);

#endif
