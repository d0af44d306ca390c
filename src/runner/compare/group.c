/* group.c - groups of runs (doc/compare.md, "Groups of runs"): which
 * reports make one column, its name, its cells from its runs, and the
 * verdict between groups (score/between.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/table.h"
#include "score/between.h"

#define GROUP_KEY (8 * CMP_TEXT_MAX + 64) /* bytes of a group's key */

static const char *
str(const char *s)
{
	return s != NULL ? s : "";
}

/* What groups report r: its LABEL= (user), its --runs report, else with
 * ident its system and run (host, OS, suite, build, mode, copies); "" (a
 * group of its own) without ident or for a paste without host or OS. */
static void
group_key(const struct cmp_report *r, const char *user, int ident, char *buf,
    size_t size)
{
	size_t n;
	int i;

	buf[0] = '\0';
	if (user != NULL)
		snprintf(buf, size, "L%s", user);
	else if (r->run_set > 0)
		snprintf(buf, size, "R%d", r->run_set);
	if (buf[0] != '\0' || !ident ||
	    (str(r->hostname)[0] == '\0' && str(r->os_name)[0] == '\0'))
		return;
	n = cmp_appendf(buf, size, 0, "%s\n%s\n%s\n%s\n%s\n%s\n%s\n%d %g",
	    str(r->hostname), str(r->os_name), str(r->os_release),
	    str(r->os_version), str(r->origin), r->build_kind, str(r->flags),
	    r->quick, r->duration_s);
	for (i = 0; i < r->nblocks; i++)
		n = cmp_appendf(buf, size, n, " %d@%d", r->blocks[i].copies,
		    r->blocks[i].pin);
}

/* The group of each of reports[0..n-1] into of[], numbered by first
 * appearance; returns their number.  The identity (unless no_group) only
 * where it does not make one group of all: nothing would be compared. */
static int
group_of(struct cmp_report *const *reports, const char **user, int n,
    int no_group, int *of)
{
	char a[GROUP_KEY], b[GROUP_KEY];
	int i, j, groups = 0, ident;

	for (ident = !no_group; ident >= 0 && groups < 2; ident--)
		for (i = 0, groups = 0; i < n; i++) {
			group_key(reports[i], user[i], ident, a, sizeof(a));
			for (j = 0; a[0] != '\0' && j < i; j++) {
				group_key(
				    reports[j], user[j], ident, b, sizeof(b));
				if (strcmp(a, b) == 0)
					break;
			}
			of[i] = a[0] != '\0' && j < i ? of[j] : groups++;
		}
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

/* What sets group k's first run apart after its name: its suite, passes,
 * build and copies where another group's differ (", quick run"). */
static size_t
apart(
    const struct cmp_group *g, int ng, int k, char *buf, size_t size, size_t n)
{
	const struct cmp_report *f = g[k].runs[0], *o;
	char cf[64], co[64];
	int j, diff = 0;

	copies_text(f, cf, sizeof(cf));
	for (j = 0; j < ng; j++) {
		o = g[j].runs[0];
		copies_text(o, co, sizeof(co));
		diff |= cmp_suites_differ(f, o) |
		        (f->quick != o->quick || f->duration_s != o->duration_s)
		            << 1 |
		        (strcmp(f->build_kind, o->build_kind) != 0) << 2 |
		        (strcmp(cf, co) != 0) << 3;
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

/* Group k's passes_known; one run's label, comment and records; else its
 * name (doc/compare.md), a --runs report's own, without OS the first's. */
static int
group_fill(struct cmp_group *g, int ng, int k)
{
	struct cmp_group *gr = &g[k];
	const struct cmp_report *f = gr->runs[0];
	const char *name = gr->label;
	char buf[3 * CMP_TEXT_MAX];
	int i;

	for (gr->passes_known = 1, i = 0; i < gr->n; i++)
		gr->passes_known &= gr->runs[i]->passes_known;
	if (gr->n == 1) {
		gr->label = f->label;
		gr->comment = f->comment;
		gr->disturbed = f->disturbed;
		return 0;
	}
	if (name == NULL && f->run_set > 0)
		name = f->name;
	if (name == NULL && f->os_name[0] == '\0')
		name = f->label;
	if (name != NULL)
		snprintf(buf, sizeof(buf), "%s", name);
	else
		apart(g, ng, k, buf, sizeof(buf),
		    cmp_appendf(buf, sizeof(buf), 0, "%s%s%s", f->os_name,
		        f->os_release[0] ? " " : "", f->os_release));
	gr->label = gr->own = cmp_text(buf, strlen(buf));
	return gr->own == NULL ? -1 : 0;
}

/* The groups' runs are one array, group after group (g[0].runs). */
int
cmp_groups_make(struct cmp_group **out, int *ng,
    struct cmp_report *const *reports, const char **user, int n, int no_group)
{
	struct cmp_group *g = calloc((size_t)n + 1, sizeof(*g));
	int i, k, m, rc = 0, *of = calloc((size_t)n + 1, sizeof(*of));

	*out = g;
	*ng = 0;
	if (g == NULL || of == NULL ||
	    (g->runs = calloc((size_t)n + 1, sizeof(*g->runs))) == NULL)
		rc = -1;
	else
		*ng = group_of(reports, user, n, no_group, of);
	for (k = 0, m = 0; k < *ng; m += g[k++].n)
		for (g[k].runs = g->runs + m, i = 0; i < n; i++)
			if (of[i] == k) {
				g[k].label = user[i]; /* one for all its runs */
				g[k].runs[g[k].n++] = reports[i];
			}
	for (k = 0; rc == 0 && k < *ng; k++)
		rc = group_fill(g, *ng, k);
	free(of);
	return rc;
}

void
cmp_groups_free(struct cmp_group *g, int n)
{
	int k;

	for (k = 0; g != NULL && k < n; k++)
		free(g[k].own);
	free(g != NULL ? g->runs : NULL);
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

int
cmp_index_cover(const struct cmp_index *x, const struct cmp_index *y)
{
	int i, j, n = 0;

	for (i = 0; i < x->nrows; i++)
		for (j = 0; isfinite(x->rows[i].index) && j < y->nrows; j++)
			if (isfinite(y->rows[j].index) &&
			    strcmp(x->rows[i].title, y->rows[j].title) == 0) {
				n++;
				break;
			}
	return n;
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
		    (best == NULL ||
		        cmp_index_cover(y, y) > cmp_index_cover(best, best)))
			best = y;
	}
	return best != NULL ? best : x;
}

const struct cmp_test *
cmp_group_cell(const struct column *col, const char *title,
    const struct cmp_index *x, struct cell *c, double *v)
{
	const struct cmp_test *t, *first = NULL;
	const struct cmp_index *y;
	const struct cmp_block *b;
	double s;
	int i, n;

	for (i = 0; i < col->group->n; i++) {
		if ((b = cmp_run_block(col, i)) == NULL)
			continue;
		c->of_runs++;
		y = x != NULL ? cmp_find_index(b, x->label) : NULL;
		t = x != NULL ? NULL : cmp_find_test(b, title);
		first = first != NULL ? first : t;
		s = t != NULL && t->status[0] == '\0' ? t->value : NAN;
		if (y != NULL && y->has_score &&
		    (n = cmp_index_cover(y, y)) == cmp_index_cover(x, x) &&
		    cmp_index_cover(y, x) == n) /* the same tests as x */
			s = y->score;
		if (s > 0 && isfinite(s)) { /* fit for a geometric mean */
			v[c->runs++] = s;
			c->test = t; /* one run: its passes judge it */
		}
	}
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
cmp_cell_verdict(struct table *t, int r, int j)
{
	const struct column *a = &t->cols[0], *b = &t->cols[j];
	struct cell *c = &t->cells[(size_t)r * (size_t)t->ncols + (size_t)j];
	const struct cell *c0 = c - j;
	/* A side without a group's runs is its one score. */
	const double *va = c0->runs > 0 ? c0->run_values : &c0->value;
	const double *vb = c->runs > 0 ? c->run_values : &c->value;
	/* The floor: half the last digit of the printed numbers (0.05). */
	struct between_pool pool = {a->pool_var, a->pool_dof, b->pool_var,
	    b->pool_dof, log1p(0.05 / fmin(c0->value, c->value))};

	if (between_groups(va, c0->runs > 0 ? c0->runs : 1, vb,
	        c->runs > 0 ? c->runs : 1, t->rows[r].lower_is_better,
	        t->min_change, &pool, &c->between) == -1)
		return;
	c->grouped = t->grouped = 1;
	c->noise = c->between.verdict == BETWEEN_BEYOND ? CMP_NOISE_BEYOND
	                                                : CMP_NOISE_WITHIN;
}
