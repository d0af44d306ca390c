/*
 * cpu.c - CPU affinity for placement control (context1) and for counting
 * the CPUs a run may use: the usable CPU list, pinning and the current
 * CPU, of the calling thread (Linux's sched_setaffinity, FreeBSD's
 * cpuset of the thread, NetBSD's LWP affinity).  The one file of the
 * library that needs GNU extensions, so _GNU_SOURCE is defined here only.
 */
#ifdef __linux__
#define _GNU_SOURCE
#include <sched.h>
typedef cpu_set_t cpu_mask;
#define MASK_GET(set) sched_getaffinity(0, sizeof(*(set)), set)
#define MASK_SET(set) sched_setaffinity(0, sizeof(*(set)), set)
#elif defined(__FreeBSD__)
#include <sys/param.h>
#include <sys/cpuset.h>
#include <sched.h>
/* The calling thread's cpuset (CPU_WHICH_TID, id -1), as Linux's mask. */
typedef cpuset_t cpu_mask;
#define MASK_GET(set)                                                          \
	cpuset_getaffinity(                                                    \
	    CPU_LEVEL_WHICH, CPU_WHICH_TID, -1, sizeof(*(set)), set)
#define MASK_SET(set)                                                          \
	cpuset_setaffinity(                                                    \
	    CPU_LEVEL_WHICH, CPU_WHICH_TID, -1, sizeof(*(set)), set)
#elif defined(__NetBSD__)
#include <sys/sched.h>
#include <lwp.h>
#include <sched.h>
#include <unistd.h>
#endif
#include <errno.h>

#include "cpu.h"

#if defined(__linux__) || defined(__FreeBSD__)

int
cpu_usable_list(int *cpus, int max)
{
	cpu_mask set;
	int cpu, n = 0;

	CPU_ZERO(&set);
	if (MASK_GET(&set) == -1)
		return -1;
	for (cpu = 0; cpu < CPU_SETSIZE && n < max; cpu++)
		if (CPU_ISSET(cpu, &set))
			cpus[n++] = cpu;
	return n;
}

int
cpu_pin(int cpu)
{
	cpu_mask set;

	if (cpu < 0 || cpu >= CPU_SETSIZE) {
		errno = EINVAL;
		return -1;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return MASK_SET(&set);
}

int
cpu_current(void)
{
	return sched_getcpu();
}

#elif defined(__NetBSD__)

/*
 * NetBSD: the calling LWP's affinity (_sched_getaffinity of this process
 * and _lwp_self), as Linux's thread mask.  An empty set means every CPU
 * (no affinity given): the CPUs online then.
 */
static int
cpu_limit(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : (int)n;
}

int
cpu_usable_list(int *cpus, int max)
{
	cpuset_t *set = cpuset_create();
	int cpu, n = 0, all = cpu_limit();

	if (set == NULL)
		return -1;
	if (_sched_getaffinity(getpid(), _lwp_self(), cpuset_size(set), set) ==
	    -1) {
		cpuset_destroy(set);
		return -1;
	}
	for (cpu = 0; cpu < all && n < max; cpu++)
		if (cpuset_isset((cpuid_t)cpu, set) > 0)
			cpus[n++] = cpu;
	for (cpu = 0; n == 0 && cpu < all && cpu < max; cpu++)
		cpus[cpu] = cpu;
	cpuset_destroy(set);
	return n > 0 ? n : (all < max ? all : max);
}

int
cpu_pin(int cpu)
{
	cpuset_t *set;
	int rc;

	if (cpu < 0 || cpu >= cpu_limit()) {
		errno = EINVAL;
		return -1;
	}
	if ((set = cpuset_create()) == NULL)
		return -1;
	cpuset_zero(set);
	rc = cpuset_set((cpuid_t)cpu, set);
	if (rc == 0)
		rc = _sched_setaffinity(
		    getpid(), _lwp_self(), cpuset_size(set), set);
	cpuset_destroy(set);
	return rc;
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

#endif

#if !defined(__linux__) && !defined(__FreeBSD__)
int
cpu_current(void)
{
	errno = ENOSYS;
	return -1;
}
#endif
