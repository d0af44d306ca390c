/*
 * catalog.c - the tests, groups and indexes as data (catalog.h).  Adding a
 * test is adding a row here (and a program only if the workload is new).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/catalog.h"
#include "model/near.h"

/*
 * The seconds beyond its duration that a pass of fstime takes (extra_s,
 * quick_extra_s; quick mode passes -p 0 -P 0.1): -c settles 4 s, primes
 * 2 s (write), settles 4 s, primes 2 s (read) and settles 3 s before
 * copying; -r and -w do less of that.
 */
#define FS(nm, ti, mode, buf, blocks, extra, quick_extra, ...)                 \
	{                                                                      \
		.name = nm, .title = ti, .program = "fstime",                  \
		.args = {mode, "-t", "@T", "-d", "@TMP/", "-b", buf, "-m",     \
		    blocks},                                                   \
		.seconds = 30, .passes = PASSES_SHORT, .unit = "KBps",         \
		.flags = TEST_SCRATCH, .quick_args = {"-p", "0", "-P", "0.1"}, \
		.extra_s = extra, .quick_extra_s = quick_extra, .smoke = {     \
			__VA_ARGS__                                            \
		}                                                              \
	}
/* A program that takes the duration only, smoke-tested for 1 s. */
#define TIMED(nm, ti, pg, secs, kind, un, extra)                               \
	{                                                                      \
		.name = nm, .title = ti, .program = pg, .args = {"@T"},        \
		.seconds = secs, .passes = kind, .unit = un, .extra_s = extra, \
		.quick_extra_s = extra, .smoke = {                             \
			"1"                                                    \
		}                                                              \
	}
#define ARITH(nm, ti) TIMED(nm, ti, nm, 10, PASSES_SHORT, "lps", 0)
/*
 * A command timed by looper; quick mode passes -l (the interval ends with
 * the last counted run), and half a second goes to the last run.  in:
 * the test-data file it reads that its arguments do not name, or NULL.
 */
#define LOOPER(nm, ti, secs, fl, in, smoke_run, ...)                           \
	{                                                                      \
		.name = nm, .title = ti, .program = "looper",                  \
		.args = {"@T", __VA_ARGS__}, .seconds = secs,                  \
		.passes = PASSES_SHORT, .unit = "lpm", .flags = fl,            \
		.input = in, .quick_args = {"-l"}, .extra_s = 0.5,             \
		.quick_extra_s = 0.5, .smoke = {                               \
			smoke_run                                              \
		}                                                              \
	}

/*
 * Each row's place in catalog_tests, so that the indexes below point at
 * their rows (the test list's order is the order of this list).
 */
enum {
	T_DHRY2REG,
	T_DHRY2,
	T_WHETSTONE_DOUBLE,
	T_SYSCALL,
	T_PIPE,
	T_CONTEXT1,
	T_CTXLAT,
	T_SPAWN,
	T_EXECL,
	T_FSTIME,
	T_FSBUFFER,
	T_FSDISK,
	T_FSTIME_W,
	T_FSBUFFER_W,
	T_FSDISK_W,
	T_FSTIME_R,
	T_FSBUFFER_R,
	T_FSDISK_R,
	T_SHELL1,
	T_SHELL8,
	T_SHELL16,
	T_ARITHOH,
	T_SHORT,
	T_INT,
	T_LONG,
	T_FLOAT,
	T_DOUBLE,
	T_HANOI,
	T_DC,
	T_C,
	T_GREP,
	T_SYSEXEC,
	NTESTS
};

const struct test_def catalog_tests[NTESTS] = {
    [T_DHRY2REG] = TIMED("dhry2reg", "Dhrystone 2 using register variables",
        "dhry2reg", 10, PASSES_LONG, "lps", 0),
    [T_DHRY2] = TIMED("dhry2", "Dhrystone 2 without register variables",
        "dhry2", 10, PASSES_LONG, "lps", 0),
    /* It calibrates itself for about 1.2 s before the start barrier. */
    [T_WHETSTONE_DOUBLE] =
        TIMED("whetstone-double", "Double-Precision Whetstone",
            "whetstone-double", 10, PASSES_LONG, "MWIPS", 1.2),
    [T_SYSCALL] = {.name = "syscall",
        .title = "System Call Overhead",
        .program = "syscall",
        .args = {"@T", "mix"},
        .seconds = 10,
        .passes = PASSES_LONG,
        .unit = "lps",
        .smoke = {"1 mix", "1 close", "1 getpid"}},
    [T_PIPE] =
        TIMED("pipe", "Pipe Throughput", "pipe", 10, PASSES_LONG, "lps", 0),
    [T_CONTEXT1] = {.name = "context1",
        .title = "Pipe-based Context Switching",
        .program = "context1",
        .args = {"-p", "@PLACE=unpinned", "@T"},
        .seconds = 10,
        .passes = PASSES_LONG,
        .unit = "lps",
        .flags = TEST_PLACEMENT,
        .smoke = {"-p unpinned 1"}},
    [T_CTXLAT] = {.name = "ctxlat",
        .title = "Context Switch Latency",
        .program = "ctxlat",
        .args = {"-p", "@PLACE=same-cpu", "@T"},
        .seconds = 10,
        .passes = PASSES_LONG,
        .unit = "us",
        .flags = TEST_PLACEMENT | TEST_LOWER_BETTER | TEST_LATENCY,
        .smoke = {"-k 4 -r 3 1"}},
    [T_SPAWN] =
        TIMED("spawn", "Process Creation", "spawn", 30, PASSES_SHORT, "lps", 0),
    [T_EXECL] =
        TIMED("execl", "Execl Throughput", "execl", 30, PASSES_SHORT, "lps", 0),
    [T_FSTIME] = FS("fstime", "File Copy 1024 bufsize 2000 maxblocks", "-c",
        "1024", "2000", 15, 0.5, "-c -t 1 -d @TMP -b 1024 -m 2000 -p 0"),
    [T_FSBUFFER] = FS("fsbuffer", "File Copy 256 bufsize 500 maxblocks", "-c",
        "256", "500", 15, 0.5, "-c -t 1 -d @TMP -b 256 -m 500 -p 0 -P 0.1"),
    [T_FSDISK] = FS("fsdisk", "File Copy 4096 bufsize 8000 maxblocks", "-c",
        "4096", "8000", 15, 0.5, "-c -t 1 -d @TMP -b 4096 -m 8000 -p 0 -P 0.1"),
    [T_FSTIME_W] = FS("fstime-w", "File Write 1024 bufsize 2000 maxblocks",
        "-w", "1024", "2000", 4, 0.2, "-w -t 1 -d @TMP -b 1024 -m 2000 -p 0"),
    [T_FSBUFFER_W] =
        FS("fsbuffer-w", "File Write 256 bufsize 500 maxblocks", "-w", "256",
            "500", 4, 0.2, "-w -t 1 -d @TMP -b 256 -m 500 -p 0 -P 0.1"),
    [T_FSDISK_W] =
        FS("fsdisk-w", "File Write 4096 bufsize 8000 maxblocks", "-w", "4096",
            "8000", 4, 0.2, "-w -t 1 -d @TMP -b 4096 -m 8000 -p 0 -P 0.1"),
    [T_FSTIME_R] = FS("fstime-r", "File Read 1024 bufsize 2000 maxblocks", "-r",
        "1024", "2000", 10, 0.3, "-r -t 1 -d @TMP -b 1024 -m 2000 -p 0"),
    [T_FSBUFFER_R] =
        FS("fsbuffer-r", "File Read 256 bufsize 500 maxblocks", "-r", "256",
            "500", 10, 0.3, "-r -t 1 -d @TMP -b 256 -m 500 -p 0 -P 0.1"),
    [T_FSDISK_R] = FS("fsdisk-r", "File Read 4096 bufsize 8000 maxblocks", "-r",
        "4096", "8000", 10, 0.3, "-r -t 1 -d @TMP -b 4096 -m 8000 -p 0 -P 0.1"),
    [T_SHELL1] = LOOPER("shell1", "Shell Scripts (1 concurrent)", 60,
        TEST_SHELL, "sort.src", "1 @BIN/multi.sh 1", "@BIN/multi.sh", "1"),
    [T_SHELL8] = LOOPER("shell8", "Shell Scripts (8 concurrent)", 60,
        TEST_SHELL, "sort.src", "-l 1 @BIN/multi.sh 8", "@BIN/multi.sh", "8"),
    [T_SHELL16] = LOOPER("shell16", "Shell Scripts (16 concurrent)", 60,
        TEST_SHELL, "sort.src", "-l 1 @BIN/multi.sh 16", "@BIN/multi.sh", "16"),
    [T_ARITHOH] = ARITH("arithoh", "Arithoh"),
    [T_SHORT] = ARITH("short", "Arithmetic Test (short)"),
    [T_INT] = ARITH("int", "Arithmetic Test (int)"),
    [T_LONG] = ARITH("long", "Arithmetic Test (long)"),
    [T_FLOAT] = ARITH("float", "Arithmetic Test (float)"),
    [T_DOUBLE] = ARITH("double", "Arithmetic Test (double)"),
    [T_HANOI] = TIMED("hanoi", "Recursion Test -- Tower of Hanoi", "hanoi", 20,
        PASSES_SHORT, "lps", 0),
    [T_DC] = LOOPER("dc", "Dc: sqrt(2) to 99 decimal places", 30, TEST_SHELL,
        NULL, "1 dc @DATA/dc.dat", "dc", "@DATA/dc.dat"),
    [T_C] = LOOPER("C", "C Compiler Throughput", 60, TEST_SHELL | TEST_SCRATCH,
        NULL, "1 cc -c -o @TMP/cctest.o @DATA/cctest.c", "cc", "-c", "-o",
        "@TMP/cctest.o", "@DATA/cctest.c"),
    [T_GREP] = LOOPER("grep", "Grep a large file (system's grep)", 30,
        TEST_SHELL, NULL, "1 grep -c gimp @DATA/large.txt", "grep", "-c",
        "gimp", "@DATA/large.txt"),
    [T_SYSEXEC] = {.name = "sysexec",
        .title = "Exec System Call Overhead",
        .program = "syscall",
        .args = {"@T", "exec"},
        .seconds = 10,
        .passes = PASSES_LONG,
        .unit = "lps",
        .smoke = {"1 exec"}},
};
const size_t catalog_ntests = sizeof(catalog_tests) / sizeof(catalog_tests[0]);

const struct group_def catalog_groups[] = {
    {"index", "dhry2reg whetstone-double execl fstime fsbuffer fsdisk "
              "pipe context1 spawn syscall shell1 shell8"},
    {"oldsystem", "execl fstime fsbuffer fsdisk pipe context1 spawn "
                  "syscall"},
    {"system", "oldsystem shell1 shell8 shell16"},
    {"fs", "fstime-w fstime-r fstime fsbuffer-w fsbuffer-r fsbuffer "
           "fsdisk-w fsdisk-r fsdisk"},
    {"shell", "shell1 shell8 shell16"},
    {"arithmetic", "arithoh short int long float double "
                   "whetstone-double"},
    {"misc", "C dc hanoi"}, {"speed", "arithmetic system"},
    {"byte3", "double dhry2 execl fstime context1 shell8"},
    {"latency", "ctxlat"}, {"dhry", "dhry2reg"}, {"dhrystone", "dhry2reg"},
    {"whets", "whetstone-double"}, {"whetstone", "whetstone-double"},
    {"all", NULL}, /* every test, in catalog order */
};
const size_t catalog_ngroups =
    sizeof(catalog_groups) / sizeof(catalog_groups[0]);

/* UnixBench 5.1/6.0 index baselines ("George", a SPARCstation 20-61). */
static const struct index_row unixbench_rows[] = {
    {&catalog_tests[T_DHRY2REG], 116700.0, NULL},
    {&catalog_tests[T_WHETSTONE_DOUBLE], 55.0, NULL},
    {&catalog_tests[T_EXECL], 43.0, NULL},
    {&catalog_tests[T_FSTIME], 3960.0, NULL},
    {&catalog_tests[T_FSBUFFER], 1655.0, NULL},
    {&catalog_tests[T_FSDISK], 5800.0, NULL},
    {&catalog_tests[T_PIPE], 12440.0, NULL},
    {&catalog_tests[T_CONTEXT1], 4000.0, NULL},
    {&catalog_tests[T_SPAWN], 126.0, NULL},
    {&catalog_tests[T_SYSCALL], 15000.0, NULL},
    {&catalog_tests[T_SHELL1], 42.4, NULL},
    {&catalog_tests[T_SHELL8], 6.0, NULL},
};

/*
 * BYTE UNIX Benchmarks Release 3 (1991): result / baseline per test, their
 * sum and average, under the titles of its report.
 */
static const struct index_row byte3_rows[] = {
    {&catalog_tests[T_DOUBLE], 2541.7, "Arithmetic Test (type = double)"},
    {&catalog_tests[T_DHRY2], 22366.3,
        "Dhrystone 2 without register variables"},
    {&catalog_tests[T_EXECL], 16.5, "Execl Throughput Test"},
    {&catalog_tests[T_FSTIME], 179.0, "File Copy  (30 seconds)"},
    {&catalog_tests[T_CONTEXT1], 1318.5, "Pipe-based Context Switching Test"},
    {&catalog_tests[T_SHELL8], 4.0, "Shell scripts (8 concurrent)"},
};

/* Tests the UnixBench table shows with no baseline, when they ran. */
static const struct test_def *const unixbench_unindexed[] = {
    &catalog_tests[T_DHRY2], &catalog_tests[T_FSTIME_W],
    &catalog_tests[T_FSTIME_R], &catalog_tests[T_FSBUFFER_W],
    &catalog_tests[T_FSBUFFER_R], &catalog_tests[T_FSDISK_W],
    &catalog_tests[T_FSDISK_R], &catalog_tests[T_SHELL16], NULL};

const struct index_def catalog_indexes[] = {
    {"unixbench", "System Benchmarks", INDEX_GEOMEAN_X10, 1, unixbench_rows,
        sizeof(unixbench_rows) / sizeof(unixbench_rows[0]),
        unixbench_unindexed},
    {"byte3", "BYTE Release 3", INDEX_SUM_AVERAGE, 1, byte3_rows,
        sizeof(byte3_rows) / sizeof(byte3_rows[0]), NULL},
};
const size_t catalog_nindexes =
    sizeof(catalog_indexes) / sizeof(catalog_indexes[0]);

const struct test_def *
catalog_find_test(const char *name)
{
	size_t i;

	for (i = 0; i < catalog_ntests; i++)
		if (strcmp(catalog_tests[i].name, name) == 0)
			return &catalog_tests[i];
	return NULL;
}

int
catalog_inputs(const struct test_def *t, const char **names, int max)
{
	int n = 0, i;

	for (i = 0; t->args[i] != NULL && n < max; i++)
		if (strncmp(t->args[i], "@DATA/", 6) == 0 &&
		    t->args[i][6] != '\0')
			names[n++] = t->args[i] + 6;
	if (t->input != NULL && n < max)
		names[n++] = t->input;
	return n;
}

const struct group_def *
catalog_find_group(const char *name)
{
	size_t i;

	for (i = 0; i < catalog_ngroups; i++)
		if (strcmp(catalog_groups[i].name, name) == 0)
			return &catalog_groups[i];
	return NULL;
}

const char *
catalog_placement(const struct test_def *t, const char *chosen, int given)
{
	size_t i;

	if (!(t->flags & TEST_PLACEMENT))
		return NULL;
	for (i = 0;
	     i < sizeof(t->args) / sizeof(t->args[0]) && t->args[i] != NULL;
	     i++)
		if (strncmp(t->args[i], "@PLACE=", 7) == 0)
			return given ? chosen : t->args[i] + 7;
	return NULL;
}

const char *
index_row_title(const struct index_row *row)
{
	return row->title != NULL ? row->title : row->test->title;
}

/* Appends t to the list unless it is there already. */
static int
add_test(const struct test_def ***list, int *n, const struct test_def *t)
{
	const struct test_def **grown;
	int i;

	for (i = 0; i < *n; i++)
		if ((*list)[i] == t)
			return 0;
	grown = realloc(*list, sizeof(*grown) * (size_t)(*n + 1));
	if (grown == NULL)
		return -1;
	*list = grown;
	(*list)[(*n)++] = t;
	return 0;
}

/*
 * The catalog's spelling of a test or group name given in another case
 * ("Dhrystone": "dhrystone"), or NULL.  No two names differ in case only.
 */
static const char *
name_nocase(const char *name)
{
	size_t i;

	for (i = 0; i < catalog_ntests; i++)
		if (strcasecmp(catalog_tests[i].name, name) == 0)
			return catalog_tests[i].name;
	for (i = 0; i < catalog_ngroups; i++)
		if (strcasecmp(catalog_groups[i].name, name) == 0)
			return catalog_groups[i].name;
	return NULL;
}

/*
 * Expands one name into the list; depth guards against a cyclic group.
 * 0, CATALOG_UNKNOWN (no such name, or a cycle) or CATALOG_NO_MEMORY.
 */
static int
expand_one(const char *name, size_t len, const struct test_def ***list, int *n,
    int depth)
{
	char buf[64];
	const struct test_def *t;
	const struct group_def *g;
	const char *p, *q;
	size_t i;
	int rc;

	if (len >= sizeof(buf) || depth > 8)
		return CATALOG_UNKNOWN;
	memcpy(buf, name, len);
	buf[len] = '\0';
	if ((t = catalog_find_test(buf)) != NULL)
		return add_test(list, n, t) == -1 ? CATALOG_NO_MEMORY : 0;
	if ((g = catalog_find_group(buf)) == NULL) {
		p = name_nocase(buf);
		return p == NULL ? CATALOG_UNKNOWN
		                 : expand_one(p, strlen(p), list, n, depth + 1);
	}
	if (g->members == NULL) {
		for (i = 0; i < catalog_ntests; i++)
			if (add_test(list, n, &catalog_tests[i]) == -1)
				return CATALOG_NO_MEMORY;
		return 0;
	}
	for (p = g->members; *p != '\0'; p = q) {
		while (*p == ' ')
			p++;
		for (q = p; *q != '\0' && *q != ' '; q++)
			;
		if (q > p && (rc = expand_one(
		                  p, (size_t)(q - p), list, n, depth + 1)) != 0)
			return rc;
	}
	return 0;
}

int
catalog_expand(char *const *names, int nnames, const struct test_def ***out,
    char *bad, size_t badlen)
{
	const struct test_def **list = NULL;
	int i, n = 0, rc;

	for (i = 0; i < nnames; i++) {
		rc = expand_one(names[i], strlen(names[i]), &list, &n, 0);
		if (rc == 0)
			continue;
		if (rc == CATALOG_UNKNOWN && bad != NULL && badlen > 0) {
			strncpy(bad, names[i], badlen - 1);
			bad[badlen - 1] = '\0';
		}
		free(list);
		return rc;
	}
	*out = list;
	return n;
}

/* UnixBench's names of its X11 graphics tests and their groups. */
static int
graphics_name(const char *name)
{
	static const char *const names[] = {
	    "gindex", "graphics", "2d", "3d", "ubgears", "grafix"};
	size_t i;

	if (strncmp(name, "2d-", 3) == 0)
		return 1;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

void
catalog_unknown(const char *name, char *buf, size_t size)
{
	size_t i, len;
	int found = 0;

	if (graphics_name(name)) {
		snprintf(buf, size,
		    "%s: UnixBench's graphics tests (x11perf, "
		    "ubgears) are not part of bytebench: they need an X server "
		    "and measure the graphics stack, not the system; -l lists "
		    "the tests",
		    name);
		return;
	}
	snprintf(buf, size, "unknown test or group: %s", name);
	for (i = 0; i < catalog_ntests + catalog_ngroups; i++) {
		const char *c = i < catalog_ntests
		                    ? catalog_tests[i].name
		                    : catalog_groups[i - catalog_ntests].name;

		if (!near_name(name, c) || found == 6)
			continue;
		len = strlen(buf);
		snprintf(buf + len, size - len, "%s%s",
		    found++ ? ", " : " (nearest: ", c);
	}
	len = strlen(buf);
	snprintf(
	    buf + len, size - len, "%s; -l lists them all", found ? ")" : "");
}
