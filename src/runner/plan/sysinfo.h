/*
 * sysinfo.h - what the report says about the machine and the build, and
 * the CPU and process limits the runner plans with.  sysinfo.c is the only
 * runner file with #ifdef: everything system-specific lives there.
 */
#ifndef SYSINFO_H
#define SYSINFO_H

#include <stddef.h>

#include "model/report.h"

/*
 * Fills s: uname fields, hostname, distro, CPU model/MHz/flags, CPUs online
 * and usable, compiler and flags from <bindir>/build.info, /bin/sh, uptime
 * and load, and the locale the shell tests run under (sysinfo_locale).
 * Unknown text fields are "" (never NULL).  Returns 0, or -1 when out of
 * memory.
 */
int sysinfo_collect(struct sysinfo *s, const char *bindir);

/*
 * Records the scratch directory dir and its file system type ("" when
 * unknown) in s.  Returns 0, or -1 when out of memory.
 */
int sysinfo_scratch(struct sysinfo *s, const char *dir);

/*
 * CPUs this process may use: the affinity mask where the system has one
 * (else the CPUs online), reduced to the least cgroup CPU quota (v2
 * cpu.max or v1 cpu.cfs_quota_us / cpu.cfs_period_us, rounded up) of the
 * process's cgroup and its parents.  At least 1.
 */
int sysinfo_usable_cpus(void);

/* CPUs online in the system (at least 1). */
int sysinfo_online_cpus(void);

/*
 * How many more processes this user may start, or -1 when there is no
 * known limit.  The runner refuses copies that would not fit.
 */
long sysinfo_process_room(void);

/*
 * The memory this process may use in KiB: the machine's physical memory,
 * or the least memory limit of its cgroup and their parents (v2
 * memory.max or v1 memory.limit_in_bytes) when smaller; -1 when unknown.
 */
long long sysinfo_memory_kib(void);

/*
 * Reads up to len - 1 bytes of a small file (a /proc or /sys one) into buf
 * as a string.  Returns 0, or -1 when it cannot be read.
 */
int sysinfo_read_small(const char *path, char *buf, size_t len);

/*
 * The name of a locale that exists here for the shell tests: UnixBench's
 * en_US.utf8 when installed, else C (what UnixBench's tools get where its
 * LANG=en_US.utf8 names no locale).  Static storage.
 */
const char *sysinfo_locale(void);

/*
 * Parsers of the system's files, pure functions of their text (tested
 * with fixtures).  sysinfo_cpu_model: the CPU model in /proc/cpuinfo text
 * ("model name"; on ARM the core named from "CPU implementer" and "CPU
 * part"; on IBM Z the generation from the machine type; else "Processor",
 * "cpu model", "uarch" (RISC-V), "cpu" (POWER) or the base of RISC-V's
 * "isa"), malloc'd, "" when none, NULL when out of memory.
 */
char *sysinfo_cpu_model(const char *cpuinfo);

/*
 * Sets s's cpu_model (sysinfo_cpu_model, else the system's own answer,
 * else s->machine), cpu_mhz, bogomips and cpu_flags (UnixBench's names of
 * x86 flags) from /proc/cpuinfo text cpuinfo ("" where there is none).
 * Returns 0, or -1 when out of memory.
 */
int sysinfo_cpu_facts(struct sysinfo *s, const char *cpuinfo);

/*
 * CPUs a cgroup v2 cpu.max text allows ("150000 100000" -> 2, rounded up),
 * or 0 for no limit ("max 100000") or text that is not a quota.
 */
int sysinfo_cpu_max_cpus(const char *text);

/* The same for the v1 cpu.cfs_quota_us and cpu.cfs_period_us texts. */
int sysinfo_cfs_cpus(const char *quota, const char *period);

/*
 * v1 says "no limit" with a huge number of bytes (the largest multiple of
 * the page size); anything from here up is no limit.
 */
#define SYSINFO_NO_MEMORY_LIMIT (1LL << 60)

/*
 * KiB a cgroup memory limit text allows (v2 memory.max or v1
 * memory.limit_in_bytes: bytes), or 0 for no limit ("max", a number from
 * SYSINFO_NO_MEMORY_LIMIT up) or text that is not a limit.
 */
long long sysinfo_memory_limit_kib(const char *text);

/* CPUs in a Linux CPU list ("0-3,6" -> 5); 0 when it is not one. */
int sysinfo_cpu_list_count(const char *text);

/*
 * This process's cgroup from /proc/self/cgroup text into out: the v2
 * line "0::PATH" (v2 set), else the v1 line whose controllers include
 * controller ("cpu", "memory").  Returns 0, or -1 when there is none or
 * it does not fit.
 */
int sysinfo_cgroup_path(const char *text, int v2, const char *controller,
    char *out, size_t len);

/*
 * From /proc/self/mountinfo text: where the cgroup2 hierarchy (v2 set) or
 * the v1 hierarchy with the controller is mounted, into mnt, and the
 * cgroup shown there as its top, into root.  Returns 0 or -1.
 */
int sysinfo_cgroup_mount(const char *mountinfo, int v2,
    const char *controller, char *root, size_t rlen, char *mnt,
    size_t mlen);

/*
 * The file system type ("ext4", "tmpfs") of the mount that holds the
 * absolute, resolved path, from /proc/self/mountinfo text.  0 or -1.
 */
int sysinfo_fs_type(const char *mountinfo, const char *path, char *out,
    size_t len);

/* Flushes dirty file data to disk (sync). */
void sysinfo_flush_files(void);

/*
 * Makes this process a child subreaper (Linux PR_SET_CHILD_SUBREAPER): an
 * orphan below it, even one in a session of its own, becomes its child
 * instead of init's.  0, or -1 where the system has none.
 */
int sysinfo_subreaper(void);

/*
 * The pids of this process's children (from /proc on Linux), at most
 * max of them into out.  Returns how many, 0 where it cannot tell.
 */
int sysinfo_children(pid_t *out, int max);

#endif
