/*
 * compare.c - `Run compare`: reads the files, labels the results, builds
 * one table per copies group (rows: tests and index scores; columns: the
 * blocks) and writes it as text, Markdown or JSON.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare.h"
#include "escape.h"
#include "parse_json.h"
#include "parse_text.h"

/* The rule, as the outputs state it. */
#define NOISE_RULE                                                             \
	"|ln ratio| <= t(0.975, Welch df) x sqrt(s1^2/n1 + s2^2/n2), s and n " \
	"of the logs of the kept pass rates; index scores: |ln ratio| <= "     \
	"1.96 x sqrt(se1^2 + se2^2), se from their 95% intervals"

/* The length of the well-formed UTF-8 sequence at s[0..n-1], or 0. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

char *
cmp_text(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, o = 0, n;
	char *out;

	while (len > 0 && (u[len - 1] == ' ' || u[len - 1] == '\t'))
		len--;
	while (i < len && (u[i] == ' ' || u[i] == '\t'))
		i++;
	if ((out = malloc(CMP_TEXT_MAX + 1)) == NULL)
		return NULL;
	while (i < len) {
		if (u[i] == ' ' && o > 0 && out[o - 1] == ' ') {
			i++;
			continue;
		}
		n = utf8_len(u + i, len - i);
		if (n == 0 || u[i] < 0x20 || u[i] == 0x7f)
			n = 1;
		if (o + n > CMP_TEXT_MAX)
			break;
		if (n == 1 && (u[i] < 0x20 || u[i] >= 0x7f))
			out[o] = '?';
		else
			memcpy(out + o, u + i, n);
		o += n;
		i += n;
	}
	out[o] = '\0';
	return out;
}

void *
cmp_push(void *arrayp, int *n, size_t size, int max)
{
	void **array = arrayp;
	char *grown;

	if (*n >= max)
		return NULL;
	/* Grows by doubling: room for 1, 2, 4, ... elements. */
	if ((*n & (*n - 1)) == 0) {
		grown = realloc(*array, size * (size_t)(*n ? *n * 2 : 1));
		if (grown == NULL)
			return NULL;
		*array = grown;
	}
	grown = (char *)*array + size * (size_t)*n;
	memset(grown, 0, size);
	(*n)++;
	return grown;
}

void
cmp_block_free(struct cmp_block *b)
{
	int i, j;

	for (i = 0; i < b->ntests; i++) {
		free(b->tests[i].title);
		free(b->tests[i].status);
		free(b->tests[i].rates);
	}
	free(b->tests);
	for (i = 0; i < b->nindexes; i++) {
		for (j = 0; j < b->indexes[i].nrows; j++)
			free(b->indexes[i].rows[j].title);
		free(b->indexes[i].rows);
		free(b->indexes[i].label);
	}
	free(b->indexes);
	memset(b, 0, sizeof(*b));
}

void
cmp_report_free(struct cmp_report *r)
{
	int i;

	for (i = 0; i < r->nblocks; i++)
		cmp_block_free(&r->blocks[i]);
	free(r->blocks);
	free(r->label);
	free(r->origin);
	free(r->hostname);
	free(r->os_name);
	free(r->os_release);
	memset(r, 0, sizeof(*r));
}

void
cmp_file_free(struct cmp_file *f)
{
	int i;

	for (i = 0; i < f->nreports; i++)
		cmp_report_free(&f->reports[i]);
	free(f->reports);
	memset(f, 0, sizeof(*f));
}

int
compare_read(
    const char *buf, size_t len, struct cmp_file *out, char *err, size_t errlen)
{
	size_t i = 0;

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		i = 3; /* a UTF-8 byte order mark */
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
	                      buf[i] == '\r'))
		i++;
	if (i == len) {
		snprintf(err, errlen, "empty: no report in it");
		return -1;
	}
	if (buf[i] == '{')
		return parse_json(buf + i, len - i, out, err, errlen);
	return parse_text(buf, len, out, err, errlen);
}

/*
 * Labels.
 */

/* The first date of a report's blocks, or "". */
static const char *
report_date(const struct cmp_report *r)
{
	int i;

	for (i = 0; i < r->nblocks; i++)
		if (r->blocks[i].date[0] != '\0')
			return r->blocks[i].date;
	return "";
}

/* "6.1.0-13-amd64" -> "6.1", "7.2-RELEASE" -> "7.2"; else the whole. */
static void
short_release(const char *rel, char *out, size_t size)
{
	size_t i = 0;
	int dots = 0;

	if (rel[0] < '0' || rel[0] > '9') {
		snprintf(out, size, "%s", rel);
		return;
	}
	while (rel[i] != '\0' && i + 1 < size &&
	       ((rel[i] >= '0' && rel[i] <= '9') || rel[i] == '.')) {
		if (rel[i] == '.' &&
		    (++dots == 2 || rel[i + 1] < '0' || rel[i + 1] > '9'))
			break;
		out[i] = rel[i];
		i++;
	}
	out[i] = '\0';
}

/* The automatic label of r into buf; full: the whole release. */
static void
auto_label(const struct cmp_report *r, const char *file, int full, char *buf,
    size_t size)
{
	const char *os = r->os_name, *date = report_date(r), *base;
	char rel[CMP_TEXT_MAX + 1];
	int n;

	if (os[0] != '\0') {
		if (strncmp(os, "GNU/", 4) == 0 && os[4] != '\0')
			os += 4;
		if (full)
			snprintf(rel, sizeof(rel), "%s", r->os_release);
		else
			short_release(r->os_release, rel, sizeof(rel));
		n = snprintf(buf, size, "%s%s%s", os, rel[0] ? " " : "", rel);
	} else if (r->hostname[0] != '\0') {
		n = snprintf(buf, size, "%s", r->hostname);
	} else {
		base = strrchr(file, '/');
		n = snprintf(
		    buf, size, "%s", base && base[1] ? base + 1 : file);
	}
	if (date[0] != '\0' && n >= 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, " (%s)", date);
}

static int
set_label(struct cmp_report *r, const char *text)
{
	char *label = cmp_text(text, strlen(text));

	if (label == NULL)
		return -1;
	free(r->label);
	r->label = label;
	return 0;
}

int
compare_label(
    struct cmp_report **reports, const char **user, const char **file, int n)
{
	char buf[3 * CMP_TEXT_MAX], other[3 * CMP_TEXT_MAX];
	char full[3 * CMP_TEXT_MAX];
	int i, j, same, k;

	for (i = 0; i < n; i++) {
		if (user[i] != NULL) {
			for (j = 0, same = 0, k = 0; j < n; j++)
				if (user[j] == user[i] && file[j] == file[i]) {
					same++;
					k += j <= i;
				}
			if (same > 1)
				snprintf(
				    buf, sizeof(buf), "%s #%d", user[i], k);
			else
				snprintf(buf, sizeof(buf), "%s", user[i]);
		} else {
			auto_label(reports[i], file[i], 0, buf, sizeof(buf));
			/*
			 * A short label that repeats gets the whole release
			 * when that tells the two apart (else " #2" below).
			 */
			for (j = 0; j < n; j++) {
				if (j == i || user[j] != NULL)
					continue;
				auto_label(reports[j], file[j], 0, other,
				    sizeof(other));
				if (strcmp(buf, other) != 0)
					continue;
				auto_label(reports[j], file[j], 1, other,
				    sizeof(other));
				auto_label(reports[i], file[i], 1, full,
				    sizeof(full));
				if (strcmp(full, other) != 0) {
					memcpy(buf, full, sizeof(buf));
					break;
				}
			}
		}
		if (set_label(reports[i], buf) == -1)
			return -1;
	}
	for (i = 1; i < n; i++) {
		for (j = 0, k = 1; j < i; j++)
			k += strcmp(reports[j]->label, reports[i]->label) == 0;
		if (k > 1) {
			snprintf(
			    buf, sizeof(buf), "%s #%d", reports[i]->label, k);
			if (set_label(reports[i], buf) == -1)
				return -1;
		}
	}
	return 0;
}

/*
 * Noise and ratios.
 */

/* t(0.975, df): the two-sided 95% quantile of Student's t. */
static double
t975(double df)
{
	static const double t[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447,
	    2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
	    2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
	    2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

	if (!(df >= 1))
		return t[0];
	if (df < 31)
		return t[(int)df - 1];
	if (df < 40)
		return 2.042;
	if (df < 60)
		return 2.021;
	if (df < 120)
		return 2.000;
	return 1.980;
}

/* Mean and sample variance of ln v[i]; -1 when some v[i] is not > 0. */
static int
log_stats(const double *v, int n, double *mean, double *var)
{
	double sum = 0, sq = 0, d;
	int i;

	for (i = 0; i < n; i++) {
		if (!(v[i] > 0) || !isfinite(v[i]))
			return -1;
		sum += log(v[i]);
	}
	*mean = sum / n;
	for (i = 0; i < n; i++) {
		d = log(v[i]) - *mean;
		sq += d * d;
	}
	*var = sq / (n - 1);
	return 0;
}

enum cmp_noise
compare_noise(const double *a, int na, const double *b, int nb)
{
	double ma, va, mb, vb, qa, qb, se2, df;

	if (na < 2 || nb < 2 || log_stats(a, na, &ma, &va) == -1 ||
	    log_stats(b, nb, &mb, &vb) == -1)
		return CMP_NOISE_UNKNOWN;
	qa = va / na;
	qb = vb / nb;
	se2 = qa + qb;
	if (se2 == 0)
		return ma == mb ? CMP_NOISE_WITHIN : CMP_NOISE_BEYOND;
	df = se2 * se2 / (qa * qa / (na - 1) + qb * qb / (nb - 1));
	return fabs(mb - ma) <= t975(df) * sqrt(se2) ? CMP_NOISE_WITHIN
	                                             : CMP_NOISE_BEYOND;
}

/* The standard error of ln score from its 95% interval; -1: unknown. */
static double
interval_se(double score, double low, double high)
{
	if (!(low > 0) || !(high >= low) || !isfinite(high) ||
	    !(score >= low && score <= high))
		return -1;
	return (log(high) - log(low)) / (2 * 1.96);
}

enum cmp_noise
compare_index_noise(double a, double a_low, double a_high, double b,
    double b_low, double b_high)
{
	double sa = interval_se(a, a_low, a_high);
	double sb = interval_se(b, b_low, b_high);
	double se;

	if (sa < 0 || sb < 0)
		return CMP_NOISE_UNKNOWN;
	se = sqrt(sa * sa + sb * sb);
	if (se == 0)
		return a == b ? CMP_NOISE_WITHIN : CMP_NOISE_BEYOND;
	return fabs(log(b) - log(a)) <= 1.96 * se ? CMP_NOISE_WITHIN
	                                          : CMP_NOISE_BEYOND;
}

double
compare_ratio(double first, double value, int lower_is_better)
{
	double r;

	if (!(first > 0) || !(value > 0) || !isfinite(first) ||
	    !isfinite(value))
		return NAN;
	r = lower_is_better ? first / value : value / first;
	return isfinite(r) && r > 0 ? r : NAN;
}

/*
 * The tables.
 */

enum group { GROUP_ONE, GROUP_MANY, GROUP_UNKNOWN, NGROUPS };

static const char *const group_name[NGROUPS] = {
    "1 copy", "N copies", "copies unknown"};
static const char *const group_key[NGROUPS] = {"1", "N", "unknown"};

struct column {
	const struct cmp_report *report;
	const struct cmp_block *block;
};

struct row {
	const char *title; /* test title, or index label */
	int is_index;
	const char *unit; /* of the first column that has it */
	int lower_is_better;
};

/* Why a ratio is not given. */
enum why {
	WHY_NONE,
	WHY_NO_FIRST,
	WHY_NO_VALUE,
	WHY_UNITS,
	WHY_METHOD,
	WHY_BASELINES,
	WHY_TESTS,
	WHY_PARTIAL,
	NWHY
};

static const char *const why_text[NWHY] = {"", "", "", "units differ",
    "index methods differ", "index baselines differ",
    "indexes over different tests", "partial and full index"};

struct cell {
	int present;
	double value; /* NAN: no number (see status) */
	const char *unit;
	const char *status; /* "" when ok */
	int partial;
	double ratio; /* NAN when not given (see why) */
	enum why why;
	enum cmp_noise noise;
};

struct table {
	enum group group;
	struct column *cols;
	int ncols;
	struct row *rows;
	int nrows;
	struct cell *cells; /* nrows x ncols */
};

/* What the notes under the tables must explain. */
struct notes {
	int within, beyond, unknown, lower;
	int why[NWHY];
};

static enum group
group_of(int copies)
{
	return copies == 1  ? GROUP_ONE
	       : copies > 1 ? GROUP_MANY
	                    : GROUP_UNKNOWN;
}

static int
title_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static const struct cmp_test *
find_test(const struct cmp_block *b, const char *title)
{
	int i;

	for (i = 0; i < b->ntests; i++)
		if (strcmp(b->tests[i].title, title) == 0)
			return &b->tests[i];
	return NULL;
}

static const struct cmp_index_row *
find_index_row(const struct cmp_block *b, const char *title)
{
	int i, j;

	for (i = 0; i < b->nindexes; i++)
		for (j = 0; j < b->indexes[i].nrows; j++)
			if (strcmp(b->indexes[i].rows[j].title, title) == 0)
				return &b->indexes[i].rows[j];
	return NULL;
}

static const struct cmp_index *
find_index(const struct cmp_block *b, const char *label)
{
	int i;

	for (i = 0; i < b->nindexes; i++)
		if (strcmp(b->indexes[i].label, label) == 0)
			return &b->indexes[i];
	return NULL;
}

/* Appends title to the growing list *titles of *n (room for *cap). */
static int
add_title(const char ***titles, int *n, int *cap, const char *title)
{
	const char **grown;

	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		grown = realloc(*titles, sizeof(**titles) * (size_t)*cap);
		if (grown == NULL)
			return -1;
		*titles = grown;
	}
	(*titles)[(*n)++] = title;
	return 0;
}

/*
 * The rows: every test title of the columns, from their test lines and
 * index tables, sorted and once; then every index label, in order.
 */
static int
table_rows(struct table *t)
{
	const char **titles = NULL;
	const struct cmp_block *b;
	struct row *row;
	int n = 0, cap = 0, i, j, k, rc = 0;

	for (i = 0; i < t->ncols && rc == 0; i++) {
		b = t->cols[i].block;
		for (j = 0; j < b->ntests && rc == 0; j++)
			rc = add_title(&titles, &n, &cap, b->tests[j].title);
		for (j = 0; j < b->nindexes && rc == 0; j++)
			for (k = 0; k < b->indexes[j].nrows && rc == 0; k++)
				rc = add_title(&titles, &n, &cap,
				    b->indexes[j].rows[k].title);
	}
	if (n > 0 && rc == 0)
		qsort(titles, (size_t)n, sizeof(*titles), title_cmp);
	for (i = 0; i < n && rc == 0; i++) {
		if (i > 0 && strcmp(titles[i], titles[i - 1]) == 0)
			continue;
		row = cmp_push(&t->rows, &t->nrows, sizeof(*row), INT32_MAX);
		if (row == NULL)
			rc = -1;
		else
			row->title = titles[i];
	}
	free(titles);
	for (i = 0; i < t->ncols && rc == 0; i++) {
		b = t->cols[i].block;
		for (j = 0; j < b->nindexes && rc == 0; j++) {
			for (k = 0; k < t->nrows; k++)
				if (t->rows[k].is_index &&
				    strcmp(t->rows[k].title,
				        b->indexes[j].label) == 0)
					break;
			if (k < t->nrows)
				continue;
			row = cmp_push(
			    &t->rows, &t->nrows, sizeof(*row), INT32_MAX);
			if (row == NULL) {
				rc = -1;
			} else {
				row->title = b->indexes[j].label;
				row->is_index = 1;
			}
		}
	}
	return rc;
}

/* Why two index scores are not comparable, or WHY_NONE. */
static enum why
index_mismatch(const struct cmp_index *a, const struct cmp_index *b)
{
	const struct cmp_index_row *ra, *rb;
	int i, j, na = 0, nb = 0, matched = 0;

	if (a->method != 0 && b->method != 0 && a->method != b->method)
		return WHY_METHOD;
	if (a->partial != b->partial)
		return WHY_PARTIAL;
	for (i = 0; i < b->nrows; i++)
		nb += isfinite(b->rows[i].index);
	for (i = 0; i < a->nrows; i++) {
		ra = &a->rows[i];
		if (!isfinite(ra->index))
			continue;
		na++;
		for (j = 0; j < b->nrows; j++) {
			rb = &b->rows[j];
			if (!isfinite(rb->index) ||
			    strcmp(ra->title, rb->title))
				continue;
			if (isfinite(ra->baseline) && isfinite(rb->baseline) &&
			    ra->baseline != rb->baseline)
				return WHY_BASELINES;
			matched++;
			break;
		}
	}
	/* A pasted score line alone has no rows to check. */
	if (na > 0 && nb > 0 && (matched != na || matched != nb))
		return WHY_TESTS;
	return WHY_NONE;
}

static void
test_cell(const struct cmp_block *b, const char *title, struct cell *c)
{
	const struct cmp_test *t = find_test(b, title);
	const struct cmp_index_row *r;

	c->value = NAN;
	c->unit = "";
	c->status = "";
	if (t != NULL) {
		c->present = 1;
		c->value = t->value;
		c->unit = t->unit;
		c->status = t->status;
	} else if ((r = find_index_row(b, title)) != NULL) {
		c->present = 1;
		c->value = r->result;
	}
}

static void
index_cell(const struct cmp_block *b, const char *label, struct cell *c)
{
	const struct cmp_index *x = find_index(b, label);

	c->value = NAN;
	c->unit = "";
	c->status = "";
	if (x == NULL)
		return;
	c->present = 1;
	c->partial = x->partial;
	if (x->has_score)
		c->value = x->score;
}

/* Fills the cells of one row and their ratios against the first column. */
static void
fill_row(struct table *t, int r)
{
	struct row *row = &t->rows[r];
	struct cell *cells = t->cells + (size_t)r * (size_t)t->ncols, *c;
	const struct cmp_block *b0 = t->cols[0].block, *b;
	const struct cmp_test *t0, *tj;
	const struct cmp_index *x0, *xj;
	int j;

	row->unit = "";
	for (j = 0; j < t->ncols; j++) {
		b = t->cols[j].block;
		if (row->is_index)
			index_cell(b, row->title, &cells[j]);
		else
			test_cell(b, row->title, &cells[j]);
		tj = row->is_index ? NULL : find_test(b, row->title);
		if (tj != NULL && row->unit[0] == '\0') {
			row->unit = tj->unit;
			row->lower_is_better = tj->lower_is_better;
		}
	}
	for (j = 1; j < t->ncols; j++) {
		c = &cells[j];
		c->ratio = NAN;
		c->noise = CMP_NOISE_UNKNOWN;
		b = t->cols[j].block;
		if (!cells[0].present || !isfinite(cells[0].value)) {
			c->why = WHY_NO_FIRST;
			continue;
		}
		if (!c->present || !isfinite(c->value)) {
			c->why = WHY_NO_VALUE;
			continue;
		}
		if (row->is_index) {
			x0 = find_index(b0, row->title);
			xj = find_index(b, row->title);
			if ((c->why = index_mismatch(x0, xj)) != WHY_NONE)
				continue;
			c->noise = compare_index_noise(x0->score, x0->ci_low,
			    x0->ci_high, xj->score, xj->ci_low, xj->ci_high);
		} else {
			if (cells[0].unit[0] != '\0' && c->unit[0] != '\0' &&
			    strcmp(cells[0].unit, c->unit) != 0) {
				c->why = WHY_UNITS;
				continue;
			}
			t0 = find_test(b0, row->title);
			tj = find_test(b, row->title);
			if (t0 != NULL && tj != NULL)
				c->noise = compare_noise(t0->rates, t0->nrates,
				    tj->rates, tj->nrates);
		}
		c->ratio = compare_ratio(
		    cells[0].value, c->value, row->lower_is_better);
		if (isnan(c->ratio))
			c->why = WHY_NO_VALUE;
	}
	cells[0].ratio = NAN;
}

static void
table_free(struct table *t)
{
	free(t->cols);
	free(t->rows);
	free(t->cells);
	memset(t, 0, sizeof(*t));
}

/* Builds the table of group g; an empty group gives ncols 0. */
static int
table_build(
    struct table *t, enum group g, struct cmp_report *const *reports, int n)
{
	struct column *col;
	int i, j, r;

	memset(t, 0, sizeof(*t));
	t->group = g;
	for (i = 0; i < n; i++)
		for (j = 0; j < reports[i]->nblocks; j++) {
			if (group_of(reports[i]->blocks[j].copies) != g)
				continue;
			col = cmp_push(
			    &t->cols, &t->ncols, sizeof(*col), INT32_MAX);
			if (col == NULL)
				return -1;
			col->report = reports[i];
			col->block = &reports[i]->blocks[j];
		}
	if (t->ncols == 0)
		return 0;
	if (table_rows(t) == -1)
		return -1;
	t->cells =
	    calloc((size_t)t->nrows * (size_t)t->ncols + 1, sizeof(*t->cells));
	if (t->cells == NULL)
		return -1;
	for (r = 0; r < t->nrows; r++)
		fill_row(t, r);
	return 0;
}

/*
 * Text and Markdown: every cell is first formatted to a string; the text
 * writer pads them to the widest of each column.
 */

/* Sub-columns: 0 title, 1 unit, 2 the first value, then value and ratio. */
static int
nsub(const struct table *t)
{
	return 2 * t->ncols + 1;
}

static void
format_number(double v, char *buf, size_t size)
{
	if (fabs(v) < 1e12)
		snprintf(buf, size, "%.1f", v);
	else
		snprintf(buf, size, "%.4g", v);
}

/*
 * The text of sub-column s of row r (-2: the label header, -1: the copies
 * header of the N copies table) into buf; notes records the marks used.
 */
static void
format_sub(const struct table *t, int r, int s, char *buf, size_t size,
    struct notes *notes)
{
	const struct cell *c;
	const struct row *row;
	int col = s <= 2 ? 0 : (s - 1) / 2, ratio = s > 2 && s % 2 == 0;
	char num[64];
	size_t n;

	buf[0] = '\0';
	if (r < 0) {
		if (s == 0 && r == -2)
			snprintf(buf, size, "%s", group_name[t->group]);
		else if (s >= 2 && ratio && r == -2)
			snprintf(buf, size, "ratio");
		else if (s >= 2 && !ratio && r == -2)
			snprintf(buf, size, "%s", t->cols[col].report->label);
		else if (s >= 2 && !ratio && r == -1)
			snprintf(buf, size, "%d cop%s",
			    t->cols[col].block->copies,
			    t->cols[col].block->copies == 1 ? "y" : "ies");
		else if (s == 1 && r == -2)
			snprintf(buf, size, "unit");
		return;
	}
	row = &t->rows[r];
	c = &t->cells[(size_t)r * (size_t)t->ncols + (size_t)col];
	if (s == 0) {
		snprintf(buf, size, "%s%s", row->title,
		    row->is_index ? " Index Score" : "");
	} else if (s == 1) {
		snprintf(buf, size, "%s%s", row->unit,
		    row->lower_is_better ? " (lower is better)" : "");
		notes->lower |= row->lower_is_better;
	} else if (!ratio) {
		if (!c->present)
			snprintf(buf, size, "-");
		else if (c->status[0] != '\0')
			snprintf(buf, size, "%s", c->status);
		else if (!isfinite(c->value))
			snprintf(buf, size, "no score");
		else {
			format_number(c->value, num, sizeof(num));
			snprintf(buf, size, "%s", num);
		}
		n = strlen(buf);
		if (c->present && c->unit[0] != '\0' &&
		    strcmp(c->unit, row->unit) != 0)
			snprintf(buf + n, size - n, " %s", c->unit);
		n = strlen(buf);
		if (c->partial)
			snprintf(buf + n, size - n, " (partial)");
	} else if (!isnan(c->ratio)) {
		snprintf(buf, size, "%.2fx%s", c->ratio,
		    c->noise == CMP_NOISE_WITHIN    ? "~"
		    : c->noise == CMP_NOISE_UNKNOWN ? "?"
		                                    : " ");
		notes->within |= c->noise == CMP_NOISE_WITHIN;
		notes->beyond |= c->noise == CMP_NOISE_BEYOND;
		notes->unknown |= c->noise == CMP_NOISE_UNKNOWN;
	} else if (c->why >= WHY_UNITS) {
		snprintf(buf, size, "n/a");
		notes->why[c->why] = 1;
	}
}

/* Columns on screen: a byte that is no UTF-8 continuation counts one. */
static size_t
display_width(const char *s)
{
	size_t w = 0;

	for (; *s != '\0'; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

static int
write_table_text(FILE *f, const struct table *t, struct notes *notes)
{
	char buf[3 * CMP_TEXT_MAX], *line;
	size_t *width, w, len, total = 1;
	int r, s;

	if ((width = calloc((size_t)nsub(t), sizeof(*width))) == NULL)
		return -1;
	/* Row -1, the copies of each column, only in the N copies table. */
	for (r = -2; r < t->nrows; r++) {
		if (r == -1 && t->group != GROUP_MANY)
			continue;
		for (s = 0; s < nsub(t); s++) {
			format_sub(t, r, s, buf, sizeof(buf), notes);
			if ((w = display_width(buf)) > width[s])
				width[s] = w;
		}
	}
	/* Each line is laid out in full, then printed without trailing blanks.
	 */
	for (s = 0; s < nsub(t); s++)
		total += width[s] + sizeof(buf) + 2;
	if ((line = malloc(total)) == NULL) {
		free(width);
		return -1;
	}
	for (r = -2; r < t->nrows; r++) {
		if (r == -1 && t->group != GROUP_MANY)
			continue;
		len = 0;
		for (s = 0; s < nsub(t); s++) {
			format_sub(t, r, s, buf, sizeof(buf), notes);
			w = width[s] - display_width(buf);
			if (s > 0)
				len += (size_t)sprintf(line + len, "  ");
			if (s >= 2)
				len += (size_t)sprintf(
				    line + len, "%*s%s", (int)w, "", buf);
			else
				len += (size_t)sprintf(
				    line + len, "%s%*s", buf, (int)w, "");
		}
		while (len > 0 && line[len - 1] == ' ')
			len--;
		fprintf(f, "%.*s\n", (int)len, line);
	}
	free(line);
	free(width);
	return 0;
}

static int
write_table_md(FILE *f, const struct table *t, struct notes *notes)
{
	char buf[3 * CMP_TEXT_MAX], copies[32];
	int r, s;

	fprintf(f, "**%s**\n\n|", group_name[t->group]);
	for (s = 0; s < nsub(t); s++) {
		format_sub(t, -2, s, buf, sizeof(buf), notes);
		fputc(' ', f);
		escape_md(f, s == 0 ? "Test" : buf);
		if (t->group == GROUP_MANY && s >= 2 &&
		    (s == 2 || s % 2 == 1)) {
			format_sub(t, -1, s, copies, sizeof(copies), notes);
			fprintf(f, " (%s)", copies);
		}
		fputs(" |", f);
	}
	fputs("\n|", f);
	for (s = 0; s < nsub(t); s++)
		fputs(s < 2 ? "---|" : "---:|", f);
	fputc('\n', f);
	for (r = 0; r < t->nrows; r++) {
		fputc('|', f);
		for (s = 0; s < nsub(t); s++) {
			format_sub(t, r, s, buf, sizeof(buf), notes);
			fputc(' ', f);
			escape_md(f, buf);
			fputs(" |", f);
		}
		fputc('\n', f);
	}
	fputc('\n', f);
	return 0;
}

/* The notes under the tables: what the marks mean, and what is unknown. */
static void
write_notes(FILE *f, const struct notes *notes,
    struct cmp_report *const *reports, int n, int md)
{
	const char *bullet = md ? "- " : "";
	int i, first = 1, w;

	fprintf(f,
	    "%sratio: each column against the first of its table; "
	    "above 1.00x is better%s.\n",
	    bullet, notes->lower ? " (lower-is-better units: first/this)" : "");
	if (notes->within || notes->beyond)
		fprintf(f,
		    "%s%s: within run-to-run noise: %s; no mark: "
		    "beyond it.\n",
		    bullet, md ? "\\~" : "~", NOISE_RULE);
	if (notes->unknown) {
		fprintf(f, "%s?: noise unknown: a text report has no passes (",
		    bullet);
		for (i = 0; i < n; i++) {
			if (reports[i]->passes_known)
				continue;
			fprintf(f, "%s", first ? "" : ", ");
			if (md)
				escape_md(f, reports[i]->label);
			else
				fputs(reports[i]->label, f);
			first = 0;
		}
		fputs(first ? "or too few passes).\n" : ").\n", f);
	}
	for (w = WHY_UNITS; w < NWHY; w++)
		if (notes->why[w])
			fprintf(f, "%sn/a: %s.\n", bullet, why_text[w]);
}

static void
json_cell(FILE *f, const struct cell *c, int first)
{
	static const char *const noise[] = {"unknown", "within", "beyond"};

	if (!c->present) {
		fputs("null", f);
		return;
	}
	fputs("{\"value\": ", f);
	escape_json_number(f, c->value);
	fputs(", \"unit\": ", f);
	escape_json(f, c->unit);
	fputs(", \"status\": ", f);
	escape_json(f, c->status[0] ? c->status : "ok");
	fprintf(f, ", \"partial\": %s", c->partial ? "true" : "false");
	if (!first) {
		fputs(", \"ratio\": ", f);
		escape_json_number(f, c->ratio);
		fputs(", \"noise\": ", f);
		escape_json(f, isnan(c->ratio) ? NULL : noise[c->noise]);
		fputs(", \"not_comparable\": ", f);
		escape_json(f, c->why >= WHY_UNITS ? why_text[c->why] : NULL);
	}
	fputc('}', f);
}

static void
write_table_json(FILE *f, const struct table *t, int comma)
{
	const struct column *col;
	const struct row *row;
	int r, j;

	fprintf(f, "%s\n    {\"copies\": \"%s\", \"columns\": [",
	    comma ? "," : "", group_key[t->group]);
	for (j = 0; j < t->ncols; j++) {
		col = &t->cols[j];
		fprintf(f, "%s\n      {\"label\": ", j ? "," : "");
		escape_json(f, col->report->label);
		fputs(", \"origin\": ", f);
		escape_json(f, col->report->origin);
		fprintf(f, ", \"copies\": %d, \"date\": ", col->block->copies);
		escape_json(f, col->block->date);
		fprintf(f, ", \"passes_known\": %s}",
		    col->report->passes_known ? "true" : "false");
	}
	fputs("],\n     \"rows\": [", f);
	for (r = 0; r < t->nrows; r++) {
		row = &t->rows[r];
		fprintf(f,
		    "%s\n      {\"kind\": \"%s\", \"title\": ", r ? "," : "",
		    row->is_index ? "index" : "test");
		escape_json(f, row->title);
		fputs(", \"unit\": ", f);
		escape_json(f, row->unit);
		fprintf(f, ", \"lower_is_better\": %s, \"cells\": [",
		    row->lower_is_better ? "true" : "false");
		for (j = 0; j < t->ncols; j++) {
			fputs(j ? ", " : "", f);
			json_cell(f,
			    &t->cells[(size_t)r * (size_t)t->ncols + (size_t)j],
			    j == 0);
		}
		fputs("]}", f);
	}
	fputs("]}", f);
}

int
compare_write(
    FILE *f, enum cmp_format format, struct cmp_report *const *reports, int n)
{
	struct table t;
	struct notes notes;
	int g, written = 0, rc = 0;

	memset(&notes, 0, sizeof(notes));
	if (format == CMP_FORMAT_JSON) {
		fputs(
		    "{\"schema\": \"bytebench-compare/1\",\n \"noise_rule\": ",
		    f);
		escape_json(f, NOISE_RULE);
		fputs(",\n \"tables\": [", f);
	}
	for (g = 0; g < NGROUPS && rc == 0; g++) {
		if (table_build(&t, (enum group)g, reports, n) == -1) {
			rc = -1;
		} else if (t.ncols > 0) {
			if (format == CMP_FORMAT_JSON) {
				write_table_json(f, &t, written);
			} else {
				if (written)
					fputc('\n', f);
				rc = format == CMP_FORMAT_MD
				         ? write_table_md(f, &t, &notes)
				         : write_table_text(f, &t, &notes);
			}
			written++;
		}
		table_free(&t);
	}
	if (rc == 0 && format == CMP_FORMAT_JSON)
		fputs("]}\n", f);
	else if (rc == 0) {
		fputc('\n', f);
		write_notes(f, &notes, reports, n, format == CMP_FORMAT_MD);
	}
	if (rc == 0 && ferror(f))
		rc = -1;
	return rc;
}

/*
 * The command.
 */

static int
usage(FILE *f)
{
	fputs("usage: compare [-f text|md|json] [LABEL=]FILE...\n"
	      "  FILE: a bytebench .json report, or a text report of bytebench "
	      "or UnixBench\n  (also pasted into a mail or blog; several in "
	      "one file); - reads stdin.\n",
	    f);
	return f == stdout ? 0 : 2;
}

/* Reads all of fd into a new buffer; -1 with errno set (EFBIG: too big). */
static int
read_all(int fd, char **out, size_t *outlen)
{
	size_t len = 0, cap = 65536;
	char *buf = malloc(cap), *grown;
	ssize_t got;

	if (buf == NULL)
		return -1;
	for (;;) {
		if (len == cap) {
			if (cap > (size_t)CMP_FILE_MAX) {
				free(buf);
				errno = EFBIG;
				return -1;
			}
			if ((grown = realloc(buf, cap * 2)) == NULL) {
				free(buf);
				return -1;
			}
			buf = grown;
			cap *= 2;
		}
		got = read(fd, buf + len, cap - len);
		if (got == 0)
			break;
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			free(buf);
			return -1;
		}
		len += (size_t)got;
	}
	if (len > (size_t)CMP_FILE_MAX) {
		free(buf);
		errno = EFBIG;
		return -1;
	}
	*out = buf;
	*outlen = len;
	return 0;
}

/* Reads and parses one file; 0, or -1 after one line on stderr. */
static int
load(const char *path, struct cmp_file *file)
{
	char err[512], *buf, *clean;
	size_t len;
	int fd, rc;

	fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY);
	if (fd == -1 || read_all(fd, &buf, &len) == -1) {
		rc = errno;
		if (fd > STDIN_FILENO)
			close(fd);
		fprintf(stderr, "compare: %s: %s\n", path,
		    rc == EFBIG ? "larger than 32 MiB: no report"
		                : strerror(rc));
		return -1;
	}
	if (fd > STDIN_FILENO)
		close(fd);
	rc = compare_read(buf, len, file, err, sizeof(err));
	free(buf);
	if (rc == -1) {
		clean = cmp_text(err, strlen(err));
		fprintf(stderr, "compare: %s: %s\n", path,
		    clean ? clean : "out of memory");
		free(clean);
	}
	return rc;
}

/* One FILE argument: LABEL=FILE names its column(s). */
struct input {
	const char *path;
	char label[CMP_TEXT_MAX + 1]; /* "" when not given */
	struct cmp_file file;
};

/*
 * Lists the reports of the inputs for compare_label and compare_write,
 * at most CMP_MAX_COLUMNS blocks in all.  Returns their number, or -1
 * after saying on stderr that some were left out.
 */
static int
gather(struct input *in, int nin, struct cmp_report **reports,
    const char **user, const char **names)
{
	int i, j, n = 0, columns = 0;
	struct cmp_report *r;

	for (i = 0; i < nin; i++)
		for (j = 0; j < in[i].file.nreports; j++) {
			r = &in[i].file.reports[j];
			if (columns + r->nblocks > CMP_MAX_COLUMNS) {
				fprintf(stderr,
				    "compare: %s: more than %d "
				    "results in all: the rest is left out\n",
				    in[i].path, CMP_MAX_COLUMNS);
				return -n - 1;
			}
			columns += r->nblocks;
			reports[n] = r;
			user[n] = in[i].label[0] ? in[i].label : NULL;
			names[n] = in[i].path;
			n++;
		}
	return n;
}

/* The format named by a -f argument; -1 (said on stderr) when unknown. */
static int
format_named(const char *name, enum cmp_format *format)
{
	if (strcmp(name, "text") == 0)
		*format = CMP_FORMAT_TEXT;
	else if (strcmp(name, "md") == 0)
		*format = CMP_FORMAT_MD;
	else if (strcmp(name, "json") == 0)
		*format = CMP_FORMAT_JSON;
	else {
		fprintf(stderr, "compare: unknown format \"%s\" "
		    "(text, md or json)\n", name);
		return -1;
	}
	return 0;
}

/*
 * Reads the options, before, between or after the files (all files after
 * "--"), and moves the file arguments to the front of argv.  Returns the
 * number of files, or -1 - the exit status when compare is to end (help
 * asked, or bad usage said on stderr).
 */
static int
compare_options(int argc, char **argv, enum cmp_format *format)
{
	int i, nfiles = 0, files_only = 0;
	const char *a, *value;

	for (i = 1; i < argc; i++) {
		a = argv[i];
		if (files_only || a[0] != '-' || a[1] == '\0') {
			argv[nfiles++] = argv[i];
			continue;
		}
		if (strcmp(a, "--") == 0) {
			files_only = 1;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			return -1 - usage(stdout);
		} else if (strncmp(a, "-f", 2) == 0) {
			value = a[2] != '\0' ? a + 2 : i + 1 < argc ?
			    argv[++i] : NULL;
			if (value == NULL) {
				fprintf(stderr, "compare: -f needs a format "
				    "(text, md or json)\n");
				return -1 - 2;
			}
			if (format_named(value, format) == -1)
				return -1 - 2;
		} else {
			fprintf(stderr, "compare: unknown option %s (usage: "
			    "compare [-f text|md|json] [LABEL=]FILE...)\n", a);
			return -1 - 2;
		}
	}
	return nfiles;
}

int
compare_main(int argc, char **argv)
{
	enum cmp_format format = CMP_FORMAT_TEXT;
	struct input *in;
	struct cmp_report **reports = NULL;
	const char **user = NULL, **names = NULL, *eq;
	int i, nin, n = 0, rc = 0;

	if ((nin = compare_options(argc, argv, &format)) < 0)
		return -1 - nin;
	if (nin < 1)
		return usage(stderr);
	if ((in = calloc((size_t)nin, sizeof(*in))) == NULL) {
		fprintf(stderr, "compare: out of memory\n");
		return 2;
	}
	for (i = 0; i < nin; i++) {
		in[i].path = argv[i];
		/* LABEL=FILE, unless a file has that whole name. */
		eq = strchr(in[i].path, '=');
		if (eq != NULL && eq > in[i].path &&
		    access(in[i].path, F_OK) != 0) {
			snprintf(in[i].label, sizeof(in[i].label), "%.*s",
			    (int)(eq - in[i].path), in[i].path);
			in[i].path = eq + 1;
		}
		if (load(in[i].path, &in[i].file) == -1)
			rc = 2;
		n += in[i].file.nreports;
	}
	reports = calloc((size_t)n + 1, sizeof(*reports));
	user = calloc((size_t)n + 1, sizeof(*user));
	names = calloc((size_t)n + 1, sizeof(*names));
	if (reports == NULL || user == NULL || names == NULL) {
		fprintf(stderr, "compare: out of memory\n");
		rc = 2;
		n = 0;
	} else if ((n = gather(in, nin, reports, user, names)) < 0) {
		rc = 2;
		n = -n - 1;
	}
	if (n == 0) {
		if (rc == 0)
			fprintf(stderr, "compare: nothing to compare\n");
		rc = 2;
	} else if (compare_label(reports, user, names, n) == -1) {
		fprintf(stderr, "compare: out of memory\n");
		rc = 2;
	} else if (compare_write(stdout, format, reports, n) == -1 ||
	           fflush(stdout) == EOF) {
		fprintf(stderr, "compare: writing the comparison failed\n");
		rc = rc ? rc : 1;
	}
	for (i = 0; i < nin; i++)
		cmp_file_free(&in[i].file);
	free(in);
	free(reports);
	free(user);
	free(names);
	return rc;
}
