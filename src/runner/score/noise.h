/*
 * noise.h - warnings about what may have disturbed a run: load at start,
 * the CPU frequency governor, other busy processes, widely spread passes,
 * swap in use.  They are report warnings only; no number changes.
 */
#ifndef NOISE_H
#define NOISE_H

#include "model/report.h"

/* Above these a warning is given. */
#define NOISE_LOAD        0.5 /* 1-minute load average at start */
#define NOISE_OTHERS_CPUS 0.1 /* CPUs others used, mean over the run */
#define NOISE_STEAL       0.05 /* share of CPU time the hypervisor took */
#define NOISE_CV          0.05 /* coefficient of variation of a test */
#define NOISE_ROUNDS      2.0 /* rounds' interval / the tests' (quick) */

/* The wait after a build: at most this long (UB_SETTLE changes it). */
#define NOISE_SETTLE_MAX_S 90

/*
 * The wait after a build, a second at a time: load[0..n-1] the 1-minute
 * load average at each second of it.  SETTLE_CALM once the last is at
 * most NOISE_LOAD; SETTLE_BUSY when it fell by less than a tenth in 15 s
 * (idle, it falls by a fifth); SETTLE_LIMIT after max_s; else WAITING.
 */
enum settle_end noise_settle(const double *load, int n, int max_s);

/* CPU seconds since boot from the "cpu" line of /proc/stat. */
struct noise_cpu {
	double busy_s; /* user, nice, system, irq, softirq */
	double steal_s; /* taken by the hypervisor */
};

/* Parses /proc/stat's first "cpu " line; 0, or -1 when it has none. */
int noise_parse_stat(const char *text, double ticks_per_s, struct noise_cpu *c);

/* What was measured around the tests of one run so far
 * (exec/noise_sample.h). */
struct noise {
	int ok; /* the current test's first sample was read */
	struct noise_cpu cpu; /* at its start */
	double ours_s, start; /* our CPU time, the clock at its start */
	double others_s, steal_s, wall_s; /* sums over the tests */
	double worst_cpus; /* the most others used in one test */
	char worst[96]; /* that test, "2 x Pipe Throughput" */
	long swap_kib; /* the most swap in use seen */
};

/* The warning of the start: the load average (r->sys.load1). */
void noise_warn_start(struct report *r);

/*
 * Warnings of the end: other processes busy, the hypervisor's steal,
 * tests whose passes spread more than NOISE_CV, an index whose rounds
 * differ NOISE_ROUNDS times more than its tests' passes explain, swap.
 */
void noise_warn_end(const struct noise *nz, struct report *r);

#endif
