/*
 * counters.h - what the kernel did for each pass: resource counters taken
 * around a pass (exec/counters_sys.h collects them, never inside the
 * measured loop) and the values derived per loop.  doc/json-schema.md
 * and doc/why.md say what each means.
 */
#ifndef COUNTERS_H
#define COUNTERS_H

#include <stddef.h>

/* Raw counters: copy scope (summed over a pass) and machine scope. */
enum counter_id {
	/* wait4 / getrusage of the copy and the children it waited for */
	CTR_USER_S,
	CTR_SYSTEM_S,
	CTR_VOL_CSW,
	CTR_INVOL_CSW,
	CTR_MINOR_FAULTS,
	CTR_MAJOR_FAULTS,
	CTR_MAX_RSS_KIB, /* a pass: the largest of its copies */
	/* Linux /proc/PID/schedstat and /proc/PID/sched: the copy's own task */
	CTR_RUNQ_WAIT_S,
	CTR_MIGRATIONS,
	/* Linux perf_event_open software counters of the copy's process tree */
	CTR_PERF_CSW,
	CTR_PERF_MIGRATIONS,
	CTR_TASK_CLOCK_S,
	/* Linux /proc/stat and /proc/vmstat: the whole machine, a pass only */
	CTR_M_USER_S,
	CTR_M_SYSTEM_S,
	CTR_M_IDLE_S,
	CTR_M_IOWAIT_S,
	CTR_M_STEAL_S,
	CTR_M_INTERRUPTS,
	CTR_M_CSW,
	CTR_M_FORKS,
	CTR_VM_PGFAULT,
	CTR_VM_PGMAJFAULT,
	CTR_VM_PSWPIN,
	CTR_VM_PSWPOUT,
	NCOUNTERS
};

/* Where a counter comes from: what --counters turns on, and its name. */
enum counter_source { SRC_RUSAGE, SRC_TASK, SRC_PERF, SRC_MACHINE };

struct counter_def {
	const char *key; /* JSON member, e.g. "user_s" */
	enum counter_source source;
};

extern const struct counter_def counter_defs[NCOUNTERS];

/* A set of counters: v[k] is meaningful when bit k of have is set. */
struct counters {
	unsigned long have;
	double v[NCOUNTERS];
	/* A copy's CPU + 1 when the start barrier let it go (1-copy passes)
	 * and when it ended (Linux); 0: unknown. */
	int cpu_start, cpu_end;
};

#define COUNTER_BIT(k) (1UL << (k))

/* Values derived per pass (and per test: the median of its kept passes). */
enum derived_id {
	DRV_CPU_BUSY, /* (user + system) / (wall x copies) */
	DRV_SYSTEM_SHARE, /* system / (user + system) */
	DRV_CPU_PER_LOOP, /* (user + system) / loops, microseconds */
	DRV_CSW_PER_LOOP, /* (voluntary + involuntary) / loops */
	DRV_INVOL_PER_LOOP, /* involuntary / loops */
	DRV_MIGR_PER_LOOP, /* migrations / loops (perf's, else /proc's) */
	DRV_FAULTS_PER_LOOP, /* (minor + major) / loops */
	DRV_RUNQ_SHARE, /* run-queue wait / (wall x copies) */
	DRV_MACHINE_BUSY, /* machine (user + system) / all CPU time */
	DRV_STEAL_SHARE, /* machine steal / all CPU time */
	DRV_IOWAIT_SHARE, /* machine iowait / all CPU time */
	NDERIVED
};

struct derived_def {
	const char *key; /* JSON member, e.g. "cpu_busy" */
	const char *label; /* as compare and the text report name it */
	int percent; /* a share, shown as a percentage */
	double floor; /* below this it counts as zero (why-rule) */
};

extern const struct derived_def derived_defs[NDERIVED];

struct derived {
	unsigned have;
	double v[NDERIVED];
};

/* What --counters asks for. */
enum counters_level {
	COUNTERS_OFF, /* nothing: plain waitpid */
	COUNTERS_ON, /* rusage, /proc per task and machine: free */
	COUNTERS_ALL /* also perf_event_open (costs per switch) */
};

/* "off", "on", "all" -> level; -1 when none of them. */
int counters_level_named(const char *name);
const char *counters_level_name(enum counters_level level);

/* Adds c into sum (the largest max_rss_kib); have is the union. */
void counters_add(struct counters *sum, const struct counters *c);

/* out = after - before for the counters both have; one that went
 * backwards (a wrap, a CPU taken offline) is left out. */
void counters_delta(struct counters *out, const struct counters *before,
    const struct counters *after);

/* The derived values of summed counters c over loops (the copies'
 * counts) and wall_s (their summed wall times), where they can be. */
void counters_derive(
    const struct counters *c, double loops, double wall_s, struct derived *d);

/* Into out, the median of each derived value over the kept passes of
 * passes[0..n-1] that have it. */
struct pass_result;
void counters_median(
    const struct pass_result *passes, int n, struct derived *out);

/* The runner's one ascending order of doubles for qsort, and its one
 * median: sorts v[0..n-1] (n > 0), returns the middle (of the two, mean). */
int cmp_double(const void *a, const void *b);
double sorted_median(double *v, int n);

/* A derived value in at most 6 characters below 1e12: "97%", "0.93",
 * "18.1", "1200", "51k", "13M". */
void counters_format(enum derived_id k, double v, char *buf, size_t len);

#endif
