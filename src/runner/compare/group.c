/*
 * group.c - groups of runs: the reports that belong together (the same
 * LABEL=, else the same system identity unless --no-group), each group
 * made one report of its runs' geometric means, and the verdict between
 * groups (score/between.h) for a cell of the table.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/group.h"
#include "score/between.h"

static const char *
str(const char *s)
{
	return s != NULL ? s : "";
}

/*
 * The identity of a report's system and run: host, OS name, release and
 * version line, suite and version, build kind and flags, mode, copies.
 * "" when the report names neither host nor OS (a paste without header).
 */
static void
identity(const struct cmp_report *r, char *buf, size_t size)
{
	size_t n;
	int i;

	buf[0] = '\0';
	if (str(r->hostname)[0] == '\0' && str(r->os_name)[0] == '\0')
		return;
	n = cmp_appendf(buf, size, 0, "%s\n%s\n%s\n%s\n%s\n%s\n%s\n%d %g",
	    str(r->hostname), str(r->os_name), str(r->os_release),
	    str(r->os_version), str(r->origin), r->build_kind, str(r->flags),
	    r->quick, r->duration_s);
	for (i = 0; i < r->nblocks; i++)
		n = cmp_appendf(buf, size, n, " %d@%d", r->blocks[i].copies,
		    r->blocks[i].pin);
}

/*
 * The group of each report by its key (key[i]; "" alone), numbered in
 * the order of first appearance; returns the number of groups.
 */
static int
number_groups(char (*key)[CMP_GROUP_KEY], int n, int *of)
{
	int i, j, groups = 0;

	for (i = 0; i < n; i++) {
		of[i] = -1;
		for (j = 0; j < i && key[i][0] != '\0'; j++)
			if (strcmp(key[i], key[j]) == 0) {
				of[i] = of[j];
				break;
			}
		if (of[i] < 0)
			of[i] = groups++;
	}
	return groups;
}

int
cmp_group_of(struct cmp_report *const *reports, const char **user, int n,
    int no_group, int *of)
{
	char(*key)[CMP_GROUP_KEY];
	int i, groups, pass;

	if ((key = calloc((size_t)n + 1, sizeof(*key))) == NULL)
		return -1;
	/* Pass 0 with the identity, pass 1 without: identity alone may not
	 * make one group of everything (nothing would be compared). */
	for (pass = no_group ? 1 : 0, groups = 0; pass < 2; pass++) {
		for (i = 0; i < n; i++) {
			if (user[i] != NULL)
				snprintf(
				    key[i], sizeof(key[i]), "L%s", user[i]);
			else if (reports[i]->run_set > 0)
				snprintf(key[i], sizeof(key[i]), "R%d",
				    reports[i]->run_set);
			else if (pass == 0)
				identity(reports[i], key[i], sizeof(key[i]));
			else
				key[i][0] = '\0';
		}
		groups = number_groups(key, n, of);
		if (groups > 1 || pass == 1)
			break;
	}
	free(key);
	return groups;
}

/*
 * The first block of copies in report r, or NULL; --per-core-type's
 * pinned blocks are not compared, so never one of them.
 */
static const struct cmp_block *
block_of(const struct cmp_report *r, int copies)
{
	int j;

	for (j = 0; j < r->nblocks; j++)
		if (r->blocks[j].copies == copies && r->blocks[j].pin == 0)
			return &r->blocks[j];
	return NULL;
}

/* How many tests index x covers (rows with an index); with y, how many
 * of them y covers too. */
static int
cover(const struct cmp_index *x, const struct cmp_index *y)
{
	int i, j, n = 0;

	for (i = 0; i < x->nrows; i++) {
		if (!isfinite(x->rows[i].index))
			continue;
		for (j = 0; y != NULL && j < y->nrows; j++)
			if (isfinite(y->rows[j].index) &&
			    strcmp(x->rows[i].title, y->rows[j].title) == 0)
				break;
		n += y == NULL || j < y->nrows;
	}
	return n;
}

/* Of the group's indexes labelled label, the one covering most tests:
 * the group's index is over the runs whose index covers the same. */
static const struct cmp_index *
widest(const struct cmp_group *gr, int copies, const char *label)
{
	const struct cmp_index *x, *best = NULL;
	int i;

	for (i = 0; i < gr->n; i++) {
		x = cmp_find_index(block_of(gr->members[i], copies), label);
		if (x != NULL &&
		    (best == NULL || cover(x, NULL) > cover(best, NULL)))
			best = x;
	}
	return best;
}

/* Whether indexes x and y cover the same tests. */
static int
same_tests(const struct cmp_index *x, const struct cmp_index *y)
{
	int n = cover(x, NULL);

	return n == cover(y, NULL) && cover(x, y) == n;
}

/*
 * The scores in the runs of group gr (blocks of copies) of the test
 * titled title, or (ref set) of the index labelled so that covers the
 * tests ref covers: those with a score, into v; their number.  *last:
 * the last such test.
 */
static int
member_runs(const struct cmp_group *gr, int copies, const char *title,
    const struct cmp_index *ref, double *v, const struct cmp_test **last)
{
	const struct cmp_block *b;
	const struct cmp_test *t;
	const struct cmp_index *x;
	int i, j, n = 0;

	for (i = 0; i < gr->n; i++) {
		if ((b = block_of(gr->members[i], copies)) == NULL)
			continue;
		for (j = 0; ref == NULL && j < b->ntests; j++) {
			t = &b->tests[j];
			if (strcmp(t->title, title) == 0 &&
			    t->status[0] == '\0' && t->value > 0 &&
			    isfinite(t->value)) {
				v[n++] = t->value;
				*last = t;
			}
		}
		x = ref != NULL ? cmp_find_index(b, title) : NULL;
		if (x != NULL && x->has_score && x->score > 0 &&
		    isfinite(x->score) && same_tests(x, ref))
			v[n++] = x->score;
	}
	return n;
}

/* How many runs of group gr have a block of copies. */
static int
runs_with(const struct cmp_group *gr, int copies)
{
	int i, n = 0;

	for (i = 0; i < gr->n; i++)
		n += block_of(gr->members[i], copies) != NULL;
	return n;
}

/*
 * The tests of group gr at copies: each test of any of its runs, once, in
 * the order first seen, as pointers into the runs into *out; their
 * number, or -1 when out of memory.
 */
static int
union_tests(
    const struct cmp_group *gr, int copies, const struct cmp_test ***out)
{
	const struct cmp_block *b;
	void *grown;
	int i, j, m, n = 0;

	*out = NULL;
	for (i = 0; i < gr->n; i++) {
		b = block_of(gr->members[i], copies);
		for (j = 0; b != NULL && j < b->ntests; j++) {
			for (m = 0; m < n; m++)
				if (strcmp((*out)[m]->title,
				        b->tests[j].title) == 0)
					break;
			if (m < n)
				continue;
			if (CMP_PUSH(grown, *out, n, INT32_MAX) == NULL)
				return -1;
			(*out)[n - 1] = &b->tests[j];
		}
	}
	return n;
}

/* A copy of n doubles of from into *to (none: NULL); -1 out of memory. */
static int
copy_doubles(const double *from, int n, double **to)
{
	*to = NULL;
	if (from == NULL || n < 1)
		return 0;
	if ((*to = malloc(sizeof(**to) * (size_t)n)) == NULL)
		return -1;
	memcpy(*to, from, sizeof(**to) * (size_t)n);
	return 0;
}

/*
 * A test of one run in its group keeps that run's passes, so that one run
 * against one run is judged by the within-run rule as without groups.
 */
static int
keep_passes(struct cmp_test *t, const struct cmp_test *from)
{
	t->nrates = from->nrates;
	t->nall = from->nall;
	return copy_doubles(from->rates, from->nrates, &t->rates) == -1 ||
	               copy_doubles(
	                   from->all_rates, from->nall, &t->all_rates) == -1
	           ? -1
	           : 0;
}

/* The group's spread of ln score pooled over the tests of block b. */
static int
pool_block(struct cmp_block *b)
{
	const double **rows = calloc((size_t)b->ntests + 1, sizeof(*rows));
	int *n = calloc((size_t)b->ntests + 1, sizeof(*n)), i;

	if (rows == NULL || n == NULL) {
		free(rows);
		free(n);
		return -1;
	}
	for (i = 0; i < b->ntests; i++) {
		rows[i] = b->tests[i].runs;
		n[i] = b->tests[i].nruns;
		b->pool_tests += n[i] > 1;
	}
	between_pooled(rows, n, b->ntests, &b->pool_var, &b->pool_dof);
	free(rows);
	free(n);
	return 0;
}

/* Test from of group gr at copies as the group's: its runs' geometric
 * mean, the runs it comes from; v has room for every run. */
static int
merge_test(const struct cmp_group *gr, int copies, const struct cmp_test *from,
    struct cmp_test *t, double *v)
{
	const struct cmp_test *last = NULL;
	int n = member_runs(gr, copies, from->title, NULL, v, &last);

	*t = *from;
	t->rates = t->all_rates = t->derived = NULL;
	t->nrates = t->nall = 0;
	t->value = between_geomean(v, n);
	t->of_runs = runs_with(gr, copies);
	t->title = cmp_text(from->title, strlen(from->title));
	t->status = cmp_text(
	    n > 0 ? "" : from->status, n > 0 ? 0 : strlen(from->status));
	t->runs = NULL;
	t->nruns = n;
	if (t->title == NULL || t->status == NULL ||
	    copy_doubles(v, n, &t->runs) == -1 ||
	    (n == 1 && keep_passes(t, last) == -1))
		return -1;
	return 0;
}

/* Index bx of group gr as the group's: over the runs whose index covers
 * the tests of its widest. */
static int
merge_index(const struct cmp_group *gr, int copies, const struct cmp_index *bx,
    struct cmp_index *x, double *v)
{
	const struct cmp_index *ref = widest(gr, copies, bx->label);
	int j, n;

	/* No block of these copies finds bx by its label (a mangled report). */
	if (ref == NULL)
		ref = bx;
	*x = *ref;
	x->label = cmp_text(ref->label, strlen(ref->label));
	x->rows = calloc((size_t)ref->nrows + 1, sizeof(*x->rows));
	x->runs = NULL;
	x->nrows = 0;
	if (x->label == NULL || x->rows == NULL)
		return -1;
	for (j = 0; j < ref->nrows; j++, x->nrows++) {
		x->rows[j] = ref->rows[j];
		x->rows[j].title =
		    cmp_text(ref->rows[j].title, strlen(ref->rows[j].title));
		if (x->rows[j].title == NULL)
			return -1;
	}
	n = member_runs(gr, copies, bx->label, ref, v, NULL);
	x->has_score = n > 0;
	x->score = between_geomean(v, n);
	x->ci_low = x->ci_high = 0;
	x->of_runs = runs_with(gr, copies);
	x->nruns = n;
	return copy_doubles(v, n, &x->runs);
}

/* Block b of the group's first run, as the group's: every test of its
 * runs, each index, their geometric means. */
static int
merge_block(const struct cmp_group *gr, const struct cmp_block *b,
    struct cmp_block *out, double *v)
{
	const struct cmp_test **tests;
	int i, n = union_tests(gr, b->copies, &tests);

	out->copies = b->copies;
	out->copies_assumed = b->copies_assumed;
	memcpy(out->date, b->date, sizeof(out->date));
	out->tests = calloc((size_t)(n > 0 ? n : 0) + 1, sizeof(*out->tests));
	out->indexes = calloc((size_t)b->nindexes + 1, sizeof(*out->indexes));
	if (n < 0 || out->tests == NULL || out->indexes == NULL) {
		free(tests);
		return -1;
	}
	for (i = 0; i < n; i++, out->ntests++)
		if (merge_test(gr, b->copies, tests[i], &out->tests[i], v) ==
		    -1) {
			out->ntests++;
			free(tests);
			return -1;
		}
	free(tests);
	for (i = 0; i < b->nindexes; i++, out->nindexes++)
		if (merge_index(gr, b->copies, &b->indexes[i], &out->indexes[i],
		        v) == -1) {
			out->nindexes++;
			return -1;
		}
	return pool_block(out);
}

/* The merged report of group gr of several runs: its first run's. */
static int
merge_group(struct cmp_group *gr)
{
	const struct cmp_report *f = gr->members[0];
	struct cmp_report *out = &gr->merged;
	double *v;
	int i, rc = 0;

	out->members = gr->members;
	out->nmembers = gr->n;
	out->origin = cmp_text(f->origin, strlen(f->origin));
	out->hostname = cmp_text(f->hostname, strlen(f->hostname));
	out->os_name = cmp_text(f->os_name, strlen(f->os_name));
	out->os_release = cmp_text(f->os_release, strlen(f->os_release));
	for (i = 0, out->passes_known = 1; i < out->nmembers; i++)
		out->passes_known &= out->members[i]->passes_known;
	out->quick = f->quick;
	out->duration_s = f->duration_s;
	memcpy(out->build_kind, f->build_kind, sizeof(out->build_kind));
	out->blocks = calloc((size_t)f->nblocks + 1, sizeof(*out->blocks));
	v = calloc((size_t)out->nmembers + 1, sizeof(*v));
	if (out->origin == NULL || out->hostname == NULL ||
	    out->os_name == NULL || out->os_release == NULL ||
	    out->blocks == NULL || v == NULL)
		rc = -1;
	for (i = 0; i < f->nblocks && rc == 0; i++)
		if (f->blocks[i].pin == 0) /* pinned ones are not compared */
			rc = merge_block(
			    gr, &f->blocks[i], &out->blocks[out->nblocks++], v);
	free(v);
	return rc;
}

/* The copies values of r's blocks, " 1 2", into buf. */
static void
copies_text(const struct cmp_report *r, char *buf, size_t size)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < r->nblocks; i++)
		n = cmp_appendf(buf, size, n, " %d", r->blocks[i].copies);
}

/*
 * What sets group k's first run apart from the other columns, after
 * its name: its suite, mode, pass length, build and copies where another
 * column's differ (", quick run", ", --duration 1 s").
 */
static size_t
apart(const struct cmp_group_set *g, int k, char *buf, size_t size, size_t n)
{
	const struct cmp_report *f = g->groups[k].members[0], *o;
	char cf[64], co[64];
	int j, diff = 0;

	copies_text(f, cf, sizeof(cf));
	for (j = 0; j < g->n; j++) {
		if (j == k)
			continue;
		o = g->shown[j];
		copies_text(o, co, sizeof(co));
		diff |= (cmp_suites_differ(f, o) ? 1 : 0) |
		        (f->quick != o->quick || f->duration_s != o->duration_s
		                ? 2
		                : 0) |
		        (strcmp(f->build_kind, o->build_kind) ? 4 : 0) |
		        (strcmp(cf, co) ? 8 : 0);
	}
	if (diff & 1)
		n = cmp_appendf(buf, size, n, ", %.*s",
		    (int)cmp_suite_len(f->origin), f->origin);
	if (diff & 2)
		n = f->duration_s > 0
		        ? cmp_appendf(buf, size, n,
		              ", --duration" NBSP "%g" NBSP "s", f->duration_s)
		        : cmp_appendf(buf, size, n, ", %s",
		              f->quick ? "quick" NBSP "run" : "default passes");
	if (diff & 4)
		n = cmp_appendf(buf, size, n, ", %s" NBSP "build",
		    f->build_kind[0] ? f->build_kind : "unknown");
	if (diff & 8)
		n = cmp_appendf(buf, size, n, ", copies%s", cf);
	return n;
}

/* The label of group k: its LABEL=, else its OS and release and what
 * sets it apart, else its first run's label. */
static int
group_label(struct cmp_group_set *g, int k)
{
	struct cmp_report *w = &g->groups[k].merged;
	const struct cmp_report *f = g->groups[k].members[0];
	const char *user = g->groups[k].user;
	char buf[3 * CMP_TEXT_MAX];

	if (user != NULL)
		snprintf(buf, sizeof(buf), "%s", user);
	else if (f->run_set > 0 && f->name != NULL) /* its file's name */
		snprintf(buf, sizeof(buf), "%s", f->name);
	else if (f->os_name[0] != '\0')
		apart(g, k, buf, sizeof(buf),
		    cmp_appendf(buf, sizeof(buf), 0, "%s%s%s", f->os_name,
		        f->os_release[0] ? " " : "", f->os_release));
	else
		snprintf(buf, sizeof(buf), "%s", f->label);
	w->label = cmp_text(buf, strlen(buf));
	return w->label == NULL ? -1 : 0;
}

int
cmp_groups_make(struct cmp_group_set *g, struct cmp_report *const *reports,
    const char **user, int n, int no_group)
{
	int i, k, *of;

	memset(g, 0, sizeof(*g));
	if ((of = calloc((size_t)n + 1, sizeof(*of))) == NULL)
		return -1;
	g->n = cmp_group_of(reports, user, n, no_group, of);
	g->shown = calloc((size_t)g->n + 1, sizeof(*g->shown));
	g->groups = calloc((size_t)g->n + 1, sizeof(*g->groups));
	if (g->n < 0 || g->shown == NULL || g->groups == NULL) {
		free(of);
		return -1;
	}
	for (i = 0; i < n; i++) {
		k = of[i];
		if (g->groups[k].members == NULL &&
		    (g->groups[k].members = calloc(
		         (size_t)n, sizeof(*g->groups[k].members))) == NULL) {
			free(of);
			return -1;
		}
		g->groups[k].members[g->groups[k].n++] = reports[i];
		g->groups[k].user = user[i];
		g->shown[k] = reports[i];
	}
	free(of);
	for (k = 0; k < g->n; k++) {
		if (g->groups[k].n < 2)
			continue;
		g->grouped = 1;
		if (merge_group(&g->groups[k]) == -1 || group_label(g, k) == -1)
			return -1;
		g->shown[k] = &g->groups[k].merged;
	}
	return 0;
}

void
cmp_groups_free(struct cmp_group_set *g)
{
	int k;

	for (k = 0; g->groups != NULL && k < g->n; k++) {
		cmp_report_free(&g->groups[k].merged);
		free(g->groups[k].members);
	}
	free(g->groups);
	free(g->shown);
	memset(g, 0, sizeof(*g));
}

void
cmp_cell_verdict(struct cell *c, const struct cmp_side *a,
    const struct cmp_side *b, int lower_is_better, double min_change)
{
	/* A side without a group's runs is its one score. */
	const double *va = a->n > 0 ? a->runs : &a->value;
	const double *vb = b->n > 0 ? b->runs : &b->value;
	/* The floor: half the last digit of the printed numbers (0.05). */
	struct between_pool pool = {a->block->pool_var, a->block->pool_dof,
	    b->block->pool_var, b->block->pool_dof,
	    log1p(0.05 / fmin(a->value, b->value))};

	if (between_groups(va, a->n > 0 ? a->n : 1, vb, b->n > 0 ? b->n : 1,
	        lower_is_better, min_change, &pool, &c->between) == -1)
		return;
	c->grouped = 1;
	c->noise = c->between.verdict == BETWEEN_BEYOND ? CMP_NOISE_BEYOND
	                                                : CMP_NOISE_WITHIN;
}
