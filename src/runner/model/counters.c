/* counters.c - the portable half of the resource counters (counters.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/counters.h"
#include "model/report.h"

const struct counter_def counter_defs[NCOUNTERS] = {
    [CTR_USER_S] = {"user_s", SRC_RUSAGE},
    [CTR_SYSTEM_S] = {"system_s", SRC_RUSAGE},
    [CTR_VOL_CSW] = {"voluntary_csw", SRC_RUSAGE},
    [CTR_INVOL_CSW] = {"involuntary_csw", SRC_RUSAGE},
    [CTR_MINOR_FAULTS] = {"minor_faults", SRC_RUSAGE},
    [CTR_MAJOR_FAULTS] = {"major_faults", SRC_RUSAGE},
    [CTR_MAX_RSS_KIB] = {"max_rss_kib", SRC_RUSAGE},
    [CTR_RUNQ_WAIT_S] = {"runq_wait_s", SRC_TASK},
    [CTR_MIGRATIONS] = {"migrations", SRC_TASK},
    [CTR_PERF_CSW] = {"perf_csw", SRC_PERF},
    [CTR_PERF_MIGRATIONS] = {"perf_migrations", SRC_PERF},
    [CTR_TASK_CLOCK_S] = {"task_clock_s", SRC_PERF},
    [CTR_M_USER_S] = {"machine_user_s", SRC_MACHINE},
    [CTR_M_SYSTEM_S] = {"machine_system_s", SRC_MACHINE},
    [CTR_M_IDLE_S] = {"machine_idle_s", SRC_MACHINE},
    [CTR_M_IOWAIT_S] = {"machine_iowait_s", SRC_MACHINE},
    [CTR_M_STEAL_S] = {"machine_steal_s", SRC_MACHINE},
    [CTR_M_INTERRUPTS] = {"machine_interrupts", SRC_MACHINE},
    [CTR_M_CSW] = {"machine_csw", SRC_MACHINE},
    [CTR_M_FORKS] = {"machine_forks", SRC_MACHINE},
    [CTR_VM_PGFAULT] = {"vm_pgfault", SRC_MACHINE},
    [CTR_VM_PGMAJFAULT] = {"vm_pgmajfault", SRC_MACHINE},
    [CTR_VM_PSWPIN] = {"vm_pswpin", SRC_MACHINE},
    [CTR_VM_PSWPOUT] = {"vm_pswpout", SRC_MACHINE},
};

const struct derived_def derived_defs[NDERIVED] = {
    [DRV_CPU_BUSY] = {"cpu_busy", "CPU busy", 1, 0.05},
    [DRV_SYSTEM_SHARE] = {"system_share", "system share", 1, 0.05},
    [DRV_CPU_PER_LOOP] = {"cpu_us_per_loop", "CPU us/loop", 0, 0.01},
    [DRV_CSW_PER_LOOP] = {"csw_per_loop", "ctx switches/loop", 0, 0.05},
    [DRV_INVOL_PER_LOOP] = {"involuntary_csw_per_loop", "preemptions/loop", 0,
        0.05},
    [DRV_MIGR_PER_LOOP] = {"migrations_per_loop", "migrations/loop", 0, 0.05},
    [DRV_FAULTS_PER_LOOP] = {"faults_per_loop", "faults/loop", 0, 0.05},
    [DRV_RUNQ_SHARE] = {"runq_wait_share", "waiting to run", 1, 0.05},
    [DRV_MACHINE_BUSY] = {"machine_busy", "machine busy", 1, 0.05},
    [DRV_STEAL_SHARE] = {"steal_share", "steal", 1, 0.05},
    [DRV_IOWAIT_SHARE] = {"iowait_share", "iowait", 1, 0.05},
};

static const char *const level_names[] = {"off", "on", "all"};

int
counters_level_named(const char *name)
{
	int i;

	for (i = 0; i < 3; i++)
		if (strcmp(name, level_names[i]) == 0)
			return i;
	return -1;
}

const char *
counters_level_name(enum counters_level level)
{
	return level_names[level];
}

void
counters_add(struct counters *sum, const struct counters *c)
{
	int k;

	for (k = 0; k < NCOUNTERS; k++) {
		if (!(c->have & COUNTER_BIT(k)))
			continue;
		if (k == CTR_MAX_RSS_KIB && (sum->have & COUNTER_BIT(k)))
			sum->v[k] = c->v[k] > sum->v[k] ? c->v[k] : sum->v[k];
		else if (sum->have & COUNTER_BIT(k))
			sum->v[k] += c->v[k];
		else
			sum->v[k] = c->v[k];
	}
	sum->have |= c->have;
}

void
counters_delta(struct counters *out, const struct counters *before,
    const struct counters *after)
{
	unsigned long both = before->have & after->have;
	int k;

	for (k = 0; k < NCOUNTERS; k++) {
		if (!(both & COUNTER_BIT(k)) || after->v[k] < before->v[k])
			continue;
		out->v[k] = after->v[k] - before->v[k];
		out->have |= COUNTER_BIT(k);
	}
}

/* Whether c has every counter in mask. */
static int
has(const struct counters *c, unsigned long mask)
{
	return (c->have & mask) == mask;
}

static void
set(struct derived *d, enum derived_id k, double v)
{
	if (!isfinite(v))
		return;
	d->v[k] = v;
	d->have |= 1U << k;
}

void
counters_derive(
    const struct counters *c, double loops, double wall_s, struct derived *d)
{
	const double *v = c->v;
	double cpu = v[CTR_USER_S] + v[CTR_SYSTEM_S], all;
	unsigned long times =
	    COUNTER_BIT(CTR_USER_S) | COUNTER_BIT(CTR_SYSTEM_S);
	unsigned long csw =
	    COUNTER_BIT(CTR_VOL_CSW) | COUNTER_BIT(CTR_INVOL_CSW);
	unsigned long faults =
	    COUNTER_BIT(CTR_MINOR_FAULTS) | COUNTER_BIT(CTR_MAJOR_FAULTS);
	unsigned long machine =
	    COUNTER_BIT(CTR_M_USER_S) | COUNTER_BIT(CTR_M_SYSTEM_S) |
	    COUNTER_BIT(CTR_M_IDLE_S) | COUNTER_BIT(CTR_M_IOWAIT_S) |
	    COUNTER_BIT(CTR_M_STEAL_S);

	memset(d, 0, sizeof(*d));
	if (has(c, times) && wall_s > 0)
		set(d, DRV_CPU_BUSY, cpu / wall_s);
	if (has(c, times) && cpu > 0)
		set(d, DRV_SYSTEM_SHARE, v[CTR_SYSTEM_S] / cpu);
	if (has(c, COUNTER_BIT(CTR_RUNQ_WAIT_S)) && wall_s > 0)
		set(d, DRV_RUNQ_SHARE, v[CTR_RUNQ_WAIT_S] / wall_s);
	if (loops > 0) {
		if (has(c, times))
			set(d, DRV_CPU_PER_LOOP, cpu / loops * 1e6);
		if (has(c, csw))
			set(d, DRV_CSW_PER_LOOP,
			    (v[CTR_VOL_CSW] + v[CTR_INVOL_CSW]) / loops);
		if (has(c, COUNTER_BIT(CTR_INVOL_CSW)))
			set(d, DRV_INVOL_PER_LOOP, v[CTR_INVOL_CSW] / loops);
		/* The whole process tree's (perf) when counted, else the
		 * copy's own task's. */
		if (has(c, COUNTER_BIT(CTR_PERF_MIGRATIONS)))
			set(d, DRV_MIGR_PER_LOOP,
			    v[CTR_PERF_MIGRATIONS] / loops);
		else if (has(c, COUNTER_BIT(CTR_MIGRATIONS)))
			set(d, DRV_MIGR_PER_LOOP, v[CTR_MIGRATIONS] / loops);
		if (has(c, faults))
			set(d, DRV_FAULTS_PER_LOOP,
			    (v[CTR_MINOR_FAULTS] + v[CTR_MAJOR_FAULTS]) /
			        loops);
	}
	if (has(c, machine)) {
		all = v[CTR_M_USER_S] + v[CTR_M_SYSTEM_S] + v[CTR_M_IDLE_S] +
		      v[CTR_M_IOWAIT_S] + v[CTR_M_STEAL_S];
		if (all > 0) {
			set(d, DRV_MACHINE_BUSY,
			    (v[CTR_M_USER_S] + v[CTR_M_SYSTEM_S]) / all);
			set(d, DRV_STEAL_SHARE, v[CTR_M_STEAL_S] / all);
			set(d, DRV_IOWAIT_SHARE, v[CTR_M_IOWAIT_S] / all);
		}
	}
}

int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double
sorted_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void
counters_median(const struct pass_result *passes, int n, struct derived *out)
{
	double *v;
	int k, i, m;

	memset(out, 0, sizeof(*out));
	if (n <= 0 || (v = malloc(sizeof(*v) * (size_t)n)) == NULL)
		return;
	for (k = 0; k < NDERIVED; k++) {
		for (i = 0, m = 0; i < n; i++)
			if (passes[i].kept &&
			    passes[i].derived.have & (1U << k))
				v[m++] = passes[i].derived.v[k];
		if (m == 0)
			continue;
		set(out, (enum derived_id)k, sorted_median(v, m));
	}
	free(v);
}

void
counters_format(enum derived_id k, double v, char *buf, size_t len)
{
	double a = fabs(v);

	if (derived_defs[k].percent)
		snprintf(buf, len, "%.0f%%", v * 100);
	else if (a >= 1e7)
		snprintf(buf, len, "%.0fM", v / 1e6);
	else if (a >= 1e4)
		snprintf(buf, len, "%.0fk", v / 1e3);
	else if (a >= 100)
		snprintf(buf, len, "%.0f", v);
	else if (a >= 10)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.2f", v);
}
