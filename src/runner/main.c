/*
 * main.c - the runner's entry: dispatch.  A first argument that names a
 * command of the table runs it with the arguments after the name;
 * anything else is the run command's (options and the tests to run).
 * The exit statuses are each command's (exec/command.h, compare.h); a
 * stack size limit too small for any of them is refused first (exit 2).
 */
#include <stdio.h>
#include <string.h>

#include "compare/compare.h"
#include "exec/command.h"
#include "plan/limits.h"
#include "plan/room.h"

static const struct command {
	const char *name; /* argv[1]; NULL: the default, given argv */
	int (*run)(int argc, char **argv);
} commands[] = {
    {"compare", compare_main},
    {NULL, command_run},
};

int
main(int argc, char **argv)
{
	const struct command *c;
	char err[160];

	/* Here, before any command's frames: a small stack would crash them. */
	if (room_check_stack(limits_stack_kib(), err, sizeof(err)) == -1) {
		fprintf(stderr, "bytebench: %s\n", err);
		return 2;
	}

	for (c = commands; c->name != NULL; c++)
		if (argc > 1 && strcmp(argv[1], c->name) == 0)
			return c->run(argc - 1, argv + 1);
	return c->run(argc, argv);
}
