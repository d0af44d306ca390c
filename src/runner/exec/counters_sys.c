/*
 * counters_sys.c - the resource counters (counters_sys.h) from wait4, and
 * on Linux /proc and perf_event_open; each a whole function under one #if
 * with a portable fallback.
 */
#if defined(__linux__)
#define _GNU_SOURCE    1 /* wait4, syscall(SYS_perf_event_open) */
#define COUNTERS_LINUX 1
#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__NetBSD__) ||     \
    defined(__OpenBSD__) || defined(__DragonFly__)
/* wait4: the Makefile lets each system's headers show it. */
#define COUNTERS_WAIT4 1
#endif

#include <sys/types.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#ifdef COUNTERS_LINUX
#include <sys/syscall.h>
#if defined(__has_include)
#if __has_include(<linux/perf_event.h>)
/* A libc without the kernel's headers (musl-gcc) builds without perf. */
#include <linux/perf_event.h>
#define COUNTERS_PERF 1
#endif
#endif
#endif

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exec/counters_sys.h"
#include "file.h"

static double
tv_s(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

/* Counter id of c is v. */
static void
put(struct counters *c, enum counter_id id, double v)
{
	c->v[id] = v;
	c->have |= COUNTER_BIT(id);
}

/* The rusage counters of ru into c. */
static void
from_rusage(const struct rusage *ru, struct counters *c)
{
	put(c, CTR_USER_S, tv_s(ru->ru_utime));
	put(c, CTR_SYSTEM_S, tv_s(ru->ru_stime));
	put(c, CTR_VOL_CSW, (double)ru->ru_nvcsw);
	put(c, CTR_INVOL_CSW, (double)ru->ru_nivcsw);
	put(c, CTR_MINOR_FAULTS, (double)ru->ru_minflt);
	put(c, CTR_MAJOR_FAULTS, (double)ru->ru_majflt);
	/* KiB on Linux and the BSDs, bytes on macOS. */
#ifdef __APPLE__
	c->v[CTR_MAX_RSS_KIB] = (double)ru->ru_maxrss / 1024;
#else
	c->v[CTR_MAX_RSS_KIB] = (double)ru->ru_maxrss;
#endif
	if (ru->ru_maxrss > 0)
		c->have |= COUNTER_BIT(CTR_MAX_RSS_KIB);
}

#ifdef COUNTERS_LINUX
/*
 * The run-queue wait (schedstat's second field, ns) and the migrations
 * (sched's se.nr_migrations) of the task pid, a zombie not yet reaped.
 */
static void
task_counters(pid_t pid, struct counters *c)
{
	char path[64], buf[8192], *p;
	unsigned long long on_cpu, wait, slices;

	snprintf(path, sizeof(path), "/proc/%ld/schedstat", (long)pid);
	if (file_read_small(path, buf, sizeof(buf)) == 0 &&
	    sscanf(buf, "%llu %llu %llu", &on_cpu, &wait, &slices) == 3)
		put(c, CTR_RUNQ_WAIT_S, (double)wait / 1e9);
	snprintf(path, sizeof(path), "/proc/%ld/sched", (long)pid);
	if (file_read_small(path, buf, sizeof(buf)) == 0 &&
	    (p = strstr(buf, "se.nr_migrations")) != NULL &&
	    (p = strchr(p, ':')) != NULL && sscanf(p + 1, "%llu", &wait) == 1)
		put(c, CTR_MIGRATIONS, (double)wait);
}

int
counters_task_cpu(pid_t pid)
{
	char path[64], buf[2048], *p;
	int field, cpu = -1;

	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	if (file_read_small(path, buf, sizeof(buf)) == -1 ||
	    (p = strrchr(buf, ')')) == NULL)
		return -1;
	/* After "pid (comm)", field 3 on; the processor is field 39. */
	for (field = 2; field < 39 && p != NULL; field++)
		p = strchr(p + 1, ' ');
	if (p == NULL || sscanf(p, "%d", &cpu) != 1)
		return -1;
	return cpu;
}

/* Reaps one ended child with its counters into c (zeroed). */
static pid_t
reap_counted(int *status, struct counters *c)
{
	struct rusage ru;
	siginfo_t si;
	pid_t pid;

	/* Looked at before it is reaped, while /proc still has it. */
	memset(&si, 0, sizeof(si));
	if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) == -1)
		return -1;
	if (si.si_pid == 0)
		return 0;
	task_counters(si.si_pid, c);
	c->cpu_end = counters_task_cpu(si.si_pid) + 1;
	if ((pid = wait4(si.si_pid, status, 0, &ru)) > 0)
		from_rusage(&ru, c);
	return pid;
}
#elif defined(COUNTERS_WAIT4)
static pid_t
reap_counted(int *status, struct counters *c)
{
	struct rusage ru;
	pid_t pid = wait4(-1, status, WNOHANG, &ru);

	if (pid > 0)
		from_rusage(&ru, c);
	return pid;
}
#else
/*
 * POSIX only: the growth of RUSAGE_CHILDREN across the reaping of one
 * child is that child's; its largest resident set is not known.
 */
static pid_t
reap_counted(int *status, struct counters *c)
{
	struct rusage before, after;
	struct counters b, a;
	pid_t pid;

	memset(&b, 0, sizeof(b));
	memset(&a, 0, sizeof(a));
	if (getrusage(RUSAGE_CHILDREN, &before) == -1)
		return waitpid(-1, status, WNOHANG);
	if ((pid = waitpid(-1, status, WNOHANG)) > 0 &&
	    getrusage(RUSAGE_CHILDREN, &after) == 0) {
		from_rusage(&before, &b);
		from_rusage(&after, &a);
		a.have &= ~COUNTER_BIT(CTR_MAX_RSS_KIB);
		counters_delta(c, &b, &a);
	}
	return pid;
}
#endif

#ifndef COUNTERS_LINUX
int
counters_task_cpu(pid_t pid)
{
	(void)pid;
	return -1;
}
#endif

pid_t
counters_reap(int *status, enum counters_level level, struct counters *c)
{
	memset(c, 0, sizeof(*c));
	return level == COUNTERS_OFF ? waitpid(-1, status, WNOHANG)
	                             : reap_counted(status, c);
}

#ifdef COUNTERS_PERF
static const struct {
	uint64_t config;
	enum counter_id counter;
	double scale;
} perf_events[3] = {
    {PERF_COUNT_SW_TASK_CLOCK, CTR_TASK_CLOCK_S, 1e-9},
    {PERF_COUNT_SW_CONTEXT_SWITCHES, CTR_PERF_CSW, 1},
    {PERF_COUNT_SW_CPU_MIGRATIONS, CTR_PERF_MIGRATIONS, 1},
};

int
counters_perf_open(struct counters_perf *p, pid_t pid, char *why, size_t len)
{
	struct perf_event_attr attr;
	char paranoid[32] = "";
	long fd;
	int i, e;

	for (i = 0; i < 3; i++)
		p->fd[i] = -1;
	for (i = 0; i < 3; i++) {
		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = PERF_TYPE_SOFTWARE;
		attr.config = perf_events[i].config;
		attr.disabled = 1;
		attr.enable_on_exec = 1;
		attr.inherit = 1;
		if (getenv("BYTEBENCH_NO_PERF") != NULL) {
			fd = -1;
			errno = EACCES;
		} else {
			fd = syscall(SYS_perf_event_open, &attr, pid, -1, -1,
			    (unsigned long)PERF_FLAG_FD_CLOEXEC);
		}
		if (fd == -1) {
			e = errno;
			counters_perf_close(p, NULL);
			if (file_read_small(
			        "/proc/sys/kernel/perf_event_paranoid",
			        paranoid, sizeof(paranoid)) == 0)
				paranoid[strcspn(paranoid, "\n")] = '\0';
			snprintf(why, len, "perf_event_open: %s%s%s%s",
			    strerror(e),
			    paranoid[0] ? " (kernel."
			                  "perf_event_paranoid is "
			                : "",
			    paranoid, paranoid[0] ? ")" : "");
			return -1;
		}
		p->fd[i] = (int)fd;
	}
	return 0;
}

void
counters_perf_close(struct counters_perf *p, struct counters *c)
{
	uint64_t n;
	int i;

	for (i = 0; i < 3; i++) {
		if (p->fd[i] == -1)
			continue;
		if (c != NULL &&
		    read(p->fd[i], &n, sizeof(n)) == (ssize_t)sizeof(n))
			put(c, perf_events[i].counter,
			    (double)n * perf_events[i].scale);
		close(p->fd[i]);
		p->fd[i] = -1;
	}
}
#else
int
counters_perf_open(struct counters_perf *p, pid_t pid, char *why, size_t len)
{
	(void)pid;
	counters_perf_close(p, NULL);
	snprintf(why, len,
	    "perf_event_open: not in this build (no <linux/perf_event.h>)");
	return -1;
}

void
counters_perf_close(struct counters_perf *p, struct counters *c)
{
	(void)c;
	p->fd[0] = p->fd[1] = p->fd[2] = -1;
}
#endif

#ifdef COUNTERS_LINUX
/* The value after name in text of "name value" lines; -1 when none. */
static int
field(const char *text, const char *name, double *out)
{
	size_t n = strlen(name);
	const char *p = text;
	unsigned long long v;

	while ((p = strstr(p, name)) != NULL) {
		if ((p == text || p[-1] == '\n') && p[n] == ' ' &&
		    sscanf(p + n, "%llu", &v) == 1) {
			*out = (double)v;
			return 0;
		}
		p += n;
	}
	return -1;
}

void
counters_machine(struct counters *c)
{
	static const struct {
		const char *file, *name;
		enum counter_id counter;
	} lines[] = {
	    {"/proc/stat", "intr", CTR_M_INTERRUPTS},
	    {"/proc/stat", "ctxt", CTR_M_CSW},
	    {"/proc/stat", "processes", CTR_M_FORKS},
	    {"/proc/vmstat", "pgfault", CTR_VM_PGFAULT},
	    {"/proc/vmstat", "pgmajfault", CTR_VM_PGMAJFAULT},
	    {"/proc/vmstat", "pswpin", CTR_VM_PSWPIN},
	    {"/proc/vmstat", "pswpout", CTR_VM_PSWPOUT},
	};
	static char stat_text[1 << 18], vmstat[65536];
	unsigned long long t[8];
	double tick = (double)sysconf(_SC_CLK_TCK);
	size_t i;
	int have_stat, have_vm;

	memset(c, 0, sizeof(*c));
	have_stat =
	    file_read_small("/proc/stat", stat_text, sizeof(stat_text)) == 0;
	have_vm = file_read_small("/proc/vmstat", vmstat, sizeof(vmstat)) == 0;
	if (!(tick > 0))
		tick = 100;
	/* cpu user nice system idle iowait irq softirq steal, in ticks */
	if (have_stat &&
	    sscanf(stat_text,
	        "cpu %llu %llu %llu %llu %llu %llu %llu "
	        "%llu",
	        &t[0], &t[1], &t[2], &t[3], &t[4], &t[5], &t[6], &t[7]) == 8) {
		put(c, CTR_M_USER_S, (double)(t[0] + t[1]) / tick);
		put(c, CTR_M_SYSTEM_S, (double)(t[2] + t[5] + t[6]) / tick);
		put(c, CTR_M_IDLE_S, (double)t[3] / tick);
		put(c, CTR_M_IOWAIT_S, (double)t[4] / tick);
		put(c, CTR_M_STEAL_S, (double)t[7] / tick);
	}
	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		int vm = lines[i].file[6] == 'v';

		if ((vm ? have_vm : have_stat) &&
		    field(vm ? vmstat : stat_text, lines[i].name,
		        &c->v[lines[i].counter]) == 0)
			c->have |= COUNTER_BIT(lines[i].counter);
	}
}
#else
void
counters_machine(struct counters *c)
{
	memset(c, 0, sizeof(*c));
}
#endif
