/*
 * sysinfo.h - what the report says about the machine and the build
 * (sysinfo.c, the CPU's part in cpuinfo.c), and the readers of the
 * system's small text files the runner's other system-specific files
 * share.  The limits the runner plans with are in limits.h.
 */
#ifndef SYSINFO_H
#define SYSINFO_H

#include <stddef.h>

#include "model/report.h"

/*
 * Fills s: uname fields, hostname, distro, CPU model/MHz/flags, CPUs online
 * and usable, compiler and flags from <bindir>/build.info, /bin/sh, uptime
 * and load, the locale the shell tests run under (sysinfo_locale), the
 * physical memory and the CPU vulnerability mitigations.  Unknown text
 * fields are "" (never NULL).  Returns 0, or -1 when out of
 * memory.
 */
int sysinfo_collect(struct sysinfo *s, const char *bindir);

/*
 * Records the scratch directory dir and its file system type ("" when
 * unknown) in s.  Returns 0, or -1 when out of memory.
 */
int sysinfo_scratch(struct sysinfo *s, const char *dir);

/* CPUs online in the system (at least 1). */
int sysinfo_online_cpus(void);

/* The machine's physical memory in KiB, or -1 when unknown. */
long long sysinfo_physical_kib(void);

/* The most of a system file sysinfo_slurp reads. */
#define SYSINFO_SLURP_MAX (4 << 20)

/*
 * The whole of a system file (its first SYSINFO_SLURP_MAX bytes) as a
 * malloc'd string (file_read_path), or NULL when it cannot be read or
 * memory runs out.
 */
char *sysinfo_slurp(const char *path);

/* A malloc'd copy of s with surrounding blanks and quotes removed. */
char *sysinfo_trimmed(const char *s);

/*
 * The value of the first line of text that starts with key followed by
 * sep (after optional blanks), trimmed and malloc'd; "" when none.
 */
char *sysinfo_text_value(const char *text, const char *key, char sep);

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
 * CPUs in a Linux CPU list ("0-3,6" -> 5); 0 when it is not one.  In
 * limits.c, beside the other parsers of numbers in the system's files.
 */
int sysinfo_cpu_list_count(const char *text);

/*
 * The file system type ("ext4", "tmpfs") of the mount that holds the
 * absolute, resolved path, from /proc/self/mountinfo text.  0 or -1.
 * In limits.c, beside the cgroup mount parser it shares a scanner with.
 */
int sysinfo_fs_type(
    const char *mountinfo, const char *path, char *out, size_t len);

/*
 * The kernel's CPU vulnerability files in dir (Linux:
 * /sys/devices/system/cpu/vulnerabilities) as "name: state\n" lines
 * sorted by name, malloc'd; "" when there is no such directory; NULL
 * when out of memory.  In mitigations.c.
 */
char *sysinfo_mitigations_read(const char *dir);

/*
 * Those lines counted by class, the names of all but the unaffected ones
 * given: "2 vulnerable: mds, srbds; 3 mitigated: meltdown, spectre_v1,
 * spectre_v2; 14 not affected" ("other" for a state of none of these
 * words).  malloc'd, "" for no lines, NULL when out of memory.
 */
char *sysinfo_mitigations_summary(const char *lines);

/* Flushes dirty file data to disk (sync). */
void sysinfo_flush_files(void);

#endif
