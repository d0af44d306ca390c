/*
 * writers_fixture.c - the writers' tests' report model and the checks
 * they make of a writer's text (writers_fixture.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score/scaling.h"
#include "write/escape.h"
#include "writers_fixture.h"

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
		fprintf(stderr, "writers_fixture: no test %s in the catalog\n",
		    name);
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
	fprintf(
	    stderr, "writers_fixture: no row %s in index %s\n", name, d->name);
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

void
make_report(struct report *r)
{
	static int copies[] = {1, 2};
	static const struct test_def *tests[5];
	struct sysinfo *s = &r->sys;
	struct run *run;
	int i;

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
	s->topo = (struct cpu_topology){.known = 1,
	    .present = 2,
	    .online = 2,
	    .packages = 1,
	    .cores = 2,
	    .threads = 1,
	    .nodes = 1,
	    .nkinds = 1,
	    .same_part = 1,
	    .ncpus = 2};
	s->topo.kinds[0] = (struct cpu_kind){
	    .label = CPU_MODEL, .count = 2, .capacity = -1, .cpus = "0-1"};
	s->topo.cpus = xcalloc(2, sizeof(*s->topo.cpus));
	for (i = 0; i < 2; i++)
		s->topo.cpus[i] = (struct cpu_entry){
		    .online = 1, .core = i, .cluster = -1, .capacity = -1};
	s->compiler = xstrdup("gcc (Debian 12.2.0-14) 12.2.0");
	s->cflags = xstrdup("-O3 -ffast-math -march=native");
	s->build_kind = xstrdup("default");
	s->scratch_dir = xstrdup("");
	s->scratch_fs = xstrdup("");
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
	r->runs = run = xcalloc(1, sizeof(*r->runs));
	r->nruns = 1;
	run->blocks = xcalloc(2, sizeof(*run->blocks));
	run->nblocks = 2;
	make_block(&run->blocks[0], 1, START, 1);
	make_index(&run->blocks[0], 0, 0);
	make_block(&run->blocks[1], 2, START + 403, 0);
	/* Scaling flagged both ways: pipe below 1, syscall above 2. */
	run->blocks[1].tests[2].score *= 0.2;
	run->blocks[1].tests[3].score *= 1.5;
	make_index(&run->blocks[1], 1790.0, 2015.0);
	scaling_judge(r, 1);
	if (scaling_compute(r) == -1)
		abort();
	r->start = START - 1;
	r->end = START + 806;
}

int
render(int (*write)(FILE *, const struct report *), const struct report *r,
    char **out, size_t *len)
{
	FILE *f;
	int rc;

	*out = NULL;
	if ((f = open_memstream(out, len)) == NULL) {
		perror("open_memstream");
		exit(1);
	}
	rc = write(f, r);
	if (fclose(f) == EOF) {
		perror("open_memstream");
		exit(1);
	}
	return rc;
}

int
count(const char *hay, const char *needle)
{
	int n = 0;

	while ((hay = strstr(hay, needle)) != NULL) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

int
in_order(const char *hay, const char *a, const char *b, const char *c)
{
	const char *pa = strstr(hay, a), *pb = strstr(hay, b);
	const char *pc = strstr(hay, c);

	return pa != NULL && pb != NULL && pc != NULL && pa < pb && pb < pc;
}

int
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
