/*
 * sysinfo.c - facts about the machine, the build and the limits, for the
 * report header and for planning copies.  The one place with #ifdef: each
 * system-specific source is a whole function with a portable fallback.
 */
#if defined(__linux__)
#define _GNU_SOURCE 1	/* sched_getaffinity, CPU_COUNT, getloadavg */
#define SYSINFO_LINUX 1
#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__NetBSD__) ||    \
    defined(__OpenBSD__) || defined(__DragonFly__)
/* sysctl and statfs: the Makefile lets each system's headers show them. */
#define SYSINFO_BSD 1
#endif

#include <sys/types.h>
#ifdef SYSINFO_LINUX
#include <sys/prctl.h>
#endif
#ifdef SYSINFO_BSD
#include <sys/param.h>
#include <sys/mount.h>
#include <sys/sysctl.h>
#endif
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/utsname.h>

#include <dirent.h>
#include <errno.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "parse.h"
#include "plan/sysinfo.h"

/* A malloc'd copy of s with surrounding blanks and quotes removed. */
static char *
trimmed(const char *s)
{
	size_t n;
	char *d;

	while (*s == ' ' || *s == '\t' || *s == '"' || *s == '\'')
		s++;
	n = strlen(s);
	while (n > 0 && strchr(" \t\r\n\"'", s[n - 1]) != NULL)
		n--;
	if ((d = malloc(n + 1)) == NULL)
		return NULL;
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

/*
 * The whole of a small file (at most 4 MiB) as a malloc'd string, or NULL
 * when it cannot be read or memory runs out.
 */
static char *
slurp(const char *path)
{
	size_t len = 0, cap = 16384, n;
	char *buf = malloc(cap), *p;
	FILE *f;

	if (buf == NULL)
		return NULL;
	if ((f = fopen(path, "r")) == NULL) {
		free(buf);
		return NULL;
	}
	while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (len + 1 < cap)
			continue;
		if (cap >= 4 << 20 || (p = realloc(buf, cap * 2)) == NULL)
			break;
		buf = p;
		cap *= 2;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/*
 * The value of the first line of text that starts with key followed by
 * sep (after optional blanks), trimmed and malloc'd; "" when none.
 */
static char *
text_value(const char *text, const char *key, char sep)
{
	char line[4096];
	const char *p, *end;
	size_t klen = strlen(key), n;

	for (p = text; p != NULL && *p != '\0'; p = end ? end + 1 : NULL) {
		end = strchr(p, '\n');
		n = end != NULL ? (size_t)(end - p) : strlen(p);
		if (n < klen || strncmp(p, key, klen) != 0)
			continue;
		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, p, n);
		line[n] = '\0';
		for (p = line + klen; *p == ' ' || *p == '\t'; p++)
			;
		if (*p == sep)
			return trimmed(p + 1);
		p = line;	/* not this key: go on after the line */
	}
	return trimmed("");
}

/* text_value of a file's text; "" when the file cannot be read. */
static char *
file_value(const char *file, const char *key, char sep)
{
	char *text = slurp(file), *v;

	v = text_value(text != NULL ? text : "", key, sep);
	free(text);
	return v;
}

/* The x86 CPU flags UnixBench names in its header, in its words. */
static const struct {
	const char *flag, *name;
} x86_flags[] = {
	{ "ht", "Hyper-Threading" }, { "lm", "x86-64" }, { "mmx", "MMX" },
	{ "mmxext", "AMD MMX" }, { "cxmmx", "Cyrix MMX" },
	{ "pae", "Physical Address Ext" }, { "sep", "SYSENTER/SYSEXIT" },
	{ "syscall", "SYSCALL/SYSRET" }, { "xmm", "Streaming SIMD" },
	{ "xmm2", "Streaming SIMD-2" }, { "xmm3", "Streaming SIMD-3" },
	{ "ia64", "IA-64 processor" }, { "vmx", "Intel virtualization" },
	{ "svm", "AMD virtualization" },
};

/* Turns a /proc/cpuinfo flags list into UnixBench's names (malloc'd). */
static char *
named_flags(const char *list)
{
	char out[512] = "", word[64];
	const char *p = list, *q;
	size_t i, n;

	for (i = 0; i < sizeof(x86_flags) / sizeof(x86_flags[0]); i++) {
		for (p = list; *p != '\0'; p = q) {
			while (*p == ' ')
				p++;
			for (q = p; *q != '\0' && *q != ' '; q++)
				;
			n = (size_t)(q - p);
			if (n == 0 || n >= sizeof(word))
				continue;
			memcpy(word, p, n);
			word[n] = '\0';
			if (strcmp(word, x86_flags[i].flag) != 0)
				continue;
			if (out[0] != '\0')
				strncat(out, ", ", sizeof(out) - strlen(out) - 1);
			strncat(out, x86_flags[i].name,
			    sizeof(out) - strlen(out) - 1);
			break;
		}
	}
	return trimmed(out);
}

/*
 * ARM cores by "CPU implementer" and "CPU part" of /proc/cpuinfo, which
 * has no model name on ARM: the common ones (part 0 = any part).
 */
static const struct {
	long implementer, part;
	const char *name;
} arm_parts[] = {
	{ 0x41, 0xc07, "ARM Cortex-A7" }, { 0x41, 0xc08, "ARM Cortex-A8" },
	{ 0x41, 0xc09, "ARM Cortex-A9" }, { 0x41, 0xc0f, "ARM Cortex-A15" },
	{ 0x41, 0xd03, "ARM Cortex-A53" }, { 0x41, 0xd04, "ARM Cortex-A35" },
	{ 0x41, 0xd05, "ARM Cortex-A55" }, { 0x41, 0xd07, "ARM Cortex-A57" },
	{ 0x41, 0xd08, "ARM Cortex-A72" }, { 0x41, 0xd09, "ARM Cortex-A73" },
	{ 0x41, 0xd0a, "ARM Cortex-A75" }, { 0x41, 0xd0b, "ARM Cortex-A76" },
	{ 0x41, 0xd0c, "ARM Neoverse-N1" }, { 0x41, 0xd0d, "ARM Cortex-A77" },
	{ 0x41, 0xd40, "ARM Neoverse-V1" }, { 0x41, 0xd41, "ARM Cortex-A78" },
	{ 0x41, 0xd44, "ARM Cortex-X1" }, { 0x41, 0xd46, "ARM Cortex-A510" },
	{ 0x41, 0xd47, "ARM Cortex-A710" }, { 0x41, 0xd48, "ARM Cortex-X2" },
	{ 0x41, 0xd49, "ARM Neoverse-N2" }, { 0x41, 0xd4f, "ARM Neoverse-V2" },
	{ 0x41, 0, "ARM" }, { 0x42, 0, "Broadcom" }, { 0x43, 0, "Cavium" },
	{ 0x46, 0, "Fujitsu" }, { 0x48, 0, "HiSilicon" }, { 0x4e, 0, "NVIDIA" },
	{ 0x50, 0, "APM" }, { 0x51, 0, "Qualcomm" }, { 0x61, 0, "Apple" },
	{ 0x69, 0, "Intel" }, { 0xc0, 0, "Ampere" },
};

/* "ARM Cortex-A72", "Qualcomm part 0x800", ...; malloc'd, "" if not ARM. */
static char *
arm_model(const char *cpuinfo)
{
	char *imp = text_value(cpuinfo, "CPU implementer", ':');
	char *part = text_value(cpuinfo, "CPU part", ':');
	char out[128] = "";
	long i_num, p_num;
	size_t k;

	if (imp != NULL && part != NULL && imp[0] != '\0') {
		i_num = strtol(imp, NULL, 0);
		p_num = strtol(part, NULL, 0);
		snprintf(out, sizeof(out), "ARM implementer %s part %s", imp,
		    part);
		for (k = 0; k < sizeof(arm_parts) / sizeof(arm_parts[0]); k++) {
			if (arm_parts[k].implementer != i_num)
				continue;
			if (arm_parts[k].part == p_num) {
				snprintf(out, sizeof(out), "%s",
				    arm_parts[k].name);
				break;
			}
			if (arm_parts[k].part == 0) {
				snprintf(out, sizeof(out), "%s part %s",
				    arm_parts[k].name, part);
				break;
			}
		}
	}
	free(imp);
	free(part);
	return trimmed(out);
}

/*
 * IBM Z machine types and their generation, as the Linux kernel names the
 * platform (arch/s390/kernel/processor.c).
 */
static const struct {
	long type;
	const char *name;
} s390_machines[] = {
	{ 0x2817, "z196" }, { 0x2818, "z196" }, { 0x2827, "zEC12" },
	{ 0x2828, "zEC12" }, { 0x2964, "z13" }, { 0x2965, "z13" },
	{ 0x3906, "z14" }, { 0x3907, "z14" }, { 0x8561, "z15" },
	{ 0x8562, "z15" }, { 0x3931, "z16" }, { 0x3932, "z16" },
};

/*
 * IBM Z: "IBM z15 type 8561" from the machine type, which kernels give
 * in each CPU's section ("machine : 8561") or in the summary line
 * "processor 0: version = FF,  identification = ...,  machine = 8561";
 * "IBM/S390" alone when there is none.  malloc'd, "" when not IBM Z.
 */
static char *
s390_model(const char *cpuinfo)
{
	char *vendor = text_value(cpuinfo, "vendor_id", ':'), *type, out[64];
	const char *p;
	long t;
	size_t k;

	if (vendor == NULL)
		return NULL;
	if (strcmp(vendor, "IBM/S390") != 0) {
		free(vendor);
		return trimmed("");
	}
	type = text_value(cpuinfo, "machine", ':');
	if (type != NULL && type[0] == '\0' &&
	    (p = strstr(cpuinfo, "machine = ")) != NULL) {
		free(type);
		type = trimmed(p + strlen("machine = "));
		if (type != NULL)
			type[strcspn(type, " \n,")] = '\0';
	}
	snprintf(out, sizeof(out), "%s", vendor);
	if (type != NULL && type[0] != '\0') {
		t = strtol(type, NULL, 16);
		snprintf(out, sizeof(out), "%s type %s", vendor, type);
		for (k = 0; k < sizeof(s390_machines) / sizeof(s390_machines[0]);
		    k++)
			if (s390_machines[k].type == t)
				snprintf(out, sizeof(out), "IBM %s type %s",
				    s390_machines[k].name, type);
	}
	free(vendor);
	free(type);
	return trimmed(out);
}

/*
 * The first of keys with a value in the text, malloc'd ("" when none).
 * A RISC-V "isa" value is cut to its base ("rv64imafdc" of
 * "rv64imafdc_zicntr_zicsr"): the extensions are a list of flags.
 */
static char *
first_value(const char *text, const char *const *keys, size_t n)
{
	char *v = trimmed("");
	size_t i;

	for (i = 0; i < n && v != NULL && v[0] == '\0'; i++) {
		free(v);
		v = text_value(text, keys[i], ':');
		if (v != NULL && strcmp(keys[i], "isa") == 0)
			v[strcspn(v, "_")] = '\0';
	}
	return v;
}

#define NKEYS(a) (sizeof(a) / sizeof((a)[0]))

char *
sysinfo_cpu_model(const char *cpuinfo)
{
	static const char *const keys[] = { "Processor", "cpu model", "uarch",
		"cpu", "isa" };
	char *model = text_value(cpuinfo, "model name", ':'), *other;

	if (model == NULL || model[0] != '\0') {
		/*
		 * 32-bit ARM kernels give only the architecture ("ARMv7
		 * Processor rev 3"): the core named is better.
		 */
		if (model == NULL || strncmp(model, "ARMv", 4) != 0)
			return model;
	}
	/* ARM names its implementer and part, IBM Z its machine type. */
	if ((other = arm_model(cpuinfo)) != NULL && other[0] == '\0') {
		free(other);
		other = s390_model(cpuinfo);
	}
	if (other == NULL || other[0] != '\0') {
		free(model);
		return other;
	}
	free(other);
	if (model[0] != '\0')
		return model;
	free(model);
	return first_value(cpuinfo, keys, NKEYS(keys));
}

int
sysinfo_read_small(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	return n > 0 ? 0 : -1;
}

/* A whole number of at most 19 digits at *p, which moves past it. */
static int
number_at(const char **p, long long *out)
{
	char *end;

	while (**p == ' ' || **p == '\t')
		(*p)++;
	if (!((**p >= '0' && **p <= '9') || **p == '-'))
		return -1;
	errno = 0;
	*out = strtoll(*p, &end, 10);
	if (errno != 0 || end == *p)
		return -1;
	*p = end;
	return 0;
}

#ifdef SYSINFO_BSD
/*
 * The BSDs and macOS: the CPU's brand (macOS) or hw.model, through
 * sysctl; the machine name when neither answers.
 */
static char *
bsd_cpu_model(const char *machine)
{
	char model[256];
	size_t len = sizeof(model);
	int mib[2] = { CTL_HW, HW_MODEL };

#ifdef __APPLE__
	if (sysctlbyname("machdep.cpu.brand_string", model, &len, NULL, 0) ==
	    0 && len > 1)
		return trimmed(model);
	len = sizeof(model);
#endif
	if (sysctl(mib, 2, model, &len, NULL, 0) == 0 && len > 1) {
		model[sizeof(model) - 1] = '\0';
		return trimmed(model);
	}
	return trimmed(machine);
}

int
sysinfo_online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	int ncpu = 0, mib[2] = { CTL_HW, HW_NCPU };
	size_t len = sizeof(ncpu);

	if (n < 1 && sysctl(mib, 2, &ncpu, &len, NULL, 0) == 0)
		n = ncpu;
	return n < 1 ? 1 : (int)n;
}
#else
static char *
bsd_cpu_model(const char *machine)
{
	return trimmed(machine);
}

/*
 * Linux lists the CPUs online in /sys ("0-3,6"): musl's sysconf counts
 * the affinity mask instead.  Elsewhere sysconf.
 */
int
sysinfo_online_cpus(void)
{
	char text[4096];
	long n = 0;

	if (sysinfo_read_small("/sys/devices/system/cpu/online", text,
	    sizeof(text)) == 0)
		n = sysinfo_cpu_list_count(text);
	if (n < 1)
		n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : (int)n;
}
#endif

int
sysinfo_cpu_list_count(const char *text)
{
	long long from, to, n = 0;

	while (number_at(&text, &from) == 0 && from >= 0) {
		to = from;
		if (*text == '-') {
			text++;
			if (number_at(&text, &to) == -1 || to < from)
				return 0;
		}
		n += to - from + 1;
		if (n > INT_MAX)
			return 0;
		if (*text != ',')
			break;
		text++;
	}
	return *text == '\0' || *text == '\n' ? (int)n : 0;
}

/* quota / period rounded up, at least 1; 0 when either is not > 0. */
static int
quota_cpus(long long quota, long long period)
{
	long long n;

	if (quota <= 0 || period <= 0)
		return 0;
	n = quota / period + (quota % period != 0);
	return n > INT_MAX ? INT_MAX : (int)n;
}

int
sysinfo_cpu_max_cpus(const char *text)
{
	long long quota, period = 100000;

	if (number_at(&text, &quota) == -1)
		return 0;	/* "max": no limit */
	if (*text != '\0' && *text != '\n' && number_at(&text, &period) == -1)
		return 0;
	return quota_cpus(quota, period);
}

long long
sysinfo_memory_limit_kib(const char *text)
{
	long long bytes;

	if (number_at(&text, &bytes) == -1 || bytes <= 0 ||
	    bytes >= SYSINFO_NO_MEMORY_LIMIT)
		return 0;
	return bytes / 1024 > 0 ? bytes / 1024 : 1;
}

int
sysinfo_cfs_cpus(const char *quota_text, const char *period_text)
{
	long long quota, period;

	if (number_at(&quota_text, &quota) == -1 ||
	    number_at(&period_text, &period) == -1)
		return 0;
	return quota_cpus(quota, period);
}

/* Copies the n bytes at p as a string into out; -1 when they do not fit. */
static int
copy_out(char *out, size_t len, const char *p, size_t n)
{
	if (n >= len)
		return -1;
	memcpy(out, p, n);
	out[n] = '\0';
	return 0;
}

/* 1 when the comma-separated list of n bytes at p has the item word. */
static int
has_item(const char *p, size_t n, const char *word)
{
	size_t w = strlen(word), i;

	for (i = 0; i + w <= n; i++)
		if ((i == 0 || p[i - 1] == ',') && strncmp(p + i, word, w) == 0 &&
		    (i + w == n || p[i + w] == ',' || p[i + w] == ' '))
			return 1;
	return 0;
}

int
sysinfo_cgroup_path(const char *text, int v2, const char *controller,
    char *out, size_t len)
{
	const char *p, *end, *c1, *c2;

	for (p = text; *p != '\0'; p = *end != '\0' ? end + 1 : end) {
		end = p + strcspn(p, "\n");
		if ((c1 = memchr(p, ':', (size_t)(end - p))) == NULL ||
		    (c2 = memchr(c1 + 1, ':', (size_t)(end - c1 - 1))) == NULL)
			continue;
		if (v2 ? strncmp(p, "0::", 3) == 0 :
		    has_item(c1 + 1, (size_t)(c2 - c1 - 1), controller))
			return copy_out(out, len, c2 + 1,
			    (size_t)(end - c2 - 1));
	}
	return -1;
}

/* The n-th (from 0) space-separated field of the line at p, and its length. */
static const char *
field(const char *p, const char *end, int n, size_t *flen)
{
	const char *q;

	for (;;) {
		while (p < end && *p == ' ')
			p++;
		for (q = p; q < end && *q != ' '; q++)
			;
		if (p == end)
			return NULL;
		if (n-- == 0) {
			*flen = (size_t)(q - p);
			return p;
		}
		p = q;
	}
}

int
sysinfo_cgroup_mount(const char *mountinfo, int v2, const char *controller,
    char *root, size_t rlen, char *mnt, size_t mlen)
{
	const char *p, *end, *dash, *type, *opts, *r, *m;
	size_t tlen, olen, rl, ml;

	for (p = mountinfo; *p != '\0'; p = *end != '\0' ? end + 1 : end) {
		end = p + strcspn(p, "\n");
		/* "id parent dev root mountpoint opts [tags] - type src opts" */
		for (dash = p; dash + 3 <= end && strncmp(dash, " - ", 3) != 0;
		    dash++)
			;
		if (dash + 3 > end ||
		    (type = field(dash + 3, end, 0, &tlen)) == NULL ||
		    (r = field(p, dash, 3, &rl)) == NULL ||
		    (m = field(p, dash, 4, &ml)) == NULL)
			continue;
		if (v2 ? !(tlen == 7 && strncmp(type, "cgroup2", 7) == 0) :
		    !(tlen == 6 && strncmp(type, "cgroup", 6) == 0))
			continue;
		if (!v2 && ((opts = field(dash + 3, end, 2, &olen)) == NULL ||
		    !has_item(opts, olen, controller)))
			continue;
		if (copy_out(root, rlen, r, rl) == -1 ||
		    copy_out(mnt, mlen, m, ml) == -1)
			return -1;
		return 0;
	}
	return -1;
}

int
sysinfo_fs_type(const char *mountinfo, const char *path, char *out,
    size_t len)
{
	const char *p, *end, *dash, *m, *type, *best = NULL;
	size_t ml, tlen, best_ml = 0, best_tlen = 0;

	for (p = mountinfo; *p != '\0'; p = *end != '\0' ? end + 1 : end) {
		end = p + strcspn(p, "\n");
		for (dash = p; dash + 3 <= end && strncmp(dash, " - ", 3) != 0;
		    dash++)
			;
		if (dash + 3 > end || (m = field(p, dash, 4, &ml)) == NULL ||
		    (type = field(dash + 3, end, 0, &tlen)) == NULL)
			continue;
		/* The longest mount point above path; a later one hides. */
		if (strncmp(path, m, ml) != 0 || (ml > 1 && path[ml] != '/' &&
		    path[ml] != '\0') || ml < best_ml)
			continue;
		best = type;
		best_ml = ml;
		best_tlen = tlen;
	}
	if (best == NULL)
		return -1;
	return copy_out(out, len, best, best_tlen);
}

#if defined(SYSINFO_LINUX) && defined(CPU_COUNT)
static int
affinity_cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) == -1)
		return sysinfo_online_cpus();
	return CPU_COUNT(&set) > 0 ? CPU_COUNT(&set) : 1;
}
#else
static int
affinity_cpus(void)
{
	return sysinfo_online_cpus();
}
#endif

/*
 * A cgroup limit read from the files of the cgroup directory dir (v2 or
 * v1 files): a positive number, or 0 when there is none.
 */
typedef long long (*cgroup_reader)(const char *dir, int v2);

/* CPUs of a cgroup's quota: v2's cpu.max, v1's cfs files. */
static long long
read_cpu_quota(const char *dir, int v2)
{
	char path[4096 + 32], text[128], period[128];

	if (v2) {
		snprintf(path, sizeof(path), "%s/cpu.max", dir);
		return sysinfo_read_small(path, text, sizeof(text)) == 0 ?
		    sysinfo_cpu_max_cpus(text) : 0;
	}
	snprintf(path, sizeof(path), "%s/cpu.cfs_period_us", dir);
	if (sysinfo_read_small(path, period, sizeof(period)) == -1)
		return 0;
	snprintf(path, sizeof(path), "%s/cpu.cfs_quota_us", dir);
	return sysinfo_read_small(path, text, sizeof(text)) == 0 ?
	    sysinfo_cfs_cpus(text, period) : 0;
}

/* KiB of a cgroup's memory limit: v2's memory.max, v1's limit_in_bytes. */
static long long
read_memory_limit(const char *dir, int v2)
{
	char path[4096 + 32], text[128];

	snprintf(path, sizeof(path), "%s/%s", dir, v2 ? "memory.max" :
	    "memory.limit_in_bytes");
	return sysinfo_read_small(path, text, sizeof(text)) == 0 ?
	    sysinfo_memory_limit_kib(text) : 0;
}

/*
 * The least limit read by value from the cgroup at dir or any parent up
 * to the mount point mnt.  0: none.
 */
static long long
least_up_from(const char *dir, const char *mnt, int v2, cgroup_reader value)
{
	char path[4096], *slash;
	size_t top = strlen(mnt);
	long long least = 0, n;

	if (strlen(dir) >= sizeof(path))
		return 0;
	snprintf(path, sizeof(path), "%s", dir);
	for (;;) {
		n = value(path, v2);
		if (n > 0 && (least == 0 || n < least))
			least = n;
		if (strlen(path) <= top || (slash = strrchr(path, '/')) == NULL)
			break;
		*slash = '\0';
	}
	return least;
}

/*
 * The least limit of this process's cgroups of the controller and their
 * parents, v2 and v1, found through /proc/self/cgroup and
 * /proc/self/mountinfo, read by value.  0: none.
 */
static long long
cgroup_least(const char *controller, cgroup_reader value)
{
	char *groups = slurp("/proc/self/cgroup");
	char *mounts = groups ? slurp("/proc/self/mountinfo") : NULL;
	char cg[2048], root[2048], mnt[2048], dir[4096];
	const char *rest;
	long long n, least = 0;
	int v2;

	for (v2 = 1; mounts != NULL && v2 >= 0; v2--) {
		if (sysinfo_cgroup_path(groups, v2, controller, cg,
		    sizeof(cg)) == -1 || sysinfo_cgroup_mount(mounts, v2,
		    controller, root, sizeof(root), mnt, sizeof(mnt)) == -1)
			continue;
		/* The mount shows the hierarchy from root down. */
		rest = cg;
		if (strcmp(root, "/") != 0) {
			if (strncmp(cg, root, strlen(root)) == 0)
				rest = cg + strlen(root);
			else
				rest = "";
		}
		snprintf(dir, sizeof(dir), "%s%s", mnt,
		    strcmp(rest, "/") == 0 ? "" : rest);
		n = least_up_from(dir, mnt, v2, value);
		if (n > 0 && (least == 0 || n < least))
			least = n;
	}
	free(groups);
	free(mounts);
	return least;
}

int
sysinfo_usable_cpus(void)
{
	int n = affinity_cpus();
	long long quota = cgroup_least("cpu", read_cpu_quota);

	if (quota > 0 && quota < n)
		n = (int)quota;
	return n < 1 ? 1 : n;
}

#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) ||     \
    defined(__DragonFly__)
/* The file system type of dir: statfs's f_fstypename. */
static char *
scratch_fs(const char *dir)
{
	struct statfs st;

	if (statfs(dir, &st) == -1)
		return trimmed("");
	st.f_fstypename[sizeof(st.f_fstypename) - 1] = '\0';
	return trimmed(st.f_fstypename);
}
#else
/* The file system type of dir, from /proc/self/mountinfo where it exists. */
static char *
scratch_fs(const char *dir)
{
	char real[PATH_MAX], type[64] = "";
	char *mounts = slurp("/proc/self/mountinfo");

	if (mounts != NULL && realpath(dir, real) != NULL &&
	    sysinfo_fs_type(mounts, real, type, sizeof(type)) == -1)
		type[0] = '\0';
	free(mounts);
	return trimmed(type);
}
#endif

int
sysinfo_scratch(struct sysinfo *s, const char *dir)
{
	free(s->scratch_dir);
	free(s->scratch_fs);
	s->scratch_dir = strdup(dir);
	s->scratch_fs = scratch_fs(dir);
	return s->scratch_dir != NULL && s->scratch_fs != NULL ? 0 : -1;
}

/*
 * The processor family of a uname machine name or of /proc/cpuinfo text
 * (by the lines only that family's kernels write); NULL when not known.
 */
static const char *
machine_family(const char *m)
{
	if (strcmp(m, "x86_64") == 0 || strcmp(m, "amd64") == 0 ||
	    (strlen(m) == 4 && m[0] == 'i' && strcmp(m + 2, "86") == 0))
		return "x86";
	if (strncmp(m, "aarch64", 7) == 0 || strncmp(m, "arm", 3) == 0)
		return "arm";
	if (strncmp(m, "s390", 4) == 0)
		return "s390";
	if (strncmp(m, "ppc", 3) == 0 || strncmp(m, "powerpc", 7) == 0)
		return "power";
	if (strncmp(m, "riscv", 5) == 0)
		return "riscv";
	return NULL;
}

static const char *
cpuinfo_family(const char *t)
{
	static const struct {
		const char *line, *family;
	} marks[] = {
		{ "\nflags\t", "x86" }, { "CPU implementer", "arm" },
		{ "IBM/S390", "s390" }, { "\ntimebase", "power" },
		{ "\nhart\t", "riscv" },
	};
	size_t i;

	for (i = 0; i < NKEYS(marks); i++)
		if (strstr(t, marks[i].line) != NULL)
			return marks[i].family;
	return NULL;
}

int
sysinfo_cpu_facts(struct sysinfo *s, const char *t)
{
	/* x86 and ARM; POWER ("3800.000000MHz"); IBM Z. */
	static const char *const mhz_keys[] = { "cpu MHz", "clock",
		"cpu MHz static" };
	static const char *const bogo_keys[] = { "bogomips", "BogoMIPS",
		"bogomips per cpu" };
	char *mhz, *bogo, *flags, *model;
	const char *m, *c;
	size_t n;

	s->cpu_model = sysinfo_cpu_model(t);
	if (s->cpu_model != NULL && s->cpu_model[0] == '\0') {
		free(s->cpu_model);
		s->cpu_model = bsd_cpu_model(s->machine);
	}
	/*
	 * A program of another machine run by an emulator (qemu-user) reads
	 * the host's /proc/cpuinfo: say so rather than name the host's CPU
	 * as this machine's.
	 */
	m = machine_family(s->machine);
	c = cpuinfo_family(t);
	if (s->cpu_model != NULL && m != NULL && c != NULL && strcmp(m, c) != 0) {
		n = strlen(s->cpu_model) + strlen(s->machine) + 32;
		if ((model = malloc(n)) != NULL)
			snprintf(model, n, "%s, running %s emulated",
			    s->cpu_model, s->machine);
		free(s->cpu_model);
		s->cpu_model = model;
	}
	mhz = first_value(t, mhz_keys, NKEYS(mhz_keys));
	bogo = first_value(t, bogo_keys, NKEYS(bogo_keys));
	flags = text_value(t, "flags", ':');
	if (mhz == NULL || bogo == NULL || flags == NULL ||
	    s->cpu_model == NULL) {
		free(mhz);
		free(bogo);
		free(flags);
		return -1;
	}
	s->cpu_mhz = strtod(mhz, NULL);
	s->bogomips = strtod(bogo, NULL);
	s->cpu_flags = named_flags(flags);
	free(mhz);
	free(bogo);
	free(flags);
	return s->cpu_flags == NULL ? -1 : 0;
}

/* CPU model, MHz, bogomips and flags; /proc/cpuinfo where it exists. */
static int
cpu_facts(struct sysinfo *s)
{
	char *text = slurp("/proc/cpuinfo");
	int rc = sysinfo_cpu_facts(s, text != NULL ? text : "");

	free(text);
	return rc;
}

#ifdef RLIMIT_NPROC
/*
 * Processes now, from /proc where it exists, else 0: of this user, or of
 * everyone when all is set.
 */
static long
processes(int all)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	struct stat st;
	char path[300];
	uid_t uid = getuid();
	long n = 0;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s", e->d_name);
		if (stat(path, &st) == 0 && (all || st.st_uid == uid))
			n++;
	}
	closedir(d);
	return n;
}

long
sysinfo_process_room(void)
{
	struct rlimit rl;
	long room = -1, pid_max = 0, n;
	FILE *f;

	if (getrlimit(RLIMIT_NPROC, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
		n = processes(0);
		room = rl.rlim_cur > (rlim_t)n ?
		    (long)(rl.rlim_cur - (rlim_t)n) : 0;
	}
	/* Linux: process ids are a limit of their own. */
	if ((f = fopen("/proc/sys/kernel/pid_max", "r")) != NULL) {
		if (fscanf(f, "%ld", &pid_max) == 1 && pid_max > 0) {
			n = pid_max - processes(1);
			if (room == -1 || n < room)
				room = n > 0 ? n : 0;
		}
		fclose(f);
	}
	return room;
}
#else
long
sysinfo_process_room(void)
{
	return -1;
}
#endif

#ifdef _SC_PHYS_PAGES
static long long
physical_kib(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	return pages > 0 && size > 0 ? (long long)pages * (size / 1024) : -1;
}
#else
static long long
physical_kib(void)
{
	return -1;
}
#endif

long long
sysinfo_memory_kib(void)
{
	long long kib = physical_kib();
	long long limit = cgroup_least("memory", read_memory_limit);

	return limit > 0 && (kib < 0 || limit < kib) ? limit : kib;
}

const char *
sysinfo_locale(void)
{
	/*
	 * Not C.UTF-8: where en_US.utf8 is missing, UnixBench's LANG setting
	 * fails and its tools run in C; a UTF-8 locale would cost each of
	 * them more (about 10% more instructions in a shell-test loop).
	 */
	static const char *const wanted[] = { "en_US.utf8", "en_US.UTF-8" };
	static const char *chosen;
	size_t i;

	if (chosen != NULL)
		return chosen;
	chosen = "C";
	for (i = 0; i < sizeof(wanted) / sizeof(wanted[0]); i++) {
		if (setlocale(LC_ALL, wanted[i]) != NULL) {
			chosen = wanted[i];
			break;
		}
	}
	setlocale(LC_ALL, "C");
	return chosen;
}

/* Locale, charmap and collation codeset of the shell tests' locale. */
static int
locale_facts(struct sysinfo *s)
{
	const char *name = sysinfo_locale();

	s->locale = trimmed(name);
	if (setlocale(LC_ALL, name) != NULL) {
		s->charmap = trimmed(nl_langinfo(CODESET));
		s->collate = trimmed(nl_langinfo(CODESET));
	} else {
		s->charmap = trimmed("ANSI_X3.4-1968");
		s->collate = trimmed("ANSI_X3.4-1968");
	}
	setlocale(LC_ALL, "C");
	return s->locale && s->charmap && s->collate ? 0 : -1;
}

/*
 * The compiler as the report names it: its --version line, prefixed with
 * the command when that line does not name it ("musl-gcc: gcc (...)").
 */
static char *
compiler_name(const char *cc, const char *version)
{
	const char *base = strrchr(cc, '/');
	size_t n;
	char *d;

	base = base != NULL ? base + 1 : cc;
	if (version[0] == '\0')
		return trimmed(cc);
	if (base[0] != '\0' && strchr(cc, ' ') == NULL &&
	    strstr(version, base) != NULL)
		return trimmed(version);
	n = strlen(cc) + strlen(version) + 3;
	if ((d = malloc(n)) != NULL)
		snprintf(d, n, "%s: %s", cc, version);
	return d;
}

/* Compiler and flags from build.info, written by the Makefile. */
static int
build_facts(struct sysinfo *s, const char *bindir)
{
	char file[4096], *text, *cc, *version, *opt, *cflags, *ldflags;
	size_t n;

	snprintf(file, sizeof(file), "%s/build.info", bindir);
	text = slurp(file);
	cc = text_value(text != NULL ? text : "", "cc", '=');
	version = text_value(text != NULL ? text : "", "cc_version", '=');
	opt = text_value(text != NULL ? text : "", "opt", '=');
	cflags = text_value(text != NULL ? text : "", "cflags", '=');
	ldflags = text_value(text != NULL ? text : "", "ldflags", '=');
	s->build_kind = text_value(text != NULL ? text : "", "kind", '=');
	free(text);
	if (cc != NULL && version != NULL)
		s->compiler = compiler_name(cc, version);
	if (opt != NULL && cflags != NULL && ldflags != NULL) {
		n = strlen(opt) + strlen(cflags) + strlen(ldflags) + 3;
		if ((s->cflags = malloc(n)) != NULL)
			snprintf(s->cflags, n, "%s%s%s%s%s", opt,
			    opt[0] && cflags[0] ? " " : "", cflags,
			    (opt[0] || cflags[0]) && ldflags[0] ? " " : "",
			    ldflags);
	}
	free(cc);
	free(version);
	free(opt);
	free(cflags);
	free(ldflags);
	return s->compiler && s->cflags && s->build_kind ? 0 : -1;
}

/* "/bin/sh -> dash" when /bin/sh is a link, else "/bin/sh". */
static char *
shell_identity(void)
{
	char target[256], text[300];
	ssize_t n = readlink("/bin/sh", target, sizeof(target) - 1);

	if (n <= 0)
		return trimmed("/bin/sh");
	target[n] = '\0';
	snprintf(text, sizeof(text), "/bin/sh -> %s", target);
	return trimmed(text);
}

/* Load averages: getloadavg where the libc has it. */
#if defined(__GLIBC__) || defined(__APPLE__) || defined(__FreeBSD__) ||       \
    defined(__OpenBSD__) || defined(__NetBSD__) || defined(__DragonFly__)
static void
load_facts(struct sysinfo *s)
{
	double l[3];

	if (getloadavg(l, 3) == 3) {
		s->load1 = l[0];
		s->load5 = l[1];
		s->load15 = l[2];
	}
}
#else
static void
load_facts(struct sysinfo *s)
{
	FILE *f = fopen("/proc/loadavg", "r");

	if (f == NULL)
		return;
	if (fscanf(f, "%lf %lf %lf", &s->load1, &s->load5, &s->load15) != 3)
		s->load1 = s->load5 = s->load15 = 0;
	fclose(f);
}
#endif

#ifdef SYSINFO_BSD
/* Seconds since boot: kern.boottime, the same on the BSDs and macOS. */
static double
boot_seconds(void)
{
	struct timeval boot;
	size_t len = sizeof(boot);
	int mib[2] = { CTL_KERN, KERN_BOOTTIME };

	if (sysctl(mib, 2, &boot, &len, NULL, 0) == -1 || boot.tv_sec <= 0)
		return 0;
	return difftime(time(NULL), boot.tv_sec);
}
#else
/* Seconds since boot from /proc/uptime where it exists, else 0. */
static double
boot_seconds(void)
{
	double seconds = 0;
	FILE *f = fopen("/proc/uptime", "r");

	if (f != NULL) {
		if (fscanf(f, "%lf", &seconds) != 1)
			seconds = 0;
		fclose(f);
	}
	return seconds;
}
#endif

/* "hh:mm:ss up D days, h:mm,  load average: a, b, c" as uptime prints. */
static char *
uptime_line(const struct sysinfo *s)
{
	char text[200], up[80] = "", clock[16];
	double seconds = boot_seconds();
	time_t now = time(NULL);
	struct tm tm;
	long mins;

	if (seconds > 0) {
		mins = (long)(seconds / 60);
		if (mins >= 24 * 60)
			snprintf(up, sizeof(up), " up %ld day%s, %2ld:%02ld,",
			    mins / (24 * 60), mins / (24 * 60) == 1 ? "" : "s",
			    mins / 60 % 24, mins % 60);
		else
			snprintf(up, sizeof(up), " up %2ld:%02ld,", mins / 60,
			    mins % 60);
	}
	localtime_r(&now, &tm);
	strftime(clock, sizeof(clock), "%H:%M:%S", &tm);
	snprintf(text, sizeof(text), "%s%s  load average: %.2f, %.2f, %.2f",
	    clock, up, s->load1, s->load5, s->load15);
	return trimmed(text);
}

int
sysinfo_collect(struct sysinfo *s, const char *bindir)
{
	struct utsname u;
	char host[256];
	int ok = 1;

	memset(s, 0, sizeof(*s));
	if (uname(&u) == -1)
		memset(&u, 0, sizeof(u));
	if (gethostname(host, sizeof(host)) == -1)
		snprintf(host, sizeof(host), "%s", u.nodename);
	host[sizeof(host) - 1] = '\0';
	s->hostname = trimmed(host[0] != '\0' ? host : "localhost");
	s->os_name = trimmed(u.sysname);
	s->os_release = trimmed(u.release);
	s->os_version = trimmed(u.version);
	s->machine = trimmed(u.machine);
	s->platform = trimmed("unknown");
	s->distro = file_value("/etc/os-release", "PRETTY_NAME", '=');
	s->shell = shell_identity();
	s->scratch_dir = trimmed("");
	s->scratch_fs = trimmed("");
	s->cpus_online = sysinfo_online_cpus();
	s->cpus_usable = sysinfo_usable_cpus();
	if (s->machine == NULL || cpu_facts(s) == -1)
		ok = 0;
	if (locale_facts(s) == -1 || build_facts(s, bindir) == -1)
		ok = 0;
	load_facts(s);
	s->uptime = uptime_line(s);
	if (!s->hostname || !s->os_name || !s->os_release || !s->os_version ||
	    !s->platform || !s->distro || !s->shell || !s->uptime ||
	    !s->scratch_dir || !s->scratch_fs)
		ok = 0;
	return ok ? 0 : -1;
}

void
sysinfo_flush_files(void)
{
	sync();
}

int
sysinfo_subreaper(void)
{
#if defined(SYSINFO_LINUX) && defined(PR_SET_CHILD_SUBREAPER)
	return prctl(PR_SET_CHILD_SUBREAPER, 1L, 0L, 0L, 0L) == 0 ? 0 : -1;
#else
	return -1;
#endif
}

int
sysinfo_children(pid_t *out, int max)
{
#ifdef SYSINFO_LINUX
	DIR *d = opendir("/proc");
	struct dirent *e;
	char path[64], stat[512], *paren;
	long ppid, pid;
	int n = 0;

	if (d == NULL)
		return 0;
	while (n < max && (e = readdir(d)) != NULL) {
		if (parse_long(e->d_name, 1, LONG_MAX, &pid) == -1)
			continue;
		snprintf(path, sizeof(path), "/proc/%.20s/stat", e->d_name);
		/* "pid (comm) state ppid ...": comm may hold anything. */
		if (sysinfo_read_small(path, stat, sizeof(stat)) == -1 ||
		    (paren = strrchr(stat, ')')) == NULL ||
		    sscanf(paren + 1, " %*c %ld", &ppid) != 1 ||
		    ppid != (long)getpid())
			continue;
		out[n++] = (pid_t)pid;
	}
	closedir(d);
	return n;
#else
	(void)out;
	(void)max;
	return 0;
#endif
}
