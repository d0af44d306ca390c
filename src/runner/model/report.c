/* report.c - outcome names, warnings and freeing of the report model. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/plain.h"
#include "model/report.h"

const char *
outcome_name(enum outcome o)
{
	static const char *const names[] = {
	    [OUTCOME_OK] = "ok",
	    [OUTCOME_FAILED] = "failed",
	    [OUTCOME_TIMEOUT] = "timed out",
	    [OUTCOME_SKIPPED] = "skipped",
	    [OUTCOME_NO_RESULT] = "no result",
	    [OUTCOME_INTERRUPTED] = "interrupted",
	    [OUTCOME_MISSING] = "missing",
	    [OUTCOME_NOT_RUN] = "not run",
	};

	if ((unsigned)o >= sizeof(names) / sizeof(names[0]))
		return "unknown";
	return names[o];
}

void
report_plain_sys(struct sysinfo *s)
{
	char **const texts[] = {&s->hostname, &s->os_name, &s->os_release,
	    &s->os_version, &s->machine, &s->platform, &s->distro, &s->locale,
	    &s->charmap, &s->collate, &s->cpu_model, &s->cpu_flags,
	    &s->compiler, &s->cflags, &s->build_kind, &s->scratch_dir,
	    &s->scratch_fs, &s->shell, &s->uptime, &s->mitigations_summary};
	size_t i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		if (*texts[i] != NULL)
			escape_plain(*texts[i], 0);
	if (s->mitigations != NULL)
		escape_plain(s->mitigations, 1);
	for (i = 0; i < (size_t)s->topo.nkinds; i++)
		escape_plain(s->topo.kinds[i].label, 0);
}

void
report_warn(struct report *r, const char *fmt, ...)
{
	char **grown;
	char *text;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || (text = malloc((size_t)n + 1)) == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(text, (size_t)n + 1, fmt, ap);
	va_end(ap);
	escape_plain(text, 0);
	grown =
	    realloc(r->warnings, sizeof(*grown) * (size_t)(r->nwarnings + 1));
	if (grown == NULL) {
		free(text);
		return;
	}
	r->warnings = grown;
	r->warnings[r->nwarnings++] = text;
}

static void
copy_free(struct copy_result *c)
{
	int i;

	free(c->command);
	free(c->output);
	free(c->errors);
	free(c->message);
	for (i = 0; i < c->ninfo; i++) {
		free(c->info[i].key);
		free(c->info[i].value);
	}
	free(c->info);
}

static void
test_free(struct test_result *t)
{
	int p, c;

	for (p = 0; p < t->npasses; p++) {
		for (c = 0; c < t->passes[p].ncopies; c++)
			copy_free(&t->passes[p].copies[c]);
		free(t->passes[p].copies);
	}
	free(t->passes);
	free(t->message);
}

static void
sysinfo_free(struct sysinfo *s)
{
	char **fields[] = {&s->hostname, &s->os_name, &s->os_release,
	    &s->os_version, &s->machine, &s->platform, &s->distro, &s->locale,
	    &s->charmap, &s->collate, &s->cpu_model, &s->cpu_flags,
	    &s->compiler, &s->cflags, &s->build_kind, &s->shell, &s->uptime,
	    &s->scratch_dir, &s->scratch_fs, &s->mitigations,
	    &s->mitigations_summary};
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		free(*fields[i]);
		*fields[i] = NULL;
	}
	free(s->topo.cpus);
	s->topo.cpus = NULL;
	s->topo.ncpus = 0;
}

/* Frees blocks[0..n-1] and what they hold. */
static void
blocks_free(struct block *blocks, int n)
{
	int b, i;

	for (b = 0; b < n; b++) {
		struct block *bl = &blocks[b];

		for (i = 0; i < bl->ntests; i++)
			test_free(&bl->tests[i]);
		free(bl->tests);
		for (i = 0; i < bl->nindexes; i++)
			free(bl->indexes[i].entries);
		free(bl->indexes);
	}
	free(blocks);
}

struct run *
report_add_run(struct report *r)
{
	struct run *runs =
	    realloc(r->runs, (size_t)(r->nruns + 1) * sizeof(*runs));

	if (runs == NULL)
		return NULL;
	r->runs = runs;
	memset(&runs[r->nruns], 0, sizeof(*runs));
	return &runs[r->nruns++];
}

const struct run *
report_last(const struct report *r)
{
	static const struct run none;

	return r->nruns > 0 ? &r->runs[r->nruns - 1] : &none;
}

void
report_free(struct report *r)
{
	int i;

	for (i = 0; i < r->nruns; i++)
		blocks_free(r->runs[i].blocks, r->runs[i].nblocks);
	free(r->runs);
	r->runs = NULL;
	r->nruns = 0;
	for (i = 0; i < r->nruns_rows; i++)
		free(r->runs_rows[i].scores);
	free(r->runs_rows);
	r->runs_rows = NULL;
	r->nruns_rows = 0;
	free(r->scaling.rows);
	r->scaling.rows = NULL;
	r->scaling.nrows = 0;
	for (i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	free(r->version);
	sysinfo_free(&r->sys);
	free(r->settings.copies);
	free(r->settings.pins);
	free(r->settings.tests);
	r->warnings = NULL;
	r->nwarnings = 0;
}
