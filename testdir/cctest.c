/*
 * cctest.c - the input of the C compiler throughput test: a small word
 * counter with a hash table and a sort, plain C89 that compiles cleanly.
 * It is compiled to an object and never run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define TABLE_SIZE 211
#define WORD_MAX   64

struct entry {
	char word[WORD_MAX];
	unsigned long count;
	struct entry *next;
};

int count_words(FILE *fp, FILE *out, int top);
int length_histogram(FILE *fp, FILE *out, int width);

static struct entry *table[TABLE_SIZE];
static unsigned long distinct;

static unsigned int
hash(const char *s)
{
	unsigned int h = 5381;

	while (*s != '\0')
		h = h * 33u + (unsigned char)*s++;
	return h % TABLE_SIZE;
}

static struct entry *
lookup(const char *word)
{
	unsigned int h = hash(word);
	struct entry *e;

	for (e = table[h]; e != NULL; e = e->next)
		if (strcmp(e->word, word) == 0)
			return e;
	e = malloc(sizeof(*e));
	if (e == NULL)
		return NULL;
	strncpy(e->word, word, WORD_MAX - 1);
	e->word[WORD_MAX - 1] = '\0';
	e->count = 0;
	e->next = table[h];
	table[h] = e;
	distinct++;
	return e;
}

static int
read_word(FILE *fp, char *buf, size_t len)
{
	size_t n = 0;
	int c;

	while ((c = getc(fp)) != EOF && !isalpha(c))
		;
	if (c == EOF)
		return 0;
	do {
		if (n + 1 < len)
			buf[n++] = (char)tolower(c);
	} while ((c = getc(fp)) != EOF && isalpha(c));
	buf[n] = '\0';
	return 1;
}

static int
by_count(const void *a, const void *b)
{
	const struct entry *x = *(const struct entry *const *)a;
	const struct entry *y = *(const struct entry *const *)b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp(x->word, y->word);
}

static struct entry **
collect(void)
{
	struct entry **all, *e;
	unsigned long n = 0;
	int i;

	all = malloc((distinct + 1) * sizeof(*all));
	if (all == NULL)
		return NULL;
	for (i = 0; i < TABLE_SIZE; i++)
		for (e = table[i]; e != NULL; e = e->next)
			all[n++] = e;
	qsort(all, n, sizeof(*all), by_count);
	all[n] = NULL;
	return all;
}

static void
release(void)
{
	struct entry *e, *next;
	int i;

	for (i = 0; i < TABLE_SIZE; i++) {
		for (e = table[i]; e != NULL; e = next) {
			next = e->next;
			free(e);
		}
		table[i] = NULL;
	}
	distinct = 0;
}

int
count_words(FILE *fp, FILE *out, int top)
{
	char word[WORD_MAX];
	struct entry **all, *e;
	unsigned long total = 0;
	int i;

	while (read_word(fp, word, sizeof(word))) {
		if ((e = lookup(word)) == NULL) {
			release();
			return -1;
		}
		e->count++;
		total++;
	}
	if ((all = collect()) == NULL) {
		release();
		return -1;
	}
	fprintf(out, "%lu words, %lu distinct\n", total, distinct);
	for (i = 0; i < top && all[i] != NULL; i++)
		fprintf(out, "%8lu %5.1f%% %s\n", all[i]->count,
		    100.0 * (double)all[i]->count / (double)total,
		    all[i]->word);
	free(all);
	release();
	return 0;
}

/*
 * Prints a bar of stars per word length from 1 to WORD_MAX - 1, scaled
 * so that the longest bar is `width` characters wide.
 */
int
length_histogram(FILE *fp, FILE *out, int width)
{
	unsigned long lengths[WORD_MAX];
	unsigned long most = 0;
	char word[WORD_MAX];
	size_t len;
	int i, bar;

	memset(lengths, 0, sizeof(lengths));
	while (read_word(fp, word, sizeof(word))) {
		len = strlen(word);
		lengths[len]++;
		if (lengths[len] > most)
			most = lengths[len];
	}
	if (most == 0)
		return -1;
	for (i = 1; i < WORD_MAX; i++) {
		if (lengths[i] == 0)
			continue;
		bar = (int)((lengths[i] * (unsigned long)width + most - 1) /
		            most);
		fprintf(out, "%2d %7lu ", i, lengths[i]);
		while (bar-- > 0)
			putc('*', out);
		putc('\n', out);
	}
	return 0;
}
