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
#include "harness.h"

/*
 * Every link after the first gets two more options, never typed by hand:
 * -n the number of execs so far and -t the monotonic start time in whole
 * nanoseconds.  Whole numbers, as UnixBench's chain passes: parsing and
 * printing a fraction would touch more library code in every link.
 */
struct chain {
	uint64_t execs;
	uint64_t start_ns;
	int opts; /* 1: -n given, 2: -t given */
};

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
	for (p = path != NULL ? path : "/usr/bin:/bin";; p = colon + 1) {
		colon = strchr(p, ':');
		dirlen = colon != NULL ? (size_t)(colon - p) : strlen(p);
		/* An empty PATH entry means the current directory. */
		size = dirlen + strlen(argv0) + 3;
		if ((candidate = malloc(size)) == NULL)
			return NULL;
		if (dirlen == 0)
			snprintf(candidate, size, "./%s", argv0);
		else
			snprintf(
			    candidate, size, "%.*s/%s", (int)dirlen, p, argv0);
		if (access(candidate, X_OK) == 0)
			return candidate;
		free(candidate);
		if (colon == NULL)
			break;
	}
	errno = ENOENT;
	return NULL;
}

static int
chain_option(void *ctx, int ch, const char *arg)
{
	struct chain *c = ctx;

	c->opts |= ch == 'n' ? 1 : 2;
	return execl_parse_count(arg, ch == 'n' ? &c->execs : &c->start_ns);
}

/* The end of the chain: checks the ballast, prints the result. */
static int
chain_end(uint64_t execs, double elapsed)
{
	if (bulk_check() != 0)
		return bench_fail("ballast code gave wrong answers");
	fprintf(stderr, "execl: %llu execs in %.3f s\n",
	    (unsigned long long)execs, elapsed);
	bench_count(execs, 1, "lps");
	bench_time(elapsed);
	return BENCH_OK;
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
	    .usage = "execl [-h] seconds",
	    .options = "n:t:",
	    .seconds_operand = 1,
	    .option = chain_option,
	};
	struct chain c = {0, 0, 0};
	char count_text[24], start_text[24];
	double seconds, start, now;
	char *self;
	int rc;

	rc = bench_parse(&prog, &c, argc, argv, &seconds);
	if (rc != BENCH_GO)
		return rc;
	if (c.opts != 0 && c.opts != 3)
		return bench_usage(prog.usage);
	if (c.opts == 0) {
		/* The first link: find itself, wait for the pass to start. */
		if ((self = execl_self_path(argv[0])) == NULL)
			return bench_fail(
			    "cannot find this program (%s):", argv[0]);
		if (bench_ready() == -1)
			return bench_fail("start barrier:");
		c.start_ns = (uint64_t)(bench_now() * 1e9);
	} else {
		self = argv[0];
	}
	start = (double)c.start_ns / 1e9;
	now = bench_now();
	if (now - start >= seconds)
		return chain_end(c.execs, now - start);
	snprintf(count_text, sizeof(count_text), "%llu",
	    (unsigned long long)c.execs + 1);
	snprintf(start_text, sizeof(start_text), "%llu",
	    (unsigned long long)c.start_ns);
	execl(self, self, "-n", count_text, "-t", start_text, argv[optind],
	    (char *)NULL);
	return bench_fail(
	    "exec %s after %llu execs:", self, (unsigned long long)c.execs);
}
