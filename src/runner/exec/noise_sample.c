/*
 * noise_sample.c - what may disturb a run, measured (noise_sample.h)
 * where the system says (/proc, /sys, getrusage); silent where it does
 * not.  score/noise.c words the warnings.
 */
#include <sys/resource.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "exec/noise_sample.h"
#include "file.h"

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

/* Keeps the most KiB of swap in use (/proc/meminfo) seen in nz. */
static void
check_swap(struct noise *nz)
{
	char text[8192];
	const char *t, *f;
	long total, free_kib;

	if (file_read_small("/proc/meminfo", text, sizeof(text)) == 0 &&
	    (t = strstr(text, "SwapTotal:")) != NULL &&
	    (f = strstr(text, "SwapFree:")) != NULL &&
	    sscanf(t, "SwapTotal: %ld", &total) == 1 &&
	    sscanf(f, "SwapFree: %ld", &free_kib) == 1 &&
	    total - free_kib > nz->swap_kib)
		nz->swap_kib = total - free_kib;
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
		if (strcmp(gov, "performance") != 0 && other++ == 0)
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
	noise_warn_start(r);
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

void
noise_finish(struct noise *nz, struct report *r)
{
	check_swap(nz);
	noise_warn_end(nz, r);
}
