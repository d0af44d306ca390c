/*
 * place.h - where the two processes (or threads) of a pair run: the one
 * meaning of a placement for context1 and ctxlat (the runner's
 * --placement, USAGE).  unpinned: anywhere; same-cpu: both on one CPU;
 * cross-cpu: on two different CPUs.  With several copies, copy i's pair goes to
 * the i-th usable CPU (same-cpu) or to usable CPUs 2i and 2i+1 (cross-cpu),
 * counting modulo the number of usable CPUs, so copies spread out before
 * they share.
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
 * Stores the CPUs of copy `copy` (0-based, any non-negative int): cpu[0]
 * for the measuring side (context1's parent), cpu[1] for its partner; -1
 * for both when unpinned.  Returns 0, or -1 with errno set: ENOSYS without
 * affinity control, ERANGE with fewer usable CPUs than the placement needs.
 */
int place_choose(const struct place *p, int copy, int cpu[2]);

#endif
