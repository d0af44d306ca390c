/*
 * sysinfo.h - what the report says about the machine and the build (the
 * CPU's part in cpuinfo.h, the mitigations in mitigations.h).
 */
#ifndef SYSINFO_H
#define SYSINFO_H

#include "model/report.h"

/*
 * Fills s, the compiler and flags from <bindir>/build.info; unknown text
 * fields are "" (never NULL).  0, or -1 when out of memory.
 */
int sysinfo_collect(struct sysinfo *s, const char *bindir);

/* Reads the load averages of s again, and its uptime line; 0, or -1. */
int sysinfo_load_again(struct sysinfo *s);

/* Records the scratch directory and its file system type ("" unknown). */
int sysinfo_scratch(struct sysinfo *s, const char *dir);

/* The shell tests' locale: UnixBench's en_US.utf8 where installed, else C. */
const char *sysinfo_locale(void);

#endif
