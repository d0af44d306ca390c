/*
 * write_text.c - the text report (doc/report-contract.md) in UnixBench's
 * layout: a header, then a block per copies value, its lines by title.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model/quick.h"
#include "score/interval.h"
#include "write/textwrap.h"
#include "write/write_text.h"
#include "write/writers.h"

static void
cpu_speed(FILE *f, const struct sysinfo *s)
{
	if (s->bogomips > 0)
		fprintf(f, " (%.1f bogomips)", s->bogomips);
	else if (s->cpu_mhz > 0)
		fprintf(f, " (%.1f MHz)", s->cpu_mhz);
}

/* ", N name[s]" when n > 0. */
static void
count_of(FILE *f, int n, const char *name, int *first)
{
	if (n > 0)
		fprintf(f, "%s%d %s%s", *first ? "" : ", ", n, name,
		    n == 1 ? "" : "s");
	*first &= n <= 0;
}

/* "CPUs: 8 online, 2 kinds: 4 x ...", the flags, "Topology: 1 package,
 * ...": a few lines at any CPU count (the JSON has a row per CPU). */
static void
cpu_lines(FILE *f, const struct sysinfo *s, int brief)
{
	const struct cpu_topology *t = &s->topo;
	int i, first = 1;

	if (!t->known || t->nkinds == 0) {
		fprintf(f, "   CPUs: %d x %s", s->cpus_online, s->cpu_model);
		cpu_speed(f, s);
		fputs("; kinds of core unknown\n", f);
	} else {
		fprintf(f, "   CPUs: %d online", t->online);
		if (t->offline[0] != '\0')
			fprintf(
			    f, " of %d (%s offline)", t->present, t->offline);
		if (t->nkinds == 1) {
			fprintf(f, ", one kind: %s", t->kinds[0].label);
			cpu_speed(f, s);
		} else {
			fprintf(f, ", %d kinds%s%s:", t->nkinds,
			    t->same_part ? " of " : "",
			    t->same_part ? s->cpu_model : "");
			for (i = 0; i < t->nkinds; i++)
				fprintf(f, "%s %d x %s", i ? "," : "",
				    t->kinds[i].count, t->kinds[i].label);
		}
		fputc('\n', f);
	}
	if (brief)
		return;
	if (s->cpu_flags[0] != '\0')
		fprintf(f, "          %s\n", s->cpu_flags);
	if (!t->known)
		return;
	fputs("   Topology: ", f);
	count_of(f, t->packages, "package", &first);
	count_of(f, t->cores, "core", &first);
	if (t->clusters > 1 && t->clusters != t->cores &&
	    t->clusters != t->packages)
		count_of(f, t->clusters, "cluster", &first);
	if (t->threads > 0)
		fprintf(f, "%s%s", first ? "" : ", ",
		    t->threads == 1 ? "no SMT" : "SMT");
	if (t->threads > 1)
		fprintf(f, " (%d threads a core)", t->threads);
	first &= t->threads <= 0;
	count_of(f, t->nodes, "NUMA node", &first);
	fputs(first ? "unknown\n" : "\n", f);
}

/* "Kind of core: 1 of 2, ... (--per-core-type)" of a pinned block; for a
 * 1-copy one on a machine of kinds, "Passes ended on: 7 x P-core, ...". */
static void
pinned(FILE *f, const struct report *r, const struct block *b)
{
	const struct cpu_topology *t = &r->sys.topo;
	int k, n = 0;

	for (k = 0; !b->pinned && t->nkinds > 1 && k < t->nkinds; k++)
		if (b->kind_passes[k] > 0)
			fprintf(f, "%s%d x %s",
			    n++ ? ", " : "Passes ended on: ", b->kind_passes[k],
			    t->kinds[k].label);
	if (n > 0)
		fputc('\n', f);
	if (!b->pinned)
		return;
	if (b->kind >= 0 && t->nkinds == 1)
		fprintf(f, "Kind of core: the one here, %s",
		    t->kinds[b->kind].label);
	else if (b->kind >= 0 && b->kind < t->nkinds)
		fprintf(f, "Kind of core: %d of %d, %s", b->kind + 1, t->nkinds,
		    t->kinds[b->kind].label);
	else
		fputs("Kind of core: unknown", f);
	fputs(" (--per-core-type)\n", f);
}

/* "Placement: context1 same-cpu, ... (--placement)" of the first block's
 * tests: bytebench's own line after its own Compiler line. */
static void
placement(FILE *f, const struct report *r)
{
	const struct run *run = report_last(r);
	const struct test_result *t;
	int i, n = 0;

	for (i = 0; run->nblocks > 0 && i < run->blocks[0].ntests; i++) {
		t = &run->blocks[0].tests[i];
		if (t->placement != NULL)
			fprintf(f, "%s %s %s",
			    n++ > 0 ? "," : "   Placement:", t->test->name,
			    t->placement);
	}
	if (n > 0)
		fprintf(f, " (%s)\n",
		    r->settings.placement_given ? "--placement" : "default");
}

static void
header_lines(FILE *f, const struct report *r)
{
	const struct sysinfo *s = &r->sys;
	char line[600];

	fprintf(f,
	    "   BYTE UNIX Benchmarks (bytebench %s%s; index method %d)\n\n",
	    r->version, r->settings.quick ? " quick" : "", r->index_method);
	fprintf(f, "   Reading: %s\n", writer_reading);
	fprintf(f, "   System: %s: %s\n", s->hostname,
	    s->distro[0] != '\0' ? s->distro : s->os_name);
	if (r->settings.label != NULL)
		fprintf(f, "   Label: %s\n", r->settings.label);
	if (r->settings.comment != NULL)
		fprintf(f, "   Comment: %s\n", r->settings.comment);
	fprintf(f, "   OS: %s -- %s -- %s\n", s->os_name, s->os_release,
	    s->os_version);
	if (!r->settings.brief) {
		fprintf(f, "   Machine: %s (%s)\n", s->machine, s->platform);
		fprintf(f, "   Language: %s (charmap=\"%s\", collate=\"%s\")\n",
		    s->locale, s->charmap, s->collate);
	}
	cpu_lines(f, s, r->settings.brief);
	/*
	 * Neither the memory nor the mitigations line has a number, a word
	 * and "(" in a row, or compare would read it as a test line.
	 */
	if (!r->settings.brief && s->memory_kib > 0)
		fprintf(f, "   Memory: %.1f GiB, %lld KiB\n",
		    s->memory_kib / (1024.0 * 1024.0), s->memory_kib);
	else if (!r->settings.brief)
		fputs("   Memory: unknown\n", f);
	if (!r->settings.brief)
		fprintf(f, "   Mitigations: %s\n",
		    s->mitigations_summary != NULL &&
		            *s->mitigations_summary != '\0'
		        ? s->mitigations_summary
		        : "unknown");
	fprintf(f, "   Compiler: %s%s%s%s%s%s\n",
	    s->compiler[0] != '\0' ? s->compiler : "unknown",
	    s->cflags[0] != '\0' ? " " : "", s->cflags,
	    s->build_kind[0] != '\0' ? " (" : "", s->build_kind,
	    s->build_kind[0] != '\0' ? " build)" : "");
	placement(f, r);
	if (!r->settings.brief && s->scratch_dir[0] != '\0')
		fprintf(f, "   Scratch files: %s (%s)\n", s->scratch_dir,
		    s->scratch_fs[0] != '\0' ? s->scratch_fs
		                             : "file system unknown");
	if (r->settings.quick && r->settings.precision_pct > 0)
		fprintf(f,
		    "   Quick passes of " QUICK_SECONDS_TEXT
		    ": %d rounds, then "
		    "one pass at a time to the noisiest tests\n",
		    r->settings.long_passes);
	else if (r->settings.quick)
		fprintf(f,
		    "   Quick mode: %d passes of " QUICK_SECONDS_TEXT " per "
		    "test, in rounds; see each index's interval\n",
		    r->settings.long_passes);
	if (r->precision_end != NULL)
		fprintf(f, "   Precision: %s\n", r->precision_text);
	writer_settle(line, sizeof(line), r);
	if (line[0] != '\0')
		fprintf(f, "   Settle: %s\n", line);
	if (!r->settings.brief)
		fprintf(f, "   %s\n", s->uptime);
	fputc('\n', f);
}

/* The header as UnixBench's, a line over 80 columns wrapped. */
static int
header(FILE *out, const struct report *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		return -1;
	header_lines(f, r);
	if (fclose(f) != 0) {
		free(buf);
		return -1;
	}
	text_wrap_lines(out, buf, len, TEXT_GO_ON, TEXT_COLUMNS);
	free(buf);
	return 0;
}

static void
test_line(FILE *f, const struct test_result *t)
{
	char why[600];
	size_t used;

	if (t->outcome == OUTCOME_OK)
		fprintf(f, "%-40s %12.1f %-5s (%.1f s, %d samples)\n",
		    t->test->title, t->score, t->unit, t->time_s, t->samples);
	else {
		/*
		 * What went wrong, wrapped to the report's width; the "("
		 * stays on the test's line (compare reads it there) when
		 * the first word does not fit.
		 */
		used = (size_t)fprintf(f, "%-40s %12s %-5s (", t->test->title,
		    outcome_name(t->outcome), t->unit);
		if (used + text_width(t->message, strcspn(t->message, " ")) >
		    TEXT_COLUMNS) {
			fprintf(f, "\n%*s", TEXT_GO_ON, "");
			used = TEXT_GO_ON;
		}
		snprintf(why, sizeof(why), "%s)", t->message);
		text_wrap(f, why, used, TEXT_GO_ON, TEXT_COLUMNS);
	}
}

/* The closing warning naming the tests without a result, if any. */
static void
failed_warning(FILE *f, const struct report *r)
{
	const struct run *run = report_last(r);
	char names[2048], line[2100];
	size_t n = 0;
	int b, i, k = 0;

	names[0] = '\0';
	for (b = 0; b < run->nblocks; b++)
		for (i = 0; i < run->blocks[b].ntests; i++) {
			const struct test_result *t = &run->blocks[b].tests[i];

			if (t->outcome == OUTCOME_OK || n >= sizeof(names))
				continue;
			n += (size_t)snprintf(names + n, sizeof(names) - n,
			    "%s%s (%d cop%s)", k++ ? ", " : "", t->test->title,
			    run->blocks[b].copies,
			    run->blocks[b].copies == 1 ? "y" : "ies");
		}
	if (k == 0)
		return;
	snprintf(line, sizeof(line), "%d test%s without a result: %s", k,
	    k == 1 ? "" : "s", names);
	fputs("Warning: ", f);
	text_wrap(f, line, 9, 9, TEXT_COLUMNS);
}

/* 1 when t is one of the NULL-terminated list's (which may be NULL). */
static int
in_list(const struct test_def *const *list, const struct test_def *t)
{
	while (list != NULL && *list != NULL)
		if (*list++ == t)
			return 1;
	return 0;
}

/* An index table: a row per test of tests[] in the index or shown in it
 * without a baseline, then the index score. */
static void
index_table(FILE *f, const struct index_result *ir,
    const struct test_result *const *tests, int ntests)
{
	const struct index_def *def = ir->def;
	const struct index_entry *e;
	char head[128];
	int i, k;

	snprintf(head, sizeof(head), "%s %s", def->label,
	    ir->partial ? "Partial Index" : "Index Values");
	fprintf(
	    f, "%-40s %12s %12s %8s\n", head, "BASELINE", "RESULT", "INDEX");
	for (i = 0; i < ntests; i++) {
		const struct test_result *t = tests[i];

		for (e = NULL, k = 0; k < ir->nentries; k++)
			if (ir->entries[k].result == t)
				e = &ir->entries[k];
		if (e != NULL && e->ok)
			fprintf(f, "%-40s %12.1f %12.1f %8.1f\n",
			    index_row_title(e->row), e->row->baseline, t->score,
			    e->index);
		else if (e != NULL)
			fprintf(f, "%-40s %12.1f %12s %8s\n",
			    index_row_title(e->row), e->row->baseline,
			    outcome_name(t->outcome), "---");
		else if (in_list(def->unindexed, t->test) &&
		         t->outcome == OUTCOME_OK)
			fprintf(f, "%-40s %12s %12.1f %8s\n", t->test->title,
			    "---", t->score, "---");
		else if (in_list(def->unindexed, t->test))
			fprintf(f, "%-40s %12s %12s %8s\n", t->test->title,
			    "---", outcome_name(t->outcome), "---");
	}
	fprintf(f, "%-40s %12s %12s %8s\n", "", "", "", "========");
	snprintf(head, sizeof(head), "%s Index Score%s", def->label,
	    ir->partial ? " (Partial Only)" : "");
	if (ir->nok == 0) {
		fprintf(f, "%-66s %8s\n\n", head, "---");
		return;
	}
	fprintf(f, "%-66s %8.1f\n", head, ir->score);
	/* Right-aligned under the score. */
	snprintf(head, sizeof(head), "95%% interval: %.1f to %.1f", ir->ci_low,
	    ir->ci_high);
	fprintf(f, interval_known(ir) ? "%75s\n\n" : "\n", head);
}

static int
block(FILE *f, const struct report *r, const struct block *b)
{
	const struct test_result **tests = writer_sorted_tests(b);
	char day[32], from[16], to[16], usable[32] = "", turns[200];
	struct tm tm;
	int i;

	if (tests == NULL)
		return -1;
	localtime_r(&b->start, &tm);
	strftime(day, sizeof(day), "%a %b %d %Y", &tm);
	strftime(from, sizeof(from), "%H:%M:%S", &tm);
	localtime_r(&b->end, &tm);
	strftime(to, sizeof(to), "%H:%M:%S", &tm);
	if (r->sys.cpus_usable != r->sys.cpus_online)
		snprintf(
		    usable, sizeof(usable), " (%d usable)", r->sys.cpus_usable);
	fprintf(f,
	    "------------------------------------------------------------"
	    "------------\n");
	fprintf(f, "Benchmark Run: %s %s - %s\n", day, from, to);
	fprintf(f, "%d CPU%s in system%s; running %d parallel cop%s of tests",
	    r->sys.cpus_online, r->sys.cpus_online == 1 ? "" : "s", usable,
	    b->copies, b->copies == 1 ? "y" : "ies");
	if (b->pinned)
		fprintf(f, ", pinned to CPU %d", b->pin);
	fputc('\n', f);
	writer_took_turns(turns, sizeof(turns), r, b);
	if (turns[0] != '\0')
		text_wrap(f, turns, 0, 0, TEXT_COLUMNS);
	pinned(f, r, b);
	fputc('\n', f);
	for (i = 0; i < b->ntests; i++)
		test_line(f, tests[i]);
	fputc('\n', f);
	for (i = 0; i < b->ntests; i++)
		if (tests[i]->test->flags & TEST_LATENCY)
			text_latency(f, tests[i]);
	for (i = 0; i < b->nindexes; i++) {
		if (b->indexes[i].def->agg == INDEX_SUM_AVERAGE)
			text_index_sum_average(f, &b->indexes[i]);
		else
			index_table(f, &b->indexes[i], tests, b->ntests);
	}
	if (r->settings.verbose) {
		text_spread(f, tests, b->ntests);
		text_counters(f, r, tests, b->ntests);
	}
	free(tests);
	return 0;
}

int
write_text(FILE *f, const struct report *r)
{
	int i, k;

	/* --runs: each run a report of its own, then their summary. */
	for (k = 0; k == 0 || k < r->nruns; k++) {
		if (header(f, r) == -1)
			return -1;
		for (i = 0; k < r->nruns && i < r->runs[k].nblocks; i++)
			if (block(f, r, &r->runs[k].blocks[i]) == -1)
				return -1;
	}
	if (r->scaling.nrows > 0) {
		/* No unit nor "Score" in it: no harness rule reads it. */
		writer_scaling(f, &r->scaling, NULL);
		fputc('\n', f);
	}
	text_runs(f, r);
	for (i = 0; i < r->nwarnings; i++) {
		fputs("Warning: ", f);
		text_wrap(f, r->warnings[i], 9, 9, TEXT_COLUMNS);
	}
	failed_warning(f, r);
	if (r->interrupted)
		fprintf(f,
		    "Interrupted by signal %d: the run stopped early; "
		    "results are partial.\n",
		    r->interrupted);
	return ferror(f) ? -1 : 0;
}
