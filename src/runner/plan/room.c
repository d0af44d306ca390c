/* room.c - the run's needs against the machine's room (room.h). */
#include <stdio.h>
#include <string.h>

#include "plan/room.h"
#include "parse.h"

long
room_scratch_kib(const struct test_def *t)
{
	size_t i;
	long kib;

	if (!(t->flags & TEST_SCRATCH))
		return 0;
	for (i = 0;
	     i + 1 < sizeof(t->args) / sizeof(t->args[0]) && t->args[i] != NULL;
	     i++)
		if (strcmp(t->args[i], "-m") == 0 && t->args[i + 1] != NULL &&
		    parse_long(t->args[i + 1], 0, 1L << 30, &kib) == 0)
			return 2 * kib;
	return 0;
}

int
room_check_copies(
    int copies, long room, long long memory_kib, char *err, size_t errlen)
{
	long long need = (long long)copies * ROOM_COPY_KIB;

	if (room >= 0 && copies >= room) {
		snprintf(err, errlen,
		    "%d copies do not fit the process limit "
		    "(room for %ld more processes)",
		    copies, room);
		return -1;
	}
	if (memory_kib >= 0 && need > memory_kib) {
		snprintf(err, errlen,
		    "%d copies need at least %lld MiB of "
		    "memory (%d KiB each); %lld MiB may be used here",
		    copies, need / 1024, ROOM_COPY_KIB, memory_kib / 1024);
		return -1;
	}
	return 0;
}

int
room_check_fds(long limit, int open, int high, int nformats, int shell,
    char *err, size_t errlen)
{
	long need = open + ROOM_RUNNER_FDS + nformats;

	if (shell && ROOM_SHELL_FDS + high > need)
		need = ROOM_SHELL_FDS + high;
	if (limit < 0 || need <= limit)
		return 0;
	snprintf(err, errlen,
	    "the file descriptor limit is %ld (ulimit -n); this run needs "
	    "%ld (%d open already%s)",
	    limit, need, open,
	    shell ? ", a shell script's at 10 and above" : "");
	return -1;
}

int
room_check_stack(long long kib, char *err, size_t errlen)
{
	if (kib < 0 || kib >= ROOM_STACK_KIB)
		return 0;
	snprintf(err, errlen,
	    "the stack size limit is %lld KiB (ulimit -s); bytebench needs "
	    "%d KiB",
	    kib, ROOM_STACK_KIB);
	return -1;
}

int
room_check_scratch(const struct test_def *const *tests, int ntests,
    const int *copies, int ncopies, const char *dir, long long free_kib,
    char *err, size_t errlen)
{
	const struct test_def *worst = NULL;
	long kib, most_kib = 0;
	int i, most_copies = 1;

	for (i = 0; i < ntests; i++) {
		kib = room_scratch_kib(tests[i]);
		if (kib > most_kib) {
			most_kib = kib;
			worst = tests[i];
		}
	}
	for (i = 0; i < ncopies; i++)
		if (copies[i] > most_copies)
			most_copies = copies[i];
	if (worst == NULL || (long long)most_kib * most_copies <= free_kib)
		return 0;
	snprintf(err, errlen,
	    "%s needs %ld KiB of scratch space per copy, "
	    "%lld KiB for %d cop%s, but %s has %lld KiB free (set UB_TMPDIR "
	    "to a roomier directory)",
	    worst->name, most_kib, (long long)most_kib * most_copies,
	    most_copies, most_copies == 1 ? "y" : "ies", dir, free_kib);
	return -1;
}
