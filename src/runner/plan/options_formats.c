/*
 * options_formats.c - the values of -f and --json: which formats, and
 * which go to a named file (contract in options.h).
 */
#include <string.h>

#include "plan/optable.h"
#include "plan/options.h"
#include "write/writers.h"

/* A format written to a named file (or "-", stdout) besides the others. */
int
options_add_output(struct options *o, const char *format, const char *path,
    char *err, size_t errlen)
{
	int i;

	if (*path == '\0')
		return opt_bad(
		    err, errlen, "empty file name for format", format);
	for (i = 0; i < o->noutputs; i++)
		if (strcmp(o->outputs[i].path, path) == 0)
			return opt_bad(
			    err, errlen, "two formats to one file", path);
	if (o->noutputs == OPTIONS_MAX_FORMATS)
		return opt_bad(err, errlen, "too many named outputs", path);
	o->outputs[o->noutputs].format = writer_find(format)->name;
	o->outputs[o->noutputs++].path = path;
	return 0;
}

/*
 * Whether a FMT=PATH item's path goes on with ",FMT2=" for a known format:
 * "-f json=-,text=-" means two items, not a file named "-,text=-".
 */
static int
path_holds_item(const char *path)
{
	const char *c, *eq;
	char name[32];

	for (c = strchr(path, ','); c != NULL; c = strchr(c + 1, ',')) {
		eq = strchr(c + 1, '=');
		if (eq == NULL)
			return 0;
		if ((size_t)(eq - c - 1) >= sizeof(name))
			continue;
		memcpy(name, c + 1, (size_t)(eq - c - 1));
		name[eq - c - 1] = '\0';
		if (writer_find(name) != NULL)
			return 1;
	}
	return 0;
}

/* Adds format name (a known one) to the list of o, once; 0 or -1. */
static int
add_format(struct options *o, const char *name, const char *list, char *err,
    size_t errlen)
{
	int i;

	for (i = 0; i < o->nformats; i++)
		if (strcmp(o->formats[i], name) == 0)
			return 0;
	if (o->nformats == OPTIONS_MAX_FORMATS)
		return opt_bad(err, errlen, "too many formats", list);
	o->formats[o->nformats++] = writer_find(name)->name;
	return 0;
}

/* 0 when name is a format, else -1 with the message, which lists them. */
static int
known_format(const char *name, char *err, size_t errlen)
{
	size_t i, len;

	if (writer_find(name) != NULL)
		return 0;
	snprintf(err, errlen, "unknown format: %s (", name);
	for (i = 0; i < nwriters; i++) {
		len = strlen(err);
		snprintf(err + len, errlen - len, "%s%s", writers[i].name,
		    i + 1 < nwriters ? ", " : ")");
	}
	return -1;
}

/*
 * Splits a comma-separated list of formats and checks each name; an item
 * FMT=PATH sends that format to PATH as well as into the results (alone,
 * as --json PATH does: the default formats stay), and takes the rest of
 * the list, which must not hold another FMT=PATH item.
 */
int
options_add_formats(
    struct options *o, const char *list, char *err, size_t errlen)
{
	const char *p = list, *q, *eq;
	char name[32];
	int given = o->formats_given;

	o->formats_given = 1;
	if (*list == '\0')
		return opt_bad(err, errlen, "empty format list for -f", NULL);
	for (; *p != '\0'; p = *q == ',' ? q + 1 : q) {
		q = strchr(p, ',');
		if (q == NULL)
			q = p + strlen(p);
		eq = strchr(p, '=');
		if (eq != NULL && eq < q) {
			if ((size_t)(eq - p) >= sizeof(name))
				return opt_bad(err, errlen,
				    "bad format list for "
				    "-f",
				    list);
			memcpy(name, p, (size_t)(eq - p));
			name[eq - p] = '\0';
			if (known_format(name, err, errlen) == -1)
				return -1;
			if (path_holds_item(eq + 1))
				return opt_bad(err, errlen,
				    "fmt=PATH must be the last item of -f "
				    "(another -f for another file)",
				    list);
			o->formats_given = p != list || given;
			if (o->formats_given &&
			    add_format(o, name, list, err, errlen) == -1)
				return -1;
			return options_add_output(o, name, eq + 1, err, errlen);
		}
		if (q == p || (size_t)(q - p) >= sizeof(name))
			return opt_bad(
			    err, errlen, "bad format list for -f", list);
		memcpy(name, p, (size_t)(q - p));
		name[q - p] = '\0';
		if (known_format(name, err, errlen) == -1)
			return -1;
		if (add_format(o, name, list, err, errlen) == -1)
			return -1;
		if (*q == ',' && q[1] == '\0')
			return opt_bad(
			    err, errlen, "bad format list for -f", list);
	}
	return 0;
}
