/*
 * text_line.c - a text report's line normalised and split into words, and
 * the shapes of its words (text_line.h).
 */
#include <math.h>
#include <string.h>

#include "compare/cmp_model.h"
#include "write/json_read.h"
#include "compare/text_line.h"

/* Drops quote marks, turns runs of blanks (NBSP too) into one space. */
int
line_normalise(const char *s, size_t n, struct line *l)
{
	size_t i = 0, o = 0;
	int space = 0;

	while (i < n &&
	       (s[i] == ' ' || s[i] == '\t' || s[i] == '>' || s[i] == '\r'))
		i++;
	for (; i < n; i++) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' ||
		    s[i] == '\f' || s[i] == '\v') {
			space = 1;
			continue;
		}
		if ((unsigned char)s[i] == 0xc2 && i + 1 < n &&
		    (unsigned char)s[i + 1] == 0xa0) {
			space = 1;
			i++;
			continue;
		}
		if (o + 2 >= sizeof(l->text))
			return -1;
		if (space && o > 0)
			l->text[o++] = ' ';
		space = 0;
		l->text[o++] = s[i];
	}
	l->text[o] = '\0';
	l->len = o;
	l->ntok = 0;
	for (i = 0; i < o && l->ntok < MAX_TOKENS;) {
		l->tok[l->ntok] = l->text + i;
		while (i < o && l->text[i] != ' ')
			i++;
		l->toklen[l->ntok] = (size_t)(l->text + i - l->tok[l->ntok]);
		l->ntok++;
		i++;
	}
	return i < o ? -1 : 0;
}

int
line_is(const struct line *l, int k, const char *word)
{
	return k >= 0 && k < l->ntok && l->toklen[k] == strlen(word) &&
	       memcmp(l->tok[k], word, l->toklen[k]) == 0;
}

/* A number as the reports print it: -?d+(.d+)?, into *v when v != NULL. */
int
line_number(const struct line *l, int k, double *v)
{
	const char *s;
	size_t i = 0, n, digits = 0;
	double d;

	if (k < 0 || k >= l->ntok)
		return 0;
	s = l->tok[k];
	n = l->toklen[k];
	if (n > 40)
		return 0;
	if (i < n && s[i] == '-')
		i++;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		digits++;
	if (i < n && s[i] == '.' && digits > 0) {
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			digits++;
	}
	if (i != n || digits == 0 || json_decimal(s, n, &d) == -1)
		return 0;
	if (v != NULL)
		*v = d;
	return 1;
}

/* The text of tokens [from, to) as a clean new string. */
char *
line_text(const struct line *l, int from, int to)
{
	if (from >= to)
		return cmp_text("", 0);
	return cmp_text(l->tok[from],
	    (size_t)(l->tok[to - 1] + l->toklen[to - 1] - l->tok[from]));
}

/* The line starts with the words of prefix (compared as text). */
int
line_starts(const struct line *l, const char *prefix)
{
	return strncmp(l->text, prefix, strlen(prefix)) == 0;
}

/* Units a test line may carry without its "(t s, n samples)" tail. */
static int
known_unit(const char *s, size_t n)
{
	static const char *const units[] = {
	    "lps", "lpm", "KBps", "MBps", "MWIPS", "fps", "us", "ns", "ms"};
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strlen(units[i]) == n && memcmp(units[i], s, n) == 0)
			return 1;
	return 0;
}

static int
unit_like(const char *s, size_t n)
{
	size_t i;
	int letter = 0;

	if (n == 0 || n >= sizeof(((struct cmp_test *)0)->unit))
		return 0;
	for (i = 0; i < n; i++) {
		if ((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z'))
			letter = 1;
		else if (!(s[i] >= '0' && s[i] <= '9') && s[i] != '/')
			return 0;
	}
	return letter;
}

int
line_lower_unit(const char *unit)
{
	return strcmp(unit, "us") == 0 || strcmp(unit, "ns") == 0 ||
	       strcmp(unit, "ms") == 0;
}

/* What bytebench prints in place of a failed test's score. */
static const char *const outcomes[] = {"failed", "timed out", "skipped",
    "no result", "interrupted", "missing", "not run"};

/* The first token of phrase when it ends at token k of l (not 0), or -1. */
static int
phrase_at(const struct line *l, int k, const char *phrase)
{
	int first = k + 1 - (strchr(phrase, ' ') != NULL ? 2 : 1);
	size_t n = strlen(phrase);

	if (first < 1 ||
	    (size_t)(l->tok[k] + l->toklen[k] - l->tok[first]) != n ||
	    memcmp(l->tok[first], phrase, n) != 0)
		return -1;
	return first;
}

/*
 * The shape of a test line: "Dhrystone 2 using register variables
 * 30494956.0 lps (10.0 s, 7 samples)", a title, a number and a unit, then
 * the tail in parentheses (which wrapping may have cut); or bytebench's
 * "Pipe Throughput failed lps (killed by signal 11)".  Without the tail
 * the unit must be a known one.  Sets the title's end (a token index), the
 * unit's token, the value and the outcome ("" when ok); 0 when l is none.
 */
int
line_test_shape(const struct line *l, int *title_end, int *unit, double *v,
    const char **outcome)
{
	size_t i;
	int k, tail, first;

	for (k = l->ntok - 2; k >= 1; k--) {
		if (!unit_like(l->tok[k + 1], l->toklen[k + 1]))
			continue;
		tail = k + 2 < l->ntok && l->tok[k + 2][0] == '(';
		*unit = k + 1;
		if (line_number(l, k, v) &&
		    (tail || (k + 2 == l->ntok && known_unit(l->tok[k + 1],
		                                      l->toklen[k + 1])))) {
			*title_end = k;
			*outcome = "";
			return 1;
		}
		for (i = 0; tail && i < sizeof(outcomes) / sizeof(outcomes[0]);
		     i++) {
			if ((first = phrase_at(l, k, outcomes[i])) == -1)
				continue;
			*title_end = first;
			*v = NAN;
			*outcome = outcomes[i];
			return 1;
		}
	}
	return 0;
}
