/*
 * text_tables.c - the text report's tables under a block's test lines
 * (write_text.h), and the --runs summary.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "write/textwrap.h"
#include "write/write_text.h"
#include "write/writers.h"

/* Column for column the 1991 report's: the sum and average end at 74. */
void
text_index_sum_average(FILE *f, const struct index_result *ir)
{
	const struct index_def *def = ir->def;
	const struct index_entry *e;
	char label[64];
	size_t r;

	fprintf(f, "%21s%-24s\n", "", "INDEX VALUES");
	fprintf(f, "%-40s  %10s %10s %10s\n\n", "TEST", "BASELINE", "RESULT",
	    "INDEX");
	for (r = 0; r < def->nrows; r++) {
		const struct index_row *row = &def->rows[r];
		const char *title = index_row_title(row);

		e = writer_entry_of(ir, row);
		if (e != NULL && e->ok)
			fprintf(f, "%-40s  %10.1f %10.1f %10.1f\n", title,
			    row->baseline, e->result->score, e->index);
		else
			fprintf(f, "%-40s  %10.1f %10s %10s\n", title,
			    row->baseline,
			    outcome_name(e != NULL ? e->result->outcome
			                           : OUTCOME_NOT_RUN),
			    "---");
	}
	fprintf(f, "%65s%s\n", "", "=========");
	snprintf(label, sizeof(label), "     SUM of %2d items", ir->nok);
	if (ir->nok > 0) {
		fprintf(f, "%-64s%10.1f\n", label, ir->sum);
		fprintf(f, "%-64s%10.1f\n",
		    ir->partial ? "     AVERAGE (Partial Only)"
		                : "     AVERAGE",
		    ir->score);
	} else {
		fprintf(f, "%-64s%10s\n", label, "---");
		fprintf(f, "%-64s%10s\n", "     AVERAGE (Partial Only)", "---");
	}
	fputc('\n', f);
}

/*
 * label and text in lines of at most 72 columns, continuation lines
 * indented by two spaces.
 */
static void
folded(FILE *f, const char *label, const char *text)
{
	size_t n = strlen(label) + strlen(text) + 2;
	char *line = malloc(n);

	if (line == NULL) {
		fprintf(f, "%s %s\n", label, text);
		return;
	}
	snprintf(line, n, "%s %s", label, text);
	text_wrap(f, line, 0, 2, 72);
	free(line);
}

void
text_latency(FILE *f, const struct test_result *t)
{
	static const char *const which[3] = {"min", "avg", "max"};
	const struct latency *l = &t->latency;
	char line[160];
	int k;

	if (!l->ok)
		return;
	fprintf(f, "%s: microseconds per switch, %d run%s of %ld rep%s\n",
	    t->test->title, l->samples, l->samples == 1 ? "" : "s", l->reps,
	    l->reps == 1 ? "" : "s");
	fprintf(f, "%19sw/%ld procs   per proc\n", "", l->extras);
	fprintf(f, "     proc thread  proc thread  proc thread\n");
	for (k = 0; k < 3; k++)
		fprintf(f, "%s  %-5.1f %-6.1f %-5.1f %-6.1f %-5.2f %.2f\n",
		    which[k], l->us[0][k], l->us[1][k], l->us[2][k],
		    l->us[3][k], l->per_proc[0][k], l->per_proc[1][k]);
	folded(f, "Method:", l->method);
	folded(f, "Placement:", l->placement);
	folded(f, "Priority:", l->priority);
	snprintf(line, sizeof(line),
	    "min is the least of the runs' minima, "
	    "avg the mean of their averages, max the greatest of their "
	    "maxima; per proc = (w/%ld - alone) / %ld.",
	    l->extras, l->extras);
	folded(f, "Combined:", line);
	fputc('\n', f);
}

void
text_spread(FILE *f, const struct test_result *const *tests, int n)
{
	int i, shown = 0;

	for (i = 0; i < n; i++) {
		const struct test_result *t = tests[i];

		if (t->outcome != OUTCOME_OK)
			continue;
		if (shown++ == 0)
			fprintf(f, "%-40s %12s %12s %8s\n",
			    "Spread of the pass rates", "MIN", "MAX", "CV");
		fprintf(f, "%-40s %12.1f %12.1f %7.1f%%\n", t->test->title,
		    t->spread.min, t->spread.max, 100 * t->spread.cv);
	}
	if (shown > 0)
		fputc('\n', f);
}

/* A column of the counters tables: the derived value and its heading. */
struct column {
	enum derived_id k;
	const char *head;
};

static const struct column per_test[] = {{DRV_CPU_BUSY, "busy"},
    {DRV_SYSTEM_SHARE, "sys"}, {DRV_CPU_PER_LOOP, "us/lp"},
    {DRV_CSW_PER_LOOP, "csw/lp"}, {DRV_INVOL_PER_LOOP, "pre/lp"},
    {DRV_MIGR_PER_LOOP, "mig/lp"}, {DRV_FAULTS_PER_LOOP, "flt/lp"},
    {DRV_RUNQ_SHARE, "wait"}, {0, NULL}};
static const struct column machine[] = {{DRV_MACHINE_BUSY, "busy"},
    {DRV_STEAL_SHARE, "steal"}, {DRV_IOWAIT_SHARE, "iowait"}, {0, NULL}};

/* One table: a heading line, then a line per test with values. */
static int
table(FILE *f, const char *title, const struct test_result *const *tests, int n,
    const struct column *cols)
{
	const struct column *c;
	char v[32];
	int i, shown = 0;

	for (i = 0; i < n; i++) {
		const struct test_result *t = tests[i];

		if (t->outcome != OUTCOME_OK || t->derived.have == 0)
			continue;
		if (shown++ == 0) {
			fprintf(f, "%-23.23s", title);
			for (c = cols; c->head != NULL; c++)
				fprintf(f, " %6s", c->head);
			fputc('\n', f);
		}
		fprintf(f, "%-23.23s", t->test->title);
		for (c = cols; c->head != NULL; c++) {
			if (t->derived.have & (1U << c->k))
				counters_format(
				    c->k, t->derived.v[c->k], v, sizeof(v));
			else
				snprintf(v, sizeof(v), "-");
			fprintf(f, " %6s", v);
		}
		fputc('\n', f);
	}
	return shown;
}

void
text_counters(FILE *f, const struct report *r,
    const struct test_result *const *tests, int n)
{
	if (table(f, "Counters (median)", tests, n, per_test) == 0)
		return;
	fputs("busy: CPU time / (wall x copies); sys: system share of it; "
	      "per loop (lp):\nCPU us, context switches, preemptions, "
	      "migrations, page faults; wait:\nrunnable but not running "
	      "(doc/why.md)\n",
	    f);
	if (table(f, "Machine (all CPUs)", tests, n, machine) > 0)
		fputs("busy, steal, iowait: shares of all CPUs' time, "
		      "everything running counted\n",
		    f);
	if (r->counters_missing[0] != '\0') {
		char line[sizeof(r->counters_missing) + 32];

		snprintf(line, sizeof(line), "Counters not available: %s",
		    r->counters_missing);
		text_wrap(f, line, 0, TEXT_GO_ON, TEXT_COLUMNS);
	}
	fputc('\n', f);
}

/* One row: its title, then each run's score, their mean and spread. */
static void
runs_line(FILE *f, const struct report *r, const struct runs_row *w)
{
	char line[2048];
	const char *unit = w->test != NULL ? w->test->unit : "";
	size_t n = 0;
	int k;

	for (k = 0; k < r->nruns && n < sizeof(line); k++)
		n += (size_t)snprintf(line + n, sizeof(line) - n,
		    isfinite(w->scores[k]) ? "%s %.1f" : "%s -",
		    k ? "" : "  runs", w->scores[k]);
	if (w->nok > 0 && n < sizeof(line))
		n += (size_t)snprintf(
		    line + n, sizeof(line) - n, "; mean %.1f", w->mean);
	if (!isnan(w->spread) && n < sizeof(line))
		snprintf(line + n, sizeof(line) - n, "; spread %.2f%%",
		    100 * w->spread);
	if (w->test != NULL)
		fputs(w->test->title, f);
	else
		fprintf(f, "%s Index Score", w->index->label);
	fprintf(f, "%s%s%s\n", unit[0] ? " (" : "", unit, unit[0] ? ")" : "");
	text_wrap(f, line, 0, 7, TEXT_COLUMNS);
}

void
text_runs(FILE *f, const struct report *r)
{
	int i;

	if (r->nruns < 2)
		return;
	fprintf(f,
	    "------------------------------------------------------------"
	    "------------\n");
	fprintf(f,
	    "%d runs, %g s of settle before each: each run's score, "
	    "their geometric\nmean, and the spread between runs (s.d. "
	    "of ln score)\n",
	    r->nruns, r->settings.settle_s);
	for (i = 0; i < r->nruns_rows; i++) {
		if (i == 0 ||
		    r->runs_rows[i].copies != r->runs_rows[i - 1].copies)
			fprintf(f, "\n%d cop%s:\n", r->runs_rows[i].copies,
			    r->runs_rows[i].copies == 1 ? "y" : "ies");
		runs_line(f, r, &r->runs_rows[i]);
	}
	fputc('\n', f);
}
