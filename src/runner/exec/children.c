/*
 * children.c - the runner's children as the system shows them: becoming a
 * child subreaper (Linux) and listing the children from /proc, to find
 * and end what a pass left behind.
 */
#include <sys/types.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "exec/children.h"
#include "parse.h"
#include "file.h"

int
children_subreaper(void)
{
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
	return prctl(PR_SET_CHILD_SUBREAPER, 1L, 0L, 0L, 0L) == 0 ? 0 : -1;
#else
	return -1;
#endif
}

int
children_list(pid_t *out, int max)
{
#ifdef __linux__
	DIR *d = opendir("/proc");
	struct dirent *e;
	char path[64], stat[512], *paren;
	long ppid, pid;
	int n = 0;

	if (d == NULL)
		return 0;
	while (n < max && (e = readdir(d)) != NULL) {
		if (parse_long(e->d_name, 1, LONG_MAX, &pid) == -1)
			continue;
		snprintf(path, sizeof(path), "/proc/%.20s/stat", e->d_name);
		/* "pid (comm) state ppid ...": comm may hold anything. */
		if (file_read_small(path, stat, sizeof(stat)) == -1 ||
		    (paren = strrchr(stat, ')')) == NULL ||
		    sscanf(paren + 1, " %*c %ld", &ppid) != 1 ||
		    ppid != (long)getpid())
			continue;
		out[n++] = (pid_t)pid;
	}
	closedir(d);
	return n;
#else
	(void)out;
	(void)max;
	return 0;
#endif
}
