/*
 * writers.c - the table of output formats (a new format is one more row),
 * then what the writers share: the order of the tests, how an outcome
 * reads, the sentences every format says.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "write/escape.h"
#include "write/textwrap.h"
#include "write/writers.h"

const struct writer writers[] = {
    {"text", "", write_text},
    {"log", ".log", write_log},
    {"json", ".json", write_json},
    {"csv", ".csv", write_csv},
    {"html", ".html", write_html},
    {"md", ".md", write_md},
};
const size_t nwriters = sizeof(writers) / sizeof(writers[0]);

const struct writer *
writer_find(const char *name)
{
	size_t i;

	for (i = 0; i < nwriters; i++)
		if (strcmp(writers[i].name, name) == 0)
			return &writers[i];
	return NULL;
}

const struct index_result *
writer_index_of(const struct block *b, const struct index_def *d)
{
	int i;

	for (i = 0; i < b->nindexes; i++)
		if (b->indexes[i].def == d)
			return &b->indexes[i];
	return NULL;
}

const struct index_entry *
writer_entry_of(const struct index_result *x, const struct index_row *row)
{
	int k;

	for (k = 0; x != NULL && k < x->nentries; k++)
		if (x->entries[k].row == row)
			return &x->entries[k];
	return NULL;
}

void
writer_outcome_line(char *buf, size_t size, enum outcome o, const char *message)
{
	const char *name = outcome_name(o);
	size_t n = strlen(name);

	/* A message that says the outcome itself: "interrupted by signal 2". */
	if (message != NULL && strncmp(message, name, n) == 0 &&
	    (message[n] == ' ' || message[n] == '\0'))
		snprintf(buf, size, "%s", message);
	else if (message != NULL && *message != '\0')
		snprintf(buf, size, "%s: %s", name, message);
	else
		snprintf(buf, size, "%s", name);
}

void
write_outcome(FILE *f, int (*esc)(FILE *, const char *), enum outcome o,
    const char *message)
{
	char line[1024]; /* messages are under 600 bytes (exec/schedule.c) */

	writer_outcome_line(line, sizeof(line), o, message);
	esc(f, line);
}

/* Pointers to the n elements of base (size bytes each) sorted by cmp. */
static void *
sorted(const void *base, int n, size_t size,
    int (*cmp)(const void *, const void *))
{
	const char **v = malloc(sizeof(*v) * (size_t)(n > 0 ? n : 1));
	int i;

	if (v == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		v[i] = (const char *)base + (size_t)i * size;
	qsort(v, (size_t)n, sizeof(*v), cmp);
	return v;
}

static int
by_title(const void *a, const void *b)
{
	const struct test_result *x = *(const struct test_result *const *)a;
	const struct test_result *y = *(const struct test_result *const *)b;

	return strcmp(x->test->title, y->test->title);
}

const struct test_result **
writer_sorted_tests(const struct block *b)
{
	return sorted(b->tests, b->ntests, sizeof(b->tests[0]), by_title);
}

/* Entries by the titles of their tests (not the rows' own titles). */
static int
by_entry_title(const void *a, const void *b)
{
	const struct index_entry *x = *(const struct index_entry *const *)a;
	const struct index_entry *y = *(const struct index_entry *const *)b;

	return strcmp(x->row->test->title, y->row->test->title);
}

const struct index_entry **
writer_sorted_entries(const struct index_result *x)
{
	return sorted(
	    x->entries, x->nentries, sizeof(x->entries[0]), by_entry_title);
}

void
writer_took_turns(
    char *buf, size_t size, const struct report *r, const struct block *b)
{
	const struct run *run = report_last(r);
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; b->took_turns && i < run->nblocks && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%d-copy",
		    i == 0                  ? "The "
		    : i + 1 == run->nblocks ? " and "
		                            : ", ",
		    run->blocks[i].copies);
	if (n > 0 && n < size)
		snprintf(buf + n, size - n,
		    " passes took turns in this time, round by round.");
}

void
writer_settle(char *buf, size_t size, const struct report *r)
{
	const struct settle *st = &r->settle;
	static const char *const ends[] = {
	    [SETTLE_WAITING] = "; the wait was stopped",
	    [SETTLE_CALM] = "",
	    [SETTLE_BUSY] = ("; it fell no further: other work keeps the "
	                     "machine busy"),
	    [SETTLE_LIMIT] = ", the most it waits (UB_SETTLE)",
	};

	buf[0] = '\0';
	if (st->build_s > 0 && st->end == SETTLE_CALM)
		snprintf(buf, size,
		    "./Run built the suite in %.0f s, then waited %d s until "
		    "the load average fell from %.2f to %.2f.",
		    st->build_s, st->waited_s, st->load_from, st->load_to);
	else if (st->build_s > 0)
		snprintf(buf, size,
		    "./Run built the suite in %.0f s, then waited %d s for the "
		    "load average to fall (%.2f, then %.2f)%s.",
		    st->build_s, st->waited_s, st->load_from, st->load_to,
		    ends[st->end]);
}

const char writer_reading[] =
    "Higher is better. A test's index is its result / the baseline's "
    "result x 10: the baseline machine, a SPARCstation 20-61, scores 10 in "
    "every test. An index score is the geometric mean of its tests' "
    "indexes; the interval under it (95% confidence) comes from the spread "
    "of this run's passes: it covers the noise within the run, not what "
    "changes between runs (another boot, another day).";

/* A sentence of the scaling table: wrapped, or escaped between around. */
static void
scale_sentence(FILE *f, const struct scale_format *fmt,
    const char *const around[2], const char *text)
{
	if (fmt == NULL) {
		text_wrap(f, text, 0, 2, TEXT_COLUMNS);
		return;
	}
	fputs(around[0], f);
	fmt->esc(f, text);
	fputs(around[1], f);
}

void
writer_scaling(FILE *f, const struct scaling *s, const struct scale_format *fmt)
{
	const struct scale_row *row;
	char line[400], mark[24];
	int seen[SCALE_ABOVE_N + 1] = {0};

	if (s->nrows == 0)
		return;
	snprintf(line, sizeof(line),
	    "Scaling from 1 copy to %d: each result at %d copies / its "
	    "result at 1 copy (1.00: no gain; %d.00: %d times the work)",
	    s->to, s->to, s->to, s->to);
	scale_sentence(f, fmt, fmt ? fmt->head : NULL, line);
	for (row = s->rows; row < s->rows + s->nrows; row++) {
		if (row->test != NULL)
			snprintf(line, sizeof(line), "%s", row->test->title);
		else
			snprintf(
			    line, sizeof(line), "%s Index", row->index->label);
		mark[0] = '\0';
		if (row->flag != SCALE_OK)
			snprintf(mark, sizeof(mark),
			    row->flag == SCALE_ABOVE_N ? "above %d" : "below 1",
			    s->to);
		seen[row->flag] = 1;
		if (fmt == NULL) {
			fprintf(f, "%-40s %12.2f%s%s\n", line, row->ratio,
			    *mark ? "  " : "", mark);
			continue;
		}
		fputs(fmt->row[0], f);
		fmt->esc(f, line);
		fputs(fmt->row[1], f);
		escape_fixed(f, row->ratio, 2);
		fputs(fmt->row[2], f);
		fmt->esc(f, mark);
		fputs(fmt->row[3], f);
	}
	if (fmt != NULL)
		fputs(fmt->end, f);
	/* What each flag shown means, one sentence. */
	if (seen[SCALE_BELOW_ONE])
		scale_sentence(f, fmt, fmt ? fmt->note : NULL,
		    "below 1: the copies together got less done than one "
		    "alone: "
		    "they contend for something shared (the disk, the memory "
		    "bus, a lock), or other work took the CPUs.");
	if (seen[SCALE_ABOVE_N]) {
		snprintf(line, sizeof(line),
		    "above %d: each copy did more than one copy alone: "
		    "something slowed the 1-copy passes and not the %d-copy "
		    "ones, as a test's pair of processes sharing one CPU (the "
		    "Placement line says where they ran) or other work during "
		    "those passes (see the warnings).",
		    s->to, s->to);
		scale_sentence(f, fmt, fmt ? fmt->note : NULL, line);
	}
}
