/*
 * optable.h - a command's options declared once, as a table: each row
 * names the option, its argument, its help and the function that sets
 * it.  The same table parses the command line and prints -h, and
 * tests/t-build-options-doc.sh checks USAGE and doc/bytebench.1 against -h.
 */
#ifndef OPTABLE_H
#define OPTABLE_H

#include <stddef.h>
#include <stdio.h>

struct opt_def {
	/*
	 * The names as -h shows them, ", " between: "-Q, --quick".  A name
	 * of one letter ("-q") is a short option, clustered (-qb) or with its
	 * value attached (-c4); "--name" a long one, its value after '=' or
	 * in the next argument.  Any other ("-qq") is only shown.
	 */
	const char *names;
	const char *arg; /* the value's name in -h; NULL: it takes none */
	const char *help; /* one paragraph; -h wraps it */
	/* The message when the value is missing; NULL: "missing value for" */
	const char *missing;
	/*
	 * Sets the option in ctx from val (NULL when it takes none): 0, 1 to
	 * stop parsing there (-h), or -1 after writing the problem into err.
	 */
	int (*set)(void *ctx, const char *val, char *err, size_t errlen);
};

struct opt_table {
	const struct opt_def *defs;
	size_t ndefs;
	/* The unknown option's message: PREFIX OPTION SUFFIX. */
	const char *unknown_prefix, *unknown_suffix;
};

/*
 * Parses argv[1..argc-1] with the table: the other arguments ("-" and all
 * after "--" too) go to operands[0..*noperands-1] in order (operands may
 * be argv itself).  Returns 0, 1 when a setter stopped it, or -1 after
 * writing one line (no newline) into err.
 */
int opt_parse(const struct opt_table *t, void *ctx, int argc, char *const *argv,
    char **operands, int *noperands, char *err, size_t errlen);

/* Prints each option of the table, its help wrapped to 80 columns. */
void opt_print(FILE *f, const struct opt_table *t);

/* Writes "WHAT: ARG" (or WHAT alone, ARG NULL) into err; returns -1. */
int opt_bad(char *err, size_t errlen, const char *what, const char *arg);

#endif
