/*
 * topology.c - the CPUs' topology (topology.h), a pure function of the
 * texts a reader gives; topology_collect gives it this system's.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/cpuinfo.h"
#include "plan/limits.h"
#include "plan/sysread.h"
#include "plan/topology.h"

#define CPU_DIR  "/sys/devices/system/cpu"
#define NODE_DIR "/sys/devices/system/node"

/* What tells one CPU's kind: its hybrid class, model, capacity, clock. */
struct kind_key {
	int class; /* 0 none, 1 Intel's cpu_core, 2 its cpu_atom */
	const char *model; /* "" unknown */
	int capacity; /* -1 unknown */
	long khz; /* cpuinfo_max_freq, 0 unknown */
};

static char *text_at(topo_reader read, void *ctx, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The text of the file (or sysctl value) fmt names, as read gives it. */
static char *
text_at(topo_reader read, void *ctx, const char *fmt, ...)
{
	char path[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	return read(ctx, path);
}

/* The number in text (freed), or -1 when there is none. */
static long
number_in(char *text)
{
	char *end;
	long v = text != NULL ? strtol(text, &end, 10) : -1;

	if (text != NULL && (end == text || v < 0))
		v = -1;
	free(text);
	return v;
}

/* set[i] for the CPUs i < n of a list text (freed); its count, 0: none. */
static int
list_in(char *text, unsigned char *set, int n)
{
	int count;

	memset(set, 0, (size_t)n);
	count = text != NULL ? limits_cpu_list_set(text, set, n) : 0;

	free(text);
	return count;
}

/* The CPUs of set as a Linux CPU list ("0-3,8"), cut with "..." at len. */
static void
list_text(const unsigned char *set, int n, char *out, size_t len)
{
	size_t used = 0;
	int i, j, w;

	out[0] = '\0';
	for (i = 0; i < n; i = j) {
		if (!set[i]) {
			j = i + 1;
			continue;
		}
		for (j = i; j < n && set[j]; j++)
			;
		w = snprintf(out + used, len - used,
		    j - 1 > i ? "%s%d-%d" : "%s%d", used ? "," : "", i, j - 1);
		if (w < 0 || (size_t)w >= len - used) {
			snprintf(out + (len > 4 ? len - 4 : 0),
			    len > 4 ? 4 : len, "...");
			return;
		}
		used += (size_t)w;
	}
}

/* Each CPU's model from its /proc/cpuinfo section; NULL: none.  0 or -1. */
static int
cpu_models(const char *cpuinfo, char **models, int n)
{
	const char *p = cpuinfo, *next;
	char *section;
	long cpu;
	size_t len;

	while (p != NULL && *p != '\0') {
		next = strstr(p, "\nprocessor");
		if (strncmp(p, "processor", 9) == 0 &&
		    sscanf(p + 9, " : %ld", &cpu) == 1 && cpu >= 0 && cpu < n &&
		    models[cpu] == NULL) {
			len = next != NULL ? (size_t)(next - p) : strlen(p);
			if ((section = strndup(p, len)) == NULL)
				return -1;
			models[cpu] = sysinfo_cpu_model(section);
			free(section);
			if (models[cpu] == NULL)
				return -1;
		}
		p = next != NULL ? next + 1 : NULL;
	}
	return 0;
}

/* Whether kind a goes before b: capacity, then clock, highest first. */
static int
kind_before(const struct cpu_kind *a, const struct cpu_kind *b)
{
	if (a->capacity != b->capacity)
		return a->capacity > b->capacity;
	if (a->max_mhz != b->max_mhz)
		return a->max_mhz > b->max_mhz;
	return a->cpu < b->cpu;
}

/*
 * Orders t's kinds (kind_before), points each CPU at its kind, lists its
 * CPUs and labels it: model (else its own) when there is one kind, else
 * its hybrid class, else its model where models differ, else its capacity
 * where capacities differ, else "cores"; then its clock.
 */
static void
order_kinds(struct cpu_topology *t, const struct kind_key *keys,
    const char *model, unsigned char *set)
{
	static const char *const classes[] = {"", "P-core", "E-core"};
	struct cpu_kind old[TOPO_KINDS_MAX], *k;
	int rank[TOPO_KINDS_MAX], by[TOPO_KINDS_MAX], i, j, caps = 0;
	const char *name;
	size_t len;

	memcpy(old, t->kinds, sizeof(old));
	for (i = 0; i < t->nkinds; i++) {
		for (j = i; j > 0 && kind_before(&old[i], &old[by[j - 1]]); j--)
			by[j] = by[j - 1];
		by[j] = i;
	}
	t->same_part = 1;
	for (i = 0; i < t->nkinds; i++) {
		rank[by[i]] = i;
		t->kinds[i] = old[by[i]];
		caps |= old[i].capacity != old[0].capacity;
		t->same_part &= strcmp(keys[i].model, keys[0].model) == 0;
	}
	for (j = 0; j < t->ncpus; j++)
		if (t->cpus[j].kind >= 0)
			t->cpus[j].kind = rank[t->cpus[j].kind];
	for (i = 0; i < t->nkinds; i++) {
		k = &t->kinds[i];
		for (j = 0; j < t->ncpus; j++)
			set[j] = t->cpus[j].kind == i;
		list_text(set, t->ncpus, k->cpus, sizeof(k->cpus));
		name = t->nkinds == 1 && model[0] != '\0' ? model
		       : t->nkinds == 1 ||
		               (keys[by[i]].class == 0 && !t->same_part)
		           ? keys[by[i]].model
		       : keys[by[i]].class != 0 ? classes[keys[by[i]].class]
		       : caps                   ? NULL
		                                : "cores";
		if (name != NULL)
			snprintf(k->label, sizeof(k->label), "%s", name);
		else
			snprintf(k->label, sizeof(k->label), "capacity %d",
			    k->capacity);
		len = strlen(k->label);
		if (t->nkinds > 1 && k->max_mhz > 0)
			snprintf(k->label + len, sizeof(k->label) - len,
			    " up to %.1f GHz", k->max_mhz / 1000);
	}
}

/* The kind (topology.h) of a CPU of key k, maybe new; -1: too many. */
static int
kind_of(struct cpu_topology *t, struct kind_key *keys, const struct kind_key *k,
    int cpu)
{
	int i;

	for (i = 0; i < t->nkinds; i++) {
		if (k->class != keys[i].class ||
		    strcmp(k->model, keys[i].model) != 0 ||
		    k->capacity != keys[i].capacity ||
		    k->khz * 10 < keys[i].khz * 9 ||
		    k->khz * 9 > keys[i].khz * 10)
			continue;
		if (k->khz > keys[i].khz)
			keys[i].khz = k->khz;
		t->kinds[i].max_mhz = keys[i].khz / 1000.0;
		t->kinds[i].count++;
		return i;
	}
	if (t->nkinds == TOPO_KINDS_MAX)
		return -1;
	keys[i] = *k;
	t->kinds[i] = (struct cpu_kind){.count = 1,
	    .capacity = k->capacity,
	    .max_mhz = k->khz / 1000.0,
	    .cpu = cpu};
	t->nkinds++;
	return i;
}

/* How many distinct values of field (>= 0) the online CPUs have. */
static int
distinct(const struct cpu_topology *t, size_t field)
{
	int i, j, n = 0, v;

	for (i = 0; i < t->ncpus; i++) {
		v = *(const int *)((const char *)&t->cpus[i] + field);
		if (!t->cpus[i].online || v < 0)
			continue;
		for (j = 0; j < i; j++)
			if (t->cpus[j].online &&
			    *(const int *)((const char *)&t->cpus[j] + field) ==
			        v)
				break;
		n += j == i;
	}
	return n;
}

/*
 * One CPU's files: its package, cluster, core (its first online thread
 * sibling), SMT (its online siblings), capacity and clock.
 */
static void
read_cpu(struct cpu_topology *t, int cpu, topo_reader read, void *ctx,
    unsigned char *set)
{
	struct cpu_entry *c = &t->cpus[cpu];
	int n, i;

	c->package = (int)number_in(text_at(
	    read, ctx, CPU_DIR "/cpu%d/topology/physical_package_id", cpu));
	c->cluster = (int)number_in(
	    text_at(read, ctx, CPU_DIR "/cpu%d/topology/cluster_id", cpu));
	if (c->cluster == 65535)
		c->cluster = -1; /* x86's "no cluster" (BAD_APICID) */
	list_in(text_at(read, ctx,
	            CPU_DIR "/cpu%d/topology/thread_siblings_list", cpu),
	    set, t->ncpus);
	c->core = -1;
	for (i = n = 0; i < t->ncpus; i++) {
		if (!set[i] || !t->cpus[i].online)
			continue;
		if (c->core == -1)
			c->core = i;
		n++;
	}
	if (n > t->threads)
		t->threads = n;
	c->capacity = (int)number_in(
	    text_at(read, ctx, CPU_DIR "/cpu%d/cpu_capacity", cpu));
	c->max_mhz = (double)number_in(text_at(read, ctx,
	                 CPU_DIR "/cpu%d/cpufreq/cpuinfo_max_freq", cpu)) /
	             1000;
	if (c->max_mhz < 0)
		c->max_mhz = 0;
}

/* Each CPU's NUMA node; t->nodes counts those with CPUs. */
static void
read_nodes(struct cpu_topology *t, topo_reader read, void *ctx,
    unsigned char *set, int nset)
{
	unsigned char *cpus = set + nset;
	int node, i;

	if (list_in(read(ctx, NODE_DIR "/online"), set, nset) == 0)
		return;
	for (node = 0; node < nset; node++) {
		if (!set[node] || list_in(text_at(read, ctx,
		                              NODE_DIR "/node%d/cpulist", node),
		                      cpus, t->ncpus) == 0)
			continue;
		t->nodes++;
		for (i = 0; i < t->ncpus; i++)
			if (cpus[i])
				t->cpus[i].node = node;
	}
}

/*
 * The counts of t's online CPUs (packages, cores, clusters) and their
 * kinds (kind_of); t is known from here on.  set: 2 x ncpus bytes.
 */
static void
finish(struct cpu_topology *t, char **models, const char *model,
    topo_reader read, void *ctx, unsigned char *set)
{
	struct kind_key keys[TOPO_KINDS_MAX], k;
	unsigned char *atom = set + t->ncpus;
	int i;

	list_in(read(ctx, "/sys/devices/cpu_core/cpus"), set, t->ncpus);
	list_in(read(ctx, "/sys/devices/cpu_atom/cpus"), atom, t->ncpus);
	for (i = 0; i < t->ncpus; i++) {
		t->cpus[i].kind = -1;
		if (!t->cpus[i].online)
			continue;
		k = (struct kind_key){.class = set[i]    ? 1
		                               : atom[i] ? 2
		                                         : 0,
		    .model = models != NULL && models[i] != NULL &&
		                     models[i][0] != '\0'
		                 ? models[i]
		                 : model,
		    .capacity = t->cpus[i].capacity,
		    .khz = (long)(t->cpus[i].max_mhz * 1000)};
		if ((t->cpus[i].kind = kind_of(t, keys, &k, i)) == -1)
			break;
	}
	if (i < t->ncpus)
		t->nkinds = 0; /* too many to tell apart */
	else
		order_kinds(t, keys, model, set);
	t->packages = distinct(t, offsetof(struct cpu_entry, package));
	t->cores = distinct(t, offsetof(struct cpu_entry, core));
	t->clusters = distinct(t, offsetof(struct cpu_entry, cluster));
	t->known = 1;
}

/*
 * t->cpus up to the last CPU present or online, none known yet, online
 * where online[i]; t->present counts those of either.  0 or -1.
 */
static int
new_cpus(struct cpu_topology *t, const unsigned char *present,
    const unsigned char *online)
{
	int i, n;

	for (n = TOPO_CPUS_MAX; n > 0 && !present[n - 1] && !online[n - 1]; n--)
		;
	if ((t->cpus = calloc((size_t)n, sizeof(*t->cpus))) == NULL)
		return -1;
	t->ncpus = n;
	for (i = 0; i < n; i++) {
		t->cpus[i] = (struct cpu_entry){.online = online[i],
		    .kind = -1,
		    .node = -1,
		    .core = -1,
		    .package = -1,
		    .cluster = -1,
		    .capacity = -1};
		t->present += present[i] || online[i];
		t->online += online[i];
	}
	return 0;
}

/* Linux: /sys/devices/system/cpu and /proc/cpuinfo.  0 or -1. */
static int
linux_read(struct cpu_topology *t, const char *model, topo_reader read,
    void *ctx, unsigned char *present, unsigned char *online)
{
	char **models, *cpuinfo;
	int i, n, rc;

	if (list_in(read(ctx, CPU_DIR "/present"), present, TOPO_CPUS_MAX) ==
	        0 ||
	    list_in(read(ctx, CPU_DIR "/online"), online, TOPO_CPUS_MAX) == 0)
		return 0;
	if (new_cpus(t, present, online) == -1 ||
	    (models = calloc((size_t)(n = t->ncpus), sizeof(*models))) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		present[i] = present[i] && !online[i];
	list_text(present, n, t->offline, sizeof(t->offline));
	for (i = 0; i < n; i++)
		if (online[i])
			read_cpu(t, i, read, ctx, present);
	cpuinfo = read(ctx, "/proc/cpuinfo");
	if ((rc = cpu_models(cpuinfo != NULL ? cpuinfo : "", models, n)) == 0) {
		finish(t, models, model, read, ctx, online);
		read_nodes(t, read, ctx, online, TOPO_CPUS_MAX);
	}
	free(cpuinfo);
	for (i = 0; i < n; i++)
		free(models[i]);
	free(models);
	return rc;
}

/* Whether word is in [from, end). */
static int
within(const char *from, const char *end, const char *word)
{
	const char *p = strstr(from, word);

	return p != NULL && p < end;
}

/*
 * Marks in set (nset bytes, cleared first) the CPUs of the first <cpu>
 * element from p in FreeBSD's topology_spec ("0, 1, 2"); their count,
 * 0 when none (or out of memory).
 */
static int
spec_cpus(const char *p, unsigned char *set, int nset)
{
	const char *from = strstr(p, "<cpu"), *to = NULL;

	if (from != NULL && (from = strchr(from, '>')) != NULL)
		to = strstr(++from, "</cpu>");
	return list_in(
	    to != NULL ? strndup(from, (size_t)(to - from)) : NULL, set, nset);
}

/*
 * Whether t's CPUs look alike: each core of as many threads, and each CPU
 * in a cluster or none.  0 too when out of memory.
 */
static int
alike(const struct cpu_topology *t)
{
	int *threads = calloc((size_t)t->ncpus, sizeof(*threads));
	int i, first = -1, ok = threads != NULL;

	for (i = 0; ok && i < t->ncpus; i++)
		if (t->cpus[i].core >= 0)
			threads[t->cpus[i].core]++;
	for (i = 0; ok && i < t->ncpus; i++) {
		if (t->cpus[i].core < 0)
			continue;
		first = first == -1 ? i : first;
		ok = threads[t->cpus[i].core] == threads[t->cpus[first].core] &&
		     (t->cpus[i].cluster == -1) ==
		         (t->cpus[first].cluster == -1);
	}
	free(threads);
	return ok;
}

/*
 * FreeBSD: kern.sched.topology_spec's groups of CPUs (doc/portability.md
 * says what each tells); one kind where the CPUs look alike, else kinds
 * unknown.  set: TOPO_CPUS_MAX bytes to work in, online twice that.
 */
static int
freebsd_read(struct cpu_topology *t, const char *model, topo_reader read,
    void *ctx, unsigned char *online, unsigned char *set)
{
	char *spec = read(ctx, "sysctl kern.sched.topology_spec");
	const char *g, *end, *next;
	int i, n, first, thread, numa, l2, count, cluster = 0, rc = 0;

	if (spec == NULL || (g = strstr(spec, "<group")) == NULL ||
	    spec_cpus(g, online, TOPO_CPUS_MAX) == 0)
		goto out;
	rc = -1;
	if (new_cpus(t, online, online) == -1)
		goto out;
	n = t->ncpus;
	t->threads = 1;
	for (; g != NULL; g = next) {
		next = strstr(g + 1, "<group");
		count = spec_cpus(g, set, n);
		/* A group's own flags come before its children. */
		end = strstr(g, "<children>");
		if (end == NULL || (next != NULL && end > next))
			end = next != NULL ? next : g + strlen(g);
		thread =
		    within(g, end, "\"THREAD\"") || within(g, end, "\"SMT\"");
		numa = within(g, end, "\"NODE\"");
		l2 = !thread && within(g, end, "cache-level=\"2\"");
		if (thread && count > t->threads)
			t->threads = count;
		for (i = 0, first = -1; i < n; i++) {
			if (!set[i])
				continue;
			first = first == -1 ? i : first;
			t->cpus[i].core = thread ? first : t->cpus[i].core;
			t->cpus[i].node = numa ? t->nodes : t->cpus[i].node;
			t->cpus[i].cluster = l2 ? cluster : t->cpus[i].cluster;
		}
		t->nodes += numa;
		cluster += l2;
	}
	for (i = 0; i < n; i++)
		if (t->cpus[i].online && t->cpus[i].core == -1)
			t->cpus[i].core = i;
	finish(t, NULL, model, read, ctx, online);
	rc = 0;
	if (!alike(t)) {
		t->nkinds = 0;
		for (i = 0; i < n; i++)
			t->cpus[i].kind = -1;
	}
out:
	free(spec);
	return rc;
}

/* The number of sysctl "hw.perflevelN.field", -1 when none. */
static long
perflevel(topo_reader read, void *ctx, int level, const char *field)
{
	return number_in(
	    text_at(read, ctx, "sysctl int hw.perflevel%d.%s", level, field));
}

/*
 * macOS: a kind a hw.perflevelN (doc/portability.md).  No table of CPUs:
 * it does not say which are of which level.  Nothing when a level's
 * counts are missing.
 */
static int
macos_read(
    struct cpu_topology *t, const char *model, topo_reader read, void *ctx)
{
	long levels = number_in(read(ctx, "sysctl int hw.nperflevels"));
	long cores, cpus, most, per_l2;
	char *text, *name;
	struct cpu_kind *k;
	int i, l2s = 0;

	if (levels < 1 || levels > TOPO_KINDS_MAX)
		return 0;
	for (i = 0; i < levels; i++) {
		cores = perflevel(read, ctx, i, "physicalcpu");
		cpus = perflevel(read, ctx, i, "logicalcpu");
		most = perflevel(read, ctx, i, "logicalcpu_max");
		per_l2 = perflevel(read, ctx, i, "cpusperl2");
		if (cores < 1 || cpus < cores) {
			memset(t, 0, sizeof(*t));
			return 0;
		}
		text = text_at(read, ctx, "sysctl hw.perflevel%d.name", i);
		name = sysread_trimmed(text != NULL ? text : "");
		free(text);
		if (name == NULL)
			return -1;
		k = &t->kinds[i];
		if (levels == 1 && model[0] != '\0')
			snprintf(k->label, sizeof(k->label), "%s", model);
		else if (name[0] != '\0')
			snprintf(k->label, sizeof(k->label), "%s cores", name);
		else
			snprintf(k->label, sizeof(k->label), "perflevel%d", i);
		free(name);
		k->count = (int)cpus;
		k->capacity = k->cpu = -1;
		t->online += (int)cpus;
		t->present += (int)(most > cpus ? most : cpus);
		t->cores += (int)cores;
		if (cpus / cores > t->threads)
			t->threads = (int)(cpus / cores);
		if (per_l2 < 1)
			l2s = -1;
		else if (l2s >= 0)
			l2s += (int)((cpus + per_l2 - 1) / per_l2);
	}
	t->clusters = l2s > 0 ? l2s : 0;
	t->nkinds = (int)levels;
	t->same_part = levels == 1;
	most = number_in(read(ctx, "sysctl int hw.packages"));
	t->packages = most > 0 ? (int)most : 0;
	t->known = 1;
	return 0;
}

int
topology_read(
    struct cpu_topology *t, const char *model, topo_reader read, void *ctx)
{
	unsigned char *present, *online;
	int rc = -1;

	memset(t, 0, sizeof(*t));
	present = calloc(TOPO_CPUS_MAX, 1);
	online = calloc(2 * TOPO_CPUS_MAX, 1);
	if (present != NULL && online != NULL &&
	    (rc = linux_read(t, model, read, ctx, present, online)) == 0 &&
	    !t->known &&
	    (rc = freebsd_read(t, model, read, ctx, online, present)) == 0 &&
	    !t->known)
		rc = macos_read(t, model, read, ctx);
	free(present);
	free(online);
	return rc;
}

/* The reader of this system's files and sysctl values. */
static char *
system_file(void *ctx, const char *path)
{
	(void)ctx;
	if (strncmp(path, "sysctl int ", 11) == 0)
		return sysinfo_sysctl(path + 11, 1);
	if (strncmp(path, "sysctl ", 7) == 0)
		return sysinfo_sysctl(path + 7, 0);
	return sysread_slurp(path);
}

int
topology_collect(struct cpu_topology *t, const char *model)
{
	return topology_read(t, model, system_file, NULL);
}
