/*
 * write_json.c - the report model as JSON, schema "bytebench-report/1"
 * (doc/json-schema.md is the contract; a field added there is added here).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score/interval.h"
#include "write/escape.h"
#include "write/json_writer.h"
#include "write/writers.h"

#define JSON_SCHEMA "bytebench-report/1"

/* A time as UTC ISO 8601; 0 (never set) is null. */
static void
j_time(struct json_writer *j, const char *key, time_t t)
{
	char buf[32];

	jw_str(j, key, t != 0 ? escape_utc(buf, sizeof(buf), t) : NULL);
}

/* "name: state" lines as an object of strings; none (unknown): null. */
static void
json_mitigations(struct json_writer *j, const char *lines)
{
	const char *line, *nl;
	char *copy, *colon;

	if (lines == NULL || *lines == '\0') {
		jw_null(j, "mitigations");
		return;
	}
	jw_open(j, "mitigations", '{', 0);
	for (line = lines; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		copy = strndup(line, (size_t)(nl - line));
		if (copy != NULL && (colon = strstr(copy, ": ")) != NULL) {
			*colon = '\0';
			jw_str(j, copy, colon + 2);
		}
		free(copy);
	}
	jw_close(j, '}');
}

/* Opens object key when known (1), else writes null there (0). */
static int
j_object_if(struct json_writer *j, const char *key, int known, int flat)
{
	if (!known) {
		jw_null(j, key);
		return 0;
	}
	jw_open(j, key, '{', flat);
	return 1;
}

/* An integer that is null when below 0 (unknown). */
static void
j_int_known(struct json_writer *j, const char *key, int v)
{
	jw_num(j, key, v >= 0 ? v : NAN); /* the digits jw_int writes */
}

/* A kind's or a CPU's capacity and clock, the end of its row. */
static void
row_end(struct json_writer *j, int capacity, double max_mhz)
{
	j_int_known(j, "capacity", capacity);
	jw_num(j, "max_mhz", max_mhz > 0 ? max_mhz : NAN);
	jw_close(j, '}');
}

/* The CPUs' topology: counts, kinds, and a row of each CPU; null: unknown. */
static void
json_topology(struct json_writer *j, const struct cpu_topology *t)
{
	int i;

	if (!j_object_if(j, "topology", t->known, 0))
		return;
	jw_int(j, "present", t->present);
	jw_int(j, "online", t->online);
	jw_str(j, "offline", t->offline);
	j_int_known(j, "packages", t->packages - (t->packages == 0));
	j_int_known(j, "cores", t->cores - (t->cores == 0));
	j_int_known(j, "clusters", t->clusters - (t->clusters == 0));
	j_int_known(j, "threads_per_core", t->threads - (t->threads == 0));
	j_int_known(j, "numa_nodes", t->nodes - (t->nodes == 0));
	jw_open(j, "kinds", '[', 0);
	for (i = 0; i < t->nkinds; i++) {
		jw_open(j, NULL, '{', 1);
		jw_str(j, "label", t->kinds[i].label);
		jw_int(j, "count", t->kinds[i].count);
		jw_str(j, "cpus", t->kinds[i].cpus);
		row_end(j, t->kinds[i].capacity, t->kinds[i].max_mhz);
	}
	jw_close(j, ']');
	jw_open(j, "cpus", '[', 0);
	for (i = 0; i < t->ncpus; i++) {
		jw_open(j, NULL, '{', 1);
		jw_int(j, "cpu", i);
		jw_bool(j, "online", t->cpus[i].online);
		j_int_known(j, "kind", t->cpus[i].kind);
		j_int_known(j, "package", t->cpus[i].package);
		j_int_known(j, "core", t->cpus[i].core);
		j_int_known(j, "cluster", t->cpus[i].cluster);
		j_int_known(j, "node", t->cpus[i].node);
		row_end(j, t->cpus[i].capacity, t->cpus[i].max_mhz);
	}
	jw_close(j, ']');
	jw_close(j, '}');
}

static void
json_system(struct json_writer *j, const struct sysinfo *s)
{
	jw_open(j, "system", '{', 0);
	jw_str(j, "hostname", s->hostname);
	jw_str(j, "os_name", s->os_name);
	jw_str(j, "os_release", s->os_release);
	jw_str(j, "os_version", s->os_version);
	jw_str(j, "machine", s->machine);
	jw_str(j, "platform", s->platform);
	jw_str(j, "distro", s->distro);
	jw_str(j, "locale", s->locale);
	jw_str(j, "charmap", s->charmap);
	jw_str(j, "collate", s->collate);
	jw_str(j, "cpu_model", s->cpu_model);
	jw_str(j, "cpu_flags", s->cpu_flags);
	jw_num(j, "cpu_mhz", s->cpu_mhz > 0 ? s->cpu_mhz : NAN);
	jw_int(j, "cpus_online", s->cpus_online);
	jw_int(j, "cpus_usable", s->cpus_usable);
	json_topology(j, &s->topo);
	jw_str(j, "shell", s->shell);
	jw_str(j, "uptime", s->uptime);
	jw_open(j, "load", '[', 1);
	jw_num(j, NULL, s->load1);
	jw_num(j, NULL, s->load5);
	jw_num(j, NULL, s->load15);
	jw_close(j, ']');
	jw_num(
	    j, "memory_kib", s->memory_kib > 0 ? (double)s->memory_kib : NAN);
	json_mitigations(j, s->mitigations);
	jw_close(j, '}');

	jw_open(j, "build", '{', 0);
	jw_str(j, "compiler", s->compiler);
	jw_str(j, "flags", s->cflags);
	jw_str(j, "kind", s->build_kind);
	jw_close(j, '}');
}

static void
json_settings(struct json_writer *j, const struct settings *s)
{
	int i;

	jw_open(j, "settings", '{', 0);
	jw_int(j, "long_passes", s->long_passes);
	jw_int(j, "short_passes", s->short_passes);
	jw_num(j, "duration_s", s->duration_s);
	jw_bool(j, "quick", s->quick);
	jw_str(j, "placement", s->placement);
	jw_open(j, "copies", '[', 1);
	for (i = 0; i < s->ncopies; i++)
		jw_int(j, NULL, s->copies[i]);
	jw_close(j, ']');
	jw_open(j, "tests", '[', 1);
	for (i = 0; i < s->ntests; i++)
		jw_str(j, NULL, s->tests[i]->name);
	jw_close(j, ']');
	if (s->runs > 1) { /* absent from a run of one: as before --runs */
		jw_int(j, "runs", s->runs);
		jw_num(j, "settle_s", s->settle_s);
	}
	jw_close(j, '}');
}

/* How the machine scaled from 1 copy to N; null without both blocks. */
static void
json_scaling(struct json_writer *j, const struct scaling *s)
{
	static const char *const flags[] = {[SCALE_OK] = NULL,
	    [SCALE_BELOW_ONE] = "below_1",
	    [SCALE_ABOVE_N] = "above_n"};
	int i;

	if (!j_object_if(j, "scaling", s->nrows > 0, 0))
		return;
	jw_int(j, "from_copies", s->from);
	jw_int(j, "to_copies", s->to);
	jw_open(j, "rows", '[', 0);
	for (i = 0; i < s->nrows; i++) {
		jw_open(j, NULL, '{', 1);
		if (s->rows[i].test != NULL)
			jw_str(j, "test", s->rows[i].test->name);
		else
			jw_str(j, "index", s->rows[i].index->name);
		jw_num(j, "ratio", s->rows[i].ratio);
		jw_str(j, "flag", flags[s->rows[i].flag]);
		jw_close(j, '}');
	}
	jw_close(j, ']');
	jw_close(j, '}');
}

/* The wait after ./Run's build; null when there was none. */
static void
json_settle(struct json_writer *j, const struct settle *st)
{
	static const char *const ends[] = {[SETTLE_WAITING] = "stopped",
	    [SETTLE_CALM] = "calm",
	    [SETTLE_BUSY] = "busy",
	    [SETTLE_LIMIT] = "limit"};

	if (!j_object_if(j, "settle", st->build_s > 0, 1))
		return;
	jw_num(j, "build_s", st->build_s);
	jw_int(j, "waited_s", st->waited_s);
	jw_num(j, "load_from", st->load_from);
	jw_num(j, "load_to", st->load_to);
	jw_str(j, "ended", ends[st->end]);
	jw_close(j, '}');
}

static void
json_precision(struct json_writer *j, const struct report *r)
{
	if (!j_object_if(j, "precision", r->precision_end != NULL, 0))
		return;
	jw_num(j, "target_pct", r->settings.precision_pct);
	jw_num(j, "budget_s", r->settings.budget_s);
	jw_int(j, "first_rounds", r->settings.long_passes);
	jw_str(j, "end", r->precision_end);
	jw_num(j, "widest_pct",
	    r->precision_widest_pct >= 0 ? r->precision_widest_pct : NAN);
	jw_str(j, "summary", r->precision_text);
	jw_close(j, '}');
}

/* An object of the v[k] whose bit k is in have, by counter's or derived
 * value's key; null when none is. */
static void
j_values(struct json_writer *j, const char *key, unsigned long have,
    const double *v, int derived)
{
	int k;

	if (have == 0) {
		jw_null(j, key);
		return;
	}
	jw_open(j, key, '{', 1);
	for (k = 0; k < (derived ? NDERIVED : NCOUNTERS); k++)
		if (have & (1UL << k))
			jw_num(j,
			    derived ? derived_defs[k].key : counter_defs[k].key,
			    v[k]);
	jw_close(j, '}');
}

/* What was asked for, what some pass got, and why the rest was not. */
static void
json_collection(struct json_writer *j, const struct report *r)
{
	int k;

	jw_open(j, "counters", '{', 0);
	jw_str(j, "level", counters_level_name(r->settings.counters));
	jw_open(j, "available", '[', 1);
	for (k = 0; k < NCOUNTERS; k++)
		if (r->counters_have & COUNTER_BIT(k))
			jw_str(j, NULL, counter_defs[k].key);
	jw_close(j, ']');
	jw_str(j, "missing", r->counters_missing);
	jw_close(j, '}');
}

static void
json_copy(struct json_writer *j, const struct copy_result *c)
{
	int i;

	jw_open(j, NULL, '{', 1);
	jw_str(j, "outcome", outcome_name(c->outcome));
	jw_num(j, "count", c->count);
	jw_num(j, "timebase", c->timebase);
	jw_num(j, "time_s", c->time_s);
	jw_bool(j, "has_time", c->has_time);
	jw_num(j, "wall_s", c->wall_s);
	jw_num(j, "start_s", c->start_s);
	jw_num(j, "exit_status", c->signal != 0 ? NAN : c->exit_status);
	jw_int(j, "signal", c->signal);
	jw_str(j, "message", c->message);
	jw_str(j, "command", c->command);
	jw_open(j, "info", '{', 1);
	for (i = 0; i < c->ninfo; i++)
		jw_str(j, c->info[i].key, c->info[i].value);
	jw_close(j, '}');
	j_values(j, "counters", c->counters.have, c->counters.v, 0);
	j_int_known(j, "cpu_start", c->counters.cpu_start - 1);
	j_int_known(j, "cpu_end", c->counters.cpu_end - 1);
	jw_close(j, '}');
}

static void
json_pass(struct json_writer *j, const struct pass_result *p)
{
	int i;

	jw_open(j, NULL, '{', 0);
	jw_str(j, "outcome", outcome_name(p->outcome));
	jw_num(j, "count", p->count);
	jw_num(j, "time_s", p->time_s);
	jw_num(j, "rate", p->rate);
	jw_bool(j, "kept", p->kept);
	jw_num(j, "skew_s", p->skew_s);
	j_values(j, "counters", p->counters.have, p->counters.v, 0);
	j_values(j, "derived", p->derived.have, p->derived.v, 1);
	jw_open(j, "copies", '[', 0);
	for (i = 0; i < p->ncopies; i++)
		json_copy(j, &p->copies[i]);
	jw_close(j, ']');
	jw_close(j, '}');
}

static void
json_test(struct json_writer *j, const struct test_result *t)
{
	int ok = t->outcome == OUTCOME_OK;
	int i;

	jw_open(j, NULL, '{', 0);
	jw_str(j, "name", t->test->name);
	jw_str(j, "title", t->test->title);
	jw_str(j, "unit", t->unit);
	jw_bool(
	    j, "lower_is_better", (t->test->flags & TEST_LOWER_BETTER) != 0);
	jw_str(j, "placement", t->placement);
	jw_str(j, "outcome", outcome_name(t->outcome));
	jw_str(j, "message", t->message);
	jw_num(j, "score", ok ? t->score : NAN);
	jw_num(j, "time_s", ok ? t->time_s : NAN);
	jw_int(j, "samples", t->samples);
	jw_open(j, "spread", '{', 1);
	jw_num(j, "median", ok ? t->spread.median : NAN);
	jw_num(j, "min", ok ? t->spread.min : NAN);
	jw_num(j, "max", ok ? t->spread.max : NAN);
	jw_num(j, "cv", ok ? t->spread.cv : NAN);
	jw_close(j, '}');
	j_values(j, "derived", t->derived.have, t->derived.v, 1);
	jw_open(j, "passes", '[', 0);
	for (i = 0; i < t->npasses; i++)
		json_pass(j, &t->passes[i]);
	jw_close(j, ']');
	jw_close(j, '}');
}

static void
json_entry(struct json_writer *j, const struct index_entry *e)
{
	const char *title = index_row_title(e->row);

	jw_open(j, NULL, '{', 1);
	jw_str(j, "test", e->row->test->name);
	jw_str(j, "title", title);
	jw_num(j, "baseline", e->row->baseline);
	jw_num(j, "result", e->ok ? e->result->score : NAN);
	jw_num(j, "index", e->ok ? e->index : NAN);
	jw_bool(j, "ok", e->ok);
	jw_str(j, "outcome",
	    outcome_name(
	        e->result != NULL ? e->result->outcome : OUTCOME_NOT_RUN));
	jw_close(j, '}');
}

static void
json_index(struct json_writer *j, const struct index_result *x)
{
	int ci = interval_known(x);
	int sum = x->def->agg == INDEX_SUM_AVERAGE;
	int i;

	jw_open(j, NULL, '{', 0);
	jw_str(j, "name", x->def->name);
	jw_str(j, "label", x->def->label);
	jw_str(j, "aggregation", sum ? "sum_average" : "geomean_x10");
	jw_int(j, "method", x->def->method);
	jw_num(j, "score", x->nok > 0 ? x->score : NAN);
	jw_bool(j, "partial", x->partial);
	jw_num(j, "sum", sum && x->nok > 0 ? x->sum : NAN);
	jw_num(j, "ci_low", ci ? x->ci_low : NAN);
	jw_num(j, "ci_high", ci ? x->ci_high : NAN);
	jw_num(j, "ci_half", x->ci_half > 0 ? x->ci_half : NAN);
	jw_bool(j, "ci_wide", x->ci_wide);
	jw_int(j, "counted", x->nok);
	jw_open(j, "entries", '[', 0);
	for (i = 0; i < x->nentries; i++)
		json_entry(j, &x->entries[i]);
	jw_close(j, ']');
	jw_close(j, '}');
}

static void
json_block(struct json_writer *j, const struct block *b)
{
	int i;

	jw_open(j, NULL, '{', 0);
	jw_int(j, "copies", b->copies);
	j_time(j, "start", b->start);
	j_time(j, "end", b->end);
	jw_bool(j, "took_turns", b->took_turns);
	j_int_known(j, "pinned_cpu", b->pinned ? b->pin : -1);
	j_int_known(j, "core_kind", b->pinned ? b->kind : -1);
	jw_open(j, "tests", '[', 0);
	for (i = 0; i < b->ntests; i++)
		json_test(j, &b->tests[i]);
	jw_close(j, ']');
	jw_open(j, "indexes", '[', 0);
	for (i = 0; i < b->nindexes; i++)
		json_index(j, &b->indexes[i]);
	jw_close(j, ']');
	jw_close(j, '}');
}

/* The blocks of run as "runs" (the schema's name for blocks). */
static void
json_blocks(struct json_writer *j, const struct run *run)
{
	int i;

	jw_open(j, "runs", '[', 0);
	for (i = 0; i < run->nblocks; i++)
		json_block(j, &run->blocks[i]);
	jw_close(j, ']');
}

/* --runs K: the K - 1 runs before the last ("runs" above), in full. */
static void
json_repetitions(struct json_writer *j, const struct report *r)
{
	int k;

	if (r->nruns < 2)
		return;
	jw_open(j, "repetitions", '[', 0);
	for (k = 0; k < r->nruns - 1; k++) {
		jw_open(j, NULL, '{', 0);
		json_blocks(j, &r->runs[k]);
		jw_close(j, '}');
	}
	jw_close(j, ']');
}

int
write_json(FILE *f, const struct report *r)
{
	struct json_writer j;
	int i;

	jw_start(&j, f, JSON_SCHEMA);
	jw_str(&j, "bytebench_version", r->version);
	jw_int(&j, "index_method", r->index_method);
	jw_str(&j, "label", r->settings.label);
	jw_str(&j, "comment", r->settings.comment);
	jw_bool(&j, "interrupted", r->interrupted);
	j_time(&j, "start", r->start);
	j_time(&j, "end", r->end);
	json_system(&j, &r->sys);
	json_settings(&j, &r->settings);
	json_precision(&j, r);
	json_settle(&j, &r->settle);
	json_collection(&j, r);
	jw_open(&j, "warnings", '[', 0);
	for (i = 0; i < r->nwarnings; i++)
		jw_str(&j, NULL, r->warnings[i]);
	jw_close(&j, ']');
	json_blocks(&j, report_last(r));
	json_scaling(&j, &r->scaling);
	json_repetitions(&j, r);
	jw_close(&j, '}');
	putc('\n', f);
	return fflush(f) == EOF || ferror(f) ? -1 : 0;
}
