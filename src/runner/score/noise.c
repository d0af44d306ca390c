/* noise.c - a run's noise warnings (noise.h); exec/noise_sample.c measures. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "score/noise.h"

void
noise_warn_start(struct report *r)
{
	if (r->sys.load1 > NOISE_LOAD)
		report_warn(r,
		    "load average %.2f at start (above %.1f): other work "
		    "may slow the tests",
		    r->sys.load1, NOISE_LOAD);
}

enum settle_end
noise_settle(const double *load, int n, int max_s)
{
	if (n > 0 && load[n - 1] <= NOISE_LOAD)
		return SETTLE_CALM;
	if (n - 1 >= max_s)
		return SETTLE_LIMIT;
	if (n > 15 && load[n - 1] > 0.9 * load[n - 16])
		return SETTLE_BUSY;
	return SETTLE_WAITING;
}

int
noise_parse_stat(const char *text, double ticks_per_s, struct noise_cpu *c)
{
	unsigned long long v[8] = {0};
	const char *p = text;

	while (p != NULL && strncmp(p, "cpu ", 4) != 0) {
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	if (p == NULL || !(ticks_per_s > 0) ||
	    sscanf(p + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &v[0],
	        &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) < 7)
		return -1;
	/* user nice system idle iowait irq softirq steal */
	c->busy_s = (double)(v[0] + v[1] + v[2] + v[5] + v[6]) / ticks_per_s;
	c->steal_s = (double)v[7] / ticks_per_s;
	return 0;
}

/* The names of bl's tests whose passes spread widely, ", " between; n. */
static int
spread_names(const struct block *bl, char *names, size_t size)
{
	size_t len = 0;
	int i, n = 0;

	names[0] = '\0';
	for (i = 0; i < bl->ntests; i++) {
		const struct test_result *t = &bl->tests[i];

		if (t->outcome != OUTCOME_OK || t->npasses < 2 ||
		    !t->spread.wide)
			continue;
		if (len + strlen(t->test->name) + 8 < size)
			len += (size_t)snprintf(names + len, size - len, "%s%s",
			    n ? ", " : "", t->test->name);
		n++;
	}
	return n;
}

/*
 * One warning for the tests whose passes spread widely, for each run of
 * blocks that name the same tests: "1 and 2 copies: passes spread widely
 * (CV over 5%: ...) in 3 tests: pipe, spawn, execl; ...".
 */
static void
spread_warnings(struct report *r, const struct run *run)
{
	char names[1024], next[1024], who[64];
	size_t len = 0;
	int b, n = 0, k, first = 0;

	for (b = 0; b <= run->nblocks; b++) {
		k = b < run->nblocks
		        ? spread_names(&run->blocks[b], next, sizeof(next))
		        : -1;
		if (b > 0 && k == n && strcmp(next, names) == 0)
			continue;
		if (b > 0 && n > 0) {
			for (len = 0; first < b && len < sizeof(who); first++)
				len += (size_t)snprintf(who + len,
				    sizeof(who) - len, "%s%d",
				    len == 0         ? ""
				    : first + 1 == b ? " and "
				                     : ", ",
				    run->blocks[first].copies);
			report_warn(r,
			    "%s cop%s: passes spread widely (CV over %.0f%%: "
			    "their standard deviation over their mean) in %d "
			    "test%s: %s; each test's CV is %s; an idle machine "
			    "spreads them less",
			    who, strcmp(who, "1") == 0 ? "y" : "ies",
			    100 * NOISE_CV, n, n == 1 ? "" : "s", names,
			    r->settings.verbose ? "in the spread table above"
			                        : "in the JSON and with -v");
		}
		first = b;
		n = k;
		memcpy(names, next, sizeof(names));
	}
}

void
noise_warn_end(const struct noise *nz, struct report *r)
{
	const struct run *run = report_last(r);
	int b, i, cpus = r->sys.cpus_online > 0 ? r->sys.cpus_online : 1;
	double share;

	if (nz->wall_s > 0 && nz->others_s / nz->wall_s > NOISE_OTHERS_CPUS)
		report_warn(r,
		    "other processes used %.2f CPUs on average during the "
		    "tests (most during %s: %.2f)",
		    nz->others_s / nz->wall_s, nz->worst, nz->worst_cpus);
	share = nz->wall_s > 0 ? nz->steal_s / (nz->wall_s * cpus) : 0;
	if (share > NOISE_STEAL)
		report_warn(r,
		    "the hypervisor took %.0f%% of the CPU time "
		    "(steal)",
		    100 * share);
	spread_warnings(r, run);
	for (b = 0; b < run->nblocks; b++) {
		for (i = 0; i < run->blocks[b].nindexes; i++) {
			const struct index_result *ir =
			    &run->blocks[b].indexes[i];

			if (ir->rounds_half > NOISE_ROUNDS * ir->tests_half &&
			    ir->tests_half > 0)
				report_warn(r,
				    "%d x %s Index: its rounds differ more "
				    "than its tests' passes explain (+/-%.1f%% "
				    "against +/-%.1f%%): the machine's speed "
				    "changed during the run",
				    run->blocks[b].copies, ir->def->label,
				    100 * (exp(ir->rounds_half) - 1),
				    100 * (exp(ir->tests_half) - 1));
		}
	}
	if (nz->swap_kib > 0)
		report_warn(r, "swap in use: %ld KiB", nz->swap_kib);
}
