/* optable.c - a command line parsed and -h printed from one table. */
#include <string.h>

#include "model/near.h"
#include "parse.h"
#include "plan/optable.h"
#include "write/textwrap.h"

enum { HELP_COLUMN = 22, HELP_WIDTH = 80 };

int
opt_bad(char *err, size_t errlen, const char *what, const char *arg)
{
	snprintf(err, errlen, "%s%s%s", what, arg != NULL ? ": " : "",
	    arg != NULL ? arg : "");
	return -1;
}

/*
 * The next name of a list (", " between) from *p: points *name at it and
 * returns its length, *p moved past it; 0 at the end of the list.
 */
static size_t
next_name(const char **p, const char **name)
{
	const char *end = strstr(*p, ", ");
	size_t len = end != NULL ? (size_t)(end - *p) : strlen(*p);

	*name = *p;
	*p += len + (end != NULL ? 2 : 0);
	return len;
}

/*
 * The row one of whose names is the len bytes of name; with hint set, the
 * first with a long name near that long option (model/near.h), that name
 * copied into hint (64 bytes).
 */
static const struct opt_def *
find(const struct opt_table *t, const char *name, size_t len, char *hint)
{
	const struct opt_def *d;
	const char *p, *n;
	char typed[64], each[64];
	size_t l;

	if (len >= sizeof(typed) ||
	    (hint != NULL && strncmp(name, "--", 2) != 0))
		return NULL;
	snprintf(typed, sizeof(typed), "%.*s", (int)len, name);
	for (d = t->defs; d < t->defs + t->ndefs; d++)
		for (p = d->names; (l = next_name(&p, &n)) != 0;) {
			snprintf(each, sizeof(each), "%.*s", (int)l, n);
			if (hint == NULL ? strcmp(each, typed) != 0
			                 : strncmp(each, "--", 2) != 0 ||
			                       !near_name(typed, each))
				continue;
			if (hint != NULL)
				memcpy(hint, each, sizeof(each));
			return d;
		}
	return NULL;
}

/* The unknown option's message, with the nearest long option if any. */
static int
unknown(const struct opt_table *t, const char *arg, char *err, size_t errlen)
{
	char hint[64], said[sizeof(hint) + sizeof(" (did you mean ?)")] = "";

	if (find(t, arg, strcspn(arg, "="), hint) != NULL)
		snprintf(said, sizeof(said), " (did you mean %s?)", hint);
	snprintf(err, errlen, "%s%s%s%s", t->unknown_prefix, arg, said,
	    t->unknown_suffix);
	return -1;
}

/*
 * Sets the option of row d (named by the len bytes of name) in ctx from
 * val, as its type says, or says the value is missing.
 */
static int
set(const struct opt_def *d, void *ctx, const char *name, size_t len,
    const char *val, char *err, size_t errlen)
{
	char *at = (char *)ctx + d->off, what[200];
	long n;

	if (d->arg != NULL && val == NULL) {
		if (d->missing != NULL)
			return opt_bad(err, errlen, d->missing, NULL);
		snprintf(what, sizeof(what), "%.*s", (int)len, name);
		return opt_bad(err, errlen, "missing value for", what);
	}
	switch (d->type) {
	case OPT_FLAG:
		*(int *)(void *)at = d->value;
		return 0;
	case OPT_INT:
		if (parse_long(val, (long)d->min, (long)d->max, &n) == -1)
			break;
		if (d->set != NULL)
			return d->set(ctx, val, err, errlen);
		*(int *)(void *)at = (int)n;
		return 0;
	case OPT_DOUBLE:
		if (parse_double(val, d->min, d->max, (double *)(void *)at) ==
		    -1)
			break;
		return 0;
	case OPT_LINE: /* one line of at most max printable bytes */
		for (n = 0; (unsigned char)val[n] >= 0x20 && val[n] != 0x7f;
		     n++)
			;
		if (val[n] != '\0' || n > d->max) {
			snprintf(what, sizeof(what),
			    "needs one line of printable text, at most %.15g "
			    "bytes",
			    d->max);
			return opt_bad(err, errlen, what, d->names);
		}
		*(const char **)(void *)at = val;
		return 0;
	default:
		return d->set(ctx, val, err, errlen);
	}
	snprintf(what, sizeof(what), "%s needs %s from %.15g to %.15g",
	    d->names, d->what, d->min, d->max);
	return opt_bad(err, errlen, what, val);
}

/* A long option; *i is advanced past a value taken from the next one. */
static int
long_option(const struct opt_table *t, void *ctx, int argc, char *const *argv,
    int *i, char *err, size_t errlen)
{
	const char *arg = argv[*i], *eq = strchr(arg, '=');
	size_t len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
	const struct opt_def *d = find(t, arg, len, NULL);
	const char *val = NULL;

	if (d == NULL || (d->arg == NULL && eq != NULL))
		return unknown(t, arg, err, errlen);
	if (d->arg != NULL)
		val = eq != NULL ? eq + 1 : *i + 1 < argc ? argv[++*i] : NULL;
	return set(d, ctx, arg, len, val, err, errlen);
}

/* A cluster of short options: -qb, -c4, -c 4. */
static int
short_options(const struct opt_table *t, void *ctx, int argc, char *const *argv,
    int *i, char *err, size_t errlen)
{
	const char *p = argv[*i] + 1, *val;
	const struct opt_def *d;
	char opt[3] = "-?";
	int rc;

	for (; *p != '\0'; p++) {
		opt[1] = *p;
		if ((d = find(t, opt, 2, NULL)) == NULL)
			return unknown(t, opt, err, errlen);
		if (d->arg != NULL) {
			val = p[1] != '\0'    ? p + 1
			      : *i + 1 < argc ? argv[++*i]
			                      : NULL;
			return set(d, ctx, opt, 2, val, err, errlen);
		}
		if ((rc = set(d, ctx, opt, 2, NULL, err, errlen)) != 0)
			return rc;
	}
	return 0;
}

int
opt_parse(const struct opt_table *t, void *ctx, int argc, char *const *argv,
    char **operands, int *noperands, char *err, size_t errlen)
{
	int i, rc = 0, dashdash = 0;

	*noperands = 0;
	for (i = 1; i < argc && rc == 0; i++) {
		const char *a = argv[i];

		if (dashdash || a[0] != '-' || a[1] == '\0')
			operands[(*noperands)++] = argv[i];
		else if (strcmp(a, "--") == 0)
			dashdash = 1;
		else if (a[1] == '-')
			rc = long_option(t, ctx, argc, argv, &i, err, errlen);
		else
			rc = short_options(t, ctx, argc, argv, &i, err, errlen);
	}
	return rc;
}

void
opt_print(FILE *f, const struct opt_table *t)
{
	const struct opt_def *d;
	int n;

	for (d = t->defs; d < t->defs + t->ndefs; d++) {
		n = fprintf(f, "  %s%s%s", d->names, d->arg != NULL ? " " : "",
		    d->arg != NULL ? d->arg : "");
		if (n > HELP_COLUMN - 2) {
			fputc('\n', f);
			n = 0;
		}
		fprintf(f, "%*s", HELP_COLUMN - n, "");
		text_wrap(f, d->help, HELP_COLUMN, HELP_COLUMN, HELP_WIDTH - 1);
	}
}
