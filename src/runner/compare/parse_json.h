/*
 * parse_json.h - reads a bytebench JSON report (doc/json-schema.md,
 * schema "bytebench-report/1") into the model of cmp_model.h.
 */
#ifndef PARSE_JSON_H
#define PARSE_JSON_H

#include <stddef.h>

#include "compare/cmp_model.h"

/*
 * Appends the report in text[0..len-1] to *out.  Returns 0, or -1 after
 * writing why into err (size errlen): not JSON, another schema, a field of
 * the wrong type, a limit of cmp_model.h exceeded, or out of memory.
 */
int parse_json(const char *text, size_t len, struct cmp_file *out, char *err,
    size_t errlen);

#endif
