/*
 * hanoi.c - the recursion test: complete solutions per second of the Towers
 * of Hanoi with 10 disks (1023 moves each), solved by plain recursion.
 */
#include <stdint.h>
#include <stdio.h>

#include "bench.h"

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

int
main(int argc, char **argv)
{
	double seconds, start, elapsed;
	uint64_t loops = 0;
	int disks, done, rc, from = 1, to = 3, swap;

	rc = bench_args(argc, argv, "hanoi [-h] seconds", &seconds, &done);
	if (done)
		return rc;
	disks = hanoi_disks;
	hanoi_pegs[from] = disks;
	if (bench_go(seconds, &start) != 0)
		return BENCH_FAILED;
	/* Each loop moves the whole tower, back and forth between 1 and 3. */
	while (!bench_stop) {
		hanoi_move(disks, from, to);
		swap = from;
		from = to;
		to = swap;
		loops++;
	}
	elapsed = bench_now() - start;
	if (hanoi_pegs[from] != disks || hanoi_pegs[to] != 0 ||
	    hanoi_pegs[6 - from - to] != 0)
		return bench_fail("tower ended as %d/%d/%d, not all on peg %d",
		    hanoi_pegs[1], hanoi_pegs[2], hanoi_pegs[3], from);
	fprintf(stderr, "hanoi: %llu solutions of %d disks in %.3f s\n",
	    (unsigned long long)loops, disks, elapsed);
	bench_count(loops, 1, "lps");
	bench_time(elapsed);
	return BENCH_OK;
}
