/*
 * sysinfo.h - what the report says about the machine and the build
 * (sysinfo.c).  The CPU's part is read in cpuinfo.h, the mitigations in
 * mitigations.h, the limits the runner plans with in limits.h; the
 * readers of the system's text files they share are in sysread.h.
 */
#ifndef SYSINFO_H
#define SYSINFO_H

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

/* Reads the load averages of s again, and its uptime line; 0, or -1. */
int sysinfo_load_again(struct sysinfo *s);

/*
 * Records the scratch directory dir and its file system type ("" when
 * unknown) in s.  Returns 0, or -1 when out of memory.
 */
int sysinfo_scratch(struct sysinfo *s, const char *dir);

/*
 * The name of a locale that exists here for the shell tests: UnixBench's
 * en_US.utf8 when installed, else C (what UnixBench's tools get where its
 * LANG=en_US.utf8 names no locale).  Static storage.
 */
const char *sysinfo_locale(void);

/* Flushes dirty file data to disk (sync). */
void sysinfo_flush_files(void);

#endif
