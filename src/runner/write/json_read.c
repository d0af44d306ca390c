/*
 * json_read.c - the JSON reader of json_read.h: recursive descent.
 */
#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "write/json_read.h"

struct parser {
	const char *text;
	size_t len;
	size_t pos;
	size_t nvalues;
	char *err;
	size_t errlen;
};

static int parse_value(struct parser *p, struct json_value *v, int depth);

static int fail(struct parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->err, p->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static void
skip_space(struct parser *p)
{
	while (p->pos < p->len &&
	       (p->text[p->pos] == ' ' || p->text[p->pos] == '\t' ||
	           p->text[p->pos] == '\n' || p->text[p->pos] == '\r'))
		p->pos++;
}

int
json_decimal(const char *s, size_t len, double *out)
{
	char buf[320];
	const char *point;
	size_t i = 0, o = 0, plen;
	char *end;
	double v;

	if (len == 0 || len > 300)
		return -1;
	point = localeconv()->decimal_point;
	plen = strlen(point);
	if (plen == 0 || plen > 8)
		return -1;
	if (s[i] == '-' || s[i] == '+')
		buf[o++] = s[i++];
	if (i == len || !(isdigit((unsigned char)s[i]) || s[i] == '.'))
		return -1;
	for (; i < len; i++) {
		if (s[i] == '.') {
			memcpy(buf + o, point, plen);
			o += plen;
		} else if (isdigit((unsigned char)s[i]) || s[i] == 'e' ||
		           s[i] == 'E' || s[i] == '+' || s[i] == '-') {
			buf[o++] = s[i];
		} else {
			return -1;
		}
	}
	buf[o] = '\0';
	v = strtod(buf, &end);
	if (*end != '\0' || end == buf || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

/* Past the digits at *i: 0 when there are none. */
static int
digits(const struct parser *p, size_t *i)
{
	size_t from = *i;

	while (*i < p->len && isdigit((unsigned char)p->text[*i]))
		(*i)++;
	return *i > from;
}

/* A number by the JSON grammar: -?(0|[1-9]d*)(.d+)?([eE][+-]?d+)? */
static int
parse_number(struct parser *p, struct json_value *v)
{
	const char *s = p->text;
	size_t start = p->pos, i = p->pos;
	int ok;

	if (i < p->len && s[i] == '-')
		i++;
	if ((ok = i < p->len && s[i] == '0'))
		i++;
	else
		ok = digits(p, &i);
	if (ok && i < p->len && s[i] == '.') {
		i++;
		ok = digits(p, &i);
	}
	if (ok && i < p->len && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < p->len && (s[i] == '+' || s[i] == '-'))
			i++;
		ok = digits(p, &i);
	}
	if (!ok)
		return fail(p, "bad number at byte %zu", start);
	if (json_decimal(s + start, i - start, &v->number) == -1)
		return fail(p, "number out of range at byte %zu", start);
	v->type = JSON_NUMBER;
	p->pos = i;
	return 0;
}

/* Four hex digits at p->pos, or -1. */
static long
hex4(struct parser *p)
{
	char h[5];

	if (p->len - p->pos < 4)
		return -1;
	memcpy(h, p->text + p->pos, 4);
	h[4] = '\0';
	if (strspn(h, "0123456789abcdefABCDEF") != 4)
		return -1;
	p->pos += 4;
	return strtol(h, NULL, 16);
}

/* Code point cp as UTF-8 at o; its length. */
static size_t
put_utf8(char *o, long cp)
{
	static const unsigned char lead[] = {0, 0, 0xc0, 0xe0, 0xf0};
	size_t n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4, i;

	for (i = n - 1; i > 0; i--, cp >>= 6)
		o[i] = (char)(0x80 | (cp & 0x3f));
	o[0] = (char)(lead[n] | cp);
	return n;
}

/*
 * The code point of the escape \uXXXX at p->pos (just after the 'u'),
 * joining a surrogate pair; a lone surrogate becomes U+FFFD.
 */
static long
unicode_escape(struct parser *p)
{
	long hi, lo;
	size_t save;

	if ((hi = hex4(p)) == -1)
		return -1;
	if (hi >= 0xdc00 && hi <= 0xdfff)
		return 0xfffd;
	if (hi < 0xd800 || hi > 0xdbff)
		return hi;
	save = p->pos;
	if (p->len - p->pos >= 6 && p->text[p->pos] == '\\' &&
	    p->text[p->pos + 1] == 'u') {
		p->pos += 2;
		lo = hex4(p);
		if (lo >= 0xdc00 && lo <= 0xdfff)
			return 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
	}
	p->pos = save;
	return 0xfffd;
}

/* A string at p->pos (its quote) into a buffer of its source's length,
 * which its decoded text never exceeds. */
static int
parse_string(struct parser *p, char **out, size_t *outlen)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	size_t start = p->pos, end, o = 0, at = 0;
	const char *why = NULL, *q;
	char *buf;
	long cp;
	char c;

	p->pos++;
	for (end = p->pos; end < p->len && p->text[end] != '"'; end++)
		if (p->text[end] == '\\')
			end++;
	if (end >= p->len)
		return fail(p, "unterminated string at byte %zu", start);
	if ((buf = malloc(end - p->pos + 1)) == NULL)
		return fail(p, "out of memory");
	while (p->pos < end && why == NULL) {
		c = p->text[p->pos++];
		if ((unsigned char)c < 0x20)
			why = "control character in string", at = p->pos - 1;
		else if (c != '\\')
			buf[o++] = c;
		else if ((c = p->text[p->pos++]) == 'u' &&
		         (end - p->pos < 4 || (cp = unicode_escape(p)) == -1 ||
		             p->pos > end))
			why = "bad \\u escape", at = p->pos;
		else if (c == 'u')
			o += put_utf8(buf + o, cp);
		else if (c != '\0' && (q = strchr(from, c)) != NULL)
			buf[o++] = to[q - from];
		else
			why = "bad escape", at = p->pos - 1;
	}
	if (why != NULL) {
		free(buf);
		return fail(p, "%s at byte %zu", why, at);
	}
	buf[o] = '\0';
	p->pos = end + 1;
	*out = buf;
	*outlen = o;
	return 0;
}

static int
parse_literal(struct parser *p, struct json_value *v, const char *word,
    enum json_type type)
{
	size_t n = strlen(word);

	if (p->len - p->pos < n || memcmp(p->text + p->pos, word, n) != 0)
		return fail(p, "unexpected text at byte %zu", p->pos);
	p->pos += n;
	v->type = type;
	return 0;
}

/* Makes room for one more item (and key, for objects) in v. */
static int
grow(struct parser *p, struct json_value *v, size_t *cap, int with_keys)
{
	struct json_value *items;
	char **keys;
	size_t ncap;

	if (v->n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 4;
	items = realloc(v->items, ncap * sizeof(*items));
	if (items == NULL)
		return fail(p, "out of memory");
	v->items = items;
	if (with_keys) {
		keys = realloc(v->keys, ncap * sizeof(*keys));
		if (keys == NULL)
			return fail(p, "out of memory");
		v->keys = keys;
	}
	*cap = ncap;
	return 0;
}

/* 1 past c, after blanks; 0 (only the blanks skipped) when c is not there. */
static int
eat(struct parser *p, char c)
{
	skip_space(p);
	if (p->pos < p->len && p->text[p->pos] == c) {
		p->pos++;
		return 1;
	}
	return 0;
}

/* An object's key and its ':' into *key (freed here on -1). */
static int
parse_key(struct parser *p, char **key)
{
	size_t len;

	skip_space(p);
	if (p->pos >= p->len || p->text[p->pos] != '"')
		return fail(p, "expected a key at byte %zu", p->pos);
	if (parse_string(p, key, &len) == -1)
		return -1;
	if (eat(p, ':'))
		return 0;
	free(*key);
	return fail(p, "expected : at byte %zu", p->pos);
}

/* An array, or an object (keys), at p->pos; an item counts in v->n from
 * its start, so json_free frees what a failure left. */
static int
parse_list(struct parser *p, struct json_value *v, int depth, int keys)
{
	char close = keys ? '}' : ']', *key = NULL;
	size_t cap = 0;

	v->type = keys ? JSON_OBJECT : JSON_ARRAY;
	p->pos++;
	if (eat(p, close))
		return 0;
	do {
		if (keys && parse_key(p, &key) == -1)
			return -1;
		if (grow(p, v, &cap, keys) == -1) {
			free(key);
			return -1;
		}
		if (keys)
			v->keys[v->n] = key;
		memset(&v->items[v->n++], 0, sizeof(v->items[0]));
		if (parse_value(p, &v->items[v->n - 1], depth + 1) == -1)
			return -1;
		if (eat(p, close))
			return 0;
	} while (eat(p, ','));
	return fail(p, "expected , or %c at byte %zu", close, p->pos);
}

/* One value at p->pos into *v (zeroed); on -1 json_free frees v. */
static int
parse_value(struct parser *p, struct json_value *v, int depth)
{
	if (depth > JSON_MAX_DEPTH)
		return fail(p, "nested deeper than %d at byte %zu",
		    JSON_MAX_DEPTH, p->pos);
	if (++p->nvalues > JSON_MAX_VALUES)
		return fail(p, "more than %d values", JSON_MAX_VALUES);
	skip_space(p);
	if (p->pos >= p->len)
		return fail(p, "unexpected end at byte %zu", p->pos);
	switch (p->text[p->pos]) {
	case '{':
	case '[':
		return parse_list(p, v, depth, p->text[p->pos] == '{');
	case '"':
		v->type = JSON_STRING;
		return parse_string(p, &v->string, &v->len);
	case 't':
		return parse_literal(p, v, "true", JSON_TRUE);
	case 'f':
		return parse_literal(p, v, "false", JSON_FALSE);
	case 'n':
		return parse_literal(p, v, "null", JSON_NULL);
	default:
		return parse_number(p, v);
	}
}

int
json_parse(const char *text, size_t len, struct json_value *out, char *err,
    size_t errlen)
{
	struct parser p = {text, len, 0, 0, err, errlen};

	memset(out, 0, sizeof(*out));
	if (parse_value(&p, out, 0) == 0) {
		skip_space(&p);
		if (p.pos == p.len)
			return 0;
		fail(&p, "extra text after the document at byte %zu", p.pos);
	}
	json_free(out);
	return -1;
}

void
json_free(struct json_value *v)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		json_free(&v->items[i]);
		if (v->keys != NULL)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->string);
	memset(v, 0, sizeof(*v));
}

const struct json_value *
json_get(const struct json_value *obj, const char *key)
{
	size_t i;

	if (obj == NULL || obj->type != JSON_OBJECT)
		return NULL;
	for (i = 0; i < obj->n; i++)
		if (strcmp(obj->keys[i], key) == 0)
			return &obj->items[i];
	return NULL;
}
