/*
 * optable.h - a command's options declared once, as a table of rows:
 * name, argument, help and type (where in the command's struct it goes,
 * a number's range), from which the parser reads it, words its error and
 * prints -h; an option with logic of its own has a function.
 */
#ifndef OPTABLE_H
#define OPTABLE_H

#include <stddef.h>
#include <stdio.h>

/* How an option's value is set. */
enum opt_type {
	OPT_CALL, /* by the row's set function */
	OPT_FLAG, /* the int at off becomes value (no argument) */
	OPT_INT, /* an int at off, a whole number from min to max (with a
	            set function: that number given to it instead) */
	OPT_DOUBLE, /* a double at off, a number from min to max */
	OPT_LINE /* a const char * at off: one printable line, at most max
	            bytes (it points into argv) */
};

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
	/* OPT_CALL, OPT_INT: sets it in ctx from val (NULL: none); 0 or -1. */
	int (*set)(void *ctx, const char *val, char *err, size_t errlen);
	enum opt_type type;
	size_t off; /* where the value goes in ctx (offsetof) */
	double min, max; /* OPT_INT, OPT_DOUBLE: the range; OPT_LINE: max */
	/* OPT_INT, OPT_DOUBLE: what the value is, for the error: "-i needs
	 * WHAT from MIN to MAX: VALUE" */
	const char *what;
	int value; /* OPT_FLAG: what it sets */
};

/* A row's type and where its value goes in struct st (run's options.c,
 * compare's cli.c): a flag set to v, a number from lo to hi (what it is
 * for the error: w), one line of at most hi bytes. */
#define OPT_FLAG_IN(st, field, v)                                              \
	.type = OPT_FLAG, .off = offsetof(st, field), .value = (v)
#define OPT_NUMBER_IN(st, t, field, lo, hi, w)                                 \
	.type = (t), .off = offsetof(st, field), .min = (lo), .max = (hi),     \
	.what = (w)
#define OPT_LINE_IN(st, field, hi)                                             \
	.type = OPT_LINE, .off = offsetof(st, field), .max = (hi)

struct opt_table {
	const struct opt_def *defs;
	size_t ndefs;
	/* The unknown option's message: PREFIX OPTION SUFFIX. */
	const char *unknown_prefix, *unknown_suffix;
};

/*
 * Parses argv[1..argc-1] with the table, the other arguments ("-", all
 * after "--") into operands in order.  0, or -1 with one line in err.
 */
int opt_parse(const struct opt_table *t, void *ctx, int argc, char *const *argv,
    char **operands, int *noperands, char *err, size_t errlen);

/* Prints each option of the table, its help wrapped to 80 columns. */
void opt_print(FILE *f, const struct opt_table *t);

/* Writes "WHAT: ARG" (or WHAT alone, ARG NULL) into err; returns -1. */
int opt_bad(char *err, size_t errlen, const char *what, const char *arg);

#endif
