/*
 * args.c - the command line common to every test program (see harness.h).
 * A file of its own so that execl, which parses it in every link of its
 * chain, links no more of the harness than that.
 */
#include <stdio.h>
#include <unistd.h>

#include "bench.h"
#include "harness.h"
#include "parse.h"

/*
 * "h" plus the program's letters, a leading '+' kept first.  Copied by
 * hand: execl parses its options once per exec, and that is timed.
 */
static int
optstring(const struct bench_prog *p, char *out, size_t size)
{
	const char *own = p->options != NULL ? p->options : "";
	size_t n = 0;

	if (*own == '+')
		out[n++] = *own++;
	out[n++] = 'h';
	while (*own != '\0' && n < size - 1)
		out[n++] = *own++;
	out[n] = '\0';
	return *own == '\0' ? 0 : -1;
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
bench_args(int argc, char **argv, const char *usage, double *seconds, int *done)
{
	const struct bench_prog prog = {.usage = usage, .seconds_operand = 1};
	int rc = bench_parse(&prog, NULL, argc, argv, seconds);

	*done = rc != BENCH_GO;
	return *done ? rc : BENCH_OK;
}
