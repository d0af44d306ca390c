/*
 * write_json.c - the report model as JSON, schema "bytebench-report/1"
 * (doc/json-schema.md is the contract; a field added there is added here).
 */
#include <stdio.h>

#include "write/escape.h"
#include "write/writers.h"

#define JSON_SCHEMA   "bytebench-report/1"
#define JSON_MAXDEPTH 16

/*
 * Pretty-printing state: two spaces per level and one member a line, but a
 * flat container (a copy, a list of numbers) and all inside it on one line.
 */
struct json {
	FILE *f;
	int depth;
	int empty[JSON_MAXDEPTH]; /* nothing written yet at this level */
	int flat[JSON_MAXDEPTH];
};

/* Starts a member of an object (key given) or an element of an array. */
static void
j_item(struct json *j, const char *key)
{
	int i;

	if (!j->empty[j->depth])
		fputs(j->flat[j->depth] ? ", " : ",", j->f);
	j->empty[j->depth] = 0;
	if (j->depth > 0 && !j->flat[j->depth]) {
		putc('\n', j->f);
		for (i = 0; i < j->depth; i++)
			fputs("  ", j->f);
	}
	if (key != NULL) {
		escape_json(j->f, key);
		fputs(": ", j->f);
	}
}

/* Opens an object ('{') or array ('['), flat or not. */
static void
j_open(struct json *j, const char *key, int c, int flat)
{
	j_item(j, key);
	putc(c, j->f);
	flat = flat || j->flat[j->depth];
	if (j->depth < JSON_MAXDEPTH - 1)
		j->depth++;
	j->empty[j->depth] = 1;
	j->flat[j->depth] = flat;
}

static void
j_close(struct json *j, int c)
{
	int i, was_empty = j->empty[j->depth], flat = j->flat[j->depth];

	if (j->depth > 0)
		j->depth--;
	if (!was_empty && !flat) {
		putc('\n', j->f);
		for (i = 0; i < j->depth; i++)
			fputs("  ", j->f);
	}
	putc(c, j->f);
}

static void
j_str(struct json *j, const char *key, const char *s)
{
	j_item(j, key);
	escape_json(j->f, s);
}

static void
j_num(struct json *j, const char *key, double v)
{
	j_item(j, key);
	escape_json_number(j->f, v);
}

static void
j_int(struct json *j, const char *key, long v)
{
	j_item(j, key);
	fprintf(j->f, "%ld", v);
}

static void
j_bool(struct json *j, const char *key, int v)
{
	j_item(j, key);
	fputs(v ? "true" : "false", j->f);
}

static void
j_null(struct json *j, const char *key)
{
	j_item(j, key);
	fputs("null", j->f);
}

/* A time as UTC ISO 8601; 0 (never set) is null. */
static void
j_time(struct json *j, const char *key, time_t t)
{
	char buf[32];

	if (t == 0)
		j_null(j, key);
	else
		j_str(j, key, escape_utc(buf, sizeof(buf), t));
}

/* A number, or null when known is false. */
static void
j_num_if(struct json *j, const char *key, int known, double v)
{
	if (known)
		j_num(j, key, v);
	else
		j_null(j, key);
}

static void
json_system(struct json *j, const struct sysinfo *s)
{
	j_open(j, "system", '{', 0);
	j_str(j, "hostname", s->hostname);
	j_str(j, "os_name", s->os_name);
	j_str(j, "os_release", s->os_release);
	j_str(j, "os_version", s->os_version);
	j_str(j, "machine", s->machine);
	j_str(j, "platform", s->platform);
	j_str(j, "distro", s->distro);
	j_str(j, "locale", s->locale);
	j_str(j, "charmap", s->charmap);
	j_str(j, "collate", s->collate);
	j_str(j, "cpu_model", s->cpu_model);
	j_str(j, "cpu_flags", s->cpu_flags);
	j_num_if(j, "cpu_mhz", s->cpu_mhz > 0, s->cpu_mhz);
	j_int(j, "cpus_online", s->cpus_online);
	j_int(j, "cpus_usable", s->cpus_usable);
	j_str(j, "shell", s->shell);
	j_str(j, "uptime", s->uptime);
	j_open(j, "load", '[', 1);
	j_num(j, NULL, s->load1);
	j_num(j, NULL, s->load5);
	j_num(j, NULL, s->load15);
	j_close(j, ']');
	j_close(j, '}');

	j_open(j, "build", '{', 0);
	j_str(j, "compiler", s->compiler);
	j_str(j, "flags", s->cflags);
	j_str(j, "kind", s->build_kind);
	j_close(j, '}');
}

static void
json_settings(struct json *j, const struct settings *s)
{
	int i;

	j_open(j, "settings", '{', 0);
	j_int(j, "long_passes", s->long_passes);
	j_int(j, "short_passes", s->short_passes);
	j_num(j, "duration_s", s->duration_s);
	j_bool(j, "quick", s->quick);
	j_str(j, "placement", s->placement);
	j_open(j, "copies", '[', 1);
	for (i = 0; i < s->ncopies; i++)
		j_int(j, NULL, s->copies[i]);
	j_close(j, ']');
	j_open(j, "tests", '[', 1);
	for (i = 0; i < s->ntests; i++)
		j_str(j, NULL, s->tests[i]->name);
	j_close(j, ']');
	j_close(j, '}');
}

static const char *
counter_key(int k)
{
	return counter_defs[k].key;
}

static const char *
derived_key(int k)
{
	return derived_defs[k].key;
}

/*
 * An object of the values v[k] whose bit k is set in have, named by
 * name(k); null when none is.
 */
static void
j_values(struct json *j, const char *key, unsigned long have, const double *v,
    int n, const char *(*name)(int))
{
	int k;

	if (have == 0) {
		j_null(j, key);
		return;
	}
	j_open(j, key, '{', 1);
	for (k = 0; k < n; k++)
		if (have & (1UL << k))
			j_num(j, name(k), v[k]);
	j_close(j, '}');
}

/* What was asked for, what some pass got, and why the rest was not. */
static void
json_collection(struct json *j, const struct report *r)
{
	int k;

	j_open(j, "counters", '{', 0);
	j_str(j, "level", counters_level_name(r->settings.counters));
	j_open(j, "available", '[', 1);
	for (k = 0; k < NCOUNTERS; k++)
		if (r->counters_have & COUNTER_BIT(k))
			j_str(j, NULL, counter_defs[k].key);
	j_close(j, ']');
	j_str(j, "missing", r->counters_missing);
	j_close(j, '}');
}

static void
json_copy(struct json *j, const struct copy_result *c)
{
	int i;

	j_open(j, NULL, '{', 1);
	j_str(j, "outcome", outcome_name(c->outcome));
	j_num(j, "count", c->count);
	j_num(j, "timebase", c->timebase);
	j_num(j, "time_s", c->time_s);
	j_bool(j, "has_time", c->has_time);
	j_num(j, "wall_s", c->wall_s);
	j_num(j, "start_s", c->start_s);
	if (c->signal != 0)
		j_null(j, "exit_status");
	else
		j_int(j, "exit_status", c->exit_status);
	j_int(j, "signal", c->signal);
	j_str(j, "message", c->message);
	j_str(j, "command", c->command);
	j_open(j, "info", '{', 1);
	for (i = 0; i < c->ninfo; i++)
		j_str(j, c->info[i].key, c->info[i].value);
	j_close(j, '}');
	j_values(j, "counters", c->counters.have, c->counters.v, NCOUNTERS,
	    counter_key);
	j_close(j, '}');
}

static void
json_pass(struct json *j, const struct pass_result *p)
{
	int i;

	j_open(j, NULL, '{', 0);
	j_str(j, "outcome", outcome_name(p->outcome));
	j_num(j, "count", p->count);
	j_num(j, "time_s", p->time_s);
	j_num(j, "rate", p->rate);
	j_bool(j, "kept", p->kept);
	j_num(j, "skew_s", p->skew_s);
	j_values(j, "counters", p->counters.have, p->counters.v, NCOUNTERS,
	    counter_key);
	j_values(j, "derived", p->derived.have, p->derived.v, NDERIVED,
	    derived_key);
	j_open(j, "copies", '[', 0);
	for (i = 0; i < p->ncopies; i++)
		json_copy(j, &p->copies[i]);
	j_close(j, ']');
	j_close(j, '}');
}

static void
json_test(struct json *j, const struct test_result *t,
    const struct settings *s)
{
	const char *place = catalog_placement(t->test, s->placement,
	    s->placement_given);
	int ok = t->outcome == OUTCOME_OK;
	int i;

	j_open(j, NULL, '{', 0);
	j_str(j, "name", t->test->name);
	j_str(j, "title", t->test->title);
	j_str(j, "unit", t->unit);
	j_bool(j, "lower_is_better", (t->test->flags & TEST_LOWER_BETTER) != 0);
	if (place != NULL)
		j_str(j, "placement", place);
	else
		j_null(j, "placement");
	j_str(j, "outcome", outcome_name(t->outcome));
	j_str(j, "message", t->message);
	j_num_if(j, "score", ok, t->score);
	j_num_if(j, "time_s", ok, t->time_s);
	j_int(j, "samples", t->samples);
	j_open(j, "spread", '{', 1);
	j_num_if(j, "median", ok, t->spread.median);
	j_num_if(j, "min", ok, t->spread.min);
	j_num_if(j, "max", ok, t->spread.max);
	j_num_if(j, "cv", ok, t->spread.cv);
	j_close(j, '}');
	j_values(j, "derived", t->derived.have, t->derived.v, NDERIVED,
	    derived_key);
	j_open(j, "passes", '[', 0);
	for (i = 0; i < t->npasses; i++)
		json_pass(j, &t->passes[i]);
	j_close(j, ']');
	j_close(j, '}');
}

static void
json_entry(struct json *j, const struct index_entry *e)
{
	const struct test_def *t = e->result != NULL
	                               ? e->result->test
	                               : catalog_find_test(e->row->test);
	const char *title = e->row->title;

	if (title == NULL && t != NULL)
		title = t->title;
	j_open(j, NULL, '{', 1);
	j_str(j, "test", e->row->test);
	j_str(j, "title", title);
	j_num(j, "baseline", e->row->baseline);
	j_num_if(j, "result", e->ok, e->ok ? e->result->score : 0);
	j_num_if(j, "index", e->ok, e->index);
	j_bool(j, "ok", e->ok);
	j_str(j, "outcome",
	    e->result != NULL ? outcome_name(e->result->outcome)
	                      : outcome_name(OUTCOME_NOT_RUN));
	j_close(j, '}');
}

static void
json_index(struct json *j, const struct index_result *x)
{
	int ci = x->ci_low != 0 && x->ci_high != 0;
	int sum = x->def->agg == INDEX_SUM_AVERAGE;
	int i;

	j_open(j, NULL, '{', 0);
	j_str(j, "name", x->def->name);
	j_str(j, "label", x->def->label);
	j_str(j, "aggregation", sum ? "sum_average" : "geomean_x10");
	j_int(j, "method", x->def->method);
	j_num_if(j, "score", x->nok > 0, x->score);
	j_bool(j, "partial", x->partial);
	j_num_if(j, "sum", sum && x->nok > 0, x->sum);
	j_num_if(j, "ci_low", ci, x->ci_low);
	j_num_if(j, "ci_high", ci, x->ci_high);
	j_int(j, "counted", x->nok);
	j_open(j, "entries", '[', 0);
	for (i = 0; i < x->nentries; i++)
		json_entry(j, &x->entries[i]);
	j_close(j, ']');
	j_close(j, '}');
}

static void
json_block(struct json *j, const struct block *b, const struct settings *s)
{
	int i;

	j_open(j, NULL, '{', 0);
	j_int(j, "copies", b->copies);
	j_time(j, "start", b->start);
	j_time(j, "end", b->end);
	j_open(j, "tests", '[', 0);
	for (i = 0; i < b->ntests; i++)
		json_test(j, &b->tests[i], s);
	j_close(j, ']');
	j_open(j, "indexes", '[', 0);
	for (i = 0; i < b->nindexes; i++)
		json_index(j, &b->indexes[i]);
	j_close(j, ']');
	j_close(j, '}');
}

int
write_json(FILE *f, const struct report *r)
{
	struct json j = {f, 0, {1}, {0}};
	int i;

	j_open(&j, NULL, '{', 0);
	j_str(&j, "schema", JSON_SCHEMA);
	j_str(&j, "bytebench_version", r->version);
	j_int(&j, "index_method", r->index_method);
	j_str(&j, "label", r->settings.label);
	j_str(&j, "comment", r->settings.comment);
	j_bool(&j, "interrupted", r->interrupted);
	j_time(&j, "start", r->start);
	j_time(&j, "end", r->end);
	json_system(&j, &r->sys);
	json_settings(&j, &r->settings);
	json_collection(&j, r);
	j_open(&j, "warnings", '[', 0);
	for (i = 0; i < r->nwarnings; i++)
		j_str(&j, NULL, r->warnings[i]);
	j_close(&j, ']');
	j_open(&j, "runs", '[', 0);
	for (i = 0; i < r->nblocks; i++)
		json_block(&j, &r->blocks[i], &r->settings);
	j_close(&j, ']');
	j_close(&j, '}');
	putc('\n', f);
	if (fflush(f) == EOF || ferror(f))
		return -1;
	return 0;
}
