/*
 * cpuinfo.h - the CPU's model, speed and flags for the report header:
 * parsers of /proc/cpuinfo and boot messages (pure, tested with fixtures),
 * and the system's own answers where there is no such text.
 */
#ifndef CPUINFO_H
#define CPUINFO_H

#include "model/report.h"

/*
 * The CPU model in /proc/cpuinfo text: "model name", ARM's core by
 * implementer and part, IBM Z's machine type, else the first of the other
 * architectures' keys.  malloc'd, "" when none, NULL when out of memory.
 */
char *sysinfo_cpu_model(const char *cpuinfo);

/*
 * Sets s's cpu_model, cpu_mhz (else the system's answers, else
 * s->machine), bogomips and cpu_flags (UnixBench's names of x86 flags)
 * from /proc/cpuinfo text ("" where there is none).  0, or -1 when out of
 * memory.
 */
int sysinfo_cpu_facts(struct sysinfo *s, const char *cpuinfo);

/*
 * Sets s's cpu_mhz and cpu_flags where unknown from a BSD kernel's boot
 * messages (bootmsg_cpu).  0, or -1 when out of memory.
 */
int sysinfo_boot_facts(struct sysinfo *s, const char *bootmsg);

/*
 * sysctl name's text (macOS, FreeBSD), or with number set its int in
 * decimal; malloc'd, NULL where there is none or memory runs out.
 */
char *sysinfo_sysctl(const char *name, int number);

#endif
