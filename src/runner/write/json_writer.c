/*
 * json_writer.c - the one JSON emitter (json_writer.h), of the report and
 * of compare.
 */
#include <stdio.h>

#include "write/escape.h"
#include "write/json_writer.h"

void
jw_start(struct json_writer *j, FILE *f, const char *schema)
{
	*j = (struct json_writer){.f = f};
	jw_open(j, NULL, '{', 0);
	jw_str(j, "schema", schema);
}

/* Starts a member or an element: the comma and break before it, the key. */
static void
jw_item(struct json_writer *j, const char *key)
{
	if (j->any[j->depth])
		fputs(j->flat[j->depth] ? ", " : ",", j->f);
	j->any[j->depth] = 1;
	if (j->depth > 0 && !j->flat[j->depth])
		fprintf(j->f, "\n%*s", 2 * j->depth, "");
	if (key != NULL) {
		escape_json(j->f, key);
		fputs(": ", j->f);
	}
}

void
jw_open(struct json_writer *j, const char *key, int c, int flat)
{
	jw_item(j, key);
	putc(c, j->f);
	flat = flat || j->flat[j->depth];
	if (j->depth < JW_MAXDEPTH - 1)
		j->depth++;
	j->any[j->depth] = 0;
	j->flat[j->depth] = flat;
}

void
jw_close(struct json_writer *j, int c)
{
	int any = j->any[j->depth], flat = j->flat[j->depth];

	if (j->depth > 0)
		j->depth--;
	if (any && !flat)
		fprintf(j->f, "\n%*s", 2 * j->depth, "");
	putc(c, j->f);
}

void
jw_str(struct json_writer *j, const char *key, const char *s)
{
	jw_item(j, key);
	escape_json(j->f, s);
}

void
jw_num(struct json_writer *j, const char *key, double v)
{
	jw_item(j, key);
	escape_json_number(j->f, v);
}

void
jw_int(struct json_writer *j, const char *key, long v)
{
	jw_item(j, key);
	fprintf(j->f, "%ld", v);
}

void
jw_bool(struct json_writer *j, const char *key, int v)
{
	jw_item(j, key);
	fputs(v ? "true" : "false", j->f);
}

void
jw_null(struct json_writer *j, const char *key)
{
	jw_item(j, key);
	fputs("null", j->f);
}
