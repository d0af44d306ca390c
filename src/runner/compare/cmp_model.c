/* cmp_model.c - compare's reports: their text, arrays, freeing (table.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/table.h"
#include "write/escape.h"

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
		n = escape_utf8_span(s + i, len - i);
		n += n == 0; /* a byte not of UTF-8, made '?' below */
		if (o + n > CMP_TEXT_MAX)
			break;
		memcpy(out + o, u + i, n);
		out[o] = u[i] != '\0' ? out[o] : '?';
		o += n;
		i += n;
	}
	out[o] = '\0';
	escape_plain(
	    out, 0); /* controls and bad UTF-8, as the runner's texts */
	return out;
}

void *
cmp_grow(void *array, int *n, size_t size, int max)
{
	char *grown = array;

	if (*n >= max)
		return NULL;
	if ((*n & (*n - 1)) == 0) {
		grown = realloc(array, size * (size_t)(*n ? *n * 2 : 1));
		if (grown == NULL)
			return NULL;
	}
	memset(grown + size * (size_t)*n, 0, size);
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
	free(r->os_version);
	free(r->flags);
	free(r->run_label);
	free(r->comment);
	free(r->name);
	free(r->disturbed);
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

size_t
cmp_appendf(char *buf, size_t size, size_t n, const char *fmt, ...)
{
	va_list ap;

	if (n + 1 >= size)
		return n;
	va_start(ap, fmt);
	vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
	return n + strlen(buf + n);
}

const struct cmp_test *
cmp_find_test(const struct cmp_block *b, const char *title)
{
	int i;

	for (i = 0; i < b->ntests; i++)
		if (strcmp(b->tests[i].title, title) == 0)
			return &b->tests[i];
	return NULL;
}

const struct cmp_index *
cmp_find_index(const struct cmp_block *b, const char *label)
{
	int j;

	for (j = 0; b != NULL && j < b->nindexes; j++)
		if (strcmp(b->indexes[j].label, label) == 0)
			return &b->indexes[j];
	return NULL;
}

size_t
cmp_suite_len(const char *origin)
{
	return strcspn(origin, " ");
}

int
cmp_suites_differ(const struct cmp_report *x, const struct cmp_report *y)
{
	size_t n = cmp_suite_len(x->origin);

	return n > 0 && cmp_suite_len(y->origin) > 0 &&
	       (n != cmp_suite_len(y->origin) ||
	           strncmp(x->origin, y->origin, n) != 0);
}
