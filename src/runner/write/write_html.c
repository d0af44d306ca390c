/*
 * write_html.c - one self-contained HTML page: the index scores with their
 * intervals first, an inline SVG chart per index (html_chart.c), the
 * system table, the warnings folded, a table per copies value.  No script,
 * no network reference; every string from the system is escaped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "write/escape.h"
#include "write/html_chart.h"
#include "write/html_style.h"
#include "write/html_runs.h"
#include "write/writers.h"

/* The first index entry of block b that holds result t, or NULL. */
static const struct index_entry *
find_entry_of(const struct block *b, const struct test_result *t)
{
	int i, k;

	for (i = 0; i < b->nindexes; i++)
		for (k = 0; k < b->indexes[i].nentries; k++)
			if (b->indexes[i].entries[k].result == t)
				return &b->indexes[i].entries[k];
	return NULL;
}

/* Opens a row of the system table; the caller writes the value. */
static void
sys_row(FILE *f, const char *label)
{
	fprintf(f, "<tr><th>%s</th><td>", label);
}

/* The rows of the run's settings and times, closing the system table. */
static void
html_settings(FILE *f, const struct report *r)
{
	char start[32], end[32];

	sys_row(f, "Settings");
	fprintf(f, "%d long / %d short passes", r->settings.long_passes,
	    r->settings.short_passes);
	if (r->settings.duration_s > 0) {
		fputs(", every test ", f);
		escape_fixed(f, r->settings.duration_s, 1);
		fputs(" s", f);
	}
	if (r->settings.placement != NULL) {
		fputs(", placement ", f);
		escape_html(f, r->settings.placement);
	}
	fputs("</td></tr>\n", f);
	sys_row(f, "Run");
	fprintf(f, "%s to %s (UTC)</td></tr>\n</table></div>\n",
	    escape_utc(start, sizeof(start), r->start),
	    escape_utc(end, sizeof(end), r->end));
}

/* The memory and the CPU vulnerability mitigations, each state folded. */
static void
html_facts(FILE *f, const struct sysinfo *s)
{
	const char *line, *nl;
	char *item;

	sys_row(f, "Memory");
	if (s->memory_kib > 0) {
		escape_fixed(f, s->memory_kib / (1024.0 * 1024.0), 1);
		fprintf(f, " GiB, %lld KiB</td></tr>\n", s->memory_kib);
	} else {
		fputs("unknown</td></tr>\n", f);
	}
	sys_row(f, "Mitigations");
	if (s->mitigations == NULL || *s->mitigations == '\0' ||
	    s->mitigations_summary == NULL) {
		fputs("unknown</td></tr>\n", f);
		return;
	}
	fputs("<details><summary>", f);
	escape_html(f, s->mitigations_summary);
	fputs("</summary>\n<ul>\n", f);
	for (line = s->mitigations; (nl = strchr(line, '\n')) != NULL;
	     line = nl + 1) {
		if ((item = strndup(line, (size_t)(nl - line))) == NULL)
			continue;
		fputs("<li>", f);
		escape_html(f, item);
		fputs("</li>\n", f);
		free(item);
	}
	fputs("</ul></details></td></tr>\n", f);
}

static void
html_system(FILE *f, const struct report *r)
{
	const struct sysinfo *s = &r->sys;
	char line[400];

	fputs("<h2>Test System Information</h2>\n<div class=\"scroll\">"
	      "<table>\n",
	    f);
	sys_row(f, "System");
	escape_html(f, s->hostname);
	fputs("</td></tr>\n", f);
	sys_row(f, "OS");
	escape_html(f, s->os_name);
	fputs(" -- ", f);
	escape_html(f, s->os_release);
	fputs(" -- ", f);
	escape_html(f, s->os_version);
	fputs("</td></tr>\n", f);
	if (s->distro != NULL && *s->distro != '\0') {
		sys_row(f, "Distribution");
		escape_html(f, s->distro);
		fputs("</td></tr>\n", f);
	}
	sys_row(f, "Machine");
	escape_html(f, s->machine);
	fputs(" (", f);
	escape_html(f, s->platform);
	fputs(")</td></tr>\n", f);
	sys_row(f, "Language");
	escape_html(f, s->locale);
	fputs(" (charmap=", f);
	escape_html(f, s->charmap);
	fputs(", collate=", f);
	escape_html(f, s->collate);
	fputs(")</td></tr>\n", f);
	sys_row(f, "CPU");
	escape_html(f, s->cpu_model);
	if (s->cpu_mhz > 0) {
		fputs(" (", f);
		escape_fixed(f, s->cpu_mhz, 1);
		fputs(" MHz)", f);
	}
	if (s->cpu_flags != NULL && *s->cpu_flags != '\0') {
		fputs("<br>", f);
		escape_html(f, s->cpu_flags);
	}
	fputs("</td></tr>\n", f);
	html_facts(f, s);
	sys_row(f, "CPUs");
	fprintf(f, "%d in system, %d usable by this run</td></tr>\n",
	    s->cpus_online, s->cpus_usable);
	sys_row(f, "Compiler");
	escape_html(f, s->compiler);
	putc(' ', f);
	escape_html(f, s->cflags);
	fputs(" (build: ", f);
	escape_html(f, s->build_kind);
	fputs(")</td></tr>\n", f);
	sys_row(f, "Shell");
	escape_html(f, s->shell);
	fputs("</td></tr>\n", f);
	sys_row(f, "Uptime");
	escape_html(f, s->uptime);
	fputs("</td></tr>\n", f);
	sys_row(f, "Load average");
	escape_fixed(f, s->load1, 2);
	fputs(", ", f);
	escape_fixed(f, s->load5, 2);
	fputs(", ", f);
	escape_fixed(f, s->load15, 2);
	fputs(" (at start)</td></tr>\n", f);
	writer_settle(line, sizeof(line), r);
	if (line[0] != '\0') {
		sys_row(f, "Settle");
		escape_html(f, line);
		fputs("</td></tr>\n", f);
	}
	html_settings(f, r);
}

/* An index score's value, "---" when nothing counted. */
static void
html_score(FILE *f, const struct index_result *x)
{
	if (x->nok > 0)
		escape_fixed(f, x->score, 1);
	else
		fputs("---", f);
}

/* "System Benchmarks Index Score", and "(Partial Only)" as the text's. */
static void
html_score_name(FILE *f, const struct index_result *x)
{
	escape_html(f, x->def->label);
	fputs(x->partial ? " Index Score (Partial Only)" : " Index Score", f);
}

/* Folded: the count in the summary, the list when opened. */
static void
html_warnings(FILE *f, const struct report *r)
{
	int i;

	if (r->nwarnings == 0)
		return;
	fprintf(f, "<details open>\n<summary>%d warning%s</summary>\n<ul>\n",
	    r->nwarnings, r->nwarnings == 1 ? "" : "s");
	for (i = 0; i < r->nwarnings; i++) {
		fputs("<li>", f);
		escape_html(f, r->warnings[i]);
		fputs("</li>\n", f);
	}
	fputs("</ul>\n</details>\n", f);
}

/*
 * Under the title: the run's label and comment, and a banner for a run
 * whose scores are not those of a standard index (stopped, quick passes,
 * --duration).
 */
static void
html_notes(FILE *f, const struct report *r)
{
	if (r->settings.label != NULL) {
		fputs("<p><strong>Label:</strong> ", f);
		escape_html(f, r->settings.label);
		fputs("</p>\n", f);
	}
	if (r->settings.comment != NULL) {
		fputs("<p><strong>Comment:</strong> ", f);
		escape_html(f, r->settings.comment);
		fputs("</p>\n", f);
	}
	if (r->interrupted)
		fputs("<p class=\"warn\"><strong>Interrupted:</strong> the run "
		      "was stopped; these are partial results.</p>\n",
		    f);
	if (r->settings.quick)
		fputs("<p class=\"warn\"><strong>Quick mode:</strong> short "
		      "passes; see the interval of each index score.</p>\n",
		    f);
	if (r->settings.duration_s > 0) {
		fputs("<p class=\"warn\"><strong>--duration ", f);
		escape_fixed(f, r->settings.duration_s, 1);
		fputs(" s:</strong> every test ran that long a pass instead of "
		      "its own duration; the scores are not comparable with a "
		      "real index.</p>\n",
		    f);
	}
}

/* The headline: each index score with its 95% interval, first. */
static void
html_scores(FILE *f, const struct report *r)
{
	const struct run *run = report_last(r);
	const struct index_result *x;
	int b, i;

	if (run->nblocks == 0 || run->blocks[0].nindexes == 0)
		return;
	fputs("<h2>Index Scores</h2>\n<ul class=\"scores\">\n", f);
	for (b = 0; b < run->nblocks; b++) {
		for (i = 0; i < run->blocks[b].nindexes; i++) {
			x = &run->blocks[b].indexes[i];
			fputs("<li><strong>", f);
			html_score(f, x);
			fputs("</strong> ", f);
			html_score_name(f, x);
			fprintf(f, ", %d %s; ", run->blocks[b].copies,
			    run->blocks[b].copies == 1 ? "copy" : "copies");
			if (x->nok > 0 && x->ci_low != 0 && x->ci_high != 0) {
				fputs("95% interval ", f);
				escape_fixed(f, x->ci_low, 1);
				fputs(" &ndash; ", f);
				escape_fixed(f, x->ci_high, 1);
				fprintf(f, " (&plusmn;%.0f%%)%s",
				    100 * x->ci_half,
				    x->ci_wide ? ": <em>too wide to tell two "
				                 "runs 5% apart</em> (see the "
				                 "warnings)"
				               : "");
			} else {
				fputs("no 95% interval", f);
			}
			fputs("</li>\n", f);
		}
	}
	fputs("</ul>\n<p>", f);
	escape_html(f, writer_reading);
	fputs("</p>\n", f);
}

/* How the machine scaled: a row per test and index, flagged ones noted. */
static void
scale_head(FILE *f, const char *text)
{
	fputs("<h2>Scaling</h2>\n<p>", f);
	escape_html(f, text);
	fputs("</p>\n<div class=\"scroll\"><table>\n<thead><tr><th>Test</th>"
	      "<th>Ratio</th><th></th></tr></thead>\n<tbody>\n",
	    f);
}

static void
scale_row(FILE *f, const char *name, double ratio, const char *mark)
{
	fputs("<tr><td>", f);
	escape_html(f, name);
	fputs("</td><td class=\"n\">", f);
	escape_fixed(f, ratio, 2);
	fputs("</td><td class=\"n\"><strong>", f);
	escape_html(f, mark);
	fputs("</strong></td></tr>\n", f);
}

static void
scale_end(FILE *f)
{
	fputs("</tbody></table></div>\n", f);
}

static void
scale_note(FILE *f, const char *text)
{
	fputs("<p class=\"warn\">", f);
	escape_html(f, text);
	fputs("</p>\n", f);
}

static const struct scale_format html_scaling = {
    scale_head, scale_row, scale_end, scale_note};

static void
html_test_row(FILE *f, const struct block *b, const struct test_result *t)
{
	const struct index_entry *e = find_entry_of(b, t);

	fputs("<tr><td>", f);
	escape_html(f, t->test->title);
	fputs("</td>", f);
	if (t->outcome == OUTCOME_OK) {
		fputs("<td class=\"n\" data-k=\"Score\">", f);
		escape_fixed(f, t->score, 1);
		fputs("</td><td>", f);
		escape_html(f, t->unit);
		fputs("</td><td class=\"n\" data-k=\"Time\">", f);
		escape_fixed(f, t->time_s, 1);
		fprintf(f,
		    " s</td><td class=\"n\" data-k=\"Samples\">%d</td>"
		    "<td class=\"n\" data-k=\"CV\">",
		    t->samples);
		if (t->samples > 1) {
			fputs(t->spread.wide ? "<strong>" : "", f);
			escape_fixed(f, 100 * t->spread.cv, 1);
			fputs(t->spread.wide ? "%</strong></td>" : "%</td>", f);
		} else {
			fputs("-</td>", f); /* one sample has no spread */
		}
	} else {
		fputs("<td colspan=\"5\" class=\"fail\">", f);
		write_outcome(f, escape_html, t->outcome, t->message);
		fputs("</td>", f);
	}
	fputs("<td class=\"n\" data-k=\"Baseline\">", f);
	if (e != NULL)
		escape_fixed(f, e->row->baseline, 1);
	else
		fputs("---", f);
	fputs("</td><td class=\"n\" data-k=\"Index\">", f);
	if (e != NULL && e->ok)
		escape_fixed(f, e->index, 1);
	else
		fputs("---", f);
	fputs("</td></tr>\n", f);
}

static void
html_score_row(FILE *f, const struct index_result *x)
{
	fputs("<tr class=\"score\"><th colspan=\"7\">", f);
	html_score_name(f, x);
	fputs("</th><td class=\"n\">", f);
	html_score(f, x);
	fputs("</td></tr>\n", f);
	if (x->nok > 0 && x->ci_low != 0 && x->ci_high != 0) {
		fputs("<tr><td colspan=\"7\">95% interval of the index score"
		      "</td><td class=\"n\">",
		    f);
		escape_fixed(f, x->ci_low, 1);
		fputs(" &ndash; ", f);
		escape_fixed(f, x->ci_high, 1);
		fputs("</td></tr>\n", f);
	}
}

static int
html_block(FILE *f, const struct report *r, const struct block *b)
{
	const struct test_result **tests = writer_sorted_tests(b);
	char start[32], end[32], turns[200];
	int i;

	if (tests == NULL)
		return -1;
	fprintf(f,
	    "<h2>Benchmark Run: %d CPUs in system; running %d "
	    "parallel %s of tests</h2>\n",
	    r->sys.cpus_online, b->copies, b->copies == 1 ? "copy" : "copies");
	writer_took_turns(turns, sizeof(turns), r, b);
	fprintf(f, "<p>%s to %s (UTC)%s%s</p>\n",
	    escape_utc(start, sizeof(start), b->start),
	    escape_utc(end, sizeof(end), b->end), turns[0] != '\0' ? ". " : "",
	    turns);
	fputs("<div class=\"scroll\"><table class=\"run\">\n<thead><tr>"
	      "<th>Test</th><th>Score</th><th>Unit</th><th>Time</th>"
	      "<th>Samples</th><th>CV</th><th>Baseline</th><th>Index</th>"
	      "</tr></thead>\n<tbody>\n",
	    f);
	for (i = 0; i < b->ntests; i++)
		html_test_row(f, b, tests[i]);
	for (i = 0; i < b->nindexes; i++)
		html_score_row(f, &b->indexes[i]);
	fputs("</tbody>\n</table></div>\n", f);
	free(tests);
	return 0;
}

int
write_html(FILE *f, const struct report *r)
{
	const struct run *run = report_last(r);
	int i;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" "
	      "content=\"width=device-width, initial-scale=1\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" "
	      "content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
	      "<title>bytebench: ",
	    f);
	if (r->settings.label != NULL) {
		escape_html(f, r->settings.label);
		fputs(" (", f);
	}
	escape_html(f, r->sys.hostname);
	fprintf(f, "%s</title>\n<style>\n%s</style>\n</head>\n<body>\n",
	    r->settings.label != NULL ? ")" : "", html_style);
	fputs("<h1>BYTE UNIX Benchmarks (bytebench ", f);
	escape_html(f, r->version);
	fprintf(f, "; index method %d)</h1>\n", r->index_method);
	html_notes(f, r);
	if (r->precision_end != NULL) {
		fputs("<p><strong>Precision:</strong> ", f);
		escape_html(f, r->precision_text);
		fputs("</p>\n", f);
	}
	html_scores(f, r);
	for (i = 0; run->nblocks > 0 && i < run->blocks[0].nindexes; i++)
		if (html_chart(f, r, &run->blocks[0].indexes[i]) == -1)
			return -1;
	writer_scaling(f, &r->scaling, &html_scaling);
	html_runs(f, r);
	html_system(f, r);
	html_warnings(f, r);
	for (i = 0; i < run->nblocks; i++)
		if (html_block(f, r, &run->blocks[i]) == -1)
			return -1;
	fputs("</body>\n</html>\n", f);
	if (fflush(f) == EOF || ferror(f))
		return -1;
	return 0;
}
