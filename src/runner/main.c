/*
 * main.c - the runner's entry: dispatch.  A first argument that names a
 * command of the table runs it with the arguments after the name;
 * anything else is the run command's (options and the tests to run).
 * The exit statuses are each command's (exec/command.h, compare.h).
 */
#include <string.h>

#include "compare/compare.h"
#include "exec/command.h"

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

	for (c = commands; c->name != NULL; c++)
		if (argc > 1 && strcmp(argv[1], c->name) == 0)
			return c->run(argc - 1, argv + 1);
	return c->run(argc, argv);
}
