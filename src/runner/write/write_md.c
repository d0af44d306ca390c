/*
 * write_md.c - the index tables as GitHub-flavoured Markdown, one per copies
 * value, under a one-line system summary: for issue trackers and blogs.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "score/interval.h"
#include "write/escape.h"
#include "write/writers.h"

static void
md_system(FILE *f, const struct report *r)
{
	const struct sysinfo *s = &r->sys;
	char line[600];

	md_printf(f, "**BYTE UNIX Benchmarks** (bytebench %s", r->version);
	fprintf(f, "; index method %d)%s%s\n\n", r->index_method,
	    r->settings.quick ? " — quick mode" : "",
	    r->interrupted ? " — **interrupted**, partial results" : "");
	if (r->settings.label != NULL)
		md_printf(f, "Label: %s\n\n", r->settings.label);
	if (r->settings.comment != NULL)
		md_printf(f, "Comment: %s\n\n", r->settings.comment);
	if (r->settings.duration_s > 0)
		md_printf(f,
		    "**--duration %.1f s:** every test ran that long a pass "
		    "instead of its own duration; the scores are not "
		    "comparable with a real index.\n\n",
		    r->settings.duration_s);
	md_printf(f, "%s\n\n", writer_reading);
	if (r->precision_end != NULL)
		md_printf(f, "Precision: %s\n\n", r->precision_text);
	md_printf(
	    f, "System: %s: %s %s", s->hostname, s->os_name, s->os_release);
	if (s->distro != NULL && *s->distro != '\0')
		md_printf(f, " (%s)", s->distro);
	md_printf(f, ", %s; CPU: %s (%d CPUs, %d usable); compiler: %s %s\n",
	    s->machine, s->cpu_model, s->cpus_online, s->cpus_usable,
	    s->compiler, s->cflags);
	writer_settle(line, sizeof(line), r);
	if (line[0] != '\0')
		md_printf(f, "\nSettle: %s\n", line);
}

static void
md_entry(FILE *f, const struct index_entry *e)
{
	md_printf(
	    f, "| %s | %.1f | ", index_row_title(e->row), e->row->baseline);
	if (e->ok)
		md_printf(f, "%.1f %s | %.1f", e->result->score,
		    e->result->unit, e->index);
	else if (e->result == NULL)
		write_outcome(f, escape_md, OUTCOME_NOT_RUN, NULL);
	else if (e->result->outcome != OUTCOME_OK)
		write_outcome(
		    f, escape_md, e->result->outcome, e->result->message);
	else
		md_printf(f, "%.1f", e->result->score);
	fputs(e->ok ? " |\n" : " | --- |\n", f);
}

static int
md_index(FILE *f, const struct index_result *x)
{
	const struct index_entry **entries = writer_sorted_entries(x);
	int i;

	if (entries == NULL)
		return -1;
	md_printf(f, "\n| %s %s | BASELINE | RESULT | INDEX |\n", x->def->label,
	    x->partial ? "Partial Index" : "Index Values");
	fputs("|:---|---:|---:|---:|\n", f);
	for (i = 0; i < x->nentries; i++)
		md_entry(f, entries[i]);
	free(entries);
	md_printf(f, "| **%s Index Score%s** | | | **%.1f** |\n", x->def->label,
	    x->partial ? " (Partial Only)" : "", x->nok > 0 ? x->score : NAN);
	if (interval_known(x)) {
		md_printf(f, "\n95%% interval of the index score: %.1f to %.1f",
		    x->ci_low, x->ci_high);
		fprintf(f, " (+/-%.0f%%)%s\n", 100 * x->ci_half,
		    x->ci_wide ? ": **too wide to tell two runs 5% apart** "
		                 "(see the warnings)"
		               : "");
	}
	return 0;
}

/* A run without an index still shows its results. */
static int
md_results(FILE *f, const struct block *b)
{
	const struct test_result **tests = writer_sorted_tests(b);
	const struct test_result *t;
	int i;

	if (tests == NULL)
		return -1;
	fputs("\n| Test | RESULT | UNIT |\n|:---|---:|:---|\n", f);
	for (i = 0; i < b->ntests; i++) {
		t = tests[i];
		md_printf(f, "| %s | ", t->test->title);
		if (t->outcome == OUTCOME_OK)
			md_printf(f, "%.1f", t->score);
		else
			write_outcome(f, escape_md, t->outcome, t->message);
		md_printf(f, " | %s |\n", t->unit);
	}
	free(tests);
	return 0;
}

/* How the machine scaled, as a table; the flagged ones explained. */
static const struct scale_format md_scaling = {escape_md,
    {"\n### Scaling\n\n", "\n\n| Test | RATIO | |\n|:---|---:|:---|\n"},
    {"| ", " | ", " | ", " |\n"}, "", {"\n", "\n"}};

/* The warnings, one item each. */
static void
md_warnings(FILE *f, const struct report *r)
{
	int i;

	if (r->nwarnings > 0)
		fputs("\n### Warnings\n\n", f);
	for (i = 0; i < r->nwarnings; i++)
		md_printf(f, "- %s\n", r->warnings[i]);
}

int
write_md(FILE *f, const struct report *r)
{
	const struct run *run = report_last(r);
	const struct block *b;
	char start[32], end[32], turns[200];
	int i, k;

	md_system(f, r);
	for (i = 0; i < run->nblocks; i++) {
		b = &run->blocks[i];
		fprintf(f, "\n### Benchmark Run: %d parallel %s (%s to %s)\n",
		    b->copies, b->copies == 1 ? "copy" : "copies",
		    escape_utc(start, sizeof(start), b->start),
		    escape_utc(end, sizeof(end), b->end));
		writer_took_turns(turns, sizeof(turns), r, b);
		if (turns[0] != '\0')
			fprintf(f, "\n%s\n", turns);
		for (k = 0; k < b->nindexes; k++)
			if (md_index(f, &b->indexes[k]) == -1)
				return -1;
		if (b->nindexes == 0 && md_results(f, b) == -1)
			return -1;
	}
	writer_scaling(f, &r->scaling, &md_scaling);
	md_warnings(f, r);
	return fflush(f) == EOF || ferror(f) ? -1 : 0;
}
