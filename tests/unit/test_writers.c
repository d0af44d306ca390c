/*
 * test_writers.c - the JSON, CSV, HTML and Markdown writers on a fixed
 * report model with hostile strings, against tests/golden/writers.*.
 * -u rewrites the golden files; -o DIR also saves each output in DIR.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "write/escape.h"
#include "compare/json_read.h"
#include "write/writers.h"

#define HOSTNAME "<script>alert(1)</script>"
#define CPU_MODEL                                                              \
	"Intel(R) \"Fake\" CPU @ 3.00GHz, rev\\2 | pipe\n"                     \
	"next line\ttab\x1b[31m"
#define OS_VERSION "#1 SMP Debian 6.1.55-1 \xff\xfe"
#define START      1795995329 /* 2026-11-29T23:35:29Z */

/* A test that is in no index, with a title that needs quoting. */
static const struct test_def odd_test = {.name = "odd",
    .title = "Odd, \"quoted\" | <b>title</b>",
    .program = "odd",
    .args = {"@T"},
    .seconds = 10,
    .passes = PASSES_SHORT,
    .unit = "lpm"};

static char *
xstrdup(const char *s)
{
	char *d = strdup(s);

	if (d == NULL) {
		perror("strdup");
		exit(1);
	}
	return d;
}

static void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (p == NULL) {
		perror("calloc");
		exit(1);
	}
	return p;
}

static const struct test_def *
test_named(const char *name)
{
	const struct test_def *t = catalog_find_test(name);

	if (t == NULL) {
		fprintf(
		    stderr, "test_writers: no test %s in the catalog\n", name);
		exit(1);
	}
	return t;
}

/*
 * Fills t with passes of ncopies copies, pass p counting counts[p] per
 * copy in time_s seconds; the pass with the lowest count is dropped.
 */
static void
make_test(struct test_result *t, const struct test_def *def, int ncopies,
    const double *counts, int npasses, double timebase, double time_s)
{
	struct pass_result *p;
	struct copy_result *c;
	double sumlog = 0, sum = 0, sumsq = 0, mean, lowest = counts[0];
	int i, k;

	t->test = def;
	t->outcome = OUTCOME_OK;
	t->message = xstrdup("");
	snprintf(t->unit, sizeof(t->unit), "%s", def->unit);
	t->passes = xcalloc((size_t)npasses, sizeof(*t->passes));
	t->npasses = npasses;
	for (i = 0; i < npasses; i++)
		if (counts[i] < lowest)
			lowest = counts[i];
	for (i = 0; i < npasses; i++) {
		p = &t->passes[i];
		p->outcome = OUTCOME_OK;
		p->copies = xcalloc((size_t)ncopies, sizeof(*p->copies));
		p->ncopies = ncopies;
		for (k = 0; k < ncopies; k++) {
			c = &p->copies[k];
			c->outcome = OUTCOME_OK;
			c->count = counts[i];
			c->timebase = timebase;
			c->has_time = timebase > 0;
			c->time_s = time_s + 0.001 * k;
			c->wall_s = time_s + 0.01;
			c->start_s = 0.25 * i + 0.0005 * k;
			c->command = xstrdup("/opt/bytebench/pgms/prog 10");
			c->output = xstrdup("COUNT|1|1|lps\n");
			c->errors = xstrdup("");
			c->message = xstrdup("");
		}
		p->count = ncopies * counts[i];
		p->time_s = time_s + 0.0005 * (ncopies - 1);
		p->rate =
		    timebase > 0 ? p->count / (p->time_s / timebase) : p->count;
		p->skew_s = 0.0005 * (ncopies - 1);
		p->kept = counts[i] != lowest;
		sum += p->rate;
		sumsq += p->rate * p->rate;
		if (p->kept) {
			sumlog += log(p->rate);
			t->samples++;
		}
	}
	t->score = exp(sumlog / t->samples);
	t->time_s = t->passes[0].time_s;
	mean = sum / npasses;
	t->spread.median = t->passes[npasses / 2].rate;
	t->spread.min = t->passes[0].rate;
	t->spread.max = t->passes[0].rate;
	for (i = 0; i < npasses; i++) {
		if (t->passes[i].rate < t->spread.min)
			t->spread.min = t->passes[i].rate;
		if (t->passes[i].rate > t->spread.max)
			t->spread.max = t->passes[i].rate;
	}
	t->spread.cv = sqrt(sumsq / npasses - mean * mean) / mean;
}

/* A test whose only copy was killed by a signal. */
static void
make_failed(struct test_result *t, const struct test_def *def)
{
	struct copy_result *c;

	t->test = def;
	t->outcome = OUTCOME_FAILED;
	t->message = xstrdup("killed by signal 11; said \"bad\\path\"\n"
	                     "<script>alert(2)</script>, | pipe \x01 \xff");
	t->passes = xcalloc(1, sizeof(*t->passes));
	t->npasses = 1;
	t->passes[0].outcome = OUTCOME_FAILED;
	t->passes[0].copies = c = xcalloc(1, sizeof(*c));
	t->passes[0].ncopies = 1;
	c->outcome = OUTCOME_FAILED;
	c->time_s = c->wall_s = 0.125;
	c->exit_status = -1;
	c->signal = 11;
	c->command = xstrdup("/opt/bytebench/pgms/execl 30");
	c->output = xstrdup("");
	c->errors = xstrdup("Segmentation fault\n");
	c->message = xstrdup("killed by signal 11");
	t->spread.cv = NAN;
}

static const struct index_row *
row_named(const struct index_def *d, const char *name)
{
	size_t i;

	for (i = 0; i < d->nrows; i++)
		if (strcmp(d->rows[i].test->name, name) == 0)
			return &d->rows[i];
	fprintf(stderr, "test_writers: no row %s in index %s\n", name, d->name);
	exit(1);
}

/* The UnixBench index over the block's tests; shell8 was not run. */
static void
make_index(struct block *b, double ci_low, double ci_high)
{
	static const char *const rows[] = {
	    "dhry2reg", "execl", "pipe", "syscall", "shell8"};
	const struct index_def *d = &catalog_indexes[0]; /* unixbench */
	struct index_result *x;
	struct index_entry *e;
	double sumlog = 0;
	int i, k;

	b->indexes = x = xcalloc(1, sizeof(*x));
	b->nindexes = 1;
	x->def = d;
	x->entries = xcalloc(5, sizeof(*x->entries));
	x->nentries = 5;
	for (i = 0; i < 5; i++) {
		e = &x->entries[i];
		e->row = row_named(d, rows[i]);
		for (k = 0; k < b->ntests; k++)
			if (strcmp(b->tests[k].test->name, rows[i]) == 0)
				e->result = &b->tests[k];
		e->ok = e->result != NULL && e->result->outcome == OUTCOME_OK;
		if (e->ok) {
			e->index = e->result->score / e->row->baseline * 10;
			sumlog += log(e->index / 10);
			x->nok++;
		}
	}
	x->partial = x->nok < x->nentries;
	x->score = 10 * exp(sumlog / x->nok);
	x->ci_low = ci_low;
	x->ci_high = ci_high;
}

/* Counters for the first pass of t (its first copy's) and their derived
 * values, as the runner would have them. */
static void
add_counters(struct test_result *t)
{
	struct pass_result *p = &t->passes[0];
	struct counters *c = &p->copies[0].counters;

	c->have = COUNTER_BIT(CTR_USER_S) | COUNTER_BIT(CTR_SYSTEM_S) |
	          COUNTER_BIT(CTR_VOL_CSW) | COUNTER_BIT(CTR_INVOL_CSW) |
	          COUNTER_BIT(CTR_MINOR_FAULTS) | COUNTER_BIT(CTR_MAJOR_FAULTS);
	c->v[CTR_USER_S] = 1.25;
	c->v[CTR_SYSTEM_S] = 8.5;
	c->v[CTR_VOL_CSW] = 12;
	c->v[CTR_INVOL_CSW] = 345;
	c->v[CTR_MINOR_FAULTS] = 120;
	p->counters.have = COUNTER_BIT(CTR_M_STEAL_S);
	p->counters.v[CTR_M_STEAL_S] = 0.03;
	counters_add(&p->counters, c);
	counters_derive(
	    &p->counters, p->copies[0].count, p->copies[0].wall_s, &p->derived);
	t->derived = p->derived;
}

static void
make_block(struct block *b, int copies, time_t start, int execl_fails)
{
	static const double dhry[] = {304949560, 301234565, 290000002.5};
	static const double execl[] = {129000, 131500, 130250};
	static const double pipe[] = {24500000, 24712345.5, 24100000};
	static const double syscall[] = {7783777, 7790001, 7701234};
	static const double odd[] = {61.5, 60.25, 59};

	b->copies = copies;
	b->start = start;
	b->end = start + 402;
	b->tests = xcalloc(5, sizeof(*b->tests));
	b->ntests = 5;
	make_test(
	    &b->tests[0], test_named("dhry2reg"), copies, dhry, 3, 1, 10.0);
	if (execl_fails)
		make_failed(&b->tests[1], test_named("execl"));
	else
		make_test(&b->tests[1], test_named("execl"), copies, execl, 3,
		    1, 30.0);
	make_test(&b->tests[2], test_named("pipe"), copies, pipe, 3, 1, 10.0);
	add_counters(&b->tests[2]);
	make_test(
	    &b->tests[3], test_named("syscall"), copies, syscall, 3, 1, 10.0);
	make_test(&b->tests[4], &odd_test, copies, odd, 3, 0, 60.0);
	b->tests[4].passes[0].copies[0].info = xcalloc(2, sizeof(struct info));
	b->tests[4].passes[0].copies[0].ninfo = 2;
	b->tests[4].passes[0].copies[0].info[0].key = xstrdup("note\"key");
	b->tests[4].passes[0].copies[0].info[0].value =
	    xstrdup("v\\al\nue <i>");
	b->tests[4].passes[0].copies[0].info[1].key = xstrdup("placement");
	b->tests[4].passes[0].copies[0].info[1].value = xstrdup("unpinned");
}

static void
make_report(struct report *r)
{
	static int copies[] = {1, 2};
	static const struct test_def *tests[5];
	struct sysinfo *s = &r->sys;

	memset(r, 0, sizeof(*r));
	r->version = xstrdup("0.1.0");
	r->index_method = 1;
	s->hostname = xstrdup(HOSTNAME);
	s->os_name = xstrdup("Linux");
	s->os_release = xstrdup("6.1.0-13-amd64");
	s->os_version = xstrdup(OS_VERSION);
	s->machine = xstrdup("x86_64");
	s->platform = xstrdup("x86_64");
	s->distro = xstrdup("Debian GNU/Linux 12 (bookworm)");
	s->locale = xstrdup("en_US.utf8");
	s->charmap = xstrdup("UTF-8");
	s->collate = xstrdup("en_US.utf8");
	s->cpu_model = xstrdup(CPU_MODEL);
	s->cpu_flags = xstrdup("x86-64, MMX, SSE2 & AVX2");
	s->cpu_mhz = 2995.204;
	s->cpus_online = 2;
	s->cpus_usable = 2;
	s->compiler = xstrdup("gcc (Debian 12.2.0-14) 12.2.0");
	s->cflags = xstrdup("-O3 -ffast-math -march=native");
	s->build_kind = xstrdup("default");
	s->shell = xstrdup("/bin/sh -> dash");
	s->uptime = xstrdup(" 23:35:28 up 3 days,  4:05,  2 users,  "
	                    "load average: 0.10, 0.20, 0.30");
	s->load1 = 0.1;
	s->load5 = 0.2;
	s->load15 = 0.3;
	s->memory_kib = 4028232;
	/* A hostile state: quotes, a backslash and markup read as text. */
	s->mitigations =
	    xstrdup("meltdown: Mitigation: PTI\n"
	            "srbds: Vulnerable: \"<b>no</b>\" \\ microcode\n"
	            "tsa: Not affected\n");
	s->mitigations_summary =
	    xstrdup("1 vulnerable: srbds; 1 mitigated: meltdown; "
	            "1 not affected");
	r->settings.long_passes = 10;
	r->settings.short_passes = 3;
	r->settings.placement = "unpinned";
	r->settings.counters = COUNTERS_ON;
	r->counters_have = COUNTER_BIT(CTR_USER_S) | COUNTER_BIT(CTR_M_STEAL_S);
	snprintf(r->counters_missing, sizeof(r->counters_missing),
	    "runq_wait_s (\"not <here>\")");
	r->settings.copies = xcalloc(2, sizeof(int));
	memcpy(r->settings.copies, copies, sizeof(copies));
	r->settings.ncopies = 2;
	tests[0] = test_named("dhry2reg");
	tests[1] = test_named("execl");
	tests[2] = test_named("pipe");
	tests[3] = test_named("syscall");
	tests[4] = &odd_test;
	r->settings.tests = xcalloc(5, sizeof(*tests));
	memcpy(r->settings.tests, tests, sizeof(tests));
	r->settings.ntests = 5;
	report_warn(r, "load average 0.10 at start");
	report_warn(r, "test \"pipe\" spread widely (CV 12%%) \\ <b>x</b>\a");
	r->blocks = xcalloc(2, sizeof(*r->blocks));
	r->nblocks = 2;
	make_block(&r->blocks[0], 1, START, 1);
	make_index(&r->blocks[0], 0, 0);
	make_block(&r->blocks[1], 2, START + 403, 0);
	make_index(&r->blocks[1], 2501.25, 2630.5);
	r->start = START - 1;
	r->end = START + 806;
}

/* The writer's output, malloc'd and NUL-terminated; *rc its return. */
static char *
render(int (*write)(FILE *, const struct report *), const struct report *r,
    int *rc, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (f == NULL) {
		perror("open_memstream");
		exit(1);
	}
	*rc = write(f, r);
	if (fclose(f) == EOF) {
		perror("open_memstream");
		exit(1);
	}
	return buf;
}

static char *
slurp(const char *path, size_t *len)
{
	char *buf = NULL;
	size_t cap = 0, n;
	FILE *f = fopen(path, "rb");

	*len = 0;
	if (f == NULL)
		return NULL;
	for (;;) {
		if (*len + 4096 + 1 > cap) {
			cap = (*len + 4096 + 1) * 2;
			if ((buf = realloc(buf, cap)) == NULL) {
				perror("realloc");
				exit(1);
			}
		}
		n = fread(buf + *len, 1, 4096, f);
		*len += n;
		if (n == 0)
			break;
	}
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

static int
spill(const char *path, const char *buf, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(buf, 1, len, f) != len || fclose(f) == EOF) {
		fprintf(
		    stderr, "test_writers: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Compares out with the golden file, naming the first line that differs. */
static void
check_golden(const char *name, const char *out, size_t len, int update)
{
	char path[256], label[64];
	const char *a, *b;
	size_t glen;
	char *gold;
	int line = 1;

	snprintf(path, sizeof(path), "tests/golden/writers.%s", name);
	snprintf(label, sizeof(label), "%s golden file", name);
	if (update) {
		if (spill(path, out, len) == 0)
			printf("SKIP: %s: rewritten, inspect it\n", label);
		else
			CHECK(label, 0);
		return;
	}
	if ((gold = slurp(path, &glen)) == NULL) {
		printf("FAIL: %s: %s: %s\n", label, path, strerror(errno));
		check_failures++;
		return;
	}
	if (glen == len && memcmp(gold, out, len) == 0) {
		printf("PASS: %s\n", label);
	} else {
		for (a = gold, b = out; *a != '\0' && *a == *b; a++, b++)
			if (*a == '\n')
				line++;
		printf("FAIL: %s: differs from %s at line %d "
		       "(rerun with -o DIR and diff)\n",
		    label, path, line);
		check_failures++;
	}
	free(gold);
}

/* Occurrences of needle in hay. */
static int
count(const char *hay, const char *needle)
{
	int n = 0;

	while ((hay = strstr(hay, needle)) != NULL) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

/* 1 when a, b and c occur in hay in that order. */
static int
in_order(const char *hay, const char *a, const char *b, const char *c)
{
	const char *pa = strstr(hay, a), *pb = strstr(hay, b);
	const char *pc = strstr(hay, c);

	return pa != NULL && pb != NULL && pc != NULL && pa < pb && pb < pc;
}

/* 1 when every byte is printable UTF-8, a newline or (if tabs) a tab. */
static int
clean_text(const char *s, int tabs)
{
	size_t n;

	for (; *s != '\0'; s += n) {
		n = escape_utf8_len(s);
		if (n == 0)
			return 0;
		if (n == 1 && ((unsigned char)*s < 0x20 || *s == 0x7f) &&
		    *s != '\n' && !(tabs && *s == '\t'))
			return 0;
	}
	return 1;
}

static const struct json_value *
jpath(const struct json_value *v, const char *key, size_t i)
{
	if (v != NULL && key != NULL)
		v = json_get(v, key);
	if (v != NULL && v->type == JSON_ARRAY && i != (size_t)-1)
		v = i < v->n ? &v->items[i] : NULL;
	return v;
}

static int
jstr_is(const struct json_value *v, const char *want)
{
	return v != NULL && v->type == JSON_STRING && v->len == strlen(want) &&
	       memcmp(v->string, want, v->len) == 0;
}

static int
jnum_is(const struct json_value *v, double want)
{
	return v != NULL && v->type == JSON_NUMBER && v->number == want;
}

#define NONE ((size_t)-1)

/* The JSON read back: strings round-trip, numbers at full precision. */
static void
check_json(const char *out, size_t len, const struct report *r)
{
	const struct json_value *run0, *run1, *t, *x;
	struct json_value doc;
	char err[200];

	CHECK("json clean text", clean_text(out, 0));
	if (json_parse(out, len, &doc, err, sizeof(err)) != 0) {
		printf("FAIL: json parses: %s\n", err);
		check_failures++;
		return;
	}
	printf("PASS: json parses\n");
	run0 = jpath(&doc, "runs", 0);
	run1 = jpath(&doc, "runs", 1);
	CHECK("json schema",
	    jstr_is(jpath(&doc, "schema", NONE), "bytebench-report/1"));
	CHECK("json hostname round-trips",
	    jstr_is(jpath(jpath(&doc, "system", NONE), "hostname", NONE),
	        HOSTNAME));
	CHECK("json controls round-trip",
	    jstr_is(jpath(jpath(&doc, "system", NONE), "cpu_model", NONE),
	        CPU_MODEL));
	CHECK("json invalid utf-8 replaced",
	    jstr_is(jpath(jpath(&doc, "system", NONE), "os_version", NONE),
	        "#1 SMP Debian 6.1.55-1 \xef\xbf\xbd\xef\xbf\xbd"));
	CHECK("json memory",
	    jnum_is(jpath(jpath(&doc, "system", NONE), "memory_kib", NONE),
	        4028232));
	CHECK("json mitigation state round-trips",
	    jstr_is(
	        jpath(jpath(jpath(&doc, "system", NONE), "mitigations", NONE),
	            "srbds", NONE),
	        "Vulnerable: \"<b>no</b>\" \\ microcode"));
	CHECK("json start utc",
	    jstr_is(jpath(&doc, "start", NONE), "2026-11-29T23:35:28Z"));
	CHECK("json two runs", jpath(&doc, "runs", NONE) != NULL &&
	                           jpath(&doc, "runs", NONE)->n == 2);
	t = jpath(run0, "tests", 0);
	CHECK("json score full precision",
	    jnum_is(jpath(t, "score", NONE), r->blocks[0].tests[0].score));
	CHECK("json every pass", jpath(t, "passes", NONE) != NULL &&
	                             jpath(t, "passes", NONE)->n == 3);
	CHECK("json dropped pass",
	    jpath(jpath(t, "passes", 2), "kept", NONE) != NULL &&
	        jpath(jpath(t, "passes", 2), "kept", NONE)->type == JSON_FALSE);
	CHECK("json every copy",
	    jpath(jpath(jpath(run1, "tests", 0), "passes", 0), "copies",
	        NONE) != NULL &&
	        jpath(
	            jpath(jpath(run1, "tests", 0), "passes", 0), "copies", NONE)
	                ->n == 2);
	t = jpath(run0, "tests", 1);
	CHECK("json failed score null",
	    jpath(t, "score", NONE) != NULL &&
	        jpath(t, "score", NONE)->type == JSON_NULL);
	CHECK("json failed message",
	    jstr_is(jpath(t, "message", NONE),
	        "killed by signal 11; said \"bad\\path\"\n"
	        "<script>alert(2)</script>, | pipe \x01 \xef\xbf\xbd"));
	CHECK("json exit status null after signal",
	    jpath(
	        jpath(jpath(t, "passes", 0), "copies", 0), "exit_status", NONE)
	            ->type == JSON_NULL);
	t = jpath(jpath(jpath(run0, "tests", 4), "passes", 0), "copies", 0);
	CHECK("json info key and value",
	    jstr_is(jpath(jpath(t, "info", NONE), "note\"key", NONE),
	        "v\\al\nue <i>"));
	x = jpath(run0, "indexes", 0);
	CHECK("json partial index",
	    jpath(x, "partial", NONE) != NULL &&
	        jpath(x, "partial", NONE)->type == JSON_TRUE);
	CHECK("json unknown interval null",
	    jpath(x, "ci_low", NONE) != NULL &&
	        jpath(x, "ci_low", NONE)->type == JSON_NULL);
	CHECK("json index score",
	    jnum_is(jpath(x, "score", NONE), r->blocks[0].indexes[0].score));
	CHECK("json not-run entry",
	    jstr_is(jpath(jpath(x, "entries", 4), "outcome", NONE), "not run"));
	x = jpath(run1, "indexes", 0);
	CHECK("json known interval",
	    jnum_is(jpath(x, "ci_low", NONE), 2501.25) &&
	        jnum_is(jpath(x, "ci_high", NONE), 2630.5));
	json_free(&doc);
}

/* Fields of each CSV line, read by RFC 4180; -1 when a quote is open. */
static int
csv_fields(const char *line, size_t len)
{
	int n = 1, quoted = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		if (line[i] == '"')
			quoted = !quoted; /* "" toggles twice */
		else if (line[i] == ',' && !quoted)
			n++;
	}
	return quoted ? -1 : n;
}

static void
check_csv(const char *out)
{
	const char *line, *nl;
	int lines = 0, bad = 0;

	CHECK("csv header", strncmp(out,
	                        "Concurrency,Dhrystone 2 using "
	                        "register variables,Execl Throughput,",
	                        61) == 0);
	CHECK("csv quoted title",
	    strstr(out, ",\"Odd, \"\"quoted\"\" | <b>title</b>\",") != NULL);
	for (line = out; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		lines++;
		if (csv_fields(line, (size_t)(nl - line)) != 7)
			bad++;
	}
	CHECK("csv three lines of seven fields",
	    lines == 3 && bad == 0 && *line == '\0');
	CHECK("csv failed test empty",
	    strstr(out, "\n1,30308637.1,,60.9,2460594.4,") != NULL);
	CHECK("csv tests in the text report's order",
	    strstr(out, "Execl Throughput,\"Odd, \"\"quoted\"\" | <b>title</b>"
	                "\",Pipe Throughput,System Call Overhead,") != NULL);
	CHECK("csv index column", strstr(out, "System Benchmarks Index Score "
	                                      "(Partial Only)\n") != NULL);
}

/* Unescaped pipes of a Markdown line. */
static int
md_pipes(const char *line, size_t len)
{
	int n = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		if (line[i] == '\\')
			i++;
		else if (line[i] == '|')
			n++;
	}
	return n;
}

static void
check_md(const char *out)
{
	const char *line, *nl;
	int rows = 0, bad = 0;

	CHECK("md clean text", clean_text(out, 0));
	for (line = out; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		if (*line != '|')
			continue;
		rows++;
		if (md_pipes(line, (size_t)(nl - line)) != 5)
			bad++;
	}
	CHECK("md two tables of eight rows", rows == 16 && bad == 0);
	CHECK("md hostname escaped",
	    strstr(out, "\\<script\\>alert(1)\\</script\\>") != NULL);
	CHECK("md failed row",
	    strstr(out, "| 43.0 | failed: killed by signal "
	                "11; said \"bad\\\\path\" \\<script\\>") != NULL);
	CHECK("md partial score",
	    count(out, "Index Score (Partial Only)**") == 2);
	CHECK("md rows in the text report's order",
	    in_order(out, "| Pipe Throughput |", "| Shell Scripts (8",
	        "| System Call Overhead |"));
}

/* Whether the attribute name (" width=") is in the tag from s to end. */
static int
has_attr(const char *s, const char *end, const char *name)
{
	const char *p = strstr(s, name);

	return p != NULL && p < end;
}

static void check_html_layout(const char *out);

static void
check_html(const char *out)
{
	CHECK("html clean text", clean_text(out, 1));
	CHECK("html no script element", strstr(out, "<script") == NULL &&
	                                    strstr(out, "<b>") == NULL &&
	                                    strstr(out, "<i>") == NULL);
	CHECK("html hostname as text",
	    count(out, "&lt;script&gt;alert(1)&lt;/script&gt;") == 2);
	CHECK("html message as text",
	    strstr(out,
	        "killed by signal 11; said "
	        "&quot;bad\\path&quot;\n&lt;script&gt;alert(2)&lt;/script&gt;, "
	        "| pipe &#xFFFD; &#xFFFD;") != NULL);
	/* No URL at all: inline SVG needs no namespace in HTML. */
	CHECK("html no network",
	    strstr(out, "http:") == NULL && strstr(out, "https:") == NULL &&
	        strstr(out, "src=") == NULL && strstr(out, "href=") == NULL &&
	        strstr(out, "url(") == NULL && strstr(out, "@import") == NULL);
	CHECK("html one chart",
	    count(out, "<svg ") == 1 && count(out, "</svg>") == 1);
	/* The background, 2 legend boxes, 2 index scores, 3 bars for 1 copy
	 * (execl failed), 4 for 2 copies. */
	CHECK("html chart bars", count(out, "<rect ") == 12);
	CHECK("html chart missing bars named",
	    count(out, ">failed</text>") == 1 &&
	        count(out, ">not run</text>") == 2);
	CHECK("html two run tables", count(out, "<table class=\"run\">") == 2);
	CHECK("html tests in the text report's order",
	    in_order(strstr(out, "<table class=\"run\">"), "<tr><td>Execl",
	        "<tr><td>Odd,", "<tr><td>Pipe"));
	CHECK("html chart in the text report's order",
	    in_order(out, ">Pipe Throughput</text>",
	        ">Shell Scripts (8 concurrent)</text>",
	        ">System Call Overhead</text>"));
	/* The headline (twice: one says there is none), the chart's
	 * tooltip, the table's row. */
	CHECK("html interval", count(out, "95% interval") == 4);
	CHECK("html memory and mitigations",
	    strstr(out, "<tr><th>Memory</th><td>3.8 GiB, 4028232 KiB</td>") !=
	            NULL &&
	        strstr(out, "<summary>1 vulnerable: srbds; 1 mitigated: "
	                    "meltdown; 1 not affected</summary>") != NULL &&
	        strstr(out, "<li>srbds: Vulnerable: &quot;&lt;b&gt;no&lt;/"
	                    "b&gt;&quot; \\ microcode</li>") != NULL);
	check_html_layout(out);
}

/* The page's layout for small screens, dark modes and print (issue 17). */
static void
check_html_layout(const char *out)
{
	const char *svg = strstr(out, "<svg "), *end, *table;

	end = svg != NULL ? strchr(svg, '>') : NULL;
	table = strstr(out, "<table");
	CHECK("html viewport meta",
	    strstr(out, "<meta name=\"viewport\" content=\"width=device-width"
	                ", initial-scale=1\">") != NULL);
	CHECK("html svg sized by its viewBox only",
	    end != NULL && strstr(svg, " viewBox=\"0 0 ") < end &&
	        !has_attr(svg, end, " width=") &&
	        !has_attr(svg, end, " height="));
	CHECK("html svg scales to the page",
	    strstr(out, "svg{display:block;width:100%;") != NULL);
	CHECK("html dark preference",
	    strstr(out, "@media screen and (prefers-color-scheme:dark){") !=
	            NULL &&
	        strstr(out, "color-scheme:light dark") != NULL);
	/* Chromium's forced dark mode darkens the page but leaves the SVG's
	 * colours alone: the chart paints its own background, light unless
	 * the reader prefers dark. */
	CHECK("html chart text follows the page colour",
	    strstr(out, "svg text{fill:currentColor}") != NULL &&
	        strstr(out, "fill:#222") == NULL);
	CHECK("html chart paints its background",
	    strstr(out, "svg .bg{fill:#fff}") != NULL &&
	        strstr(out, "svg .bg{fill:#181818}") != NULL &&
	        strstr(out, "\n<rect class=\"bg\" width=\"440\" height=\"") !=
	            NULL);
	CHECK("html interval whiskers", count(out, "class=\"whisker\"") == 1);
	/* At 400 px (350 px for the chart's 440 units) text of 16 units is
	 * 12.7 px; the run tables become cards, each value named. */
	CHECK("html chart text readable on a phone",
	    strstr(out, "<svg viewBox=\"0 0 440 ") != NULL &&
	        strstr(out, "font-size=\"17\" role=\"img\"") != NULL &&
	        count(out, "font-size=\"16\"") == 12 &&
	        count(out, "font-size=") == 13);
	CHECK("html run tables as cards on a narrow screen",
	    strstr(out, "@media screen and (max-width:40em){\n"
	                "table.run,table.run tbody{display:block}\n"
	                "table.run thead{display:none}\n"
	                "table.run tr{display:flex;flex-wrap:wrap;") != NULL &&
	        strstr(out, "table.run td:first-child{flex-basis:100%") !=
	            NULL &&
	        strstr(out, "content:attr(data-k)") != NULL &&
	        count(out, " data-k=\"Index\">") == 10 &&
	        count(out, " data-k=\"Score\">") == 9);
	CHECK("html scores first",
	    strstr(out, "<h2>Index Scores</h2>") != NULL && table != NULL &&
	        strstr(out, "<h2>Index Scores</h2>") < table &&
	        strstr(out, "<strong>2564.9</strong> System Benchmarks Index "
	                    "Score (Partial Only), 2 copies; 95% interval "
	                    "2501.2 &ndash; 2630.5</li>") != NULL);
	CHECK("html warnings folded",
	    strstr(out, "<details>\n<summary>2 warnings</summary>") != NULL &&
	        strstr(out, "<h2>Warnings</h2>") == NULL);
	CHECK("html tables scroll in their box",
	    count(out, "<div class=\"scroll\"><table") == 3 &&
	        strstr(out, ".scroll{overflow-x:auto") != NULL);
	CHECK("html table headers repeat when printed",
	    count(out, "<thead><tr><th>Test</th>") == 2 &&
	        strstr(out, "thead{display:table-header-group}") != NULL);
}

/* Writers on an empty report (no run, no strings) write something sane. */
static void
check_empty(void)
{
	static const struct {
		const char *name;
		int (*write)(FILE *, const struct report *);
	} w[] = {
	    {"empty json", write_json},
	    {"empty csv", write_csv},
	    {"empty html", write_html},
	    {"empty md", write_md},
	};
	struct report r;
	struct json_value doc;
	char err[100], *out;
	size_t i, len;
	int rc;

	memset(&r, 0, sizeof(r));
	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		out = render(w[i].write, &r, &rc, &len);
		CHECK(w[i].name, rc == 0 && len > 0);
		if (w[i].write == write_json) {
			rc = json_parse(out, len, &doc, err, sizeof(err));
			CHECK("empty json parses", rc == 0);
			if (rc == 0)
				json_free(&doc);
		}
		if (w[i].write == write_csv)
			CHECK_STR(
			    "empty csv header only", out, "Concurrency\n");
		free(out);
	}
}

static void check_labelled(struct report *r);

/* Marks of an interrupted quick run, and a run without an index. */
static void
check_variants(struct report *r)
{
	char *out;
	size_t len;
	int rc, nindexes = r->blocks[1].nindexes;

	r->interrupted = 1;
	r->settings.quick = 1;
	out = render(write_html, r, &rc, &len);
	CHECK("html interrupted banner",
	    rc == 0 && strstr(out, "<strong>Interrupted:</strong>") != NULL);
	CHECK("html quick banner",
	    strstr(out, "<strong>Quick mode:</strong>") != NULL);
	free(out);
	out = render(write_json, r, &rc, &len);
	CHECK("json interrupted",
	    rc == 0 && strstr(out, "\"interrupted\": true,") != NULL &&
	        strstr(out, "\"quick\": true,") != NULL);
	free(out);
	r->blocks[1].nindexes = 0;
	out = render(write_md, r, &rc, &len);
	CHECK("md interrupted", rc == 0 && strstr(out, "**interrupted**"));
	CHECK("md results without index",
	    strstr(out, "| Test | RESULT | UNIT |\n") != NULL &&
	        strstr(out, "| Execl Throughput | 8724.8 | lps |\n") != NULL);
	free(out);
	r->blocks[1].nindexes = nindexes;
	r->interrupted = 0;
	r->settings.quick = 0;
	check_labelled(r);
}

/* A labelled --duration run, a test of one sample. */
static void
check_labelled(struct report *r)
{
	char *out;
	size_t len;
	int rc, samples = r->blocks[1].tests[0].samples;

	r->settings.label = "kernel <6.2>";
	r->settings.comment = "BIOS *X*";
	r->settings.duration_s = 2;
	r->blocks[1].tests[0].samples = 1;
	out = render(write_html, r, &rc, &len);
	CHECK("html title names the label and the host",
	    rc == 0 && strstr(out, "<title>bytebench: kernel &lt;6.2&gt; "
	                           "(&lt;script&gt;") != NULL);
	CHECK("html label and comment",
	    strstr(out, "<p><strong>Label:</strong> kernel &lt;6.2&gt;</p>") !=
	            NULL &&
	        strstr(out, "<p><strong>Comment:</strong> BIOS *X*</p>") !=
	            NULL);
	CHECK("html --duration banner",
	    strstr(out, "<p class=\"warn\"><strong>--duration 2.0 s:</strong>"
	                " every test ran") != NULL &&
	        strstr(out, "not comparable with a real index") <
	            strstr(out, "<details>"));
	CHECK("html no CV of one sample",
	    strstr(out, "data-k=\"Samples\">1</td><td class=\"n\" "
	                "data-k=\"CV\">-</td>") != NULL &&
	        strstr(out, "0.0%") == NULL);
	free(out);
	out = render(write_md, r, &rc, &len);
	CHECK("md label and comment",
	    rc == 0 && strstr(out, "\nLabel: kernel \\<6.2\\>\n") != NULL &&
	        strstr(out, "\nComment: BIOS \\*X\\*\n") != NULL);
	CHECK("md --duration line",
	    strstr(out, "\n**--duration 2.0 s:** every test ran that long a "
	                "pass") != NULL &&
	        strstr(out, "not comparable with a real index") != NULL);
	free(out);
	r->settings.label = r->settings.comment = NULL;
	r->settings.duration_s = 0;
	r->blocks[1].tests[0].samples = samples;
}

static void
check_write_error(const struct report *r)
{
	FILE *f = fopen("/dev/null", "r");

	if (f == NULL) {
		printf("SKIP: writer error: /dev/null: cannot open\n");
		return;
	}
	CHECK("json writer error", write_json(f, r) == -1);
	CHECK("csv writer error", write_csv(f, r) == -1);
	CHECK("html writer error", write_html(f, r) == -1);
	CHECK("md writer error", write_md(f, r) == -1);
	fclose(f);
}

/* An outcome its message already says is said once. */
static void
check_outcome_line(void)
{
	char line[64];

	writer_outcome_line(
	    line, sizeof(line), OUTCOME_INTERRUPTED, "interrupted by signal 2");
	CHECK_STR("outcome said once", line, "interrupted by signal 2");
	writer_outcome_line(line, sizeof(line), OUTCOME_FAILED, "exited 1");
	CHECK_STR("outcome and message", line, "failed: exited 1");
	writer_outcome_line(line, sizeof(line), OUTCOME_MISSING, "");
	CHECK_STR("outcome alone", line, outcome_name(OUTCOME_MISSING));
}

static void
check_table(void)
{
	static const char *const names[] = {"json", "csv", "html", "md"};
	static int (*const fns[])(FILE *, const struct report *) = {
	    write_json, write_csv, write_html, write_md};
	const struct writer *w;
	char label[64];
	size_t i;

	for (i = 0; i < 4; i++) {
		w = writer_find(names[i]);
		snprintf(label, sizeof(label), "writer table has %s", names[i]);
		CHECK(label, w != NULL && w->write == fns[i] &&
		                 w->suffix[0] == '.' &&
		                 strcmp(w->suffix + 1, names[i]) == 0);
	}
}

int
main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*write)(FILE *, const struct report *);
	} w[] = {
	    {"json", write_json},
	    {"csv", write_csv},
	    {"html", write_html},
	    {"md", write_md},
	};
	const char *outdir = NULL;
	struct report r;
	char path[512], label[64], *out;
	size_t i, len;
	int c, rc, update = 0;

	while ((c = getopt(argc, argv, "o:u")) != -1) {
		switch (c) {
		case 'o':
			outdir = optarg;
			break;
		case 'u':
			update = 1;
			break;
		default:
			fprintf(stderr, "usage: test_writers [-u] [-o dir]\n");
			return 2;
		}
	}
	make_report(&r);
	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		out = render(w[i].write, &r, &rc, &len);
		snprintf(
		    label, sizeof(label), "%s writer returns 0", w[i].name);
		CHECK(label, rc == 0);
		check_golden(w[i].name, out, len, update);
		if (outdir != NULL) {
			snprintf(path, sizeof(path), "%s/writers.%s", outdir,
			    w[i].name);
			if (spill(path, out, len) != 0)
				CHECK("output saved", 0);
		}
		if (w[i].write == write_json)
			check_json(out, len, &r);
		else if (w[i].write == write_csv)
			check_csv(out);
		else if (w[i].write == write_md)
			check_md(out);
		else
			check_html(out);
		free(out);
	}
	check_empty();
	check_variants(&r);
	check_write_error(&r);
	check_table();
	check_outcome_line();
	report_free(&r);
	return check_exit();
}
