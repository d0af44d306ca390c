/*
 * topology.h - the CPUs' topology: kinds of core, SMT siblings, clusters,
 * sockets and NUMA nodes, CPUs online and offline.
 */
#ifndef TOPOLOGY_H
#define TOPOLOGY_H

#include "model/report.h"

/* The most CPUs topology_read looks at. */
#define TOPO_CPUS_MAX 8192

/*
 * A system file's text by its path, or a sysctl value's by "sysctl NAME"
 * ("sysctl int NAME": a number in decimal); malloc'd, NULL when none.
 */
typedef char *(*topo_reader)(void *ctx, const char *path);

/*
 * Fills t from Linux's /sys and /proc files, else FreeBSD's sysctl
 * kern.sched.topology_spec, else macOS's hw.perflevelN values, as read
 * gives them.  CPUs are of one kind unless Intel's hybrid PMU lists, their
 * models, capacities or maximum clocks (by more than a tenth) tell them
 * apart.  model names the CPU where /proc/cpuinfo does not.  t->known
 * stays 0 where the system says nothing.  0, or -1 when out of memory.
 */
int topology_read(
    struct cpu_topology *t, const char *model, topo_reader read, void *ctx);

/* topology_read of this system's files. */
int topology_collect(struct cpu_topology *t, const char *model);

#endif
