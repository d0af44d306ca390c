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
 * One value.  A string is NUL-terminated UTF-8 as the document wrote it
 * (escapes decoded; it may hold a NUL from \u0000, so len counts).  An
 * array has n items; an object has n keys and n items, in document order.
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
 * Parses text[0..len-1] as one JSON document (whitespace around it
 * allowed) into *out.  Returns 0, or -1 after writing why into err (size
 * errlen): bad syntax (with the byte offset), too deep, too many values,
 * a number out of range, or out of memory.  On -1 *out holds nothing.
 * Numbers are read in the C locale's format whatever the current locale.
 */
int json_parse(const char *text, size_t len, struct json_value *out, char *err,
    size_t errlen);

/*
 * Converts s[0..len-1], a decimal number with an optional sign, fraction
 * and exponent written with a '.' (as JSON and the text reports write
 * them), whatever the current locale.  Returns 0, or -1 when the text is
 * no such number, longer than 300 bytes, or not finite as a double.
 */
int json_decimal(const char *s, size_t len, double *out);

/* Frees what json_parse stored in *v (not v itself). */
void json_free(struct json_value *v);

/* The first member named key of an object, or NULL (also for non-objects). */
const struct json_value *json_get(
    const struct json_value *obj, const char *key);

#endif
