/*
 * protocol.c - parses the COUNT/TIME/INFO/ERROR lines of one copy and its
 * exit status (rules in protocol.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "exec/protocol.h"

/* Sets c->message to text; 0, or -1 when out of memory. */
static int
set_message(struct copy_result *c, const char *text)
{
	free(c->message);
	c->message = strndup(text, 511);
	return c->message == NULL ? -1 : 0;
}

/* The text of the first line of s, at most 200 characters. */
static void
first_line(const char *s, char *buf, size_t len)
{
	size_t n = s != NULL ? strcspn(s, "\n") : 0;

	snprintf(buf, len, "%.*s", (int)(n < 200 ? n : 200), n ? s : "");
}

static int
add_info(struct copy_result *c, const char *kv, size_t len)
{
	const char *bar = memchr(kv, '|', len);
	struct info *grown;

	if (bar == NULL)
		return 0;
	grown = realloc(c->info, sizeof(*grown) * (size_t)(c->ninfo + 1));
	if (grown == NULL)
		return -1;
	c->info = grown;
	grown[c->ninfo].key = strndup(kv, (size_t)(bar - kv));
	grown[c->ninfo].value = strndup(bar + 1, len - (size_t)(bar - kv) - 1);
	if (grown[c->ninfo].key == NULL || grown[c->ninfo].value == NULL) {
		free(grown[c->ninfo].key);
		free(grown[c->ninfo].value);
		return -1;
	}
	c->ninfo++;
	return 0;
}

static int
valid_unit(const char *u)
{
	size_t n = strlen(u), i;

	if (n < 1 || n > 15)
		return 0;
	for (i = 0; i < n; i++)
		if (u[i] <= ' ' || u[i] == 0x7f || u[i] == '|')
			return 0;
	return 1;
}

/* Parses "count|timebase|unit" into c; returns 0, or -1 when invalid. */
static int
parse_count(const char *text, struct copy_result *c)
{
	char buf[128], *tb, *unit;
	long timebase;

	if (strlen(text) >= sizeof(buf))
		return -1;
	strcpy(buf, text);
	/* A third '|' is in the unit, which valid_unit refuses. */
	if ((tb = strchr(buf, '|')) == NULL ||
	    (unit = strchr(tb + 1, '|')) == NULL)
		return -1;
	*tb++ = '\0';
	*unit++ = '\0';
	if (parse_double(buf, 0, 1e30, &c->count) == -1 ||
	    parse_long(tb, 0, 1000000, &timebase) == -1 || !valid_unit(unit))
		return -1;
	c->timebase = (double)timebase;
	strcpy(c->unit, unit);
	return 0;
}

/* The last non-empty line of s, at most 200 characters. */
static void
last_line(const char *s, char *buf, size_t len)
{
	const char *p, *start = NULL;

	buf[0] = '\0';
	for (p = s; p != NULL && *p != '\0'; p++)
		if ((p == s || p[-1] == '\n') && *p != '\n')
			start = p;
	if (start != NULL)
		first_line(start, buf, len);
}

/* What a copy's lines said beyond its numbers. */
struct lines_said {
	char error[256]; /* the first ERROR text, "" when none */
	char why[256]; /* what makes the output unusable, quoting the
	                  offending line; "" when it is fine */
};

/* Walks the lines of out and fills c and *said. */
static int
parse_lines(const char *out, struct copy_result *c, struct lines_said *said)
{
	char *error = said->error, *why = said->why;
	size_t errlen = sizeof(said->error), whylen = sizeof(said->why);
	char line[128];
	const char *p = out, *nl;
	size_t len, tag;
	int ncount = 0, ntime = 0, count;

	error[0] = why[0] = '\0';
	while (p != NULL && *p != '\0') {
		nl = strchr(p, '\n');
		len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		if (len >= 6 && strncmp(p, "ERROR|", 6) == 0) {
			if (error[0] == '\0')
				first_line(p + 6, error, errlen);
		} else if (len >= 5 && strncmp(p, "INFO|", 5) == 0) {
			if (add_info(c, p + 5, len - 5) == -1)
				return -1;
		} else if ((len >= 6 && strncmp(p, "COUNT|", 6) == 0) ||
		           (len >= 5 && strncmp(p, "TIME|", 5) == 0)) {
			count = p[0] == 'C';
			tag = count ? 6 : 5;
			*(count ? &ncount : &ntime) += 1;
			snprintf(line, sizeof(line), "%.*s", (int)(len - tag),
			    p + tag);
			if (why[0] == '\0' &&
			    (len - tag >= sizeof(line) ||
			        (count ? parse_count(line, c)
			               : parse_double(line, 1e-9, 1e7,
			                     &c->time_s)) == -1))
				snprintf(why, whylen, "bad %.*s line: %s",
				    (int)tag - 1, p, line);
			else if (!count)
				c->has_time = 1;
		}
		p = nl != NULL ? nl + 1 : NULL;
	}
	if (why[0] == '\0' && ncount == 0)
		snprintf(why, whylen, "no COUNT line");
	else if (why[0] == '\0' && ncount > 1)
		snprintf(why, whylen, "more than one COUNT line");
	else if (why[0] == '\0' && ntime > 1)
		snprintf(why, whylen, "more than one TIME line");
	return 0;
}

/*
 * The message what, then the cause the copy gave on stderr (its last
 * line) when there is one that what does not already say: a wrapper's
 * "multi.sh exited 1" gets multi.sh's own "cannot read ...".
 */
static int
set_cause(struct copy_result *c, const char *what, const char *cause)
{
	char buf[480];

	if (cause[0] == '\0' || strstr(what, cause) != NULL)
		return set_message(c, what);
	snprintf(buf, sizeof(buf), "%s: %s", what, cause);
	return set_message(c, buf);
}

int
protocol_parse(const char *out, const char *errors, int status, int signal,
    struct copy_result *c)
{
	struct lines_said said;
	char err_line[256], num[32], *error = said.error, *why = said.why;
	double wall_time = c->time_s;

	c->exit_status = signal != 0 ? -1 : status;
	c->signal = signal;
	c->count = c->timebase = 0;
	c->has_time = 0;
	c->unit[0] = '\0';
	if (parse_lines(out != NULL ? out : "", c, &said) == -1)
		return -1;
	last_line(errors, err_line, sizeof(err_line));
	if (signal != 0 || status != 0 || why[0] != '\0') {
		c->has_time = 0;
		c->time_s = wall_time;
	}
	if (signal != 0) {
		c->outcome = OUTCOME_FAILED;
		snprintf(num, sizeof(num), "killed by signal %d", signal);
		return set_cause(c, num, err_line);
	}
	if (status != 0) {
		c->outcome = status == 77 ? OUTCOME_SKIPPED : OUTCOME_FAILED;
		if (error[0] != '\0')
			return set_cause(c, error, err_line);
		if (err_line[0] != '\0')
			return set_message(c, err_line);
		snprintf(num, sizeof(num), "exit status %d", status);
		return set_message(c, status == 77 ? "skipped" : num);
	}
	if (error[0] != '\0' || why[0] != '\0') {
		c->outcome = error[0] ? OUTCOME_FAILED : OUTCOME_NO_RESULT;
		return set_message(c, error[0] ? error : why);
	}
	if (!c->has_time)
		c->time_s = wall_time;
	c->outcome = OUTCOME_OK;
	return set_message(c, "");
}
