/*
 * limits.h - what this process may use, for planning copies: CPUs, memory
 * and processes, from the affinity mask, cgroups (v2 and v1) and rlimits;
 * the CPUs online and the physical memory they start from; and the
 * parsers of the cgroup and mount files they come from, pure functions of
 * the text (tested with fixtures).
 */
#ifndef LIMITS_H
#define LIMITS_H

#include <stddef.h>

/*
 * CPUs this process may use: the affinity mask where the system has one
 * (else the CPUs online), reduced to the least cgroup CPU quota (v2
 * cpu.max or v1 cpu.cfs_quota_us / cpu.cfs_period_us, rounded up) of the
 * process's cgroup and its parents.  At least 1.
 */
int limits_usable_cpus(void);

/*
 * How many more processes this user may start, or -1 when there is no
 * known limit.  The runner refuses copies that would not fit.
 */
long limits_process_room(void);

/* Above this many file descriptors a run is not short of them. */
#define LIMITS_FDS_LOOKED 1024

/*
 * The file descriptor limit (RLIMIT_NOFILE's soft limit), with in *open
 * how many are open now below it and in *high how many of those are 10
 * or above; -1 (and 0s) when there is none or it is above
 * LIMITS_FDS_LOOKED.
 */
long limits_fds(int *open, int *high);

/* The stack size limit (RLIMIT_STACK's soft limit) in KiB; -1: none. */
long long limits_stack_kib(void);

/*
 * The memory this process may use in KiB: the machine's physical memory,
 * or the least memory limit of its cgroup and their parents (v2
 * memory.max or v1 memory.limit_in_bytes) when smaller; -1 when unknown.
 */
long long limits_memory_kib(void);

/*
 * CPUs a cgroup v2 cpu.max text allows ("150000 100000" -> 2, rounded up),
 * or 0 for no limit ("max 100000") or text that is not a quota.
 */
int limits_cpu_max_cpus(const char *text);

/* The same for the v1 cpu.cfs_quota_us and cpu.cfs_period_us texts. */
int limits_cfs_cpus(const char *quota, const char *period);

/*
 * v1 says "no limit" with a huge number of bytes (the largest multiple of
 * the page size); anything from here up is no limit.
 */
#define LIMITS_NO_MEMORY_LIMIT (1LL << 60)

/*
 * KiB a cgroup memory limit text allows (v2 memory.max or v1
 * memory.limit_in_bytes: bytes), or 0 for no limit ("max", a number from
 * LIMITS_NO_MEMORY_LIMIT up) or text that is not a limit.
 */
long long limits_memory_limit_kib(const char *text);

/*
 * This process's cgroup from /proc/self/cgroup text into out: the v2
 * line "0::PATH" (v2 set), else the v1 line whose controllers include
 * controller ("cpu", "memory").  Returns 0, or -1 when there is none or
 * it does not fit.
 */
int limits_cgroup_path(
    const char *text, int v2, const char *controller, char *out, size_t len);

/*
 * From /proc/self/mountinfo text: where the cgroup2 hierarchy (v2 set) or
 * the v1 hierarchy with the controller is mounted, into mnt, and the
 * cgroup shown there as its top, into root.  Returns 0 or -1.
 */
int limits_cgroup_mount(const char *mountinfo, int v2, const char *controller,
    char *root, size_t rlen, char *mnt, size_t mlen);

/* CPUs online in the system (at least 1). */
int limits_online_cpus(void);

/* The machine's physical memory in KiB, or -1 when unknown. */
long long limits_physical_kib(void);

/* CPUs in a Linux CPU list ("0-3,6" -> 5); 0 when it is not one. */
int limits_cpu_list_count(const char *text);

/*
 * The same, and sets set[i] to 1 for each CPU i < nset of the list (set
 * may be NULL).  A text that is not a list may have set some.
 */
int limits_cpu_list_set(const char *text, unsigned char *set, int nset);

/*
 * The file system type ("ext4", "tmpfs") of the mount that holds the
 * absolute, resolved path, from /proc/self/mountinfo text.  0 or -1.
 */
int limits_fs_type(
    const char *mountinfo, const char *path, char *out, size_t len);

#endif
