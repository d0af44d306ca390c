/*
 * cpu.h - which CPUs this process may run on, pinning to one of them, and
 * where it runs now, for the calling thread.  Linux, FreeBSD and NetBSD
 * (no cpu_current there); elsewhere every function fails with ENOSYS and
 * callers run unpinned.
 */
#ifndef CPU_H
#define CPU_H

/* The most CPUs the callers list (Linux's CPU_SETSIZE). */
#define CPU_LIST_MAX 1024

/* The CPUs of this process's affinity mask, lowest first, into
 * cpus[0..max-1]; how many, or -1 with errno (ENOSYS: not supported). */
int cpu_usable_list(int *cpus, int max);

/* Restricts the calling process to CPU `cpu`.  Returns 0, or -1 with errno. */
int cpu_pin(int cpu);

/* The CPU the caller is running on now, or -1 with errno (ENOSYS). */
int cpu_current(void);

#endif
