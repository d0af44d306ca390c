/*
 * compare.c - `Run compare`: reads the files, labels the results, builds
 * one table per copies group (rows: tests and index scores; columns: the
 * blocks) and writes it as text, Markdown or JSON.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare/compare.h"
#include "write/escape.h"
#include "score/explain.h"
#include "score/interval.h"
#include "parse.h"
#include "compare/parse_json.h"
#include "compare/parse_text.h"
#include "write/textwrap.h"

/* The rule, as the outputs state it. */
#define NOISE_RULE                                                             \
	"|ln ratio| <= t(0.975, Welch df) x sqrt(s1^2/k1 + s2^2/k2), s the " \
	"sd of the logs of all pass rates (df P-1 each), k the kept passes; " \
	"index scores: |ln ratio| <= 1.96 x sqrt(se1^2 + se2^2), se from "    \
	"their 95% intervals"

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
		free(b->tests[i].all_rates);
		free(b->tests[i].derived);
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
	free(r->run_label);
	free(r->comment);
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

/*
 * The file name a label is made of: the last part of the path without a
 * .json or .txt ending ("results/vm-2026-12-01-01.json" ->
 * "vm-2026-12-01-01"); "stdin" for "-".
 */
static void
file_label(const char *path, char *buf, size_t size)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base != NULL && base[1] != '\0' ? base + 1 : path;
	if (strcmp(path, "-") == 0)
		base = "stdin";
	n = strlen(base);
	if (n > 5 && (strcmp(base + n - 5, ".json") == 0))
		n -= 5;
	else if (n > 4 && strcmp(base + n - 4, ".txt") == 0)
		n -= 4;
	snprintf(buf, size, "%.*s", (int)n, base);
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
	char buf[3 * CMP_TEXT_MAX];
	int i, j, same, k;

	for (i = 0; i < n; i++) {
		if (user[i] != NULL)
			snprintf(buf, sizeof(buf), "%s", user[i]);
		else if (reports[i]->run_label != NULL)
			snprintf(buf, sizeof(buf), "%s", reports[i]->run_label);
		else
			file_label(file[i], buf, sizeof(buf));
		/* Several reports of one file under one name: "name #k". */
		for (j = 0, same = 0, k = 0; j < n; j++) {
			if (user[j] != user[i] || file[j] != file[i] ||
			    (user[i] == NULL && (reports[i]->run_label ||
			    reports[j]->run_label)))
				continue;
			same++;
			k += j <= i;
		}
		if (same > 1) {
			size_t len = strlen(buf);

			snprintf(buf + len, sizeof(buf) - len, " #%d", k);
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
 * What the key says of a report after its label: where it comes from,
 * the system, the date and how it ran ("bytebench 0.1.0, Linux
 * 6.6.3-amd64 on buildbox, 2026-11-29, quick run, reference build").
 */
static void
report_details(const struct cmp_report *r, char *buf, size_t size)
{
	const char *os = r->os_name, *date = report_date(r);
	size_t n;

	if (strncmp(os, "GNU/", 4) == 0 && os[4] != '\0')
		os += 4;
	snprintf(buf, size, "%s%s%s%s%s%s%s%s%s", r->origin,
	    r->origin[0] && os[0] ? ", " : "", os,
	    os[0] && r->os_release[0] ? " " : "", r->os_release,
	    r->hostname[0] ? " on " : "", r->hostname,
	    date[0] && (r->origin[0] || os[0] || r->hostname[0]) ? ", " : "",
	    date);
	n = strlen(buf);
	if (r->quick)
		n += (size_t)snprintf(buf + n, size - n, ", quick run");
	if (n < size && r->duration_s > 0)
		n += (size_t)snprintf(buf + n, size - n,
		    ", --duration %g s", r->duration_s);
	/* The default build goes without saying. */
	if (n < size && r->build_kind[0] != '\0' &&
	    strcmp(r->build_kind, "default") != 0)
		snprintf(buf + n, size - n, ", %s build", r->build_kind);
}

/*
 * Noise and ratios.
 */

/* Mean of ln v[i]; -1 when n < 1 or some v[i] is not > 0. */
static int
log_mean(const double *v, int n, double *mean)
{
	double sum = 0;
	int i;

	if (v == NULL || n < 1)
		return -1;
	for (i = 0; i < n; i++) {
		if (!(v[i] > 0) || !isfinite(v[i]))
			return -1;
		sum += log(v[i]);
	}
	*mean = sum / n;
	return 0;
}

enum cmp_noise
compare_noise(const struct cmp_test *a, const struct cmp_test *b)
{
	double ma, mb, va, vb, dfa, dfb;

	if (log_mean(a->rates, a->nrates, &ma) == -1 ||
	    log_mean(b->rates, b->nrates, &mb) == -1 ||
	    interval_log_var(a->all_rates, a->nall, a->nrates, &va, &dfa) ==
	        -1 ||
	    interval_log_var(b->all_rates, b->nall, b->nrates, &vb, &dfb) == -1)
		return CMP_NOISE_UNKNOWN;
	return interval_within(mb - ma, va, dfa, vb, dfb) ? CMP_NOISE_WITHIN
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

/* Why a column is not comparable with the first of its table (bits). */
enum caveat {
	CAVEAT_SUITE = 1, /* UnixBench against bytebench */
	CAVEAT_QUICK = 2, /* a quick run against a full one */
	CAVEAT_DURATION = 4, /* --duration differs */
	CAVEAT_BUILD = 8, /* reference against default build, ... */
	CAVEAT_COPIES = 16 /* different numbers of copies */
};

struct column {
	const struct cmp_report *report;
	const struct cmp_block *block;
	char id[16]; /* "A", "B", ...; "A/4" when A has several here */
	int caveats; /* enum caveat bits against the first column */
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
	/* Beyond noise with counters on both sides: the why-line's items. */
	int explained;
	int nexplain;
	struct explain_item explain[EXPLAIN_MAX];
};

struct table {
	enum group group;
	struct column *cols;
	int ncols;
	struct row *rows;
	int nrows;
	struct cell *cells; /* nrows x ncols */
};

enum { NOTES_MAX_CAVEATS = 16 };

/* What the notes under the tables must explain. */
struct notes {
	int within, beyond, unknown, lower, caveat;
	int why[NWHY];
	int explained; /* a why-line was written */
	char caveats[NOTES_MAX_CAVEATS][3 * CMP_TEXT_MAX]; /* said once each */
	int ncaveats;
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
				c->noise = compare_noise(t0, tj);
			if (c->noise == CMP_NOISE_BEYOND && t0->derived &&
			    tj->derived)
				c->nexplain = explain_rank(t0->derived,
				    t0->nrates, tj->derived, tj->nrates,
				    c->explain, EXPLAIN_MAX);
			c->explained = c->noise == CMP_NOISE_BEYOND &&
			    t0->derived && tj->derived && c->nexplain >= 0;
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

static size_t appendf(char *buf, size_t size, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Appends to buf[n..] what fits; returns the new length (< size). */
static size_t
appendf(char *buf, size_t size, size_t n, const char *fmt, ...)
{
	va_list ap;

	if (n + 1 >= size)
		return n;
	va_start(ap, fmt);
	vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
	return n + strlen(buf + n);
}

/* The name of the i-th report in the key: A to Z, then R27, R28, ... */
static void
report_id(int i, char *buf, size_t size)
{
	if (i < 26)
		snprintf(buf, size, "%c", 'A' + i);
	else
		snprintf(buf, size, "R%d", i + 1);
}

/* The first word of an origin: "bytebench", "UnixBench", "" unknown. */
static size_t
suite_len(const char *origin)
{
	return strcspn(origin, " ");
}

/* Why column b is not comparable with column a (enum caveat bits). */
static int
caveats(const struct column *a, const struct column *b)
{
	const struct cmp_report *x = a->report, *y = b->report;
	size_t n = suite_len(x->origin);
	int bits = 0;

	if (n > 0 && suite_len(y->origin) > 0 &&
	    (n != suite_len(y->origin) || strncmp(x->origin, y->origin, n)))
		bits |= CAVEAT_SUITE;
	if (x->quick != y->quick)
		bits |= CAVEAT_QUICK;
	if (x->duration_s != y->duration_s)
		bits |= CAVEAT_DURATION;
	if (x->build_kind[0] != '\0' && y->build_kind[0] != '\0' &&
	    strcmp(x->build_kind, y->build_kind) != 0)
		bits |= CAVEAT_BUILD;
	if (a->block->copies > 0 && b->block->copies > 0 &&
	    a->block->copies != b->block->copies)
		bits |= CAVEAT_COPIES;
	return bits;
}

/*
 * Why column b is not comparable with a, in words: "B/A: B is a quick
 * run, A is not; builds differ (default, reference)".
 */
static void
caveat_text(const struct column *a, const struct column *b, char *buf,
    size_t size)
{
	const struct cmp_report *x = a->report, *y = b->report;
	const char *sep = ": ";
	size_t n;

	n = appendf(buf, size, 0, "%s/%s", b->id, a->id);
	if (b->caveats & CAVEAT_SUITE)
		n = appendf(buf, size, n,
		    "%ssuites differ (%.*s, %.*s: other programs and rules)",
		    sep, (int)suite_len(x->origin), x->origin,
		    (int)suite_len(y->origin), y->origin), sep = "; ";
	if (b->caveats & CAVEAT_QUICK)
		n = appendf(buf, size, n, "%s%s is a quick run, %s is not "
		    "(short passes)", sep, x->quick ? a->id : b->id,
		    x->quick ? b->id : a->id), sep = "; ";
	if (b->caveats & CAVEAT_DURATION)
		n = appendf(buf, size, n, "%spass durations differ "
		    "(--duration %g s, %g s; 0: each test's own)", sep,
		    x->duration_s, y->duration_s), sep = "; ";
	if (b->caveats & CAVEAT_BUILD)
		n = appendf(buf, size, n, "%sbuilds differ (%s, %s)", sep,
		    x->build_kind, y->build_kind), sep = "; ";
	if (b->caveats & CAVEAT_COPIES)
		appendf(buf, size, n, "%scopies differ (%d, %d)", sep,
		    a->block->copies, b->block->copies);
}

/* Builds the table of group g; an empty group gives ncols 0. */
static int
table_build(
    struct table *t, enum group g, struct cmp_report *const *reports, int n)
{
	struct column *col;
	size_t len;
	int i, j, k, r, same;

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
			report_id(i, col->id, sizeof(col->id));
			for (k = 0, same = 0; k < reports[i]->nblocks; k++)
				same += group_of(reports[i]->blocks[k].copies)
				    == g;
			if (same > 1) {
				len = strlen(col->id);
				snprintf(col->id + len, sizeof(col->id) - len,
				    "/%d", col->block->copies);
			}
		}
	if (t->ncols == 0)
		return 0;
	for (i = 1; i < t->ncols; i++)
		t->cols[i].caveats = caveats(&t->cols[0], &t->cols[i]);
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
 * writer pads them to the widest of each column.  Up to two columns side
 * by side within 80 characters; more, or wider, one test after another.
 */

#define TEXT_WIDTH 80

static void
format_number(double v, char *buf, size_t size)
{
	if (fabs(v) < 1e12)
		snprintf(buf, size, "%.1f", v);
	else
		snprintf(buf, size, "%.4g", v);
}

/* The row's title, " Index Score" after an index label. */
static void
row_title(const struct row *row, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s", row->title,
	    row->is_index ? " Index Score" : "");
}

static const struct cell *
cell_at(const struct table *t, int r, int col)
{
	return &t->cells[(size_t)r * (size_t)t->ncols + (size_t)col];
}

/* The value of a cell: "1234.5", "failed", "-" when absent, ... */
static void
value_text(const struct table *t, int r, int col, char *buf, size_t size)
{
	const struct cell *c = cell_at(t, r, col);
	size_t n;

	if (!c->present)
		snprintf(buf, size, "-");
	else if (c->status[0] != '\0')
		snprintf(buf, size, "%s", c->status);
	else if (!isfinite(c->value))
		snprintf(buf, size, "no score");
	else
		format_number(c->value, buf, size);
	n = strlen(buf);
	if (c->present && c->unit[0] != '\0' &&
	    strcmp(c->unit, t->rows[r].unit) != 0)
		n = appendf(buf, size, n, " %s", c->unit);
	if (c->partial)
		appendf(buf, size, n, " (partial)");
}

/* The ratio of a cell ("1.05x", "n/a", ""); notes records what it used. */
static void
ratio_text(const struct table *t, int r, int col, char *buf, size_t size,
    struct notes *notes)
{
	const struct cell *c = cell_at(t, r, col);

	buf[0] = '\0';
	notes->lower |= t->rows[r].lower_is_better;
	if (!isnan(c->ratio)) {
		snprintf(buf, size, "%.2fx", c->ratio);
	} else if (c->why >= WHY_UNITS) {
		snprintf(buf, size, "n/a");
		notes->why[c->why] = 1;
	}
}

/* The marks after a ratio: "~" or "?", then "!" when not comparable. */
static void
marks_text(const struct table *t, int r, int col, char *buf, size_t size,
    struct notes *notes)
{
	const struct cell *c = cell_at(t, r, col);

	buf[0] = '\0';
	if (isnan(c->ratio))
		return;
	snprintf(buf, size, "%s%s",
	    c->noise == CMP_NOISE_WITHIN ? "~" :
	    c->noise == CMP_NOISE_UNKNOWN ? "?" : "",
	    t->cols[col].caveats ? "!" : "");
	notes->within |= c->noise == CMP_NOISE_WITHIN;
	notes->beyond |= c->noise == CMP_NOISE_BEYOND;
	notes->unknown |= c->noise == CMP_NOISE_UNKNOWN;
	notes->caveat |= t->cols[col].caveats != 0;
}

/* The header of a ratio column: "B/A", "B/A!" when not comparable. */
static void
ratio_head(const struct table *t, int col, char *buf, size_t size)
{
	snprintf(buf, size, "%s/%s%s", t->cols[col].id, t->cols[0].id,
	    t->cols[col].caveats ? "!" : "");
}

/* "1 copy", or "N copies: A 2, B 4" (each column's copies). */
static void
table_name(const struct table *t, char *buf, size_t size)
{
	size_t n = appendf(buf, size, 0, "%s", group_name[t->group]);
	int j;

	for (j = 0; t->group == GROUP_MANY && j < t->ncols; j++)
		n = appendf(buf, size, n, "%s%s %d", j ? ", " : ": ",
		    t->cols[j].id, t->cols[j].block->copies);
}

/*
 * Sub-columns of the side-by-side layout: 0 title, 1 unit, 2 the first
 * value, then for every other column its value, ratio and marks.  The
 * text of sub-column s of row r (-1: the header) into buf.
 */
static void
format_sub(const struct table *t, int r, int s, char *buf, size_t size,
    struct notes *notes)
{
	int col = s < 3 ? 0 : (s - 3) / 3 + 1, kind = s < 3 ? 0 : (s - 3) % 3;

	buf[0] = '\0';
	if (r < 0) {
		if (s == 0)
			table_name(t, buf, size);
		else if (s == 1)
			snprintf(buf, size, "unit");
		else if (kind == 0)
			snprintf(buf, size, "%s", t->cols[col].id);
		else if (kind == 1)
			ratio_head(t, col, buf, size);
		return;
	}
	if (s == 0)
		row_title(&t->rows[r], buf, size);
	else if (s == 1)
		snprintf(buf, size, "%s", t->rows[r].unit);
	else if (kind == 0)
		value_text(t, r, col, buf, size);
	else if (kind == 1)
		ratio_text(t, r, col, buf, size, notes);
	else
		marks_text(t, r, col, buf, size, notes);
}

static int
nsub(const struct table *t)
{
	return 3 * t->ncols;
}

/*
 * The why-line of a cell, when it has one: indent spaces, "why: " and
 * the counters that moved (doc/why.md), wrapped between them.
 */
static void
write_why(FILE *f, const struct cell *c, int indent, struct notes *notes)
{
	char text[128];
	size_t col = (size_t)indent + 5, w;
	int i, n = c->nexplain > 0 ? c->nexplain : 1;

	if (!c->explained)
		return;
	fprintf(f, "%*swhy: ", indent, "");
	for (i = 0; i < n; i++) {
		if (c->nexplain > 0)
			explain_item_text(&c->explain[i], text, sizeof(text));
		else
			explain_text(c->explain, 0, text, sizeof(text));
		w = strlen(text) + (i + 1 < n);
		if (i > 0 && col + 1 + w > TEXT_WIDTH) {
			fprintf(f, "\n%*s", indent + 5, "");
			col = (size_t)indent + 5;
		} else if (i > 0) {
			fputc(' ', f);
			col++;
		}
		fprintf(f, "%s%s", text, i + 1 < n ? "," : "");
		col += w;
	}
	fputc('\n', f);
	notes->explained = 1;
}

/* Side by side: one line per row, the columns padded to their widest. */
static int
write_side_by_side(FILE *f, const struct table *t, const size_t *width,
    struct notes *notes)
{
	char buf[3 * CMP_TEXT_MAX], *line;
	size_t total = 1, len, w;
	int r, s, marks;

	for (s = 0; s < nsub(t); s++)
		total += width[s] + sizeof(buf) + 2;
	if ((line = malloc(total)) == NULL)
		return -1;
	for (r = -1; r < t->nrows; r++) {
		len = 0;
		for (s = 0; s < nsub(t); s++) {
			format_sub(t, r, s, buf, sizeof(buf), notes);
			w = width[s] - text_width(buf, strlen(buf));
			marks = s > 2 && (s - 3) % 3 == 2;
			/* The marks follow their ratio after one space. */
			if (s > 0)
				len += (size_t)sprintf(line + len, "%s",
				    marks ? (width[s] ? " " : "") : "  ");
			if (s < 2 || marks)
				len += (size_t)sprintf(line + len, "%s%*s",
				    buf, (int)w, "");
			else
				len += (size_t)sprintf(line + len, "%*s%s",
				    (int)w, "", buf);
		}
		while (len > 0 && line[len - 1] == ' ')
			len--;
		fprintf(f, "%.*s\n", (int)len, line);
		if (r >= 0 && t->ncols > 1)
			write_why(f, cell_at(t, r, 1), 2, notes);
	}
	free(line);
	return 0;
}

/* One test after another: its title and unit, then a line per column. */
static void
write_one_by_one(FILE *f, const struct table *t, struct notes *notes)
{
	char title[3 * CMP_TEXT_MAX], value[3 * CMP_TEXT_MAX], ratio[32],
	    marks[8], head[32];
	size_t idw = 0, vw = 0, w;
	int r, j;

	table_name(t, title, sizeof(title));
	fprintf(f, "%s\n", title);
	for (j = 0; j < t->ncols; j++)
		if ((w = strlen(t->cols[j].id)) > idw)
			idw = w;
	for (r = 0; r < t->nrows; r++)
		for (j = 0; j < t->ncols; j++) {
			value_text(t, r, j, value, sizeof(value));
			if ((w = text_width(value, strlen(value))) > vw)
				vw = w;
		}
	for (r = 0; r < t->nrows; r++) {
		row_title(&t->rows[r], title, sizeof(title));
		fprintf(f, "%s%s%s\n", title, t->rows[r].unit[0] ? ", " : "",
		    t->rows[r].unit);
		for (j = 0; j < t->ncols; j++) {
			value_text(t, r, j, value, sizeof(value));
			fprintf(f, "  %-*s  %*s%s", (int)idw, t->cols[j].id,
			    (int)(vw - text_width(value, strlen(value))), "", value);
			if (j > 0) {
				ratio_text(t, r, j, ratio, sizeof(ratio),
				    notes);
				marks_text(t, r, j, marks, sizeof(marks),
				    notes);
				snprintf(head, sizeof(head), "%s/%s",
				    t->cols[j].id, t->cols[0].id);
				if (ratio[0] != '\0')
					fprintf(f, "  %s %s%s%s", head, ratio,
					    marks[0] ? " " : "", marks);
			}
			fputc('\n', f);
			if (j > 0)
				write_why(f, cell_at(t, r, j), 4, notes);
		}
	}
}

static int
write_table_text(FILE *f, const struct table *t, struct notes *notes)
{
	char buf[3 * CMP_TEXT_MAX];
	size_t *width, total = 0;
	int r, s;

	if ((width = calloc((size_t)nsub(t), sizeof(*width))) == NULL)
		return -1;
	for (r = -1; r < t->nrows; r++)
		for (s = 0; s < nsub(t); s++) {
			format_sub(t, r, s, buf, sizeof(buf), notes);
			if (text_width(buf, strlen(buf)) > width[s])
				width[s] = text_width(buf, strlen(buf));
		}
	for (s = 0; s < nsub(t); s++)
		total += width[s] + 2;
	if (t->ncols <= 2 && total <= TEXT_WIDTH + 2)
		r = write_side_by_side(f, t, width, notes);
	else
		write_one_by_one(f, t, notes);
	free(width);
	return r < 0 ? -1 : 0;
}

static int
write_table_md(FILE *f, const struct table *t, struct notes *notes)
{
	char buf[3 * CMP_TEXT_MAX], marks[8];
	int r, s, kind;

	table_name(t, buf, sizeof(buf));
	fputs("**", f);
	escape_md(f, buf);
	fputs("**\n\n|", f);
	for (s = 0; s < nsub(t); s++) {
		kind = s < 3 ? 0 : (s - 3) % 3;
		if (kind == 2)
			continue;
		format_sub(t, -1, s, buf, sizeof(buf), notes);
		fputc(' ', f);
		escape_md(f, s == 0 ? "Test" : buf);
		fputs(" |", f);
	}
	fputs("\n|", f);
	for (s = 0; s < nsub(t); s++)
		if (s < 3 || (s - 3) % 3 != 2)
			fputs(s < 2 ? "---|" : "---:|", f);
	fputc('\n', f);
	for (r = 0; r < t->nrows; r++) {
		fputc('|', f);
		for (s = 0; s < nsub(t); s++) {
			kind = s < 3 ? 0 : (s - 3) % 3;
			if (kind == 2)
				continue;
			format_sub(t, r, s, buf, sizeof(buf), notes);
			if (kind == 1) {
				format_sub(t, r, s + 1, marks, sizeof(marks),
				    notes);
				appendf(buf, sizeof(buf), strlen(buf), "%s%s",
				    marks[0] ? " " : "", marks);
			}
			fputc(' ', f);
			escape_md(f, buf);
			fputs(" |", f);
		}
		fputc('\n', f);
	}
	fputc('\n', f);
	for (r = 0; r < t->nrows; r++)
		for (s = 1; s < t->ncols; s++) {
			if (!cell_at(t, r, s)->explained)
				continue;
			row_title(&t->rows[r], buf, sizeof(buf));
			fputs("- ", f);
			escape_md(f, buf);
			fprintf(f, ", %s/%s: ", t->cols[s].id, t->cols[0].id);
			explain_text(cell_at(t, r, s)->explain,
			    cell_at(t, r, s)->nexplain, buf, sizeof(buf));
			fputs("why: ", f);
			escape_md(f, buf);
			fputc('\n', f);
			notes->explained = 1;
		}
	if (notes->explained)
		fputc('\n', f);
	return 0;
}

/* The key: one line per report, its name, label and what it is. */
static void
write_key(FILE *f, struct cmp_report *const *reports, int n, int md)
{
	char id[16], text[6 * CMP_TEXT_MAX], details[3 * CMP_TEXT_MAX];
	int i;

	for (i = 0; i < n; i++) {
		report_id(i, id, sizeof(id));
		report_details(reports[i], details, sizeof(details));
		snprintf(text, sizeof(text), "%s%s%s", reports[i]->label,
		    details[0] ? ": " : "", details);
		if (md) {
			fprintf(f, "- **%s** ", id);
			escape_md(f, text);
			fputc('\n', f);
		} else {
			fprintf(f, "%-2s ", id);
			text_wrap(f, text, strlen(id) < 2 ? 3 : strlen(id) + 1,
			    3, TEXT_WIDTH);
		}
		if (reports[i]->comment != NULL) {
			if (md) {
				fputs("  ", f);
				escape_md(f, reports[i]->comment);
				fputc('\n', f);
			} else {
				fputs("   ", f);
				text_wrap(f, reports[i]->comment, 3, 3,
				    TEXT_WIDTH);
			}
		}
	}
	fputc('\n', f);
}

/* Remembers why the columns of t are not comparable, each reason once. */
static void
note_caveats(const struct table *t, struct notes *notes)
{
	char text[3 * CMP_TEXT_MAX];
	int j, k;

	for (j = 1; j < t->ncols; j++) {
		if (t->cols[j].caveats == 0)
			continue;
		caveat_text(&t->cols[0], &t->cols[j], text, sizeof(text));
		for (k = 0; k < notes->ncaveats; k++)
			if (strcmp(notes->caveats[k], text) == 0)
				break;
		if (k == notes->ncaveats && k < NOTES_MAX_CAVEATS)
			memcpy(notes->caveats[notes->ncaveats++], text,
			    sizeof(text));
	}
}

/*
 * Writes one line of the notes: its mark (or "") and what it means,
 * wrapped under the meaning (text) or as a list item (md).
 */
static void
note_line(FILE *f, int md, const char *mark, const char *text)
{
	if (md) {
		fputs("- ", f);
		if (mark[0] != '\0') {
			fputc('`', f);
			fputs(mark, f);
			fputs("` ", f);
		}
		escape_md(f, text);
		fputc('\n', f);
	} else {
		fprintf(f, "%-4s ", mark);
		text_wrap(f, text, 5, 5, TEXT_WIDTH);
	}
}

/* The notes under the tables: what the ratios and marks mean. */
static void
write_notes(FILE *f, const struct notes *notes,
    struct cmp_report *const *reports, int n, int md)
{
	char text[4 * CMP_TEXT_MAX];
	size_t len;
	int i, k, names = 0;

	note_line(f, md, "B/A", notes->lower ?
	    "B against A: above 1.00x B is better, below 1.00x A is (where "
	    "lower is better, as for times in us, the ratio is A/B)." :
	    "B against A: above 1.00x B is better, below 1.00x A is.");
	if (notes->within)
		note_line(f, md, "~", "within run-to-run noise at 95%: the "
		    "difference may be chance.  No mark: beyond the noise "
		    "(the rule: doc/compare.md).");
	if (notes->unknown) {
		len = 0;
		for (i = 0; i < n; i++) {
			if (reports[i]->passes_known)
				continue;
			len = appendf(text, sizeof(text), len, "%s%s",
			    names++ ? ", " : "noise unknown: ",
			    reports[i]->label);
		}
		if (names > 0)
			appendf(text, sizeof(text), len, names > 1 ?
			    " are text reports, without passes." :
			    " is a text report, without passes.");
		else
			snprintf(text, sizeof(text),
			    "noise unknown: too few passes.");
		note_line(f, md, "?", text);
	}
	if (notes->caveat) {
		note_line(f, md, "!", "not comparable: the runs were made "
		    "differently, and the ratio shows that too:");
		for (k = 0; k < notes->ncaveats; k++)
			note_line(f, md, "", notes->caveats[k]);
	}
	if (notes->explained)
		note_line(f, md, "why:", "the counters of the passes that "
		    "moved most, beyond their own noise: the medians of A's "
		    "and B's passes (the rule: doc/why.md).");
	for (i = WHY_UNITS; i < NWHY; i++)
		if (notes->why[i]) {
			snprintf(text, sizeof(text), "not compared: %s.",
			    why_text[i]);
			note_line(f, md, "n/a", text);
		}
}

/* A cell's "why": the counters that moved, or null (doc/why.md). */
static void
json_why(FILE *f, const struct cell *c)
{
	const struct explain_item *it;
	int i;

	fputs(", \"why\": ", f);
	if (!c->explained) {
		fputs("null", f);
		return;
	}
	fputc('[', f);
	for (i = 0; i < c->nexplain; i++) {
		it = &c->explain[i];
		fprintf(f, "%s{\"counter\": ", i ? ", " : "");
		escape_json(f, derived_defs[it->k].key);
		fputs(", \"label\": ", f);
		escape_json(f, derived_defs[it->k].label);
		fputs(", \"from\": ", f);
		escape_json_number(f, it->from);
		fputs(", \"to\": ", f);
		escape_json_number(f, it->to);
		fputs(", \"log_ratio\": ", f);
		escape_json_number(f, it->log_ratio);
		fputs(", \"noise\": ", f);
		escape_json_number(f, it->noise);
		fputc('}', f);
	}
	fputc(']', f);
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
		json_why(f, c);
	}
	fputc('}', f);
}

static void
write_table_json(FILE *f, const struct table *t, int comma)
{
	const struct column *col;
	const struct row *row;
	char why[3 * CMP_TEXT_MAX];
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
		fprintf(f, ", \"passes_known\": %s, \"id\": ",
		    col->report->passes_known ? "true" : "false");
		escape_json(f, col->id);
		fprintf(f, ", \"quick\": %s, \"duration_s\": ",
		    col->report->quick ? "true" : "false");
		escape_json_number(f, col->report->duration_s);
		fputs(", \"build_kind\": ", f);
		escape_json(f, col->report->build_kind);
		fputs(", \"comment\": ", f);
		escape_json(f, col->report->comment);
		fputs(", \"not_comparable\": ", f);
		if (j > 0 && col->caveats) {
			caveat_text(&t->cols[0], col, why, sizeof(why));
			escape_json(f, why);
		} else {
			escape_json(f, NULL);
		}
		fputc('}', f);
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
	} else {
		write_key(f, reports, n, format == CMP_FORMAT_MD);
	}
	for (g = 0; g < NGROUPS && rc == 0; g++) {
		if (table_build(&t, (enum group)g, reports, n) == -1) {
			rc = -1;
		} else if (t.ncols > 0) {
			note_caveats(&t, &notes);
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

int
compare_regressions(FILE *f, struct cmp_report *const *reports, int n,
    double below)
{
	struct table t;
	const struct cell *c;
	char title[3 * CMP_TEXT_MAX];
	int g, r, j, found = 0;

	for (g = 0; g < NGROUPS; g++) {
		if (table_build(&t, (enum group)g, reports, n) == -1) {
			table_free(&t);
			return -1;
		}
		for (r = 0; r < t.nrows; r++)
			for (j = 1; j < t.ncols; j++) {
				c = cell_at(&t, r, j);
				if (isnan(c->ratio) || !(c->ratio < below) ||
				    c->noise == CMP_NOISE_WITHIN)
					continue;
				row_title(&t.rows[r], title, sizeof(title));
				fprintf(f, "compare: %s (%s): %s/%s %.2fx, "
				    "below %.2fx and %s noise\n", title,
				    group_name[t.group], t.cols[j].id,
				    t.cols[0].id, c->ratio, below,
				    c->noise == CMP_NOISE_BEYOND ? "beyond" :
				    "of unknown");
				found++;
			}
		table_free(&t);
	}
	return found;
}

/*
 * The command.
 */

static int
usage(FILE *f)
{
	fputs("usage: compare [-f text|md|json] [--fail-below RATIO] "
	      "[LABEL=]FILE...\n"
	      "  FILE: a bytebench .json report, or a text report of bytebench "
	      "or UnixBench\n  (also pasted into a mail or blog; several in "
	      "one file); - reads stdin.\n"
	      "  LABEL=FILE names its column (default: the report's --label, "
	      "else the file name).\n"
	      "  -f text|md|json      the output format (default: text)\n"
	      "  --fail-below RATIO   exit 3 when a test or index score fell "
	      "below RATIO\n"
	      "                       against the first and beyond noise (e.g. "
	      "0.95)\n",
	    f);
	return f == stdout ? 0 : 2;
}

/*
 * Reads all of fd into a new buffer, at most limit bytes; -1 with errno
 * set (EFBIG: too big).
 */
static int
read_all(int fd, size_t limit, char **out, size_t *outlen)
{
	size_t len = 0, cap = 65536;
	char *buf = malloc(cap), *grown;
	ssize_t got;

	if (buf == NULL)
		return -1;
	for (;;) {
		if (len == cap) {
			if (cap > limit) {
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
	if (len > limit) {
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
	struct stat st;
	size_t len;
	int fd, rc, in = strcmp(path, "-") == 0;

	/* Not blocking on a FIFO's open; only a regular file is read. */
	fd = in ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (!in && fd != -1 && (fstat(fd, &st) == -1 ||
	    !S_ISREG(st.st_mode))) {
		close(fd);
		fprintf(stderr, "compare: %s: not a regular file: no report\n",
		    path);
		return -1;
	}
	if (fd == -1 || read_all(fd, in ? (size_t)CMP_FILE_MAX : SIZE_MAX,
	    &buf, &len) == -1) {
		rc = errno;
		if (!in && fd != -1)
			close(fd);
		fprintf(stderr, "compare: %s: %s\n", path,
		    rc == EFBIG ? "larger than 32 MiB: no report"
		                : strerror(rc));
		return -1;
	}
	if (!in)
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
compare_options(int argc, char **argv, enum cmp_format *format,
    double *below)
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
		} else if (strncmp(a, "--fail-below", 12) == 0 &&
		    (a[12] == '\0' || a[12] == '=')) {
			value = a[12] == '=' ? a + 13 : i + 1 < argc ?
			    argv[++i] : NULL;
			if (value == NULL || parse_double(value, 0.001, 1000,
			    below) == -1) {
				fprintf(stderr, "compare: --fail-below needs a "
				    "ratio from 0.001 to 1000, such as 0.95\n");
				return -1 - 2;
			}
		} else {
			fprintf(stderr, "compare: unknown option %s (usage: "
			    "compare [-f text|md|json] [--fail-below RATIO] "
			    "[LABEL=]FILE...)\n", a);
			return -1 - 2;
		}
	}
	return nfiles;
}

int
compare_main(int argc, char **argv)
{
	enum cmp_format format = CMP_FORMAT_TEXT;
	double below = 0;
	struct input *in;
	struct cmp_report **reports = NULL;
	const char **user = NULL, **names = NULL, *eq;
	int i, nin, n = 0, rc = 0;

	if ((nin = compare_options(argc, argv, &format, &below)) < 0)
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
	} else if (below > 0) {
		i = compare_regressions(stderr, reports, n, below);
		if (i < 0)
			fprintf(stderr, "compare: out of memory\n");
		if (i != 0 && rc == 0)
			rc = i < 0 ? 2 : 3;
	}
	for (i = 0; i < nin; i++)
		cmp_file_free(&in[i].file);
	free(in);
	free(reports);
	free(user);
	free(names);
	return rc;
}
