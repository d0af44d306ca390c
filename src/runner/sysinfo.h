/*
 * sysinfo.h - what the report says about the machine and the build, and
 * the CPU and process limits the runner plans with.  sysinfo.c is the only
 * runner file with #ifdef: everything system-specific lives there.
 */
#ifndef SYSINFO_H
#define SYSINFO_H

#include "report.h"

/*
 * Fills s: uname fields, hostname, distro, CPU model/MHz/flags, CPUs online
 * and usable, compiler and flags from <bindir>/build.info, /bin/sh, uptime
 * and load, and the locale the shell tests run under (sysinfo_locale).
 * Unknown text fields are "" (never NULL).  Returns 0, or -1 when out of
 * memory.
 */
int sysinfo_collect(struct sysinfo *s, const char *bindir);

/*
 * CPUs this process may use: the affinity mask where the system has one,
 * reduced to the cgroup v2 cpu.max quota (rounded up), else the CPUs
 * online.  At least 1.
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
 * The name of a locale that exists here for the shell tests: UnixBench's
 * en_US.utf8 when installed, else C.UTF-8, else C.  Static storage.
 */
const char *sysinfo_locale(void);

/* Flushes dirty file data to disk (sync). */
void sysinfo_flush_files(void);

#endif
