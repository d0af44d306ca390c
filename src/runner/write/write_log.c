/*
 * write_log.c - the .log beside the report: every copy of every pass of
 * every test, its command, output, numbers, exit and the barrier's skew.
 */
#include <string.h>
#include <time.h>

#include "model/quick.h"
#include "score/interval.h"
#include "write/writers.h"

/* "  name:", then text with each line indented; "(nothing)" when empty. */
static void
indented(FILE *f, const char *name, const char *text)
{
	size_t n;

	fprintf(f, "  %s:\n", name);
	if (text == NULL || *text == '\0')
		fprintf(f, "    (nothing)\n");
	for (; text != NULL && *text != '\0'; text += n + (text[n] == '\n')) {
		n = strcspn(text, "\n");
		fprintf(f, "    %.*s\n", (int)n, text);
	}
}

/* "  counters: user_s 1.5, ..." and "  derived: ..." lines, when any. */
static void
counters_log(FILE *f, const struct counters *c, const struct derived *d)
{
	char v[32];
	int k, n = 0;

	for (k = 0; k < NCOUNTERS; k++)
		if (c->have & COUNTER_BIT(k))
			fprintf(f, "%s %s %.6g",
			    n++ ? "," : "  counters:", counter_defs[k].key,
			    c->v[k]);
	if (n > 0)
		fputc('\n', f);
	for (k = 0, n = 0; d != NULL && k < NDERIVED; k++)
		if (d->have & (1U << k)) {
			counters_format(
			    (enum derived_id)k, d->v[k], v, sizeof(v));
			fprintf(f, "%s %s %s",
			    n++ ? "," : "  derived:", derived_defs[k].label, v);
		}
	if (n > 0)
		fputc('\n', f);
}

static void
copy_log(FILE *f, const struct copy_result *c, int i)
{
	int k;

	fprintf(f, "copy %d: %s", i + 1, outcome_name(c->outcome));
	if (c->signal != 0)
		fprintf(f, ", killed by signal %d", c->signal);
	else
		fprintf(f, ", exit status %d", c->exit_status);
	fprintf(f, ", wall %.6f s, started at %.6f s\n", c->wall_s, c->start_s);
	fprintf(f, "  command: %s\n", c->command ? c->command : "");
	if (c->outcome == OUTCOME_OK)
		fprintf(f,
		    "  count %.6f, timebase %g, unit %s, time %.6f s "
		    "(%s)\n",
		    c->count, c->timebase, c->unit, c->time_s,
		    c->has_time ? "reported" : "wall");
	if (c->message != NULL && c->message[0] != '\0')
		fprintf(f, "  message: %s\n", c->message);
	for (k = 0; k < c->ninfo; k++)
		fprintf(f, "  info %s: %s\n", c->info[k].key, c->info[k].value);
	counters_log(f, &c->counters, NULL);
	indented(f, "stdout", c->output);
	indented(f, "stderr", c->errors);
}

static void
test_log(FILE *f, const struct test_result *t, int copies)
{
	int p, c;

	fprintf(f, "\n########################################################"
	           "\n");
	fprintf(f, "%s -- %d cop%s\n", t->test->title, copies,
	    copies == 1 ? "y" : "ies");
	if (t->npasses > 0 && t->passes[0].ncopies > 0 &&
	    t->passes[0].copies[0].command != NULL)
		fprintf(f, "==> %s\n", t->passes[0].copies[0].command);
	for (p = 0; p < t->npasses; p++) {
		const struct pass_result *ps = &t->passes[p];

		fprintf(
		    f, "\n#### Pass %d: %s", p + 1, outcome_name(ps->outcome));
		if (ps->outcome == OUTCOME_OK)
			fprintf(f, ", count %.6f, time %.6f s, rate %.6f, %s",
			    ps->count, ps->time_s, ps->rate,
			    t->outcome == OUTCOME_OK
			        ? (ps->kept ? "kept" : "dropped")
			        : "not scored");
		fprintf(f,
		    "\nstart barrier: %d of %d copies ready, skew "
		    "%.6f s, released %.6f s after the first fork\n",
		    ps->nready, ps->ncopies, ps->skew_s, ps->barrier_s);
		counters_log(f, &ps->counters, &ps->derived);
		if (ps->counters_note[0] != '\0')
			fprintf(f, "  not counted: %s\n", ps->counters_note);
		fputc('\n', f);
		for (c = 0; c < ps->ncopies; c++)
			copy_log(f, &ps->copies[c], c);
	}
	if (t->outcome == OUTCOME_OK) {
		fprintf(f, "\n>>>> %s of %d cop%s\n",
		    copies == 1 ? "Results" : "Sum", copies,
		    copies == 1 ? "y" : "ies");
		fprintf(f, ">>>> score: %.6f %s\n", t->score, t->unit);
		fprintf(f, ">>>> time: %.6f s\n", t->time_s);
		fprintf(f,
		    ">>>> samples: %d of %d passes (lowest %d by count "
		    "dropped)\n",
		    t->samples, t->npasses, t->npasses - t->samples);
		fprintf(f,
		    ">>>> pass rates: median %.6f, min %.6f, max %.6f, "
		    "cv %.4f\n",
		    t->spread.median, t->spread.min, t->spread.max,
		    t->spread.cv);
	} else {
		fprintf(f, "\n>>>> %s: %s\n", outcome_name(t->outcome),
		    t->message ? t->message : "");
	}
}

/* Each index score of a block with its 95% interval, when known. */
static void
index_log(FILE *f, const struct block *b)
{
	const struct index_result *x;
	int i;

	for (i = 0; i < b->nindexes; i++) {
		x = &b->indexes[i];
		if (x->nok == 0)
			continue;
		fprintf(f, "\n>>>> %s index, %d cop%s: %.6f%s", x->def->name,
		    b->copies, b->copies == 1 ? "y" : "ies", x->score,
		    x->partial ? " (partial)" : "");
		if (interval_known(x))
			fprintf(f, ", 95%% interval %.6f to %.6f\n", x->ci_low,
			    x->ci_high);
		else
			fprintf(f, ", 95%% interval unknown\n");
	}
}

int
write_log(FILE *f, const struct report *r)
{
	const struct run *run = report_last(r);
	const struct settings *s = &r->settings;
	char when[64];
	struct tm tm;
	int b, i;

	localtime_r(&r->start, &tm);
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S %z", &tm);
	fprintf(f, "bytebench %s (index method %d) on %s, started %s\n",
	    r->version, r->index_method, r->sys.hostname, when);
	fprintf(f, "passes: long %d, short %d; duration: %s", s->long_passes,
	    s->short_passes,
	    s->duration_s > 0 ? ""
	    : s->quick ? "quick: each test's / 30, within " QUICK_SECONDS_TEXT
	                 ", in rounds\n"
	               : "each test's own\n");
	if (s->duration_s > 0)
		fprintf(f, "%g s for every test\n", s->duration_s);
	fprintf(f, "placement: %s; shell tests' locale: %s; /bin/sh: %s\n",
	    s->placement_given ? s->placement : "each test's own default",
	    r->sys.locale, r->sys.shell);
	fprintf(f, "CPUs: %d online, %d usable; build: %s %s (%s)\n",
	    r->sys.cpus_online, r->sys.cpus_usable, r->sys.compiler,
	    r->sys.cflags, r->sys.build_kind);
	fprintf(f, "scratch files: %s (%s)\n", r->sys.scratch_dir,
	    r->sys.scratch_fs[0] != '\0' ? r->sys.scratch_fs : "unknown");
	fprintf(f, "counters: %s%s%s\n",
	    counters_level_name(r->settings.counters),
	    r->counters_missing[0] != '\0' ? "; not available: " : "",
	    r->counters_missing);
	for (b = 0; b < run->nblocks; b++) {
		for (i = 0; i < run->blocks[b].ntests; i++)
			test_log(
			    f, &run->blocks[b].tests[i], run->blocks[b].copies);
		index_log(f, &run->blocks[b]);
	}
	for (i = 0; i < r->nwarnings; i++)
		fprintf(f, "\nwarning: %s\n", r->warnings[i]);
	if (r->interrupted)
		fprintf(f, "\ninterrupted by signal %d\n", r->interrupted);
	return ferror(f) ? -1 : 0;
}
