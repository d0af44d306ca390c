/*
 * json_read.h - a small JSON reader (RFC 8259) for files from anywhere:
 * recursive descent with a depth limit and a limit on the number of values,
 * so no input can exhaust the stack or the memory.
 */
#ifndef JSON_READ_H
#define JSON_READ_H

#include <stddef.h>

#define JSON_MAX_DEPTH  64 /* nested arrays and objects */
#define JSON_MAX_VALUES 100000000 /* values in one document */

enum json_type {
	JSON_NULL,
	JSON_FALSE,
	JSON_TRUE,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT
};

/*
 * One value.  A string is NUL-terminated, escapes decoded (len counts: a
 * \u0000 is a NUL).  An array has n items, an object n keys and n items.
 */
struct json_value {
	enum json_type type;
	double number;
	char *string;
	size_t len;
	char **keys;
	struct json_value *items;
	size_t n;
};

/*
 * Parses text[0..len-1] as one JSON document into *out, numbers in any
 * locale.  0, or -1 with why in err (bad syntax at a byte offset, too
 * deep, too many values, a number out of range, no memory), *out empty.
 */
int json_parse(const char *text, size_t len, struct json_value *out, char *err,
    size_t errlen);

/* s[0..len-1], a decimal number written with a '.', in any locale; -1
 * when it is none, longer than 300 bytes, or not finite. */
int json_decimal(const char *s, size_t len, double *out);

/* Frees what json_parse stored in *v (not v itself). */
void json_free(struct json_value *v);

/* The first member named key of an object, or NULL (also for non-objects). */
const struct json_value *json_get(
    const struct json_value *obj, const char *key);

#endif
