/*
 * cpu.c - CPU affinity for placement control (context1): the usable CPU
 * list, pinning and the current CPU.  The one file of the library that
 * needs GNU extensions, so _GNU_SOURCE is defined here only.
 */
#ifdef __linux__
#define _GNU_SOURCE
#include <sched.h>
#endif
#include <errno.h>

#include "cpu.h"

#ifdef __linux__

int
cpu_usable_list(int *cpus, int max)
{
	cpu_set_t set;
	int cpu, n = 0;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) == -1)
		return -1;
	for (cpu = 0; cpu < CPU_SETSIZE && n < max; cpu++)
		if (CPU_ISSET(cpu, &set))
			cpus[n++] = cpu;
	return n;
}

int
cpu_pin(int cpu)
{
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE) {
		errno = EINVAL;
		return -1;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

int
cpu_current(void)
{
	return sched_getcpu();
}

#else

int
cpu_usable_list(int *cpus, int max)
{
	(void)cpus;
	(void)max;
	errno = ENOSYS;
	return -1;
}

int
cpu_pin(int cpu)
{
	(void)cpu;
	errno = ENOSYS;
	return -1;
}

int
cpu_current(void)
{
	errno = ENOSYS;
	return -1;
}

#endif
