/*
 * noise.c - the noise warnings of a run (contract in noise.h), from
 * /proc and /sys where the system has them; silent where it has not.
 */
#include <sys/resource.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "score/noise.h"
#include "file.h"

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

static int
sample_cpu(struct noise_cpu *c)
{
	char text[4096];
	long ticks = sysconf(_SC_CLK_TCK);

	if (file_read_small("/proc/stat", text, sizeof(text)) == -1)
		return -1;
	return noise_parse_stat(text, (double)ticks, c);
}

/* CPU seconds of this process and its reaped children. */
static double
ours_s(void)
{
	struct rusage self, kids;

	if (getrusage(RUSAGE_SELF, &self) == -1 ||
	    getrusage(RUSAGE_CHILDREN, &kids) == -1)
		return -1;
	return (double)self.ru_utime.tv_sec + self.ru_utime.tv_usec / 1e6 +
	       (double)self.ru_stime.tv_sec + self.ru_stime.tv_usec / 1e6 +
	       (double)kids.ru_utime.tv_sec + kids.ru_utime.tv_usec / 1e6 +
	       (double)kids.ru_stime.tv_sec + kids.ru_stime.tv_usec / 1e6;
}

/* KiB of swap in use from /proc/meminfo; -1 when unknown. */
static long
swap_used_kib(void)
{
	char text[8192];
	const char *t, *f;
	long total, free_kib;

	if (file_read_small("/proc/meminfo", text, sizeof(text)) == -1 ||
	    (t = strstr(text, "SwapTotal:")) == NULL ||
	    (f = strstr(text, "SwapFree:")) == NULL ||
	    sscanf(t, "SwapTotal: %ld", &total) != 1 ||
	    sscanf(f, "SwapFree: %ld", &free_kib) != 1)
		return -1;
	return total - free_kib;
}

static void
check_swap(struct noise *nz)
{
	long kib = swap_used_kib();

	if (kib > nz->swap_kib)
		nz->swap_kib = kib;
}

/* Warns when some CPU's frequency governor is not "performance". */
static void
check_governor(struct report *r)
{
	static const char fmt[] =
	    "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor";
	char path[96], gov[64], first[64] = "";
	int i, other = 0;

	for (i = 0; i < r->sys.cpus_online; i++) {
		snprintf(path, sizeof(path), fmt, i);
		if (file_read_small(path, gov, sizeof(gov)) == -1)
			continue;
		gov[strcspn(gov, "\n")] = '\0';
		if (strcmp(gov, "performance") == 0)
			continue;
		if (other++ == 0)
			snprintf(first, sizeof(first), "%s", gov);
	}
	if (other > 0)
		report_warn(r,
		    "CPU frequency governor \"%s\" on %d CPU%s, not "
		    "performance: scores may vary",
		    first, other, other == 1 ? "" : "s");
}

void
noise_start(struct noise *nz, struct report *r)
{
	memset(nz, 0, sizeof(*nz));
	if (r->sys.load1 > NOISE_LOAD)
		report_warn(r,
		    "load average %.2f at start (above %.1f): other "
		    "work may slow the tests",
		    r->sys.load1, NOISE_LOAD);
	check_governor(r);
	check_swap(nz);
}

void
noise_test_begin(struct noise *nz)
{
	if (nz == NULL)
		return;
	nz->ok = sample_cpu(&nz->cpu) == 0 && (nz->ours_s = ours_s()) >= 0;
	nz->start = bench_now();
}

void
noise_test_end(struct noise *nz, const struct test_result *t, int copies)
{
	struct noise_cpu now;
	double ours, others, wall;

	if (nz == NULL || !nz->ok)
		return;
	wall = bench_now() - nz->start;
	if (sample_cpu(&now) == -1 || (ours = ours_s()) < 0 || !(wall > 0))
		return;
	nz->ok = 0;
	others = (now.busy_s - nz->cpu.busy_s) - (ours - nz->ours_s);
	if (others < 0)
		others = 0;
	nz->others_s += others;
	nz->steal_s += now.steal_s - nz->cpu.steal_s;
	nz->wall_s += wall;
	if (others / wall > nz->worst_cpus) {
		nz->worst_cpus = others / wall;
		snprintf(nz->worst, sizeof(nz->worst), "%d x %s", copies,
		    t->test->title);
	}
	check_swap(nz);
}

/*
 * One warning per block naming its tests whose passes spread widely:
 * "1 copy: passes spread widely (CV over 5%) in 3 tests: pipe, spawn,
 * execl; each test's CV is in the JSON and with -v".
 */
static void
spread_warning(struct report *r, const struct block *bl)
{
	char names[1024];
	size_t len = 0;
	int i, n = 0;

	names[0] = '\0';
	for (i = 0; i < bl->ntests; i++) {
		const struct test_result *t = &bl->tests[i];

		if (t->outcome != OUTCOME_OK || t->npasses < 2 ||
		    !(t->spread.cv > NOISE_CV))
			continue;
		if (len + strlen(t->test->name) + 8 < sizeof(names))
			len +=
			    (size_t)snprintf(names + len, sizeof(names) - len,
			        "%s%s", n ? ", " : "", t->test->name);
		n++;
	}
	if (n > 0)
		report_warn(r,
		    "%d cop%s: passes spread widely (CV over %.0f%%) "
		    "in %d test%s: %s; each test's CV is in the JSON and with "
		    "-v",
		    bl->copies, bl->copies == 1 ? "y" : "ies", 100 * NOISE_CV,
		    n, n == 1 ? "" : "s", names);
}

void
noise_finish(struct noise *nz, struct report *r)
{
	int b, i, cpus = r->sys.cpus_online > 0 ? r->sys.cpus_online : 1;
	double share;

	if (nz->wall_s > 0 && nz->others_s / nz->wall_s > NOISE_OTHERS_CPUS)
		report_warn(r,
		    "other processes used %.2f CPUs on average "
		    "during the tests (most during %s: %.2f)",
		    nz->others_s / nz->wall_s, nz->worst, nz->worst_cpus);
	share = nz->wall_s > 0 ? nz->steal_s / (nz->wall_s * cpus) : 0;
	if (share > NOISE_STEAL)
		report_warn(r,
		    "the hypervisor took %.0f%% of the CPU time "
		    "(steal)",
		    100 * share);
	for (b = 0; b < r->nblocks; b++) {
		spread_warning(r, &r->blocks[b]);
		for (i = 0; i < r->blocks[b].nindexes; i++) {
			const struct index_result *ir =
			    &r->blocks[b].indexes[i];

			if (ir->rounds_half > NOISE_ROUNDS * ir->tests_half &&
			    ir->tests_half > 0)
				report_warn(r,
				    "%d x %s Index: its rounds "
				    "differ more than its tests' passes "
				    "explain "
				    "(+/-%.1f%% against +/-%.1f%%): the "
				    "machine's "
				    "speed changed during the run",
				    r->blocks[b].copies, ir->def->label,
				    100 * (exp(ir->rounds_half) - 1),
				    100 * (exp(ir->tests_half) - 1));
		}
	}
	check_swap(nz);
	if (nz->swap_kib > 0)
		report_warn(r, "swap in use: %ld KiB", nz->swap_kib);
}
