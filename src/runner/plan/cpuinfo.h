/*
 * cpuinfo.h - the CPU's model, speed and flags for the report header
 * (cpuinfo.c): parsers of the system's texts, pure functions tested with
 * fixtures, and the system's own answers where there is no such text.
 */
#ifndef CPUINFO_H
#define CPUINFO_H

#include "model/report.h"

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
 * else s->machine), cpu_mhz (else the system's own answer: sysctl),
 * bogomips and cpu_flags (UnixBench's names of
 * x86 flags) from /proc/cpuinfo text cpuinfo ("" where there is none).
 * Returns 0, or -1 when out of memory.
 */
int sysinfo_cpu_facts(struct sysinfo *s, const char *cpuinfo);

/*
 * Where /proc/cpuinfo said no clock or flags (the BSDs): sets s's cpu_mhz
 * and cpu_flags from a BSD kernel's boot messages (bootmsg_cpu), leaving
 * what is known.  Returns 0, or -1 when out of memory.
 */
int sysinfo_boot_facts(struct sysinfo *s, const char *bootmsg);

/*
 * The value of sysctl name (macOS, FreeBSD), malloc'd: its text, or where
 * number is set the int it is, in decimal; NULL where the system has no
 * such sysctl (every other system), or memory runs out.
 */
char *sysinfo_sysctl(const char *name, int number);

#endif
