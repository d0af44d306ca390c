/*
 * harness.c - the command line common to every test program and the one
 * timed pass: barrier, timer, the workload's loop, result lines.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "harness.h"
#include "parse.h"

/* "h" plus the program's letters, a leading '+' kept first. */
static int
optstring(const struct bench_prog *p, char *out, size_t size)
{
	const char *own = p->options != NULL ? p->options : "";
	int plus = own[0] == '+';
	int n;

	n = snprintf(out, size, "%sh%s", plus ? "+" : "", own + plus);
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

int
bench_parse(const struct bench_prog *p, void *ctx, int argc, char **argv,
    double *seconds)
{
	char opts[64];
	int ch, n;

	if (optstring(p, opts, sizeof(opts)) == -1)
		return bench_usage(p->usage);
	while ((ch = getopt(argc, argv, opts)) != -1) {
		if (ch == 'h') {
			printf("usage: %s\n", p->usage);
			return BENCH_OK;
		}
		if (ch == '?' || p->option == NULL ||
		    p->option(ctx, ch, optarg) == -1)
			return bench_usage(p->usage);
	}
	argc -= optind;
	argv += optind;
	if (p->seconds_operand) {
		if (argc < 1 ||
		    parse_double(argv[0], 0.001, 1e7, seconds) == -1)
			return bench_usage(p->usage);
		argc--;
		argv++;
	}
	n = argc;
	if (n < p->min_operands ||
	    (p->max_operands >= 0 && n > p->max_operands))
		return bench_usage(p->usage);
	if (p->operands != NULL && p->operands(ctx, n, argv) == -1)
		return bench_usage(p->usage);
	return BENCH_GO;
}

int
bench_main(const struct bench_prog *p, void *ctx, int argc, char **argv)
{
	struct bench_loop loop = {0};
	int rc;

	if ((rc = bench_parse(p, ctx, argc, argv, &loop.seconds)) != BENCH_GO)
		return rc;
	if (p->setup != NULL && (rc = p->setup(ctx)) != BENCH_OK)
		return rc;
	if (bench_ready() == -1)
		return bench_fail("start barrier:");
	if (p->start != NULL && (rc = p->start(ctx)) != BENCH_OK)
		return rc;
	if (bench_arm(loop.seconds) == -1)
		rc = bench_fail("timer:");
	else {
		loop.start = bench_now();
		rc = p->run(ctx, &loop);
		loop.elapsed = bench_now() - loop.start;
	}
	if (p->finish != NULL)
		rc = p->finish(ctx, &loop, rc);
	if (rc != BENCH_OK)
		return rc;
	bench_count(loop.count, p->timebase, p->unit);
	bench_time(loop.elapsed);
	return BENCH_OK;
}
