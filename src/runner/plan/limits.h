/*
 * limits.h - what this process may use, for planning copies: CPUs, memory,
 * processes, file descriptors and the stack, from the affinity mask,
 * cgroups (v2 and v1) and rlimits; with the parsers of the cgroup and
 * mount files, pure functions of the text (tested with fixtures).
 */
#ifndef LIMITS_H
#define LIMITS_H

#include <stddef.h>

/*
 * The affinity mask's CPUs (else those online), cut to the least cgroup
 * CPU quota of this process's cgroup and its parents, rounded up; >= 1.
 */
int limits_usable_cpus(void);

/* How many more processes this user may start; -1: no known limit. */
long limits_process_room(void);

/* Above this many file descriptors a run is not short of them. */
#define LIMITS_FDS_LOOKED 1024

/*
 * RLIMIT_NOFILE's soft limit, with how many descriptors are open below it
 * (*open) and how many of those are 10 or above (*high); -1 (and 0s) when
 * none or above LIMITS_FDS_LOOKED.
 */
long limits_fds(int *open, int *high);

/* RLIMIT_STACK's soft limit in KiB; -1: none. */
long long limits_stack_kib(void);

/* The physical memory, or the least cgroup memory limit if less; KiB. */
long long limits_memory_kib(void);

/*
 * CPUs a cgroup v2 cpu.max text ("150000 100000" -> 2), or v1
 * cpu.cfs_quota_us and cpu.cfs_period_us texts, allow, rounded up; 0: no
 * limit ("max") or not a quota.
 */
int limits_cpu_max_cpus(const char *text);
int limits_cfs_cpus(const char *quota, const char *period);

/* v1's "no limit" is a huge number of bytes: anything from here up. */
#define LIMITS_NO_MEMORY_LIMIT (1LL << 60)

/*
 * KiB a v2 memory.max or v1 memory.limit_in_bytes text allows; 0: no limit
 * ("max", LIMITS_NO_MEMORY_LIMIT up) or not a limit.
 */
long long limits_memory_limit_kib(const char *text);

/*
 * This process's cgroup from /proc/self/cgroup text: the v2 line "0::PATH"
 * (v2 set), else the v1 line naming controller ("cpu", "memory").  0 or -1.
 */
int limits_cgroup_path(
    const char *text, int v2, const char *controller, char *out, size_t len);

/*
 * From /proc/self/mountinfo text: where the cgroup2 hierarchy (v2 set) or
 * the v1 one of controller is mounted (mnt), and the cgroup shown there as
 * its top (root).  0 or -1.
 */
int limits_cgroup_mount(const char *mountinfo, int v2, const char *controller,
    char *root, size_t rlen, char *mnt, size_t mlen);

/* CPUs online in the system (at least 1). */
int limits_online_cpus(void);

/* The machine's physical memory in KiB, or -1 when unknown. */
long long limits_physical_kib(void);

/*
 * CPUs in a Linux CPU list ("0-3,6" -> 5), 0 when it is not one; sets
 * set[i] for each CPU i < nset of it (set may be NULL; a bad list may
 * have set some).
 */
int limits_cpu_list_set(const char *text, unsigned char *set, int nset);

/*
 * The type ("ext4") of the mount holding the absolute, resolved path,
 * from /proc/self/mountinfo text.  0 or -1.
 */
int limits_fs_type(
    const char *mountinfo, const char *path, char *out, size_t len);

#endif
