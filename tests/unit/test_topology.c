/*
 * test_topology.c - the kinds of core, SMT, packages, clusters, NUMA
 * nodes and CPUs online that topology_read finds in the /sys and /proc
 * files of real machines: tests/unit/topology/NAME holds, for each, the
 * files it reads, quoted from a dump (each file names its source), as
 * "@ PATH" lines each followed by the file's text.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "model/report.h"
#include "plan/sysread.h"
#include "plan/topology.h"

/* A fixture: its text, and a file of it that a test replaces. */
struct fixture {
	char *text;
	const char *path, *replaced;
};

/* The text of the file path in the fixture, malloc'd; NULL when none. */
static char *
fixture_file(void *ctx, const char *path)
{
	const struct fixture *f = ctx;
	const char *p = f->text, *end;
	char *out;
	size_t n = strlen(path);

	if (f->path != NULL && strcmp(path, f->path) == 0)
		return strdup(f->replaced);
	while ((p = strstr(p, "@ ")) != NULL) {
		p += 2;
		if (strncmp(p, path, n) != 0 || p[n] != '\n')
			continue;
		p += n + 1;
		end = strstr(p, "\n@ ");
		n = end != NULL ? (size_t)(end - p) + 1 : strlen(p);
		if ((out = malloc(n + 1)) != NULL) {
			memcpy(out, p, n);
			out[n] = '\0';
		}
		return out;
	}
	return NULL;
}

/* Reads tests/unit/topology/name into t (model: the machine's model). */
static int
machine(struct cpu_topology *t, const char *name, const char *model,
    const char *path, const char *replaced)
{
	char file[256];
	struct fixture f = {NULL, path, replaced};
	int rc;

	snprintf(file, sizeof(file), "tests/unit/topology/%s", name);
	if ((f.text = sysread_slurp(file)) == NULL) {
		printf("FAIL: %s: cannot read %s\n", name, file);
		check_failures++;
		return -1;
	}
	rc = topology_read(t, model, fixture_file, &f);
	free(f.text);
	CHECK(name, rc == 0 && t->known);
	return rc;
}

/* The kinds' "count x label" joined by ", ". */
static const char *
kinds(const struct cpu_topology *t)
{
	static char out[1024];
	size_t used = 0;
	int i;

	out[0] = '\0';
	for (i = 0; i < t->nkinds && used < sizeof(out); i++)
		used += (size_t)snprintf(out + used, sizeof(out) - used,
		    "%s%d x %s", i ? ", " : "", t->kinds[i].count,
		    t->kinds[i].label);
	return out;
}

/* present, online, packages, cores, threads, clusters, nodes. */
static void
counts(const char *name, const struct cpu_topology *t, const int want[7])
{
	const int got[7] = {t->present, t->online, t->packages, t->cores,
	    t->threads, t->clusters, t->nodes};
	char label[128];
	int i;

	for (i = 0; i < 7; i++) {
		snprintf(label, sizeof(label), "%s: count %d is %d", name, i,
		    want[i]);
		CHECK(label, got[i] == want[i]);
		if (got[i] != want[i])
			printf("    got %d\n", got[i]);
	}
}

/*
 * Snapdragon 8 Gen 2 (util-linux's arm-A510-A710-A715-X3): four kinds,
 * told apart by CPU part and capacity; the kernel gives each cluster a
 * package of its own.
 */
static void
test_snapdragon(void)
{
	struct cpu_topology t;
	const int want[7] = {8, 8, 3, 8, 1, 0, 0};

	if (machine(&t, "arm-snapdragon-8gen2", "ARM Cortex-A510", NULL,
	        NULL) == -1)
		return;
	CHECK_STR("snapdragon: four kinds, biggest first", kinds(&t),
	    "1 x ARM Cortex-X3 up to 3.2 GHz, 2 x ARM Cortex-A715 up to 2.8 "
	    "GHz, 2 x ARM Cortex-A710 up to 2.8 GHz, 3 x ARM Cortex-A510 up "
	    "to 2.0 GHz");
	CHECK("snapdragon: kinds differ in part", !t.same_part);
	CHECK("snapdragon: X3 is CPU 7, capacity 1024",
	    t.kinds[0].cpu == 7 && t.kinds[0].capacity == 1024);
	CHECK_STR("snapdragon: A510s listed", t.kinds[3].cpus, "0-2");
	CHECK("snapdragon: CPU 3 an A715, 5 an A710",
	    t.cpus[3].kind == 1 && t.cpus[5].kind == 2);
	counts("snapdragon", &t, want);
	free(t.cpus);
}

/*
 * Core i7-1370P (hwloc's 20em64t-hybrid-1p6c2t+2ca4co1t): no hybrid PMU
 * lists in the dump, one model name; its P-cores (two threads, 5.0 and
 * 5.2 GHz) and E-cores (3.9 GHz, clusters of four) differ by clock.
 */
static void
test_i7_1370p(void)
{
	struct cpu_topology t;
	const int want[7] = {20, 20, 1, 14, 2, 8, 1};

	if (machine(&t, "x86-i7-1370p", "", NULL, NULL) == -1)
		return;
	CHECK_STR("i7-1370P: two kinds by clock", kinds(&t),
	    "12 x cores up to 5.2 GHz, 8 x cores up to 3.9 GHz");
	CHECK("i7-1370P: one model", t.same_part);
	CHECK_STR("i7-1370P: E-cores listed", t.kinds[1].cpus, "12-19");
	counts("i7-1370P", &t, want);
	free(t.cpus);
}

/*
 * The same with the E-cores' list that a kernel with Intel's hybrid PMU
 * gives (/sys/devices/cpu_atom/cpus), written for the test: they are
 * named E-core.
 */
static void
test_hybrid_pmu(void)
{
	struct cpu_topology t;

	if (machine(&t, "x86-i7-1370p", "", "/sys/devices/cpu_atom/cpus",
	        "12-19\n") == -1)
		return;
	CHECK_STR("hybrid PMU: E-cores named", kinds(&t),
	    "12 x cores up to 5.2 GHz, 8 x E-core up to 3.9 GHz");
	free(t.cpus);
}

/* AMD EPYC 7451, two sockets (util-linux's x86_64-epyc_7451). */
static void
test_epyc(void)
{
	struct cpu_topology t;
	const int want[7] = {96, 96, 2, 48, 2, 0, 8};

	if (machine(&t, "x86-epyc-7451", "", NULL, NULL) == -1)
		return;
	CHECK_STR("epyc: one kind", kinds(&t),
	    "96 x AMD EPYC 7451 24-Core Processor");
	CHECK("epyc: CPU 50 in node 0, its core CPU 2, CPU 60 in node 2",
	    t.cpus[50].node == 0 && t.cpus[50].core == 2 &&
	        t.cpus[60].node == 2);
	counts("epyc", &t, want);
	free(t.cpus);
}

/*
 * The same with CPUs 48-95 offline (online written for the test): the
 * second threads go, so no SMT is left.
 */
static void
test_offline(void)
{
	struct cpu_topology t;
	const int want[7] = {96, 48, 2, 48, 1, 0, 8};

	if (machine(&t, "x86-epyc-7451", "", "/sys/devices/system/cpu/online",
	        "0-47\n") == -1)
		return;
	CHECK_STR("offline: listed", t.offline, "48-95");
	CHECK("offline: counted once", t.kinds[0].count == 48);
	CHECK("offline: CPU 60 has no kind", t.cpus[60].kind == -1);
	counts("offline", &t, want);
	free(t.cpus);
}

/* Xeon X7550, four sockets, three NUMA nodes (util-linux's x86_64-64cpu). */
static void
test_x7550(void)
{
	struct cpu_topology t;
	const int want[7] = {64, 64, 4, 32, 2, 0, 3};

	if (machine(&t, "x86-64cpu", "", NULL, NULL) == -1)
		return;
	CHECK_STR("x7550: one kind", kinds(&t),
	    "64 x Intel(R) Xeon(R) CPU           X7550  @ 2.00GHz");
	CHECK("x7550: CPU 3 in node 3", t.cpus[3].node == 3);
	counts("x7550", &t, want);
	free(t.cpus);
}

/*
 * POWER7, SMT 4, a node without CPUs, no package ids (-1): packages
 * unknown (util-linux's ppc64-POWER7-64cpu).
 */
static void
test_power7(void)
{
	struct cpu_topology t;
	const int want[7] = {64, 64, 0, 16, 4, 0, 1};

	if (machine(&t, "ppc64-power7", "", NULL, NULL) == -1)
		return;
	CHECK_STR("power7: one kind", kinds(&t),
	    "64 x POWER7 (architected), altivec supported");
	counts("power7", &t, want);
	free(t.cpus);
}

/* StarFive VisionFive 2, four U74 cores of one capacity. */
static void
test_visionfive2(void)
{
	struct cpu_topology t;
	const int want[7] = {4, 4, 1, 4, 1, 1, 1};

	if (machine(&t, "rv64-visionfive2", "", NULL, NULL) == -1)
		return;
	CHECK_STR("visionfive2: one kind", kinds(&t), "4 x sifive,u74-mc");
	CHECK("visionfive2: capacity 1024", t.kinds[0].capacity == 1024);
	counts("visionfive2", &t, want);
	free(t.cpus);
}

/*
 * IBM Z LPAR (util-linux's s390-lpar-drawer): /proc/cpuinfo has no
 * section per CPU, so the machine's model names the one kind.
 */
static void
test_s390(void)
{
	struct cpu_topology t;
	const int want[7] = {8, 8, 2, 8, 1, 0, 1};

	if (machine(&t, "s390-lpar", "IBM z15 type 8561", NULL, NULL) == -1)
		return;
	CHECK_STR("s390: one kind", kinds(&t), "8 x IBM z15 type 8561");
	counts("s390", &t, want);
	free(t.cpus);
}

/* No CPU lists (not Linux): nothing known, nothing guessed. */
static void
test_unknown(void)
{
	struct cpu_topology t;
	char none[] = "";
	struct fixture f = {none, NULL, NULL};

	CHECK("unknown: read", topology_read(&t, "x", fixture_file, &f) == 0 &&
	                           !t.known && t.nkinds == 0 && t.cpus == NULL);
}

int
main(void)
{
	test_snapdragon();
	test_i7_1370p();
	test_hybrid_pmu();
	test_epyc();
	test_offline();
	test_x7550();
	test_power7();
	test_visionfive2();
	test_s390();
	test_unknown();
	return check_exit();
}
