/* limits.c - what the runner may use, for planning copies (limits.h). */
#include <sys/types.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plan/limits.h"
#include "plan/sysread.h"
#include "cpu.h"
#include "file.h"

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

int
limits_cpu_list_set(const char *text, unsigned char *set, int nset)
{
	long long from, to, i, n = 0;

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
		for (i = from; set != NULL && i <= to && i < nset; i++)
			set[i] = 1;
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
limits_cpu_max_cpus(const char *text)
{
	long long quota, period = 100000;

	if (number_at(&text, &quota) == -1)
		return 0; /* "max": no limit */
	if (*text != '\0' && *text != '\n' && number_at(&text, &period) == -1)
		return 0;
	return quota_cpus(quota, period);
}

long long
limits_memory_limit_kib(const char *text)
{
	long long bytes;

	if (number_at(&text, &bytes) == -1 || bytes <= 0 ||
	    bytes >= LIMITS_NO_MEMORY_LIMIT)
		return 0;
	return bytes / 1024 > 0 ? bytes / 1024 : 1;
}

int
limits_cfs_cpus(const char *quota_text, const char *period_text)
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
		if ((i == 0 || p[i - 1] == ',') &&
		    strncmp(p + i, word, w) == 0 &&
		    (i + w == n || p[i + w] == ',' || p[i + w] == ' '))
			return 1;
	return 0;
}

int
limits_cgroup_path(
    const char *text, int v2, const char *controller, char *out, size_t len)
{
	const char *p, *end, *c1, *c2;

	for (p = text; *p != '\0'; p = *end != '\0' ? end + 1 : end) {
		end = p + strcspn(p, "\n");
		if ((c1 = memchr(p, ':', (size_t)(end - p))) == NULL ||
		    (c2 = memchr(c1 + 1, ':', (size_t)(end - c1 - 1))) == NULL)
			continue;
		if (v2 ? strncmp(p, "0::", 3) == 0
		       : has_item(c1 + 1, (size_t)(c2 - c1 - 1), controller))
			return copy_out(
			    out, len, c2 + 1, (size_t)(end - c2 - 1));
	}
	return -1;
}

/* The n-th (from 0) space-separated field in [p, end), and its length. */
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

/*
 * The " - " of a mountinfo line ("id parent dev root mountpoint opts
 * [tags] - type src opts") in [p, end), and its mount point; NULL: none.
 */
static const char *
mount_dash(const char *p, const char *end, const char **m, size_t *ml)
{
	const char *dash;

	for (dash = p; dash + 3 <= end && strncmp(dash, " - ", 3) != 0; dash++)
		;
	if (dash + 3 > end || (*m = field(p, dash, 4, ml)) == NULL)
		return NULL;
	return dash;
}

int
limits_cgroup_mount(const char *mountinfo, int v2, const char *controller,
    char *root, size_t rlen, char *mnt, size_t mlen)
{
	const char *p, *end, *dash, *type, *opts, *r, *m;
	size_t tlen, olen, rl, ml;

	for (p = mountinfo; *p != '\0'; p = *end != '\0' ? end + 1 : end) {
		end = p + strcspn(p, "\n");
		if ((dash = mount_dash(p, end, &m, &ml)) == NULL ||
		    (type = field(dash + 3, end, 0, &tlen)) == NULL ||
		    (r = field(p, dash, 3, &rl)) == NULL)
			continue;
		if (tlen != (v2 ? 7u : 6u) ||
		    strncmp(type, "cgroup2", tlen) != 0)
			continue; /* v2's "cgroup2", v1's "cgroup" */
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
limits_fs_type(const char *mountinfo, const char *path, char *out, size_t len)
{
	const char *p, *end, *dash, *m, *type, *best = NULL;
	size_t ml, tlen, best_ml = 0, best_tlen = 0;

	for (p = mountinfo; *p != '\0'; p = *end != '\0' ? end + 1 : end) {
		end = p + strcspn(p, "\n");
		if ((dash = mount_dash(p, end, &m, &ml)) == NULL ||
		    (type = field(dash + 3, end, 0, &tlen)) == NULL)
			continue;
		/* The longest mount point above path; a later one hides. */
		if (strncmp(path, m, ml) != 0 ||
		    (ml > 1 && path[ml] != '/' && path[ml] != '\0') ||
		    ml < best_ml)
			continue;
		best = type;
		best_ml = ml;
		best_tlen = tlen;
	}
	return best != NULL ? copy_out(out, len, best, best_tlen) : -1;
}

/* A limit read from the cgroup directory dir's files; 0: none. */
typedef long long (*cgroup_reader)(const char *dir, int v2);

/* CPUs of a cgroup's quota: v2's cpu.max, v1's cfs files. */
static long long
read_cpu_quota(const char *dir, int v2)
{
	char path[4096 + 32], text[128], period[128];

	if (v2) {
		snprintf(path, sizeof(path), "%s/cpu.max", dir);
		return file_read_small(path, text, sizeof(text)) == 0
		           ? limits_cpu_max_cpus(text)
		           : 0;
	}
	snprintf(path, sizeof(path), "%s/cpu.cfs_period_us", dir);
	if (file_read_small(path, period, sizeof(period)) == -1)
		return 0;
	snprintf(path, sizeof(path), "%s/cpu.cfs_quota_us", dir);
	return file_read_small(path, text, sizeof(text)) == 0
	           ? limits_cfs_cpus(text, period)
	           : 0;
}

/* KiB of a cgroup's memory limit: v2's memory.max, v1's limit_in_bytes. */
static long long
read_memory_limit(const char *dir, int v2)
{
	char path[4096 + 32], text[128];

	snprintf(path, sizeof(path), "%s/%s", dir,
	    v2 ? "memory.max" : "memory.limit_in_bytes");
	return file_read_small(path, text, sizeof(text)) == 0
	           ? limits_memory_limit_kib(text)
	           : 0;
}

/* The least limit of the cgroup at dir and its parents up to mnt. */
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

/* The least limit of this process's v2 and v1 cgroups of controller. */
static long long
cgroup_least(const char *controller, cgroup_reader value)
{
	char *groups = sysread_slurp("/proc/self/cgroup");
	char *mounts = groups ? sysread_slurp("/proc/self/mountinfo") : NULL;
	char cg[2048], root[2048], mnt[2048], dir[4096];
	const char *rest;
	long long n, least = 0;
	int v2;

	for (v2 = 1; mounts != NULL && v2 >= 0; v2--) {
		if (limits_cgroup_path(
		        groups, v2, controller, cg, sizeof(cg)) == -1 ||
		    limits_cgroup_mount(mounts, v2, controller, root,
		        sizeof(root), mnt, sizeof(mnt)) == -1)
			continue;
		/* The mount shows the hierarchy from root down. */
		rest = strcmp(root, "/") == 0 ? cg
		       : strncmp(cg, root, strlen(root)) == 0
		           ? cg + strlen(root)
		           : "";
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
limits_usable_cpus(void)
{
	static int cpus[CPU_LIST_MAX];
	int n = cpu_usable_list(cpus, CPU_LIST_MAX);
	long long quota = cgroup_least("cpu", read_cpu_quota);

	if (n < 1)
		n = limits_online_cpus(); /* at least 1 */
	return quota > 0 && quota < n ? (int)quota : n;
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
#endif

long
limits_process_room(void)
{
	long room = -1;
#ifdef RLIMIT_NPROC
	struct rlimit rl;
	long pid_max, n;
	char text[32];

	if (getrlimit(RLIMIT_NPROC, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
		n = processes(0);
		room = rl.rlim_cur > (rlim_t)n ? (long)(rl.rlim_cur - (rlim_t)n)
		                               : 0;
	}
	/* Linux: process ids are a limit of their own. */
	if (file_read_small("/proc/sys/kernel/pid_max", text, sizeof(text)) ==
	        0 &&
	    sscanf(text, "%ld", &pid_max) == 1 && pid_max > 0) {
		n = pid_max - processes(1);
		if (room == -1 || n < room)
			room = n > 0 ? n : 0;
	}
#endif
	return room;
}

long
limits_fds(int *open, int *high)
{
	struct rlimit rl;
	int fd;

	*open = *high = 0;
	if (getrlimit(RLIMIT_NOFILE, &rl) == -1 ||
	    rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > LIMITS_FDS_LOOKED)
		return -1;
	for (fd = 0; fd < (int)rl.rlim_cur; fd++)
		if (fcntl(fd, F_GETFD) != -1) {
			(*open)++;
			if (fd >= 10)
				(*high)++;
		}
	return (long)rl.rlim_cur;
}

long long
limits_stack_kib(void)
{
	struct rlimit rl;

	return getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
	           ? (long long)(rl.rlim_cur / 1024)
	           : -1;
}

long long
limits_memory_kib(void)
{
	long long kib = limits_physical_kib();
	long long limit = cgroup_least("memory", read_memory_limit);

	return limit > 0 && (kib < 0 || limit < kib) ? limit : kib;
}

/*
 * Linux lists the CPUs online in /sys ("0-3,6"): musl's sysconf counts
 * the affinity mask instead.  Elsewhere sysconf, else hw.ncpu.
 */
int
limits_online_cpus(void)
{
	long n = 0;
#ifdef SYSREAD_BSD
	int ncpu = 0, mib[2] = {CTL_HW, HW_NCPU};
	size_t len = sizeof(ncpu);

	if ((n = sysconf(_SC_NPROCESSORS_ONLN)) < 1 &&
	    sysctl(mib, 2, &ncpu, &len, NULL, 0) == 0)
		n = ncpu;
#else
	char text[4096];

	if (file_read_small(
	        "/sys/devices/system/cpu/online", text, sizeof(text)) == 0)
		n = limits_cpu_list_set(text, NULL, 0);
	if (n < 1)
		n = sysconf(_SC_NPROCESSORS_ONLN);
#endif
	return n < 1 ? 1 : (int)n;
}

long long
limits_physical_kib(void)
{
#ifdef _SC_PHYS_PAGES
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	if (pages > 0 && size > 0)
		return (long long)pages * (size / 1024);
#endif
	return -1;
}
