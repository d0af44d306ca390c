/* place.c - the CPUs of a pair under a placement (place.h). */
#include <errno.h>
#include <string.h>

#include "cpu.h"
#include "place.h"

static const struct place places[] = {
    {"unpinned", 0},
    {"same-cpu", 1},
    {"cross-cpu", 2},
};

const struct place *
place_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(places) / sizeof(places[0]); i++)
		if (strcmp(places[i].name, name) == 0)
			return &places[i];
	return NULL;
}

int
place_choose(const struct place *p, int copy, int cpu[2])
{
	static int cpus[CPU_LIST_MAX];
	int n, first;

	cpu[0] = cpu[1] = -1;
	if (p->ncpus == 0)
		return 0;
	if ((n = cpu_usable_list(cpus, CPU_LIST_MAX)) == -1)
		return -1;
	if (n < p->ncpus || copy < 0) {
		errno = ERANGE;
		return -1;
	}
	/* copy * ncpus may not fit in an int; its remainder does. */
	first = (int)(((long long)copy * p->ncpus) % n);
	cpu[0] = cpus[first];
	cpu[1] = cpus[(first + p->ncpus - 1) % n];
	return 0;
}
