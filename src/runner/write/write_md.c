/*
 * write_md.c - the index tables as GitHub-flavoured Markdown, one per copies
 * value, under a one-line system summary: for issue trackers and blogs.
 */
#include <stdio.h>
#include <stdlib.h>

#include "write/escape.h"
#include "write/writers.h"

/* The run's label and comment; what makes its scores not an index's. */
static void
md_notes(FILE *f, const struct report *r)
{
	if (r->settings.label != NULL) {
		fputs("Label: ", f);
		escape_md(f, r->settings.label);
		fputs("\n\n", f);
	}
	if (r->settings.comment != NULL) {
		fputs("Comment: ", f);
		escape_md(f, r->settings.comment);
		fputs("\n\n", f);
	}
	if (r->settings.duration_s > 0) {
		fputs("**--duration ", f);
		escape_fixed(f, r->settings.duration_s, 1);
		fputs(
		    " s:** every test ran that long a pass instead of its own "
		    "duration; the scores are not comparable with a real "
		    "index.\n\n",
		    f);
	}
}

static void
md_system(FILE *f, const struct report *r)
{
	const struct sysinfo *s = &r->sys;
	char line[600];

	fputs("**BYTE UNIX Benchmarks** (bytebench ", f);
	escape_md(f, r->version);
	fprintf(f, "; index method %d)%s%s\n\n", r->index_method,
	    r->settings.quick ? " — quick mode" : "",
	    r->interrupted ? " — **interrupted**, partial results" : "");
	md_notes(f, r);
	escape_md(f, writer_reading);
	fputs("\n\n", f);
	if (r->precision_end != NULL) {
		fputs("Precision: ", f);
		escape_md(f, r->precision_text);
		fputs("\n\n", f);
	}
	fputs("System: ", f);
	escape_md(f, s->hostname);
	fputs(": ", f);
	escape_md(f, s->os_name);
	putc(' ', f);
	escape_md(f, s->os_release);
	if (s->distro != NULL && *s->distro != '\0') {
		fputs(" (", f);
		escape_md(f, s->distro);
		putc(')', f);
	}
	fputs(", ", f);
	escape_md(f, s->machine);
	fputs("; CPU: ", f);
	escape_md(f, s->cpu_model);
	fprintf(f, " (%d CPUs, %d usable); compiler: ", s->cpus_online,
	    s->cpus_usable);
	escape_md(f, s->compiler);
	putc(' ', f);
	escape_md(f, s->cflags);
	fputs("\n", f);
	writer_settle(line, sizeof(line), r);
	if (line[0] != '\0') {
		fputs("\nSettle: ", f);
		escape_md(f, line);
		fputs("\n", f);
	}
}

static void
md_entry(FILE *f, const struct index_entry *e)
{
	const char *title = index_row_title(e->row);

	fputs("| ", f);
	escape_md(f, title);
	fputs(" | ", f);
	escape_fixed(f, e->row->baseline, 1);
	fputs(" | ", f);
	if (e->ok) {
		escape_fixed(f, e->result->score, 1);
		putc(' ', f);
		escape_md(f, e->result->unit);
		fputs(" | ", f);
		escape_fixed(f, e->index, 1);
	} else {
		if (e->result == NULL)
			write_outcome(f, escape_md, OUTCOME_NOT_RUN, NULL);
		else if (e->result->outcome != OUTCOME_OK)
			write_outcome(f, escape_md, e->result->outcome,
			    e->result->message);
		else
			escape_fixed(f, e->result->score, 1);
		fputs(" | ---", f);
	}
	fputs(" |\n", f);
}

static int
md_index(FILE *f, const struct index_result *x)
{
	const struct index_entry **entries = writer_sorted_entries(x);
	int i;

	if (entries == NULL)
		return -1;
	fputs("\n| ", f);
	escape_md(f, x->def->label);
	fputs(x->partial ? " Partial Index" : " Index Values", f);
	fputs(" | BASELINE | RESULT | INDEX |\n", f);
	fputs("|:---|---:|---:|---:|\n", f);
	for (i = 0; i < x->nentries; i++)
		md_entry(f, entries[i]);
	free(entries);
	fputs("| **", f);
	escape_md(f, x->def->label);
	fputs(x->partial ? " Index Score (Partial Only)" : " Index Score", f);
	fputs("** | | | **", f);
	if (x->nok > 0)
		escape_fixed(f, x->score, 1);
	else
		fputs("---", f);
	fputs("** |\n", f);
	if (x->nok > 0 && x->ci_low != 0 && x->ci_high != 0) {
		fputs("\n95% interval of the index score: ", f);
		escape_fixed(f, x->ci_low, 1);
		fputs(" to ", f);
		escape_fixed(f, x->ci_high, 1);
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
		fputs("| ", f);
		escape_md(f, t->test->title);
		fputs(" | ", f);
		if (t->outcome == OUTCOME_OK)
			escape_fixed(f, t->score, 1);
		else
			write_outcome(f, escape_md, t->outcome, t->message);
		fputs(" | ", f);
		escape_md(f, t->unit);
		fputs(" |\n", f);
	}
	free(tests);
	return 0;
}

/* How the machine scaled, as a table; the flagged ones explained. */
static void
scale_head(FILE *f, const char *text)
{
	fputs("\n### Scaling\n\n", f);
	escape_md(f, text);
	fputs("\n\n| Test | RATIO | |\n|:---|---:|:---|\n", f);
}

static void
scale_row(FILE *f, const char *name, double ratio, const char *mark)
{
	fputs("| ", f);
	escape_md(f, name);
	fputs(" | ", f);
	escape_fixed(f, ratio, 2);
	fputs(" | ", f);
	escape_md(f, mark);
	fputs(" |\n", f);
}

static void
scale_note(FILE *f, const char *text)
{
	fputs("\n", f);
	escape_md(f, text);
	fputs("\n", f);
}

static const struct scale_format md_scaling = {
    scale_head, scale_row, NULL, scale_note};

/* The warnings, one item each. */
static void
md_warnings(FILE *f, const struct report *r)
{
	int i;

	if (r->nwarnings > 0)
		fputs("\n### Warnings\n\n", f);
	for (i = 0; i < r->nwarnings; i++) {
		fputs("- ", f);
		escape_md(f, r->warnings[i]);
		fputs("\n", f);
	}
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
	if (fflush(f) == EOF || ferror(f))
		return -1;
	return 0;
}
