/*
 * writers.h - one writer per output format.  Each formats a finished
 * report model onto f and computes nothing; returns 0, or -1 when a write
 * failed (errno set).
 */
#ifndef WRITERS_H
#define WRITERS_H

#include <stdio.h>

#include "model/report.h"

int write_text(FILE *f, const struct report *r);
int write_log(FILE *f, const struct report *r);
int write_json(FILE *f, const struct report *r);
int write_csv(FILE *f, const struct report *r);
int write_html(FILE *f, const struct report *r);
int write_md(FILE *f, const struct report *r);

/* The formats by name, with the file suffix each is saved under. */
struct writer {
	const char *name; /* "text", "log", "json", "csv", "html", "md" */
	const char *suffix; /* "", ".log", ".json", ... */
	int (*write)(FILE *f, const struct report *r);
};

extern const struct writer writers[];
extern const size_t nwriters;

const struct writer *writer_find(const char *name);

/* The score of index d in block b, or NULL when b has none. */
const struct index_result *writer_index_of(
    const struct block *b, const struct index_def *d);

/* The entry of index x for row, or NULL when x is NULL or has none. */
const struct index_entry *writer_entry_of(
    const struct index_result *x, const struct index_row *row);

/* b's tests and x's entries by test title (malloc'd; NULL: no memory). */
const struct test_result **writer_sorted_tests(const struct block *b);
const struct index_entry **writer_sorted_entries(const struct index_result *x);

/* "The 1-copy and 2-copy passes took turns ..." in buf, or "". */
void writer_took_turns(
    char *buf, size_t size, const struct report *r, const struct block *b);

/* What the numbers mean, in three sentences (every format says it). */
extern const char writer_reading[];

/*
 * The scaling table of s: a heading, a row per test and index (title,
 * ratio, flag), a sentence per flag shown; nothing without rows.  fmt
 * NULL: the text report's; else strings go through esc between its pieces.
 */
struct scale_format {
	int (*esc)(FILE *f, const char *s);
	const char *head[2], *row[4], *end, *note[2];
};
void writer_scaling(
    FILE *f, const struct scaling *s, const struct scale_format *fmt);

/* The wait after ./Run's build as a sentence in buf ("" without one). */
void writer_settle(char *buf, size_t size, const struct report *r);

/*
 * An outcome and its message, "failed: exited 1", through esc or in buf;
 * the message alone when it says the outcome ("interrupted by signal 2").
 */
void write_outcome(FILE *f, int (*esc)(FILE *, const char *), enum outcome o,
    const char *message);
void writer_outcome_line(
    char *buf, size_t size, enum outcome o, const char *message);

/* The catalog for -l; with --smoke, "name unit program args" a line. */
void listing_print(FILE *f);
void listing_print_smoke(FILE *f);

#endif
