/*
 * parse_json.c - a bytebench JSON report into the compare model: the
 * tests' scores and kept pass rates and the index tables of every run.
 * Fields of an unexpected type count as absent.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/counters.h"
#include "write/json_read.h"
#include "compare/compare.h"

#define SCHEMA "bytebench-report/1"

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static const struct json_value *
member(const struct json_value *obj, const char *key, enum json_type type)
{
	const struct json_value *v = json_get(obj, key);

	return v != NULL && v->type == type ? v : NULL;
}

/* A clean copy of a string member, "" when absent; NULL: out of memory. */
static char *
text_of(const struct json_value *obj, const char *key)
{
	const struct json_value *v = member(obj, key, JSON_STRING);

	return v != NULL ? cmp_text(v->string, v->len) : cmp_text("", 0);
}

static double
number_of(const struct json_value *obj, const char *key)
{
	const struct json_value *v = member(obj, key, JSON_NUMBER);

	return v != NULL ? v->number : NAN;
}

static int
bool_of(const struct json_value *obj, const char *key, int dflt)
{
	const struct json_value *v = json_get(obj, key);

	if (v != NULL && v->type == JSON_TRUE)
		return 1;
	if (v != NULL && v->type == JSON_FALSE)
		return 0;
	return dflt;
}

/* "YYYY-MM-DD" from the start of an ISO 8601 time, or "". */
static void
date_of(const struct json_value *obj, const char *key, char date[11])
{
	const struct json_value *v = member(obj, key, JSON_STRING);
	int i;

	date[0] = '\0';
	if (v == NULL || v->len < 10)
		return;
	for (i = 0; i < 10; i++) {
		if ((i == 4 || i == 7)
		        ? v->string[i] != '-'
		        : (v->string[i] < '0' || v->string[i] > '9'))
			return;
	}
	memcpy(date, v->string, 10);
	date[10] = '\0';
}

/* The outcome of a test or pass: "" when ok (or not said). */
static char *
status_of(const struct json_value *obj)
{
	const struct json_value *v = member(obj, "outcome", JSON_STRING);

	if (v == NULL || strcmp(v->string, "ok") == 0)
		return cmp_text("", 0);
	return cmp_text(v->string, v->len);
}

/*
 * Appends the derived counters of a kept pass p (NAN where absent) to
 * t->derived, the pass being rate number t->nrates - 1.
 */
static int
read_derived(const struct json_value *p, struct cmp_test *t)
{
	const struct json_value *d = member(p, "derived", JSON_OBJECT);
	double *grown;
	int k, i = t->nrates - 1;

	if (d == NULL && t->derived == NULL)
		return 0;
	if (t->derived == NULL || (i & (i - 1)) == 0) {
		/* Room for the next power of two of passes, as cmp_grow. */
		grown = realloc(t->derived,
		    sizeof(*grown) * NDERIVED * (size_t)(i ? 2 * i : 1));
		if (grown == NULL)
			return -1;
		if (t->derived == NULL)
			for (k = 0; k < i * NDERIVED; k++)
				grown[k] = NAN;
		t->derived = grown;
	}
	for (k = 0; k < NDERIVED; k++)
		t->derived[i * NDERIVED + k] =
		    d != NULL ? number_of(d, derived_defs[k].key) : NAN;
	return 0;
}

static int
read_rates(const struct json_value *passes, struct cmp_test *t)
{
	void *grown;
	const struct json_value *p;
	double rate, *slot;
	size_t i;

	for (i = 0; passes != NULL && i < passes->n; i++) {
		p = &passes->items[i];
		rate = number_of(p, "rate");
		if (json_get(p, "outcome") != NULL &&
		    (member(p, "outcome", JSON_STRING) == NULL ||
		        strcmp(
		            member(p, "outcome", JSON_STRING)->string, "ok")))
			continue;
		/* Every pass's spread is the noise (score/interval.h). */
		slot = CMP_PUSH(grown, t->all_rates, t->nall, INT_MAX);
		if (slot == NULL)
			return -1;
		*slot = rate;
		if (!bool_of(p, "kept", 1) || !(rate > 0) || !isfinite(rate))
			continue;
		slot = CMP_PUSH(grown, t->rates, t->nrates, INT_MAX);
		if (slot == NULL)
			return -1;
		*slot = rate;
		if (read_derived(p, t) == -1)
			return -1;
	}
	return 0;
}

static int
read_test(
    const struct json_value *obj, struct cmp_block *b, char *err, size_t errlen)
{
	void *grown;
	const struct json_value *title = member(obj, "title", JSON_STRING);
	const struct json_value *unit = member(obj, "unit", JSON_STRING);
	struct cmp_test *t;

	if (title == NULL)
		title = member(obj, "name", JSON_STRING);
	if (title == NULL)
		return fail(err, errlen, "a test without a title");
	t = CMP_PUSH(grown, b->tests, b->ntests, INT_MAX);
	if (t == NULL)
		return fail(err, errlen, "out of memory");
	t->value = NAN;
	if ((t->title = cmp_text(title->string, title->len)) == NULL ||
	    (t->status = status_of(obj)) == NULL)
		return fail(err, errlen, "out of memory");
	if (unit != NULL && unit->len < sizeof(t->unit)) {
		char *u = cmp_text(unit->string, unit->len);

		if (u == NULL)
			return fail(err, errlen, "out of memory");
		memcpy(t->unit, u, strlen(u) + 1);
		free(u);
	}
	t->lower_is_better = bool_of(obj, "lower_is_better", 0);
	t->value = number_of(obj, "score");
	if (read_rates(member(obj, "passes", JSON_ARRAY), t) == -1)
		return fail(err, errlen, "out of memory");
	return 0;
}

static int
read_index(const struct json_value *obj, struct cmp_block *b, int method,
    char *err, size_t errlen)
{
	void *grown;
	const struct json_value *entries = member(obj, "entries", JSON_ARRAY);
	const struct json_value *e, *label;
	struct cmp_index *x;
	struct cmp_index_row *row;
	double m;
	size_t i;

	x = CMP_PUSH(grown, b->indexes, b->nindexes, INT_MAX);
	if (x == NULL)
		return fail(err, errlen, "out of memory");
	label = member(obj, "label", JSON_STRING);
	if (label == NULL)
		label = member(obj, "name", JSON_STRING);
	x->label = label != NULL ? cmp_text(label->string, label->len)
	                         : cmp_text("Index", 5);
	if (x->label == NULL)
		return fail(err, errlen, "out of memory");
	m = number_of(obj, "method");
	x->method = m >= 1 && m <= 1000 ? (int)m : method;
	x->partial = bool_of(obj, "partial", 0);
	x->score = number_of(obj, "score");
	x->has_score = isfinite(x->score);
	x->ci_low = number_of(obj, "ci_low");
	x->ci_high = number_of(obj, "ci_high");
	if (!isfinite(x->ci_low) || !isfinite(x->ci_high))
		x->ci_low = x->ci_high = 0;
	for (i = 0; entries != NULL && i < entries->n; i++) {
		e = &entries->items[i];
		label = member(e, "title", JSON_STRING);
		if (label == NULL)
			label = member(e, "test", JSON_STRING);
		if (label == NULL)
			continue;
		row = CMP_PUSH(grown, x->rows, x->nrows, INT_MAX);
		if (row == NULL)
			return fail(err, errlen, "out of memory");
		if ((row->title = cmp_text(label->string, label->len)) == NULL)
			return fail(err, errlen, "out of memory");
		row->baseline = number_of(e, "baseline");
		row->result = number_of(e, "result");
		row->index = bool_of(e, "ok", 1) ? number_of(e, "index") : NAN;
	}
	return 0;
}

static int
read_run(const struct json_value *run, struct cmp_report *r, int method,
    const char *report_date, char *err, size_t errlen)
{
	void *grown;
	const struct json_value *tests = member(run, "tests", JSON_ARRAY);
	const struct json_value *indexes = member(run, "indexes", JSON_ARRAY);
	struct cmp_block *b;
	double copies;
	size_t i;

	b = CMP_PUSH(grown, r->blocks, r->nblocks, INT_MAX);
	if (b == NULL)
		return fail(err, errlen, "out of memory");
	copies = number_of(run, "copies");
	b->copies_assumed =
	    !(copies >= 1 && copies <= 1e6 && copies == floor(copies));
	b->copies = b->copies_assumed ? 1 : (int)copies;
	copies = number_of(run, "pinned_cpu");
	b->pin = copies >= 0 && copies < 1e6 ? (int)copies + 1 : 0;
	date_of(run, "start", b->date);
	if (b->date[0] == '\0')
		memcpy(b->date, report_date, 11);
	for (i = 0; tests != NULL && i < tests->n; i++)
		if (read_test(&tests->items[i], b, err, errlen) == -1)
			return -1;
	for (i = 0; indexes != NULL && i < indexes->n; i++)
		if (read_index(&indexes->items[i], b, method, err, errlen) ==
		    -1)
			return -1;
	if (b->ntests == 0 && b->nindexes == 0)
		return fail(err, errlen, "a run of %d copies without results",
		    b->copies);
	return 0;
}

/*
 * The report's warnings of other work on the machine (score/noise.c
 * writes them): each up to its " (" or ":", "; " between, into
 * r->disturbed.  -1 when out of memory.
 */
static int
read_disturbed(const struct json_value *root, struct cmp_report *r)
{
	static const char *const kinds[] = {
	    "other processes used ", "the hypervisor took ", "load average "};
	const struct json_value *w = member(root, "warnings", JSON_ARRAY);
	char text[3 * CMP_TEXT_MAX];
	size_t i, k, n = 0, len;

	text[0] = '\0';
	for (i = 0; w != NULL && i < w->n; i++) {
		if (w->items[i].type != JSON_STRING)
			continue;
		for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
			if (strncmp(w->items[i].string, kinds[k],
			        strlen(kinds[k])) == 0)
				break;
		if (k == sizeof(kinds) / sizeof(kinds[0]))
			continue;
		len = strcspn(w->items[i].string, "(:");
		n = cmp_appendf(text, sizeof(text), n, "%s%.*s", n ? "; " : "",
		    (int)len, w->items[i].string);
	}
	if (n == 0)
		return 0;
	r->disturbed = cmp_text(text, n);
	return r->disturbed == NULL ? -1 : 0;
}

/* The report of root with the results of runs (root's, or a repetition's). */
static int
read_report(const struct json_value *root, const struct json_value *runs,
    struct cmp_report *r, char *err, size_t errlen)
{
	const struct json_value *sys = member(root, "system", JSON_OBJECT);
	const struct json_value *version, *settings, *v;
	char date[11], origin[64];
	double m;
	int method;
	size_t i;

	r->passes_known = 1;
	version = member(root, "bytebench_version", JSON_STRING);
	snprintf(origin, sizeof(origin), "bytebench %.40s",
	    version != NULL ? version->string : "");
	if ((r->origin = cmp_text(origin, strlen(origin))) == NULL ||
	    (r->hostname = text_of(sys, "hostname")) == NULL ||
	    (r->os_name = text_of(sys, "os_name")) == NULL ||
	    (r->os_release = text_of(sys, "os_release")) == NULL ||
	    (r->os_version = text_of(sys, "os_version")) == NULL ||
	    (r->flags = text_of(member(root, "build", JSON_OBJECT), "flags")) ==
	        NULL)
		return fail(err, errlen, "out of memory");
	settings = member(root, "settings", JSON_OBJECT);
	r->quick = bool_of(settings, "quick", 0);
	m = number_of(settings, "duration_s");
	r->duration_s = m > 0 && isfinite(m) ? m : 0;
	v = member(member(root, "build", JSON_OBJECT), "kind", JSON_STRING);
	if (v != NULL && v->len < sizeof(r->build_kind) &&
	    strlen(v->string) == v->len)
		memcpy(r->build_kind, v->string, v->len + 1);
	if (((v = member(root, "label", JSON_STRING)) != NULL && v->len > 0 &&
	        (r->run_label = cmp_text(v->string, v->len)) == NULL) ||
	    ((v = member(root, "comment", JSON_STRING)) != NULL && v->len > 0 &&
	        (r->comment = cmp_text(v->string, v->len)) == NULL) ||
	    read_disturbed(root, r) == -1)
		return fail(err, errlen, "out of memory");
	m = number_of(root, "index_method");
	method = m >= 1 && m <= 1000 ? (int)m : 0;
	date_of(root, "start", date);
	if (runs == NULL || runs->n == 0)
		return fail(err, errlen, "no runs in the report");
	for (i = 0; i < runs->n; i++)
		if (read_run(&runs->items[i], r, method, date, err, errlen) ==
		    -1)
			return -1;
	return 0;
}

int
parse_json(const char *text, size_t len, struct cmp_file *out, char *err,
    size_t errlen)
{
	void *grown;
	struct json_value root;
	const struct json_value *schema;
	const struct json_value *reps;
	struct cmp_report *r;
	char why[128];
	int rc, set;
	size_t i;

	if (json_parse(text, len, &root, why, sizeof(why)) == -1)
		return fail(err, errlen, "not valid JSON: %s", why);
	schema = member(&root, "schema", JSON_STRING);
	if (schema == NULL || strcmp(schema->string, SCHEMA) != 0) {
		rc = schema == NULL
		         ? fail(err, errlen,
		               "JSON but no bytebench report (no \"schema\")")
		         : fail(err, errlen, "schema \"%.40s\" is not %s",
		               schema->string, SCHEMA);
		json_free(&root);
		return rc;
	}
	reps = member(&root, "repetitions", JSON_ARRAY);
	/* Numbered within the file: the first report's place, from 1. */
	set = reps != NULL && reps->n > 0 ? out->nreports + 1 : 0;
	for (i = 0, rc = 0; rc == 0 && i <= (reps ? reps->n : 0); i++) {
		/* --runs: the runs before the last, then the last. */
		r = CMP_PUSH(
		    grown, out->reports, out->nreports, CMP_MAX_REPORTS);
		if (r == NULL) {
			rc = fail(
			    err, errlen, "too many reports, or out of memory");
			break;
		}
		rc = read_report(&root,
		    reps != NULL && i < reps->n
		        ? member(&reps->items[i], "runs", JSON_ARRAY)
		        : member(&root, "runs", JSON_ARRAY),
		    r, err, errlen);
		r->run_set = set;
		if (rc == -1) {
			/* A report read in part is dropped whole. */
			cmp_report_free(r);
			out->nreports--;
		}
	}
	json_free(&root);
	return rc;
}
