/*
 * group.c - groups of runs: the reports that belong together (the same
 * LABEL=, else the same system identity unless --no-group), each group
 * made one report of its runs' geometric means, and the verdict between
 * groups (score/between.h) for a cell of the table.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/group.h"
#include "score/between.h"

static double min_change = BETWEEN_MIN_CHANGE;

void
compare_set_min_change(double pct)
{
	min_change = pct;
}

double
cmp_min_change(void)
{
	return min_change;
}

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
		n = cmp_appendf(buf, size, n, " %d", r->blocks[i].copies);
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

/* The first block of copies in report r, or NULL. */
static const struct cmp_block *
block_of(const struct cmp_report *r, int copies)
{
	int j;

	for (j = 0; j < r->nblocks; j++)
		if (r->blocks[j].copies == copies)
			return &r->blocks[j];
	return NULL;
}

/*
 * The scores in the runs of group k (blocks of copies) of the test
 * titled title, or (index set) of the index labelled so: those with a
 * score, into v; their number.  *last: the last such test.
 */
static int
member_runs(const struct cmp_group_set *g, int k, int copies, const char *title,
    int index, double *v, const struct cmp_test **last)
{
	const struct cmp_block *b;
	const struct cmp_test *t;
	const struct cmp_index *x;
	int i, j, n = 0;

	for (i = 0; i < g->nmembers[k]; i++) {
		if ((b = block_of(g->members[k][i], copies)) == NULL)
			continue;
		for (j = 0; !index && j < b->ntests; j++) {
			t = &b->tests[j];
			if (strcmp(t->title, title) == 0 &&
			    t->status[0] == '\0' && t->value > 0 &&
			    isfinite(t->value)) {
				v[n++] = t->value;
				*last = t;
			}
		}
		for (j = 0; index && j < b->nindexes; j++) {
			x = &b->indexes[j];
			if (strcmp(x->label, title) == 0 && x->has_score &&
			    x->score > 0 && isfinite(x->score))
				v[n++] = x->score;
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

/* A copy of runs[0..n-1] into *to, *nto; -1 when out of memory. */
static int
keep_runs(const double *runs, int n, double **to, int *nto)
{
	*nto = n > 0 ? n : 0;
	return copy_doubles(runs, n, to);
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

/* Block b of the group's first run, as the group's: geometric means. */
static int
merge_block(const struct cmp_group_set *g, int k, const struct cmp_block *b,
    struct cmp_block *out, double *v)
{
	struct cmp_test *t;
	struct cmp_index *x;
	const struct cmp_index *bx;
	const struct cmp_test *last = NULL;
	int i, j, n;

	out->copies = b->copies;
	memcpy(out->date, b->date, sizeof(out->date));
	out->tests = calloc((size_t)b->ntests + 1, sizeof(*out->tests));
	out->indexes = calloc((size_t)b->nindexes + 1, sizeof(*out->indexes));
	if (out->tests == NULL || out->indexes == NULL)
		return -1;
	for (i = 0; i < b->ntests; i++, out->ntests++) {
		t = &out->tests[i];
		*t = b->tests[i];
		t->rates = t->all_rates = t->derived = NULL;
		t->nrates = t->nall = 0;
		n = member_runs(
		    g, k, b->copies, b->tests[i].title, 0, v, &last);
		t->value = between_geomean(v, n);
		t->title =
		    cmp_text(b->tests[i].title, strlen(b->tests[i].title));
		t->status = cmp_text(n > 0 ? "" : b->tests[i].status,
		    n > 0 ? 0 : strlen(b->tests[i].status));
		t->runs = NULL;
		if (t->title == NULL || t->status == NULL ||
		    keep_runs(v, n, &t->runs, &t->nruns) == -1 ||
		    (n == 1 && keep_passes(t, last) == -1))
			return -1;
	}
	for (i = 0; i < b->nindexes; i++, out->nindexes++) {
		x = &out->indexes[i];
		bx = &b->indexes[i];
		*x = *bx;
		x->label = cmp_text(bx->label, strlen(bx->label));
		x->rows = calloc((size_t)bx->nrows + 1, sizeof(*x->rows));
		x->runs = NULL;
		x->nrows = 0;
		if (x->label == NULL || x->rows == NULL)
			return -1;
		for (j = 0; j < bx->nrows; j++, x->nrows++) {
			x->rows[j] = bx->rows[j];
			x->rows[j].title = cmp_text(
			    bx->rows[j].title, strlen(bx->rows[j].title));
			if (x->rows[j].title == NULL)
				return -1;
		}
		n = member_runs(g, k, b->copies, bx->label, 1, v, &last);
		x->has_score = n > 0;
		x->score = between_geomean(v, n);
		x->ci_low = x->ci_high = 0;
		if (keep_runs(v, n, &x->runs, &x->nruns) == -1)
			return -1;
	}
	return pool_block(out);
}

/* The report of group k of several runs: its first run's, merged. */
static int
merge_group(struct cmp_group_set *g, int k, struct cmp_report *out)
{
	const struct cmp_report *f = g->members[k][0];
	double *v;
	int i, rc = 0;

	out->members = g->members[k];
	out->nmembers = g->nmembers[k];
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
	for (i = 0; i < f->nblocks && rc == 0; i++, out->nblocks++)
		rc = merge_block(g, k, &f->blocks[i], &out->blocks[i], v);
	g->members[k] = NULL; /* out's now */
	free(v);
	return rc;
}

/* The label of a group: its LABEL=, else its OS and release, else its
 * first run's label. */
static int
group_label(struct cmp_report *w, const char *user)
{
	const struct cmp_report *f = w->members[0];
	char buf[3 * CMP_TEXT_MAX];

	if (user != NULL)
		snprintf(buf, sizeof(buf), "%s", user);
	else if (f->run_set > 0) /* the file's name: "name #1" less " #1" */
		snprintf(buf, sizeof(buf), "%.*s",
		    (int)(strlen(f->label) -
		          (strlen(f->label) > 3 &&
		                      strcmp(f->label + strlen(f->label) - 3,
		                          " #1") == 0
		                  ? 3
		                  : 0)),
		    f->label);
	else if (f->os_name[0] != '\0')
		snprintf(buf, sizeof(buf), "%s%s%s", f->os_name,
		    f->os_release[0] ? " " : "", f->os_release);
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
	g->merged = calloc((size_t)g->n + 1, sizeof(*g->merged));
	g->members = calloc((size_t)g->n + 1, sizeof(*g->members));
	g->nmembers = calloc((size_t)g->n + 1, sizeof(*g->nmembers));
	g->user = calloc((size_t)g->n + 1, sizeof(*g->user));
	if (g->n < 0 || g->shown == NULL || g->merged == NULL ||
	    g->members == NULL || g->nmembers == NULL || g->user == NULL) {
		free(of);
		return -1;
	}
	for (i = 0; i < n; i++) {
		k = of[i];
		if (g->members[k] == NULL &&
		    (g->members[k] = calloc((size_t)n, sizeof(**g->members))) ==
		        NULL) {
			free(of);
			return -1;
		}
		g->members[k][g->nmembers[k]++] = reports[i];
		g->user[k] = user[i];
		g->shown[k] = reports[i];
	}
	free(of);
	for (k = 0; k < g->n; k++) {
		if (g->nmembers[k] < 2)
			continue;
		g->grouped = 1;
		if (merge_group(g, k, &g->merged[k]) == -1 ||
		    group_label(&g->merged[k], g->user[k]) == -1)
			return -1;
		g->shown[k] = &g->merged[k];
	}
	return 0;
}

void
cmp_groups_free(struct cmp_group_set *g)
{
	int k;

	for (k = 0; g->merged != NULL && k < g->n; k++)
		cmp_report_free(&g->merged[k]);
	for (k = 0; g->members != NULL && k < g->n; k++)
		free(g->members[k]);
	free(g->merged);
	free(g->members);
	free(g->nmembers);
	free(g->shown);
	free(g->user);
	memset(g, 0, sizeof(*g));
}

/* The runs of one side: a group's, else the one score. */
static int
side_runs(const double *runs, int nruns, const double *value, const double **v)
{
	*v = nruns > 0 ? runs : value;
	return nruns > 0 ? nruns : 1;
}

void
cmp_cell_verdict(struct cell *c, const struct cmp_block *b0,
    const double *runs0, int n0, double value0, const struct cmp_block *b,
    const double *runs, int n, int lower_is_better)
{
	const double *a, *bv;
	int na = side_runs(runs0, n0, &value0, &a);
	int nb = side_runs(runs, n, &c->value, &bv);
	/* The floor: half the last digit of the printed numbers (0.05). */
	struct between_pool pool = {b0->pool_var, b0->pool_dof, b->pool_var,
	    b->pool_dof, log1p(0.05 / fmin(value0, c->value))};

	if (between_groups(a, na, bv, nb, lower_is_better, min_change, &pool,
	        &c->between) == -1)
		return;
	c->grouped = 1;
	c->noise = c->between.verdict == BETWEEN_BEYOND ? CMP_NOISE_BEYOND
	                                                : CMP_NOISE_WITHIN;
}
