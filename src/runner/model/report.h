/*
 * report.h - the report model: everything a run measured and the writers
 * print.  The runner fills it, score/ computes, writers only format.
 * Strings are the report's (malloc'd, "" when unknown), freed by
 * report_free().
 */
#ifndef REPORT_H
#define REPORT_H

#include <stdio.h>
#include <time.h>

#include "model/catalog.h"
#include "model/counters.h"

/* What happened to a copy, a pass or a test. */
enum outcome {
	OUTCOME_OK,
	OUTCOME_FAILED, /* exit status 1, ERROR| line, or a signal */
	OUTCOME_TIMEOUT, /* the watchdog ended it */
	OUTCOME_SKIPPED, /* exit 77 or not runnable here */
	OUTCOME_NO_RESULT, /* exited 0 without a valid COUNT line */
	OUTCOME_INTERRUPTED, /* the run was interrupted during it */
	OUTCOME_MISSING, /* its program or test-data file is missing */
	OUTCOME_NOT_RUN /* in an index but not asked for */
};

/* "ok", "failed", "timed out", ... */
const char *outcome_name(enum outcome o);

/* An INFO|key|value line of a program. */
struct info {
	char *key, *value;
};

/* One copy of a program in one pass. */
struct copy_result {
	enum outcome outcome;
	double count; /* COUNT value */
	double timebase; /* 0: count is a rate */
	int has_time; /* a TIME| line was printed */
	double time_s; /* TIME value, else the wall time */
	double wall_s; /* measured by the runner */
	double start_s; /* when the timed loop may start, run-relative */
	int exit_status; /* -1 when killed by a signal */
	int signal; /* 0 when it exited */
	char *command; /* the argv joined with spaces, for the log */
	char *output; /* what it printed on stdout */
	char *errors; /* what it printed on stderr (log only) */
	char *message; /* why it failed, "" when ok */
	struct info *info;
	int ninfo;
	char unit[16]; /* COUNT unit, "" when none */
	struct counters counters; /* what the kernel counted for it */
};

/* One pass: ncopies copies started together. */
struct pass_result {
	enum outcome outcome; /* OK only when every copy was OK */
	struct copy_result *copies;
	int ncopies;
	double count; /* sum over copies */
	double time_s; /* mean over copies */
	double rate; /* count/(time/timebase), or the summed rate */
	double skew_s; /* first to last copy's start of work */
	int nready; /* copies that reached the start barrier */
	double barrier_s; /* from the first fork to the release */
	int kept; /* 1 when used in the score */
	struct counters counters; /* the copies' summed, the machine's */
	struct derived derived; /* counters_derive() */
	char counters_note[160]; /* why perf counters were not, or "" */
};

struct spread {
	double median, min, max; /* of the pass rates */
	double cv; /* coefficient of variation, 0..1 */
	int wide; /* cv above NOISE_CV: the passes spread widely */
};

/*
 * The latency table of a TEST_LATENCY test over the copies of its kept
 * passes: per configuration the least minimum, mean average, greatest
 * maximum; per extra process (w/K - alone) / K of those.
 */
struct latency {
	int ok; /* every kept copy gave the whole table */
	int samples; /* copies combined */
	long extras; /* K: the extra runnable processes */
	long reps; /* repetitions per configuration in a copy */
	/* proc, thread, proc w/K, thread w/K; each min, avg, max */
	double us[4][3];
	double per_proc[2][3]; /* proc, thread; each min, avg, max */
	/* INFO values of the first kept copy, borrowed ("" when absent) */
	const char *placement, *priority, *method;
};

/* One test at one copies value. */
struct test_result {
	const struct test_def *test;
	const char *placement; /* what it ran with; NULL: takes none */
	enum outcome outcome;
	char *message; /* e.g. "killed by signal 11", "" when ok */
	char unit[16]; /* as the program reported it */
	struct pass_result *passes;
	int npasses;
	double score; /* geometric mean of the kept rates */
	double time_s; /* mean time of the kept passes */
	int samples; /* kept passes */
	struct spread spread;
	struct latency latency; /* TEST_LATENCY tests only */
	struct derived derived; /* medians over the kept passes */
	double runs_median; /* --runs: median pass rate of every run; 0 none */
};

/* One row of an index table. */
struct index_entry {
	const struct index_row *row;
	const struct test_result *result; /* NULL when the test did not run */
	int ok; /* result present and usable */
	double index; /* score/baseline (x10 for UnixBench) */
};

struct index_result {
	const struct index_def *def;
	struct index_entry *entries;
	int nentries;
	int nok; /* entries that count */
	int partial; /* some entry missing or failed */
	double score; /* geometric mean x10, or the average */
	double sum; /* INDEX_SUM_AVERAGE only */
	double ci_low, ci_high; /* 95% interval of score; 0 when unknown */
	double ci_half; /* its wider half / score (0.18: +/-18%), 0 unknown */
	int ci_wide; /* above SCALING_WIDE (scaling.h) */
	double tests_half; /* its log half width from the tests' passes */
	double rounds_half; /* that from the rounds (quick); 0: none */
	double shared_var; /* the tests' shared part of var ln(score); 0 */
	double shared_sd; /* its s.d. a round (sqrt var_c) */
};

/* The most kinds of core a topology tells apart (more: kinds unknown). */
#define TOPO_KINDS_MAX 8

/* One "Benchmark Run": every test at one copies value. */
struct block {
	int copies;
	int pinned; /* its copies ran on CPU pin (--per-core-type) */
	int pin;
	int kind; /* that CPU's kind, index in sys.topo.kinds; -1 none */
	/* A 1-copy block's passes by the kind of core they ended on. */
	int kind_passes[TOPO_KINDS_MAX];
	time_t start, end;
	int took_turns; /* in rounds with the other blocks: their span */
	struct test_result *tests;
	int ntests;
	struct index_result *indexes;
	int nindexes;
};

/* One kind of core (plan/topology.c tells them apart). */
struct cpu_kind {
	char label[160]; /* "ARM Cortex-A510", "P-core up to 4.8 GHz" */
	int count; /* online CPUs of this kind */
	int capacity; /* Linux cpu_capacity, -1 unknown */
	double max_mhz; /* highest cpuinfo_max_freq, 0 unknown */
	int cpu; /* the first online CPU of the kind (for pinning) */
	char cpus[256]; /* its online CPUs as a list, "0-3,8" */
};

/* One CPU of the machine (present ones; -1 = unknown). */
struct cpu_entry {
	int online; /* 1 or 0 */
	int kind; /* index in kinds, -1 offline or unknown */
	int package;
	int core; /* the first CPU of its thread siblings */
	int cluster, node;
	int capacity;
	double max_mhz;
};

/* The CPUs' topology; known is 0 where the system does not say. */
struct cpu_topology {
	int known;
	int present, online;
	char offline[256]; /* present CPUs not online, as a list; "" none */
	int packages, cores, clusters, nodes; /* 0: unknown */
	int threads; /* most threads a core (SMT); 0 unknown */
	struct cpu_kind kinds[TOPO_KINDS_MAX];
	int nkinds; /* 0: kinds unknown */
	int same_part; /* every kind is of one CPU model (part) */
	struct cpu_entry *cpus; /* ncpus entries, by CPU number */
	int ncpus;
};

struct sysinfo {
	char *hostname;
	/* uname's sysname ("Linux"), release, version and machine */
	char *os_name, *os_release, *os_version, *machine;
	char *platform; /* "unknown": UnixBench's uname -i, never looked up */
	char *distro; /* PRETTY_NAME of os-release, or "" */
	char *locale; /* LC_ALL/LANG in effect for shell tests */
	char *charmap, *collate;
	char *cpu_model;
	char *cpu_flags; /* a short list, or "" */
	double cpu_mhz, bogomips; /* 0 when unknown */
	int cpus_online; /* CPUs in the system */
	int cpus_usable; /* affinity mask and quota respected */
	struct cpu_topology topo; /* kinds of core, SMT, nodes */
	char *compiler; /* cc and its version */
	char *cflags; /* optimisation and other flags */
	char *build_kind; /* "default", "reference", "custom" */
	char *scratch_dir; /* where the file tests write */
	char *scratch_fs; /* its file system type, "" when unknown */
	char *shell; /* /bin/sh and what it is */
	char *uptime; /* uptime and load average line */
	double load1, load5, load15;
	long long memory_kib; /* physical memory; <= 0 when unknown */
	/* "name: state\n" of each CPU vulnerability, and "2 vulnerable: a,
	 * b; 3 mitigated: ...; 14 not affected"; "" or NULL: unknown */
	char *mitigations, *mitigations_summary;
};

struct settings {
	int long_passes; /* 10 by default */
	int short_passes; /* 3 by default */
	double duration_s; /* > 0: every test runs this long */
	int quick; /* quick mode, or quick passes (--precision) */
	double precision_pct; /* --precision, %; 0: a fixed plan */
	double budget_s; /* --budget: seconds for the whole run */
	int brief, verbose, quiet; /* -b, -v, -q */
	const char *placement; /* "unpinned", "same-cpu", "cross-cpu" */
	int placement_given; /* --placement was given (catalog_placement) */
	enum counters_level counters; /* --counters */
	const char *label; /* --label, NULL: none (borrowed from argv) */
	const char *comment; /* --comment, NULL: none (borrowed) */
	int *copies; /* copies values, in order */
	int ncopies;
	int per_kind; /* --per-core-type: a pinned 1-copy block a kind */
	int *pins; /* block c's CPU, -1 (or pins NULL): anywhere */
	int runs; /* --runs: whole runs of the selection (0 or 1: one) */
	double settle_s; /* --settle: idle seconds before each of them */
	const struct test_def **tests;
	int ntests;
};

/* One whole run of the selection: a block per copies value. */
struct run {
	struct block *blocks;
	int nblocks;
};

/* A row of a --runs report's summary (between_runs): a test's (or
 * index's) score at one copies value in each run, mean and spread. */
struct runs_row {
	int copies;
	const struct test_def *test; /* the test, or NULL and: */
	const struct index_def *index; /* the index */
	double *scores; /* one a run, NAN where it has none */
	int nok; /* runs with a positive score */
	double mean; /* their geometric mean; NAN when none */
	double spread; /* s.d. of ln score; NAN under two */
};

/* How the machine scaled: a result at N copies over that at 1 copy. */
enum scale_flag { SCALE_OK, SCALE_BELOW_ONE, SCALE_ABOVE_N };

struct scale_row {
	const struct test_def *test; /* the test, or NULL for an index */
	const struct index_def *index; /* the index, or NULL for a test */
	double ratio;
	enum scale_flag flag;
};

/* The rows of the first 1-copy block against the last N-copy one. */
struct scaling {
	int from, to; /* their copies: 1 and N; 0 when there is no such pair */
	struct scale_row *rows; /* the tests in run order, then the indexes */
	int nrows;
};

/* How the wait after a build ended: the machine calm, busy, or time up. */
enum settle_end { SETTLE_WAITING, SETTLE_CALM, SETTLE_BUSY, SETTLE_LIMIT };

/* The wait before the first pass after ./Run built the suite, so that
 * the build's load is not measured. */
struct settle {
	double build_s; /* the build's seconds; 0: no build, no wait */
	int waited_s;
	double load_from, load_to; /* 1-minute load average before and after */
	int max_s; /* the most it may wait (UB_SETTLE) */
	enum settle_end end;
};

struct report {
	char *version; /* bytebench version */
	int index_method; /* method version of the UnixBench index */
	struct sysinfo sys;
	struct settings settings;
	struct run *runs; /* --runs K: K, the last the one run or reported */
	int nruns;
	struct runs_row *runs_rows; /* --runs K > 1: its summary */
	int nruns_rows;
	char **warnings;
	int nwarnings;
	int interrupted; /* the run was stopped by a signal */
	/* How a --precision run ended: "reached", "budget", "stopped" or
	 * "interrupted"; NULL in a fixed plan.  Static. */
	const char *precision_end;
	char precision_text[600]; /* its line (precision_summary()) */
	double precision_widest_pct; /* the widest half width, %; -1 unknown */
	time_t start, end;
	struct settle settle;
	struct scaling scaling;
	unsigned long counters_have; /* counters some pass got */
	char counters_missing[256]; /* why some were not, "" when none */
};

/* Makes every text of s that came from the system plain (escape_plain). */
void report_plain_sys(struct sysinfo *s);

/* Adds a warning, made one plain line; out of memory it is dropped. */
void report_warn(struct report *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Adds an empty run to r->runs and returns it; NULL when out of memory. */
struct run *report_add_run(struct report *r);

/* The last run of r (an empty one when r has none). */
const struct run *report_last(const struct report *r);

void report_free(struct report *r);

#endif
