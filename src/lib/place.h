/*
 * place.h - where the two sides of a pair run for context1 and ctxlat
 * (--placement, USAGE): unpinned, same-cpu, cross-cpu.  Copy i's pair
 * goes to usable CPU i (same-cpu) or 2i and 2i+1 (cross-cpu), modulo the
 * usable CPUs, so copies spread out before they share.
 */
#ifndef PLACE_H
#define PLACE_H

struct place {
	const char *name;
	int ncpus; /* distinct CPUs the pair needs: 0 (unpinned), 1 or 2 */
};

/* The placement called `name`, or NULL. */
const struct place *place_find(const char *name);

/*
 * The CPUs of copy `copy` (>= 0): cpu[0] the measuring side's, cpu[1] its
 * partner's; -1 when unpinned.  0, or -1 with errno: ENOSYS without
 * affinity control, ERANGE with fewer usable CPUs than needed.
 */
int place_choose(const struct place *p, int copy, int cpu[2]);

#endif
