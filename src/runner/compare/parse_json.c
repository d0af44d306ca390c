/* parse_json.c - a bytebench JSON report into the compare model: every
 * run's tests, pass rates and index tables; a field of another type is
 * taken as absent. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/counters.h"
#include "write/json_read.h"
#include "compare/compare.h"

#define SCHEMA "bytebench-report/1"

/* Says why in the caller's err (of errlen bytes); -1. */
#define FAIL(...) ((void)cmp_appendf(err, errlen, 0, __VA_ARGS__), -1)

static const struct json_value *
member(const struct json_value *obj, const char *key, enum json_type type)
{
	const struct json_value *v = json_get(obj, key);

	return v != NULL && v->type == type ? v : NULL;
}

static const struct json_value *
string_of(const struct json_value *obj, const char *key, const char *other)
{
	const struct json_value *v = member(obj, key, JSON_STRING);

	return v != NULL ? v : member(obj, other, JSON_STRING);
}

/* A clean copy of string v, "" when v is none; NULL: out of memory. */
static char *
text(const struct json_value *v)
{
	return v != NULL && v->type == JSON_STRING ? cmp_text(v->string, v->len)
	                                           : cmp_text("", 0);
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
	return member(obj, key, JSON_TRUE)    ? 1
	       : member(obj, key, JSON_FALSE) ? 0
	                                      : dflt;
}

/* "YYYY-MM-DD" from the start of an ISO 8601 time, or "". */
static void
date_of(const struct json_value *obj, const char *key, char date[11])
{
	const struct json_value *v = member(obj, key, JSON_STRING);
	const char *s = v != NULL ? v->string : "", *d = "0123456789";

	date[0] = '\0';
	if (strspn(s, d) == 4 && s[4] == '-' && strspn(s + 5, d) == 2 &&
	    s[7] == '-' && strspn(s + 8, d) >= 2)
		snprintf(date, 11, "%.10s", s);
}

/* The outcome of a test or pass when it is said and is not "ok". */
static const struct json_value *
not_ok(const struct json_value *obj)
{
	const struct json_value *v = member(obj, "outcome", JSON_STRING);

	return v != NULL && strcmp(v->string, "ok") == 0
	           ? NULL
	           : json_get(obj, "outcome");
}

/* The rates of every pass that ran to its end (their spread is the noise),
 * of the kept ones, and the kept ones' derived counters (NAN where absent;
 * NULL when none has any).  -1: out of memory. */
static int
read_rates(const struct json_value *passes, struct cmp_test *t)
{
	const struct json_value *p, *d;
	size_t i, j, n = passes != NULL ? passes->n : 0;
	double rate;
	int k;

	if (n == 0)
		return 0;
	t->all_rates = malloc(n * sizeof(double));
	t->rates = malloc(n * sizeof(double));
	if (t->all_rates == NULL || t->rates == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		p = &passes->items[i];
		rate = number_of(p, "rate");
		if (not_ok(p) != NULL)
			continue;
		t->all_rates[t->nall++] = rate;
		if (!bool_of(p, "kept", 1) || !(rate > 0) || !isfinite(rate))
			continue;
		d = member(p, "derived", JSON_OBJECT);
		if (d != NULL && t->derived == NULL) {
			t->derived = malloc(n * NDERIVED * sizeof(double));
			if (t->derived == NULL)
				return -1;
			for (j = 0; j < n * NDERIVED; j++)
				t->derived[j] = NAN;
		}
		for (k = 0; d != NULL && k < NDERIVED; k++)
			t->derived[(size_t)t->nrates * NDERIVED + (size_t)k] =
			    number_of(d, derived_defs[k].key);
		t->rates[t->nrates++] = rate;
	}
	return 0;
}

static int
read_test(
    const struct json_value *obj, struct cmp_block *b, char *err, size_t errlen)
{
	void *grown;
	const struct json_value *title = string_of(obj, "title", "name");
	const struct json_value *unit = member(obj, "unit", JSON_STRING);
	struct cmp_test *t;
	char *u;

	if (title == NULL)
		return FAIL("a test without a title");
	if ((t = CMP_PUSH(grown, b->tests, b->ntests, INT_MAX)) == NULL ||
	    (t->title = text(title)) == NULL ||
	    (t->status = text(not_ok(obj))) == NULL)
		return -1;
	if (unit != NULL && unit->len < sizeof(t->unit)) {
		if ((u = text(unit)) == NULL)
			return -1;
		snprintf(t->unit, sizeof(t->unit), "%s", u);
		free(u);
	}
	t->lower_is_better = bool_of(obj, "lower_is_better", 0);
	t->value = number_of(obj, "score");
	return read_rates(member(obj, "passes", JSON_ARRAY), t);
}

static int
read_index(const struct json_value *obj, struct cmp_block *b, int method)
{
	void *grown;
	const struct json_value *entries = member(obj, "entries", JSON_ARRAY);
	const struct json_value *e, *label;
	struct cmp_index *x;
	struct cmp_index_row *row;
	double m;
	size_t i;

	label = string_of(obj, "label", "name");
	if ((x = CMP_PUSH(grown, b->indexes, b->nindexes, INT_MAX)) == NULL ||
	    (x->label = label ? text(label) : cmp_text("Index", 5)) == NULL)
		return -1;
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
		if ((label = string_of(e, "title", "test")) == NULL)
			continue;
		row = CMP_PUSH(grown, x->rows, x->nrows, INT_MAX);
		if (row == NULL || (row->title = text(label)) == NULL)
			return -1;
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

	if ((b = CMP_PUSH(grown, r->blocks, r->nblocks, INT_MAX)) == NULL)
		return -1;
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
		if (read_index(&indexes->items[i], b, method) == -1)
			return -1;
	if (b->ntests == 0 && b->nindexes == 0)
		return FAIL("a run of %d copies without results", b->copies);
	return 0;
}

/* The report's warnings of other work on the machine (score/noise.c's),
 * each up to its " (" or ":", into r->disturbed; -1: out of memory. */
static int
read_disturbed(const struct json_value *root, struct cmp_report *r)
{
	static const char *const kinds[] = {"other processes used ",
	    "the hypervisor took ", "load average ", NULL};
	const struct json_value *w = member(root, "warnings", JSON_ARRAY);
	char buf[3 * CMP_TEXT_MAX];
	const char *s;
	size_t i, k, n = 0;

	for (i = 0; w != NULL && i < w->n; i++)
		for (k = 0, s = w->items[i].string;
		     kinds[k] != NULL && w->items[i].type == JSON_STRING; k++)
			if (strncmp(s, kinds[k], strlen(kinds[k])) == 0)
				n = cmp_appendf(buf, sizeof(buf), n, "%s%.*s",
				    n ? "; " : "", (int)strcspn(s, "(:"), s);
	return n > 0 && (r->disturbed = cmp_text(buf, n)) == NULL ? -1 : 0;
}

/* The report of root with the runs of from (root, or a repetition). */
static int
read_report(const struct json_value *root, const struct json_value *from,
    struct cmp_report *r, char *err, size_t errlen)
{
	const struct json_value *runs = member(from, "runs", JSON_ARRAY);
	const struct json_value *sys = member(root, "system", JSON_OBJECT);
	const struct json_value *build = member(root, "build", JSON_OBJECT);
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
	    (r->hostname = text(json_get(sys, "hostname"))) == NULL ||
	    (r->os_name = text(json_get(sys, "os_name"))) == NULL ||
	    (r->os_release = text(json_get(sys, "os_release"))) == NULL ||
	    (r->os_version = text(json_get(sys, "os_version"))) == NULL ||
	    (r->flags = text(json_get(build, "flags"))) == NULL)
		return -1;
	settings = member(root, "settings", JSON_OBJECT);
	r->quick = bool_of(settings, "quick", 0);
	m = number_of(settings, "duration_s");
	r->duration_s = m > 0 && isfinite(m) ? m : 0;
	v = member(build, "kind", JSON_STRING);
	if (v != NULL && v->len < sizeof(r->build_kind) &&
	    strlen(v->string) == v->len)
		memcpy(r->build_kind, v->string, v->len + 1);
	if (((v = member(root, "label", JSON_STRING)) != NULL && v->len > 0 &&
	        (r->run_label = cmp_text(v->string, v->len)) == NULL) ||
	    ((v = member(root, "comment", JSON_STRING)) != NULL && v->len > 0 &&
	        (r->comment = cmp_text(v->string, v->len)) == NULL) ||
	    read_disturbed(root, r) == -1)
		return -1;
	m = number_of(root, "index_method");
	method = m >= 1 && m <= 1000 ? (int)m : 0;
	date_of(root, "start", date);
	if (runs == NULL || runs->n == 0)
		return FAIL("no runs in the report");
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
	const struct json_value *schema, *reps;
	struct cmp_report *r;
	char why[128];
	size_t i, n;
	int rc = 0, set;

	if (json_parse(text, len, &root, why, sizeof(why)) == -1)
		return FAIL("not valid JSON: %s", why);
	err[0] = '\0'; /* still empty after a failure: out of memory */
	schema = member(&root, "schema", JSON_STRING);
	reps = member(&root, "repetitions", JSON_ARRAY);
	n = reps != NULL ? reps->n : 0;
	/* A --runs report's set: its first run's place in the file, from 1. */
	set = n > 0 ? out->nreports + 1 : 0;
	if (schema == NULL)
		rc = FAIL("JSON but no bytebench report (no \"schema\")");
	else if (strcmp(schema->string, SCHEMA) != 0)
		rc = FAIL("schema \"%.40s\" is not %s", schema->string, SCHEMA);
	for (i = 0; rc == 0 && i <= n; i++) {
		r = CMP_PUSH(
		    grown, out->reports, out->nreports, CMP_MAX_REPORTS);
		if (r == NULL) {
			rc = FAIL("too many reports, or out of memory");
			break;
		}
		r->run_set = set;
		rc = read_report(
		    &root, i < n ? &reps->items[i] : &root, r, err, errlen);
		if (rc == -1) {
			if (err[0] == '\0')
				cmp_appendf(err, errlen, 0, "out of memory");
			cmp_report_free(r);
			out->nreports--;
		}
	}
	json_free(&root);
	return rc;
}
