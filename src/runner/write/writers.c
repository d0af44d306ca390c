/*
 * writers.c - the table of output formats: name, file suffix, writer.
 * A format is one row; every format has its writer, and a new format is
 * one more row (with its write_*() in writers.h).
 */
#include <string.h>

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

void
write_outcome(FILE *f, int (*esc)(FILE *, const char *), enum outcome o,
    const char *message)
{
	esc(f, outcome_name(o));
	if (message != NULL && *message != '\0') {
		fputs(": ", f);
		esc(f, message);
	}
}
