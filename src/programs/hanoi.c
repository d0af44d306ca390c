/*
 * hanoi.c - the recursion test: complete solutions per second of the Towers
 * of Hanoi with 10 disks (1023 moves each), solved by plain recursion.
 */
#include <stdint.h>
#include <stdio.h>

#include "bench.h"
#include "harness.h"

#define HANOI_DISKS 10

/* Disks on pegs 1..3 (index 0 unused); every move updates two of them. */
static int hanoi_pegs[4];

/*
 * The disk count is read through a volatile, as the original reads it from
 * its command line, so the compiler cannot specialise the recursion for it.
 */
static volatile int hanoi_disks = HANOI_DISKS;

/* Moves n disks from peg `from` to peg `to` (pegs are 1, 2, 3). */
static void
hanoi_move(int n, int from, int to)
{
	int other;

	if (n == 1) {
		hanoi_pegs[from]--;
		hanoi_pegs[to]++;
		return;
	}
	other = 6 - (from + to);
	hanoi_move(n - 1, from, other);
	hanoi_move(1, from, to);
	hanoi_move(n - 1, other, to);
}

/* The state of a run: the tower's size and the pegs it moves between. */
struct hanoi {
	int disks, from, to;
};

static int
hanoi_run(void *ctx, struct bench_loop *l)
{
	struct hanoi *h = ctx;
	uint64_t loops = 0;
	int disks = h->disks, from = h->from, to = h->to, swap;

	/* Each loop moves the whole tower, back and forth between 1 and 3. */
	while (!bench_stop) {
		hanoi_move(disks, from, to);
		swap = from;
		from = to;
		to = swap;
		loops++;
	}
	h->from = from;
	h->to = to;
	l->count = loops;
	return BENCH_OK;
}

/* Checks that the whole tower ended on one peg. */
static int
hanoi_finish(void *ctx, struct bench_loop *l, int rc)
{
	const struct hanoi *h = ctx;

	if (rc != BENCH_OK)
		return rc;
	if (hanoi_pegs[h->from] != h->disks || hanoi_pegs[h->to] != 0 ||
	    hanoi_pegs[6 - h->from - h->to] != 0)
		return bench_fail("tower ended as %d/%d/%d, not all on peg %d",
		    hanoi_pegs[1], hanoi_pegs[2], hanoi_pegs[3], h->from);
	fprintf(stderr, "hanoi: %llu solutions of %d disks in %.3f s\n",
	    (unsigned long long)l->count, h->disks, l->elapsed);
	return BENCH_OK;
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
	    .usage = "hanoi [-h] seconds",
	    .seconds_operand = 1,
	    .run = hanoi_run,
	    .finish = hanoi_finish,
	    .timebase = 1,
	    .unit = "lps",
	};
	struct hanoi h = {hanoi_disks, 1, 3};

	hanoi_pegs[h.from] = h.disks;
	return bench_main(&prog, &h, argc, argv);
}
