/*
 * group.c - groups of runs (doc/compare.md, "Groups of runs"): which
 * reports make one column, its name, its values computed cell by cell
 * from its runs, and the verdict between groups (score/between.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/group.h"
#include "score/between.h"

#define GROUP_KEY (8 * CMP_TEXT_MAX + 64) /* bytes of an identity */

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
number_groups(char (*key)[GROUP_KEY], int n, int *of)
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

/*
 * The group of each of reports[0..n-1] into of[], numbered by first
 * appearance: the same LABEL= (user[i]; NULL: none), the same --runs
 * report, else, unless no_group, the same identity unless that makes one
 * group of all.  Returns the number of groups, or -1 out of memory.
 */
static int
group_of(struct cmp_report *const *reports, const char **user, int n,
    int no_group, int *of)
{
	char(*key)[GROUP_KEY];
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

/* The copies values of r's compared (unpinned) blocks, " 1 2". */
static void
copies_text(const struct cmp_report *r, char *buf, size_t size)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < r->nblocks; i++)
		if (r->blocks[i].pin == 0)
			n = cmp_appendf(
			    buf, size, n, " %d", r->blocks[i].copies);
}

/*
 * What sets group k's first run apart from the other groups' after its
 * name: its suite, mode, pass length, build and copies where another
 * group's differ (", quick run", ", --duration 1 s").
 */
static size_t
apart(
    const struct cmp_group *g, int ng, int k, char *buf, size_t size, size_t n)
{
	const struct cmp_report *f = g[k].runs[0], *o;
	char cf[64], co[64];
	int j, diff = 0;

	copies_text(f, cf, sizeof(cf));
	for (j = 0; j < ng; j++) {
		if (j == k)
			continue;
		o = g[j].runs[0];
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

/* The label of group k of several runs: its LABEL= (user), else its OS
 * and release and what sets it apart, else its first run's label. */
static int
group_label(struct cmp_group *g, int ng, int k, const char *user)
{
	const struct cmp_report *f = g[k].runs[0];
	char buf[3 * CMP_TEXT_MAX];

	if (user != NULL)
		snprintf(buf, sizeof(buf), "%s", user);
	else if (f->run_set > 0 && f->name != NULL) /* its file's name */
		snprintf(buf, sizeof(buf), "%s", f->name);
	else if (f->os_name[0] != '\0')
		apart(g, ng, k, buf, sizeof(buf),
		    cmp_appendf(buf, sizeof(buf), 0, "%s%s%s", f->os_name,
		        f->os_release[0] ? " " : "", f->os_release));
	else
		snprintf(buf, sizeof(buf), "%s", f->label);
	g[k].own = cmp_text(buf, strlen(buf));
	g[k].label = g[k].own;
	return g[k].own == NULL ? -1 : 0;
}

/* What group gr says of itself: one run's label, comment and records, a
 * group's label (group_label) and whether all its runs have passes. */
static int
group_fill(struct cmp_group *g, int ng, int k, const char *user)
{
	struct cmp_group *gr = &g[k];
	int i;

	gr->passes_known = 1;
	for (i = 0; i < gr->n; i++)
		gr->passes_known &= gr->runs[i]->passes_known;
	if (gr->n > 1)
		return group_label(g, ng, k, user);
	gr->label = gr->runs[0]->label;
	gr->comment = gr->runs[0]->comment;
	gr->disturbed = gr->runs[0]->disturbed;
	return 0;
}

int
cmp_groups_make(struct cmp_group **out, int *ng,
    struct cmp_report *const *reports, const char **user, int n, int no_group)
{
	struct cmp_group *g = NULL;
	int i, k, rc, *of = calloc((size_t)n + 1, sizeof(*of));

	*ng = of != NULL ? group_of(reports, user, n, no_group, of) : -1;
	rc = *ng >= 0 && (g = calloc((size_t)*ng + 1, sizeof(*g))) != NULL ? 0
	                                                                   : -1;
	*out = g;
	for (k = 0; rc == 0 && k < *ng; k++)
		if ((g[k].runs = calloc((size_t)n, sizeof(*g[k].runs))) == NULL)
			rc = -1;
	for (i = 0; rc == 0 && i < n; i++)
		g[of[i]].runs[g[of[i]].n++] = reports[i];
	for (i = 0; rc == 0 && i < n; i++)
		if (g[of[i]].runs[0] == reports[i])
			rc = group_fill(g, *ng, of[i], user[i]);
	free(of);
	return rc;
}

void
cmp_groups_free(struct cmp_group *g, int n)
{
	int k;

	for (k = 0; g != NULL && k < n; k++) {
		free(g[k].own);
		free(g[k].runs);
	}
	free(g);
}

const struct cmp_block *
cmp_run_block(const struct column *col, int i)
{
	const struct cmp_report *r = col->group->runs[i];
	int j;

	if (col->group->n == 1)
		return col->block;
	for (j = 0; j < r->nblocks; j++)
		if (r->blocks[j].copies == col->block->copies &&
		    r->blocks[j].pin == 0)
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

/* Whether indexes x and y cover the same tests. */
static int
same_tests(const struct cmp_index *x, const struct cmp_index *y)
{
	int n = cover(x, NULL);

	return n == cover(y, NULL) && cover(x, y) == n;
}

const struct cmp_index *
cmp_col_index(const struct column *col, const char *label)
{
	const struct cmp_index *x = cmp_find_index(col->block, label), *y;
	const struct cmp_index *best = NULL;
	int i;

	if (x == NULL || col->group->n == 1)
		return x;
	/* A group's index is over the runs whose index covers the same
	 * tests as its widest. */
	for (i = 0; i < col->group->n; i++) {
		y = cmp_find_index(cmp_run_block(col, i), label);
		if (y != NULL &&
		    (best == NULL || cover(y, NULL) > cover(best, NULL)))
			best = y;
	}
	return best != NULL ? best : x;
}

/* A score fit for a geometric mean. */
static int
positive(double v)
{
	return v > 0 && isfinite(v);
}

/* Into v, the scores of the runs of column col that have one: of the
 * test titled title, or (x set) of the index covering x's tests.
 * Returns the first run's test of that title, or NULL. */
static const struct cmp_test *
gather(const struct column *col, const char *title, const struct cmp_index *x,
    struct cell *c, double *v)
{
	const struct cmp_test *t, *first = NULL;
	const struct cmp_index *y;
	const struct cmp_block *b;
	int i;

	for (i = 0; i < col->group->n; i++) {
		if ((b = cmp_run_block(col, i)) == NULL)
			continue;
		c->of_runs++;
		if (x != NULL) {
			y = cmp_find_index(b, x->label);
			if (y != NULL && y->has_score && positive(y->score) &&
			    same_tests(y, x))
				v[c->runs++] = y->score;
		} else if ((t = cmp_find_test(b, title)) != NULL) {
			first = first != NULL ? first : t;
			if (t->status[0] == '\0' && positive(t->value)) {
				v[c->runs++] = t->value;
				c->test = t; /* one run: its passes judge it */
			}
		}
	}
	return first;
}

const struct cmp_test *
cmp_group_cell(const struct column *col, const char *title,
    const struct cmp_index *x, struct cell *c, double *v)
{
	const struct cmp_test *first = gather(col, title, x, c, v);

	if (x == NULL && first == NULL) {
		c->of_runs = 0;
		return NULL;
	}
	c->run_values = v;
	c->value = between_geomean(v, c->runs);
	if (x == NULL) {
		c->test = c->runs == 1 ? c->test : first;
		c->status = c->runs > 0 ? "" : first->status;
	}
	return first;
}

void
cmp_cell_verdict(struct cell *c, const struct cmp_side *a,
    const struct cmp_side *b, int lower_is_better, double min_change)
{
	/* A side without a group's runs is its one score. */
	const double *va = a->n > 0 ? a->runs : &a->value;
	const double *vb = b->n > 0 ? b->runs : &b->value;
	/* The floor: half the last digit of the printed numbers (0.05). */
	struct between_pool pool = {a->var, a->dof, b->var, b->dof,
	    log1p(0.05 / fmin(a->value, b->value))};

	if (between_groups(va, a->n > 0 ? a->n : 1, vb, b->n > 0 ? b->n : 1,
	        lower_is_better, min_change, &pool, &c->between) == -1)
		return;
	c->grouped = 1;
	c->noise = c->between.verdict == BETWEEN_BEYOND ? CMP_NOISE_BEYOND
	                                                : CMP_NOISE_WITHIN;
}
