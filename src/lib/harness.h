/*
 * harness.h - the one harness of the test programs, after lmbench's
 * benchmp() (HACKING.md, "Protocol"): a program describes its command
 * line and hands over its workload, which keeps its own loop
 * (`while (!bench_stop)`) so that nothing is added to a loop's work.
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

/* A test program.  Hooks but run may be NULL; each gets ctx and returns
 * BENCH_OK or the program's exit status (after an ERROR line). */
struct bench_prog {
	const char *usage; /* the usage text, without "usage: " */
	/* getopt letters besides h; a leading '+' ends options at the first
	 * operand (a command's own options are not taken) */
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
	/* Once start succeeded, with run's status: cleans up, checks the
	 * work, prints INFO lines; returns the status. */
	int (*finish)(void *ctx, struct bench_loop *loop, int rc);
	unsigned timebase; /* of the COUNT line: 1 per second, 60 per minute */
	const char *unit; /* of the COUNT line: "lps", "lpm" */
};

/* What bench_parse returns when the program should go on. */
#define BENCH_GO (-1)

/* Parses argv for p (-h: usage on stdout, 0; bad: on stderr, 2), the
 * duration into *seconds.  Returns BENCH_GO, or the exit status. */
int bench_parse(const struct bench_prog *p, void *ctx, int argc, char **argv,
    double *seconds);

/* The whole program: bench_parse, setup, barrier, start, timer, run,
 * finish, COUNT and TIME.  Returns main's exit status. */
int bench_main(const struct bench_prog *p, void *ctx, int argc, char **argv);

#endif
