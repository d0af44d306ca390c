/*
 * json_writer.h - writes JSON onto a stream, pretty-printed: two spaces
 * per level and one member a line, but a flat container (a copy, a list
 * of numbers, a table row) and all inside it on one line.  Strings and
 * numbers go through escape_json and escape_json_number.
 */
#ifndef JSON_WRITER_H
#define JSON_WRITER_H

#include <stdio.h>

#define JW_MAXDEPTH 16 /* deeper containers are written at this depth */

struct json_writer {
	FILE *f;
	int depth;
	int any[JW_MAXDEPTH]; /* something written at this level */
	int flat[JW_MAXDEPTH];
};

/* Starts writing one document onto f: an object, its first member
 * "schema". */
void jw_start(struct json_writer *j, FILE *f, const char *schema);

/* Opens an object ('{') or array ('['), flat or not; jw_close ends it. */
void jw_open(struct json_writer *j, const char *key, int c, int flat);
void jw_close(struct json_writer *j, int c);

/* A member (key) or element (NULL key); NULL, NaN and inf are null. */
void jw_str(struct json_writer *j, const char *key, const char *s);
void jw_num(struct json_writer *j, const char *key, double v);
void jw_int(struct json_writer *j, const char *key, long v);
void jw_bool(struct json_writer *j, const char *key, int v);
void jw_null(struct json_writer *j, const char *key);

#endif
