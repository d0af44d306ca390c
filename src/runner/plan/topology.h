/*
 * topology.h - the CPUs' topology (topology.c): kinds of core, SMT
 * siblings, clusters, sockets and NUMA nodes, CPUs online and offline,
 * read from Linux's /sys and /proc files, FreeBSD's or macOS's sysctl
 * values, by a pure function of their texts (tested with fixtures of
 * real machines).
 */
#ifndef TOPOLOGY_H
#define TOPOLOGY_H

#include "model/report.h"

/* The most CPUs topology_read looks at. */
#define TOPO_CPUS_MAX 8192

/*
 * Reads a system file by its absolute path ("/sys/devices/system/cpu/
 * online"), or a sysctl value by "sysctl NAME" (text) or "sysctl int
 * NAME" (a number, in decimal): its text, malloc'd, or NULL when there
 * is none.
 */
typedef char *(*topo_reader)(void *ctx, const char *path);

/*
 * Fills t from the files read gives (Linux), else from FreeBSD's sysctl
 * kern.sched.topology_spec (it tells no kinds apart: one where the CPUs
 * look alike, else unknown), else from macOS's hw.nperflevels and
 * hw.perflevelN values (a kind a level; no table of CPUs, for it numbers
 * none by level).  Linux: the present
 * and online CPU lists; each CPU's package, cluster, thread siblings,
 * cpu_capacity, cpufreq's cpuinfo_max_freq and /proc/cpuinfo model; the
 * NUMA nodes' CPU lists; Intel's hybrid PMU lists (cpu_core, cpu_atom).
 * CPUs are of one kind unless the hybrid lists, their models, their
 * capacities or their maximum clocks (by more than a tenth) tell them
 * apart.  model names the CPU where /proc/cpuinfo does not (FreeBSD's
 * one kind, macOS's where it has one level).  t->known stays 0 where the
 * system says none of these.  Returns 0, or -1 when out of memory.
 */
int topology_read(
    struct cpu_topology *t, const char *model, topo_reader read, void *ctx);

/* Fills t from this system's files (topology_read). 0 or -1. */
int topology_collect(struct cpu_topology *t, const char *model);

#endif
