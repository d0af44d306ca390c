/* table.c - the comparison built once (compare_build): its groups, then
 * its tables' columns, rows and cells with their verdicts (doc/compare.md). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "model/catalog.h"
#include "model/quick.h"
#include "score/interval.h"

#define SPEED_MOVE 1.1 /* CPU time per loop moved by more than 10% */

const char *const cmp_why_text[NWHY] = {"", "", "units differ",
    "index methods differ", "index baselines differ",
    "indexes over different tests", "partial and full index"};

/* score/interval.h's -1 unknown, 0 beyond, 1 within, from index 0. */
static const enum cmp_noise noise_of[3] = {
    CMP_NOISE_UNKNOWN, CMP_NOISE_BEYOND, CMP_NOISE_WITHIN};

enum cmp_noise
compare_noise(const struct cmp_test *a, const struct cmp_test *b)
{
	return noise_of[1 + interval_tests_within(a->rates, a->nrates,
	                        a->all_rates, a->nall, b->rates, b->nrates,
	                        b->all_rates, b->nall)];
}

enum cmp_noise
compare_index_noise(double a, double a_low, double a_high, double b,
    double b_low, double b_high)
{
	return noise_of[1 + interval_scores_within(
	                        a, a_low, a_high, b, b_low, b_high)];
}

double
compare_ratio(double first, double value, int lower_is_better)
{
	double r = !(first > 0) || !(value > 0) ? NAN
	           : lower_is_better            ? first / value
	                                        : value / first;

	return isfinite(r) && r > 0 ? r : NAN;
}

const struct cell *
cmp_cell_at(const struct table *t, int r, int col)
{
	return &t->cells[(size_t)r * (size_t)t->ncols + (size_t)col];
}

/* A block's group; NGROUPS (none) for a --per-core-type one. */
static enum group
group_of(const struct cmp_block *b)
{
	return b->pin > 0 ? NGROUPS : b->copies > 1 ? GROUP_MANY : GROUP_ONE;
}

/* Index j of column col's block (a group's: the widest of its runs'). */
static const struct cmp_index *
col_index_at(const struct column *col, int j)
{
	const struct cmp_index *x = &col->block->indexes[j];

	return col->group->n > 1 ? cmp_col_index(col, x->label) : x;
}

static int
add_row(struct table *t, const char *title, int is_index)
{
	void *grown;
	struct row *row = CMP_PUSH(grown, t->rows, t->nrows, INT32_MAX);

	if (row != NULL)
		*row = (struct row){.title = title, .is_index = is_index};
	return row != NULL ? 0 : -1;
}

/* The row titled title, an index score's when is_index; t->nrows: none. */
static int
find_row(const struct table *t, const char *title, int is_index)
{
	int r;

	for (r = 0; r < t->nrows; r++)
		if (t->rows[r].is_index == is_index &&
		    strcmp(t->rows[r].title, title) == 0)
			break;
	return r;
}

static int
row_order(const void *a, const void *b)
{
	return strcmp(
	    ((const struct row *)a)->title, ((const struct row *)b)->title);
}

/* The rows: every test title of the columns' runs (test lines and index
 * tables) sorted and once, then every index label in order. */
static int
table_rows(struct table *t)
{
	const struct cmp_block *b;
	const struct cmp_index *x;
	int i, j, k, n = 0, rc = 0;

	for (i = 0; i < t->ncols && rc == 0; i++) {
		for (k = 0; k < t->cols[i].group->n; k++)
			for (b = cmp_run_block(&t->cols[i], k), j = 0;
			     b != NULL && j < b->ntests && rc == 0; j++)
				rc = add_row(t, b->tests[j].title, 0);
		b = t->cols[i].block;
		for (j = 0; j < b->nindexes && rc == 0; j++)
			for (x = col_index_at(&t->cols[i], j), k = 0;
			     k < x->nrows && rc == 0; k++)
				rc = add_row(t, x->rows[k].title, 0);
	}
	if (rc == -1)
		return -1;
	if (t->nrows > 0)
		qsort(t->rows, (size_t)t->nrows, sizeof(*t->rows), row_order);
	for (i = 0; i < t->nrows; i++)
		if (n == 0 || strcmp(t->rows[i].title, t->rows[n - 1].title))
			t->rows[n++] = t->rows[i];
	t->nrows = n;
	for (i = 0; i < t->ncols && rc == 0; i++)
		for (b = t->cols[i].block, j = 0; j < b->nindexes && rc == 0;
		     j++)
			if (find_row(t, b->indexes[j].label, 1) == t->nrows)
				rc = add_row(t, b->indexes[j].label, 1);
	return rc;
}

/* Why two index scores are not comparable, or WHY_NONE. */
static enum why
index_mismatch(const struct cmp_index *a, const struct cmp_index *b)
{
	const struct cmp_index_row *ra, *rb;
	int i, j, na = cmp_index_cover(a, a), nb = cmp_index_cover(b, b);

	if (a->method != 0 && b->method != 0 && a->method != b->method)
		return WHY_METHOD;
	if (a->partial != b->partial)
		return WHY_PARTIAL;
	for (i = 0; i < a->nrows; i++)
		for (ra = &a->rows[i], j = 0;
		     isfinite(ra->index) && j < b->nrows; j++) {
			rb = &b->rows[j];
			if (!isfinite(rb->index) ||
			    strcmp(ra->title, rb->title))
				continue;
			if (isfinite(ra->baseline) && isfinite(rb->baseline) &&
			    ra->baseline != rb->baseline)
				return WHY_BASELINES;
			break;
		}
	/* A pasted score line alone has no rows to check. */
	return na > 0 && nb > 0 && (cmp_index_cover(a, b) != na || nb != na)
	           ? WHY_TESTS
	           : WHY_NONE;
}

/* The cell of test row in column col (v: room for a group's runs); the
 * row's unit the first column's that has the test. */
static void
test_cell(const struct column *col, struct row *row, struct cell *c, double *v)
{
	const struct cmp_test *t =
	    col->group->n > 1 ? cmp_group_cell(col, row->title, NULL, c, v)
	                      : cmp_find_test(col->block, row->title);
	const struct cmp_index *x;
	int i, k;

	if (t != NULL) {
		c->present = 1;
		c->unit = t->unit;
		if (col->group->n == 1) {
			c->value = t->value;
			c->status = t->status;
			c->test = t;
		}
		if (row->unit[0] == '\0') {
			row->unit = t->unit;
			row->lower_is_better = t->lower_is_better;
		}
		return;
	}
	for (i = 0; i < col->block->nindexes; i++) /* else an index row's */
		for (x = col_index_at(col, i), k = 0; k < x->nrows; k++)
			if (strcmp(x->rows[k].title, row->title) == 0) {
				c->present = 1;
				c->value = x->rows[k].result;
				return;
			}
}

/* How far apart the suites measure row, in percent; 0 when never measured
 * across: a test outside UnixBench's index, an index other than its. */
static double
suite_gap(const struct row *row)
{
	const struct index_def *x = &catalog_indexes[0];
	const char *name;
	size_t i;

	if (row->is_index)
		return strcmp(row->title, x->label) == 0 ? SUITE_GAP : 0;
	for (i = 0; i < x->nrows; i++) {
		if (strcmp(index_row_title(&x->rows[i]), row->title) != 0)
			continue;
		name = x->rows[i].test->name;
		return strcmp(name, "context1") == 0 ||
		               strncmp(name, "shell", 5) == 0
		           ? SUITE_GAP_WIDE
		           : SUITE_GAP;
	}
	return 0;
}

static const double *
counters(const struct column *col, const struct cell *c)
{
	return col->group->n == 1 && c->test != NULL ? c->test->derived : NULL;
}

/* The verdict of cell c (column j) against c0: between groups where a
 * side has several runs, else by a test's passes or by one run's index
 * score's interval; when beyond, the why-line's counters. */
static void
verdict(struct table *t, int r, int j, const struct cell *c0, struct cell *c)
{
	const struct column *ca = &t->cols[0], *cb = &t->cols[j];
	const struct cmp_index *x = c0->index, *y = c->index;
	const double *d0 = counters(ca, c0), *dj = counters(cb, c);
	int is_index = t->rows[r].is_index;

	if (!is_index && (c0->test == NULL || c->test == NULL))
		return;
	cmp_cell_verdict(t, r, j);
	if (!c->grouped && !is_index)
		c->noise = compare_noise(c0->test, c->test);
	else if (!c->grouped && ca->group->n == 1 && cb->group->n == 1)
		c->noise = compare_index_noise(x->score, x->ci_low, x->ci_high,
		    y->score, y->ci_low, y->ci_high);
	if (c->noise == CMP_NOISE_BEYOND && d0 && dj) {
		c->nexplain = explain_rank(d0, c0->test->nrates, dj,
		    c->test->nrates, c->explain, EXPLAIN_MAX);
		c->explained = c->nexplain >= 0 && isnan(cb->speed);
	}
}

/* Cell j of row r against the first column: its verdict and ratio. */
static void
judge(struct table *t, int r, int j)
{
	const struct row *row = &t->rows[r];
	const struct cell *c0 = cmp_cell_at(t, r, 0);
	struct cell *c = &t->cells[(size_t)r * (size_t)t->ncols + (size_t)j];
	double gap;

	if (!isfinite(c0->value) || !isfinite(c->value)) /* NAN: none */
		c->why = WHY_NO_VALUE;
	else if (row->is_index)
		c->why = index_mismatch(c0->index, c->index);
	else if (c0->unit[0] != '\0' && c->unit[0] != '\0' &&
	         strcmp(c0->unit, c->unit) != 0)
		c->why = WHY_UNITS;
	if (c->why != WHY_NONE)
		return;
	verdict(t, r, j, c0, c);
	/* One run a side: other work on the machine hides the noise
	 * between the runs. */
	if (!c->grouped && c->noise == CMP_NOISE_BEYOND &&
	    (t->cols[0].group->disturbed || t->cols[j].group->disturbed)) {
		c->noise = CMP_NOISE_UNKNOWN;
		c->disturbed = 1;
	}
	c->ratio = compare_ratio(c0->value, c->value, row->lower_is_better);
	if (isnan(c->ratio))
		c->why = WHY_NO_VALUE;
	if (isnan(c->ratio) || !t->cols[j].suites)
		return;
	/* Between suites: a change under their gap is never real. */
	c->unmeasured = (gap = suite_gap(row)) == 0;
	if (c->noise == CMP_NOISE_BEYOND && !c->unmeasured &&
	    fabs(log(c->ratio)) <= log1p(gap / 100)) {
		c->noise = CMP_NOISE_WITHIN;
		c->between.small = 1;
		c->between.verdict = BETWEEN_WITHIN;
	}
}

static void
fill_row(struct table *t, int r)
{
	struct row *row = &t->rows[r];
	struct cell *c = t->cells + (size_t)r * (size_t)t->ncols;
	const struct column *col;
	double *v;
	int j;

	row->unit = "";
	for (j = 0; j < t->ncols; j++, c++) {
		col = &t->cols[j];
		v = col->values + (size_t)r * (size_t)col->group->n;
		c->value = c->ratio = NAN;
		c->unit = c->status = "";
		if (!row->is_index)
			test_cell(col, row, c, v);
		else if ((c->index = cmp_col_index(col, row->title)) != NULL) {
			c->present = 1;
			if (col->group->n > 1)
				cmp_group_cell(col, NULL, c->index, c, v);
			else if (c->index->has_score)
				c->value = c->index->score;
		}
	}
}

/* Column j's spread pooled over its tests' runs (a group's), its tests
 * taken in the order its runs first have them. */
static int
pool_column(struct table *t, int j)
{
	struct column *col = &t->cols[j];
	const double **rows = calloc((size_t)t->nrows + 1, sizeof(*rows));
	int *n = calloc((size_t)t->nrows + 1, sizeof(*n)), i, k, q, m = 0;
	int ok = rows != NULL && n != NULL;
	const struct cmp_block *b;
	const struct cell *c;

	for (i = 0; ok && i < col->group->n; i++)
		for (b = cmp_run_block(col, i), k = 0; b && k < b->ntests;
		     k++) {
			c = cmp_cell_at(
			    t, find_row(t, b->tests[k].title, 0), j);
			for (q = 0; q < m && rows[q] != c->run_values; q++)
				;
			if (q == m) {
				rows[m] = c->run_values;
				n[m] = c->runs;
				col->pool_tests += n[m++] > 1;
			}
		}
	if (ok)
		between_pooled(rows, n, m, &col->pool_var, &col->pool_dof);
	free(rows);
	free(n);
	return ok ? 0 : -1;
}

/* The median CPU time per loop of a cell's kept passes (one run's);
 * NAN when it has none (or memory ran out). */
static double
cpu_per_loop(const struct column *col, const struct cell *c)
{
	const double *d = counters(col, c);
	double m = NAN, lo, hi;

	if (d != NULL)
		explain_passes(
		    d, c->test->nrates, DRV_CPU_PER_LOOP, &m, &lo, &hi);
	return m;
}

/* Column j's machine speed against the first (doc/compare.md, "The
 * machine's own speed"), r room for a ratio a row. */
static void
column_speed(struct table *t, int j, double *r)
{
	struct column *col = &t->cols[j];
	double m0, mj;
	int i, n = 0, up = 0, down = 0;

	for (i = 0; i < t->nrows; i++) { /* an index score's has no test */
		m0 = cpu_per_loop(&t->cols[0], cmp_cell_at(t, i, 0));
		mj = cpu_per_loop(col, cmp_cell_at(t, i, j));
		if (!(m0 > 0) || !(mj > 0) || !isfinite(mj / m0))
			continue;
		r[n] = mj / m0;
		up += r[n] > SPEED_MOVE;
		down += r[n] < 1 / SPEED_MOVE;
		n++;
	}
	col->speed_of = n;
	col->speed_n = up > down ? up : down;
	if (n < 4 || 3 * col->speed_n < 2 * n)
		return;
	qsort(r, (size_t)n, sizeof(*r), cmp_double);
	col->speed = n % 2 ? r[n / 2] : sqrt(r[n / 2 - 1] * r[n / 2]);
}

/* The columns of table t: each block of its copies group of each group's
 * first run, "A/4" when it has several.  -1: out of memory. */
static int
table_columns(struct table *t, const struct comparison *c)
{
	const struct cmp_report *r;
	void *grown;
	struct column *col;
	int i, j, k, same;

	for (i = 0; i < c->n; i++)
		for (r = c->groups[i].runs[0], j = 0; j < r->nblocks; j++) {
			if (group_of(&r->blocks[j]) != t->group)
				continue;
			if ((col = CMP_PUSH(
			         grown, t->cols, t->ncols, INT32_MAX)) == NULL)
				return -1;
			col->group = &c->groups[i];
			col->block = &r->blocks[j];
			col->speed = NAN;
			memcpy(col->id, c->groups[i].id, sizeof(col->id));
			for (k = 0, same = 0; k < r->nblocks; k++)
				same += group_of(&r->blocks[k]) == t->group;
			if (same > 1)
				cmp_appendf(col->id, sizeof(col->id),
				    strlen(col->id), "/%d", col->block->copies);
		}
	return 0;
}

/* The cells: their values (a group's runs' scores in its column's room),
 * each group's pooled spread, each column's speed, each verdict (no
 * why-line where the speed is said).  -1: out of memory. */
static int
table_cells(struct table *t)
{
	double *speeds;
	int r, j, rc = 0;

	t->cells =
	    calloc((size_t)t->nrows * (size_t)t->ncols + 1, sizeof(*t->cells));
	for (j = 0; j < t->ncols; j++)
		if (t->cells == NULL ||
		    (t->cols[j].values = calloc(
		         (size_t)t->nrows * (size_t)t->cols[j].group->n + 1,
		         sizeof(double))) == NULL)
			return -1;
	for (r = 0; r < t->nrows; r++)
		fill_row(t, r);
	for (j = 0; j < t->ncols && rc == 0; j++)
		if (t->cols[j].group->n > 1)
			rc = pool_column(t, j);
	if (rc == -1 ||
	    (speeds = malloc(sizeof(*speeds) * ((size_t)t->nrows + 1))) == NULL)
		return -1;
	for (j = 1; j < t->ncols; j++)
		column_speed(t, j, speeds);
	free(speeds);
	for (r = 0; r < t->nrows; r++)
		for (j = 1; j < t->ncols; j++)
			judge(t, r, j);
	return 0;
}

/* "1 to 2 s" and " (5 passes of 1 to 2 s a test)" of quick mode. */
#define QUICK_RANGE                                                            \
	QUICK_TEXT(QUICK_MIN_S) " to " QUICK_TEXT(QUICK_MAX_S) NBSP "s"
#define QUICK_PASSES_TEXT                                                      \
	" (" QUICK_TEXT(QUICK_PASSES) " passes of " QUICK_RANGE " a test)"

/* How long a report's passes were: "2 s (--duration 2)", "quick mode's
 * (1 to 2 s)", "each test's own (10 to 60 s)" (the index tests'). */
static size_t
pass_length(char *buf, size_t size, size_t n, const struct cmp_report *r)
{
	const struct index_def *x = &catalog_indexes[0];
	double lo = INFINITY, hi = 0;
	size_t i;

	if (r->duration_s > 0)
		return cmp_appendf(buf, size, n,
		    "%g" NBSP "s (--duration" NBSP "%g)", r->duration_s,
		    r->duration_s);
	if (r->quick)
		return cmp_appendf(
		    buf, size, n, "quick mode's (" QUICK_RANGE ")");
	for (i = 0; i < x->nrows; i++) {
		lo = fmin(lo, x->rows[i].test->seconds);
		hi = fmax(hi, x->rows[i].test->seconds);
	}
	return cmp_appendf(
	    buf, size, n, "each test's own (%g to %g" NBSP "s)", lo, hi);
}

/* Why column b is not comparable with a, in words into b->caveat: "B/A:
 * B is a quick run, A is not; builds differ (default, reference)"; and
 * whether their suites differ, into b->suites. */
static void
caveat_text(const struct column *a, struct column *b)
{
	const struct cmp_report *x = a->group->runs[0], *y = b->group->runs[0];
	int duration = x->duration_s != y->duration_s;
	char *buf = b->caveat;
	size_t size = sizeof(b->caveat);
	size_t n0 = cmp_appendf(buf, size, 0, "%s/%s", b->id, a->id), n = n0;

	b->suites = cmp_suites_differ(x, y);
#define SEP (n == n0 ? ": " : "; ")
	if (x->quick != y->quick)
		n = cmp_appendf(buf, size, n,
		    "%s%s is a quick run, %s is not%s", SEP,
		    x->quick ? a->id : b->id, x->quick ? b->id : a->id,
		    duration ? "" : QUICK_PASSES_TEXT);
	if (duration) {
		n = cmp_appendf(buf, size, n,
		    "%spass lengths differ: %s's are ", SEP, a->id);
		n = pass_length(buf, size, n, x);
		n = cmp_appendf(buf, size, n, ", %s's ", b->id);
		n = pass_length(buf, size, n, y);
	}
	if (x->build_kind[0] != '\0' && y->build_kind[0] != '\0' &&
	    strcmp(x->build_kind, y->build_kind) != 0)
		n = cmp_appendf(buf, size, n, "%sbuilds differ (%s, %s)", SEP,
		    x->build_kind, y->build_kind);
	if (a->block->copies > 0 && b->block->copies > 0 &&
	    a->block->copies != b->block->copies)
		n = cmp_appendf(buf, size, n, "%scopies differ (%d, %d)", SEP,
		    a->block->copies, b->block->copies);
#undef SEP
	if (n == n0)
		buf[0] = '\0';
}

int
compare_build(struct comparison *c, struct cmp_report *const *reports,
    const char **user, int n, int no_group, double min_change)
{
	struct table *t;
	int g, i, rc;

	memset(c, 0, sizeof(*c));
	rc = cmp_groups_make(&c->groups, &c->n, reports, user, n, no_group);
	for (i = 0; rc == 0 && i < c->n; i++)
		snprintf(c->groups[i].id, sizeof(c->groups[i].id),
		    i < 26 ? "%c" : "R%d", i < 26 ? 'A' + i : i + 1);
	for (t = c->tables, g = 0; g < NGROUPS && rc == 0; g++, t++) {
		t->group = (enum group)g;
		t->min_change = min_change;
		rc = table_columns(t, c); /* none of g: ncols 0 */
		for (i = 1; rc == 0 && i < t->ncols; i++)
			caveat_text(&t->cols[0], &t->cols[i]);
		if (rc == 0 && t->ncols > 0)
			rc = table_rows(t) == -1 ? -1 : table_cells(t);
	}
	return rc;
}

void
compare_free(struct comparison *c)
{
	struct table *t;
	int g, j;

	for (t = c->tables, g = 0; g < NGROUPS; g++, t++) {
		for (j = 0; j < t->ncols; j++)
			free(t->cols[j].values);
		free(t->cols);
		free(t->rows);
		free(t->cells);
	}
	cmp_groups_free(c->groups, c->n);
	memset(c, 0, sizeof(*c));
}
