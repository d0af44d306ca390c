/*
 * test_group.c - compare's groups of runs: which reports form a group
 * (the same LABEL=, the same system identity, --no-group, identity that
 * would make one group of all), the group's geometric means and runs, and
 * the verdict of a cell: one run each side keeps the within-run rule.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "compare/compare.h"

static char title[] = "Pipe Throughput", empty[] = "", label[] = "r",
            origin[] = "UnixBench 5.1.2", freebsd[] = "FreeBSD", box[] = "box",
            r70[] = "7.0", r71[] = "7.1", r80[] = "8.0", failed[] = "failed";

/* A report of one block of one copy, one test, host and release given. */
static void
make(struct cmp_report *r, struct cmp_test *t, char *host, char *release,
    double value)
{
	static struct cmp_block blocks[8];
	static int used;
	struct cmp_block *b = &blocks[used++ % 8];

	memset(r, 0, sizeof(*r));
	memset(t, 0, sizeof(*t));
	memset(b, 0, sizeof(*b));
	t->title = title;
	t->status = empty;
	t->value = value;
	b->copies = 1;
	b->tests = t;
	b->ntests = 1;
	r->label = label;
	r->origin = origin;
	r->hostname = host;
	r->os_name = freebsd;
	r->os_release = release;
	r->blocks = b;
	r->nblocks = 1;
}

/* The group of each of the 4 reports p as compare_build makes them, into
 * of[]; their number. */
static int
group_of(struct cmp_report **p, const char **user, int no_group, int *of)
{
	struct comparison c;
	int i, k, m,
	    n = compare_build(&c, p, user, 4, no_group, 1) == 0 ? c.n : -1;

	for (i = 0; i < 4; i++)
		for (of[i] = -1, k = 0; k < c.n; k++)
			for (m = 0; m < c.groups[k].n; m++)
				if (c.groups[k].runs[m] == p[i])
					of[i] = k;
	compare_free(&c);
	return n;
}

static void
test_group_of(void)
{
	struct cmp_report r[4], *p[4] = {&r[0], &r[1], &r[2], &r[3]};
	struct cmp_test t[4];
	const char *none[4] = {NULL, NULL, NULL, NULL};
	const char *labels[4] = {"A", "B", "A", "B"};
	int of[4];

	make(&r[0], &t[0], box, r70, 490.2);
	make(&r[1], &t[1], box, r70, 489.5);
	make(&r[2], &t[2], box, r71, 487.0);
	make(&r[3], &t[3], box, r80, 474.4);
	CHECK("identity: 3 groups", group_of(p, none, 0, of) == 3);
	CHECK("identity: the two 7.0 runs together",
	    of[0] == 0 && of[1] == 0 && of[2] == 1 && of[3] == 2);
	CHECK("--no-group: 4 groups", group_of(p, none, 1, of) == 4);
	CHECK("LABEL=: 2 groups", group_of(p, labels, 0, of) == 2);
	CHECK("LABEL=: alternate runs together",
	    of[0] == 0 && of[1] == 1 && of[2] == 0 && of[3] == 1);
	CHECK("LABEL= with --no-group still groups",
	    group_of(p, labels, 1, of) == 2);
	make(&r[2], &t[2], box, r70, 487.0);
	make(&r[3], &t[3], box, r70, 474.4);
	CHECK("identity of all: not one group", group_of(p, none, 0, of) == 4);
	make(&r[2], &t[2], empty, empty, 487.0);
	make(&r[3], &t[3], empty, empty, 474.4);
	r[2].os_name = r[3].os_name = empty;
	CHECK("no header: no identity",
	    group_of(p, none, 0, of) == 3 && of[2] != of[3]);
}

static void
test_groups_make(void)
{
	struct cmp_report r[3], *p[3] = {&r[0], &r[1], &r[2]};
	struct cmp_test t[3];
	const char *none[3] = {NULL, NULL, NULL};
	struct comparison c;
	const struct cell *m;
	double rates[] = {1.8, 2.0, 2.2};

	make(&r[0], &t[0], box, r70, 2);
	make(&r[1], &t[1], box, r70, 8);
	make(&r[2], &t[2], box, r80, 3);
	CHECK("make: ok", compare_build(&c, p, none, 3, 0, 1) == 0);
	CHECK("make: 2 groups, one column each",
	    c.n == 2 && c.tables[GROUP_ONE].ncols == 2);
	m = cmp_cell_at(&c.tables[GROUP_ONE], 0, 0);
	CHECK_NEAR("make: the geometric mean of 2 and 8", m->value, 4, 1e-12);
	CHECK("make: both runs kept",
	    m->runs == 2 && m->of_runs == 2 && m->run_values[1] == 8);
	CHECK("make: the group's runs",
	    c.groups[0].n == 2 && c.groups[0].runs[1] == &r[1]);
	CHECK_STR("make: labelled by OS and release", c.groups[0].label,
	    "FreeBSD 7.0");
	CHECK("make: a single run shown as it is",
	    c.groups[1].n == 1 && c.groups[1].runs[0] == &r[2] &&
	        c.groups[1].label == r[2].label);
	compare_free(&c);

	/* One run of the group failed: the other's passes judge the cell,
	 * by the within-run rule against one run. */
	t[0].rates = t[0].all_rates = rates;
	t[0].nrates = t[0].nall = 3;
	t[1].status = failed;
	CHECK("one good run: ok", compare_build(&c, p, none, 3, 0, 1) == 0);
	m = cmp_cell_at(&c.tables[GROUP_ONE], 0, 0);
	CHECK("one good run: its score, its passes kept",
	    m->value == 2 && m->runs == 1 && m->of_runs == 2 &&
	        m->test == &t[0] && m->test->nall == 3);
	CHECK("one good run against one: the within-run rule",
	    !cmp_cell_at(&c.tables[GROUP_ONE], 0, 1)->grouped);
	compare_free(&c);
}

/* Cell 1 of t's one row, value b, against cell 0: value a, or n runs. */
static const struct cell *
verdict_of(struct table *t, double a, int n, double b)
{
	static const double runs0[] = {490.2, 489.5};

	memset(t->cells, 0, 2 * sizeof(*t->cells));
	t->cells[0] = (struct cell){.value = a, .run_values = runs0, .runs = n};
	t->cells[1].value = b;
	t->cells[1].noise = CMP_NOISE_UNKNOWN;
	cmp_cell_verdict(t, 0, 1);
	return &t->cells[1];
}

static void
test_cell_verdict(void)
{
	struct column cols[2] = {{0}};
	struct row row = {"Dhrystone", 0, "lps", 0};
	struct cell cells[2];
	struct table t = {.min_change = 1,
	    .cols = cols,
	    .ncols = 2,
	    .rows = &row,
	    .nrows = 1,
	    .cells = cells};
	const struct cell *c = verdict_of(&t, 480, 0, 474.4);

	CHECK("one run each: the within-run rule stays",
	    !c->grouped && c->noise == CMP_NOISE_UNKNOWN);
	c = verdict_of(&t, 489.85, 2, 474.4);
	CHECK("two against one: beyond by the group rule",
	    c->grouped && c->noise == CMP_NOISE_BEYOND &&
	        c->between.assumed == BETWEEN_A_FOR_B);
	c = verdict_of(&t, 489.85, 2, 487.0);
	CHECK("two against one: 7.1 within", c->noise == CMP_NOISE_WITHIN);
	t.min_change = 5;
	c = verdict_of(&t, 489.85, 2, 474.4);
	CHECK("--min-change 5: 3% is not real", c->noise == CMP_NOISE_WITHIN);
}

int
main(void)
{
	test_group_of();
	test_groups_make();
	test_cell_verdict();
	return check_exit();
}
