/*
 * test_topology.c - the kinds of core, SMT, packages, clusters, NUMA
 * nodes and CPUs online that topology_read finds in the /sys and /proc
 * files of real machines (Linux) and in their sysctl values (macOS,
 * FreeBSD): tests/unit/topology/NAME holds, for each, the files it
 * reads, quoted from a dump (each file names its source), as "@ PATH"
 * lines each followed by the file's text ("@ sysctl NAME": a value).
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

/* Snapdragon: which CPUs are of which kind. */
static void
more_snapdragon(const struct cpu_topology *t)
{
	CHECK("snapdragon: kinds differ in part", !t->same_part);
	CHECK("snapdragon: X3 is CPU 7, capacity 1024",
	    t->kinds[0].cpu == 7 && t->kinds[0].capacity == 1024);
	CHECK_STR("snapdragon: A510s listed", t->kinds[3].cpus, "0-2");
	CHECK("snapdragon: CPU 3 an A715, 5 an A710",
	    t->cpus[3].kind == 1 && t->cpus[5].kind == 2);
}

/* i7-1370P: one model, the E-cores listed. */
static void
more_i7(const struct cpu_topology *t)
{
	CHECK("i7-1370P: one model", t->same_part);
	CHECK_STR("i7-1370P: E-cores listed", t->kinds[1].cpus, "12-19");
}

/* EPYC: a CPU's node and core. */
static void
more_epyc(const struct cpu_topology *t)
{
	CHECK("epyc: CPU 50 in node 0, its core CPU 2, CPU 60 in node 2",
	    t->cpus[50].node == 0 && t->cpus[50].core == 2 &&
	        t->cpus[60].node == 2);
}

/* EPYC with half its CPUs offline. */
static void
more_offline(const struct cpu_topology *t)
{
	CHECK_STR("offline: listed", t->offline, "48-95");
	CHECK("offline: CPU 60 has no kind", t->cpus[60].kind == -1);
}

/* M3 Max: kinds without CPU numbers, for macOS does not say them. */
static void
more_m3max(const struct cpu_topology *t)
{
	CHECK("m3max: no table of CPUs", t->cpus == NULL && t->ncpus == 0);
	CHECK("m3max: no CPU of a kind named, none listed",
	    t->kinds[0].cpu == -1 && t->kinds[1].cpus[0] == '\0');
	CHECK("m3max: kinds of two parts", !t->same_part);
}

/* The two-node Xeon on FreeBSD: a CPU's node and core. */
static void
more_freebsd(const struct cpu_topology *t)
{
	CHECK("freebsd: CPU 21 in node 1, its core CPU 20, CPU 1 in node 0",
	    t->cpus[21].node == 1 && t->cpus[21].core == 20 &&
	        t->cpus[1].node == 0 && t->cpus[1].core == 0);
	CHECK("freebsd: one kind, CPUs 0-39, pinned to CPU 0",
	    t->kinds[0].cpu == 0 && strcmp(t->kinds[0].cpus, "0-39") == 0);
}

/*
 * A machine: the fixture tests/unit/topology/file, the machine's model,
 * a file the case replaces (path and text; NULL: none), the kinds found,
 * then present, online, packages, cores, threads a core, clusters, nodes.
 */
static const struct machine_case {
	const char *name, *file, *model, *path, *text, *kinds;
	int counts[7];
	void (*more)(const struct cpu_topology *t);
} machines[] = {
    /*
     * Snapdragon 8 Gen 2: four kinds, told apart by CPU part and
     * capacity; the kernel gives each cluster a package of its own.
     */
    {"snapdragon", "arm-snapdragon-8gen2", "ARM Cortex-A510", NULL, NULL,
        "1 x ARM Cortex-X3 up to 3.2 GHz, 2 x ARM Cortex-A715 up to 2.8 "
        "GHz, 2 x ARM Cortex-A710 up to 2.8 GHz, 3 x ARM Cortex-A510 up "
        "to 2.0 GHz",
        {8, 8, 3, 8, 1, 0, 0}, more_snapdragon},
    /*
     * Core i7-1370P: no hybrid PMU lists in the dump, one model name; its
     * P-cores (two threads, 5.0 and 5.2 GHz) and E-cores (3.9 GHz,
     * clusters of four) differ by clock.
     */
    {"i7-1370P", "x86-i7-1370p", "", NULL, NULL,
        "12 x cores up to 5.2 GHz, 8 x cores up to 3.9 GHz",
        {20, 20, 1, 14, 2, 8, 1}, more_i7},
    /*
     * The same with the E-cores' list that a kernel with Intel's hybrid
     * PMU gives (/sys/devices/cpu_atom/cpus), written for the test.
     */
    {"hybrid PMU", "x86-i7-1370p", "", "/sys/devices/cpu_atom/cpus", "12-19\n",
        "12 x cores up to 5.2 GHz, 8 x E-core up to 3.9 GHz",
        {20, 20, 1, 14, 2, 8, 1}, NULL},
    /* AMD EPYC 7451, two sockets, eight nodes. */
    {"epyc", "x86-epyc-7451", "", NULL, NULL,
        "96 x AMD EPYC 7451 24-Core Processor", {96, 96, 2, 48, 2, 0, 8},
        more_epyc},
    /*
     * The same with CPUs 48-95 offline (online written for the test):
     * the second threads go, so no SMT is left.
     */
    {"offline", "x86-epyc-7451", "", "/sys/devices/system/cpu/online", "0-47\n",
        "48 x AMD EPYC 7451 24-Core Processor", {96, 48, 2, 48, 1, 0, 8},
        more_offline},
    /*
     * The same read by a program emulated by qemu-user, which shows the
     * host's files: one kind, named by the machine's model, which says
     * so (sysinfo_cpu_facts).
     */
    {"emulated", "x86-epyc-7451",
        "AMD EPYC 7451 24-Core Processor, running aarch64 emulated", NULL, NULL,
        "96 x AMD EPYC 7451 24-Core Processor, running aarch64 emulated",
        {96, 96, 2, 48, 2, 0, 8}, NULL},
    /* Xeon X7550, four sockets, three NUMA nodes. */
    {"x7550", "x86-64cpu", "", NULL, NULL,
        "64 x Intel(R) Xeon(R) CPU           X7550  @ 2.00GHz",
        {64, 64, 4, 32, 2, 0, 3}, NULL},
    /* POWER7, SMT 4, a node without CPUs, package ids -1: unknown. */
    {"power7", "ppc64-power7", "", NULL, NULL,
        "64 x POWER7 (architected), altivec supported",
        {64, 64, 0, 16, 4, 0, 1}, NULL},
    /* StarFive VisionFive 2, four U74 cores of one capacity. */
    {"visionfive2", "rv64-visionfive2", "", NULL, NULL, "4 x sifive,u74-mc",
        {4, 4, 1, 4, 1, 1, 1}, NULL},
    /*
     * IBM Z LPAR: /proc/cpuinfo has no section per CPU, so the
     * machine's model names the one kind.
     */
    {"s390", "s390-lpar", "IBM z15 type 8561", NULL, NULL,
        "8 x IBM z15 type 8561", {8, 8, 2, 8, 1, 0, 1}, NULL},
    /*
     * Apple M3 Max (macOS 14): two perflevels, by their names; six and
     * four CPUs an L2, so three clusters; NUMA nodes unknown.
     */
    {"m3max", "macos-m3max", "Apple M3 Max", NULL, NULL,
        "12 x Performance cores, 4 x Efficiency cores",
        {16, 16, 1, 16, 1, 3, 0}, more_m3max},
    /* Apple M1 under macOS 12: its perflevels have no names. */
    {"m1", "macos-m1", "Apple M1", NULL, NULL, "4 x perflevel0, 4 x perflevel1",
        {8, 8, 1, 8, 1, 2, 0}, NULL},
    /*
     * FreeBSD, a two-socket Xeon: two NUMA node groups of ten SMT
     * groups; nothing tells kinds apart (one, named by the model) and
     * no group is a package.
     */
    {"freebsd", "freebsd-xeon-2node", "Intel Xeon", NULL, NULL,
        "40 x Intel Xeon", {40, 40, 0, 20, 2, 0, 2}, more_freebsd},
    /*
     * FreeBSD's groups of the i7-1370P (written for the test): its
     * cores differ in threads and only some share an L2, so they may
     * be of kinds FreeBSD does not name: kinds unknown.
     */
    {"freebsd hybrid", "freebsd-hybrid", "13th Gen Intel(R) Core(TM) i7-1370P",
        NULL, NULL, "", {20, 20, 0, 14, 2, 2, 0}, NULL},
    /* FreeBSD, two cores of two threads, no NUMA node group. */
    {"freebsd smt", "freebsd-smt4", "x86 CPU", NULL, NULL, "4 x x86 CPU",
        {4, 4, 0, 2, 2, 0, 0}, NULL},
};

/* Reads a case's fixture and checks what topology_read finds. */
static void
check_machine(const struct machine_case *c)
{
	struct cpu_topology t;
	struct fixture f = {NULL, c->path, c->text};
	static const char *const names[] = {"present", "online", "packages",
	    "cores", "threads", "clusters", "nodes"};
	char file[256], label[128];
	int i, rc, have[7];

	snprintf(file, sizeof(file), "tests/unit/topology/%s", c->file);
	if ((f.text = sysread_slurp(file)) == NULL) {
		printf("FAIL: %s: cannot read %s\n", c->name, file);
		check_failures++;
		return;
	}
	rc = topology_read(&t, c->model, fixture_file, &f);
	free(f.text);
	CHECK(c->name, rc == 0 && t.known);
	snprintf(label, sizeof(label), "%s: kinds", c->name);
	CHECK_STR(label, kinds(&t), c->kinds);
	memcpy(have,
	    (int[7]){t.present, t.online, t.packages, t.cores, t.threads,
	        t.clusters, t.nodes},
	    sizeof(have));
	for (i = 0; i < 7; i++) {
		snprintf(label, sizeof(label), "%s: %s %d", c->name, names[i],
		    c->counts[i]);
		CHECK(label, have[i] == c->counts[i]);
		if (have[i] != c->counts[i])
			printf("    got %d\n", have[i]);
	}
	if (rc == 0 && t.nkinds > 0 && c->more != NULL)
		c->more(&t);
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
	size_t i;

	for (i = 0; i < sizeof(machines) / sizeof(machines[0]); i++)
		check_machine(&machines[i]);
	test_unknown();
	return check_exit();
}
