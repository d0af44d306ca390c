/*
 * writers_fixture.h - the writers' tests' report model: two runs of five
 * tests (one failed, one in no index, counters, an info pair), hostile
 * strings in the system's fields, the message and the warnings; a
 * writer's output in memory, and what the tests ask of that text
 * (writers_fixture.c).
 */
#ifndef WRITERS_FIXTURE_H
#define WRITERS_FIXTURE_H

#include <stddef.h>
#include <stdio.h>

#include "write/writers.h"

#define HOSTNAME "<script>alert(1)</script>"
#define CPU_MODEL                                                              \
	"Intel(R) \"Fake\" CPU @ 3.00GHz, rev\\2 | pipe\n"                     \
	"next line\ttab\x1b[31m"

/* Fills r (zeroed first) with the fixture's report. */
void make_report(struct report *r);

/*
 * The writer's output in *out, malloc'd and NUL-terminated, *len long;
 * returns the writer's return.
 */
int render(int (*write)(FILE *, const struct report *), const struct report *r,
    char **out, size_t *len);

/* Occurrences of needle in hay. */
int count(const char *hay, const char *needle);

/* 1 when a, b and c occur in hay in that order. */
int in_order(const char *hay, const char *a, const char *b, const char *c);

/* 1 when every byte is printable UTF-8, a newline or (if tabs) a tab. */
int clean_text(const char *s, int tabs);

#endif
