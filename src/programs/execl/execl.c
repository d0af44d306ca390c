/*
 * execl.c - the exec test: execs per second of a program that replaces
 * itself with a fresh copy of itself, again and again, in one process.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "bulk.h"
#include "parse.h"

/*
 * The chain's later chain_opts get two more options, never typed by hand:
 * -n the number of execs so far and -t the monotonic start time in whole
 * nanoseconds.  Whole numbers, as UnixBench's chain passes: parsing and
 * printing a fraction would touch more library code in every link.
 */
#define EXECL_USAGE "execl [-h] seconds"

/* Reads an unsigned decimal count; returns 0, or -1 on bad text. */
static int
execl_parse_count(const char *text, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (text[0] < '0' || text[0] > '9')
		return -1;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno != 0 || *end != '\0')
		return -1;
	*out = v;
	return 0;
}

/*
 * The path to exec this program again by, from argv[0]: argv[0] itself when
 * it names a path (the working directory never changes along the chain),
 * else the first executable of that name in PATH, as the shell found it.
 * Returns NULL with errno set when there is none.
 */
static char *
execl_self_path(char *argv0)
{
	const char *path = getenv("PATH"), *p, *colon;
	char *candidate;
	size_t dirlen, size;

	if (strchr(argv0, '/') != NULL)
		return argv0;
	for (p = path != NULL ? path : "/usr/bin:/bin"; ; p = colon + 1) {
		colon = strchr(p, ':');
		dirlen = colon != NULL ? (size_t)(colon - p) : strlen(p);
		/* An empty PATH entry means the current directory. */
		size = dirlen + strlen(argv0) + 3;
		if ((candidate = malloc(size)) == NULL)
			return NULL;
		if (dirlen == 0)
			snprintf(candidate, size, "./%s", argv0);
		else
			snprintf(candidate, size, "%.*s/%s", (int)dirlen, p,
			    argv0);
		if (access(candidate, X_OK) == 0)
			return candidate;
		free(candidate);
		if (colon == NULL)
			break;
	}
	errno = ENOENT;
	return NULL;
}

int
main(int argc, char **argv)
{
	char count_text[24], start_text[24];
	double seconds, start = 0.0, now;
	uint64_t execs = 0, start_ns = 0;
	char *self;
	int c, chain_opts = 0;

	while ((c = getopt(argc, argv, "hn:t:")) != -1) {
		switch (c) {
		case 'h':
			printf("usage: %s\n", EXECL_USAGE);
			return BENCH_OK;
		case 'n':
			if (execl_parse_count(optarg, &execs) == -1)
				return bench_usage(EXECL_USAGE);
			chain_opts |= 1;
			break;
		case 't':
			if (execl_parse_count(optarg, &start_ns) == -1)
				return bench_usage(EXECL_USAGE);
			start = (double)start_ns / 1e9;
			chain_opts |= 2;
			break;
		default:
			return bench_usage(EXECL_USAGE);
		}
	}
	if (optind != argc - 1 || (chain_opts != 0 && chain_opts != 3) ||
	    parse_double(argv[optind], 0.001, 1e7, &seconds) == -1)
		return bench_usage(EXECL_USAGE);

	if (chain_opts == 0) {
		/* The first link: find itself, wait for the pass to start. */
		if ((self = execl_self_path(argv[0])) == NULL)
			return bench_fail("cannot find this program (%s):",
			    argv[0]);
		if (bench_ready() == -1)
			return bench_fail("start barrier:");
		start_ns = (uint64_t)(bench_now() * 1e9);
		start = (double)start_ns / 1e9;
	} else {
		self = argv[0];
	}

	now = bench_now();
	if (now - start >= seconds) {
		if (bulk_check() != 0)
			return bench_fail("ballast code gave wrong answers");
		fprintf(stderr, "execl: %llu execs in %.3f s\n",
		    (unsigned long long)execs, now - start);
		bench_count(execs, 1, "lps");
		bench_time(now - start);
		return BENCH_OK;
	}
	snprintf(count_text, sizeof(count_text), "%llu",
	    (unsigned long long)execs + 1);
	snprintf(start_text, sizeof(start_text), "%llu",
	    (unsigned long long)start_ns);
	execl(self, self, "-n", count_text, "-t", start_text, argv[optind],
	    (char *)NULL);
	return bench_fail("exec %s after %llu execs:", self,
	    (unsigned long long)execs);
}
