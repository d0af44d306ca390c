/*
 * parse_text_head.c - the lines of a text report before its results: the
 * BYTE UNIX Benchmarks header, System and OS, a bytebench header's label,
 * comment and build, the run line and the copies line.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/parse_text_state.h"

static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
    "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

/* "Benchmark Run: Sun Nov 29 2026 23:35:29 - 23:42:12" */
int
text_run_line(struct parser *p, const struct line *l)
{
	char date[48];
	double day, year;
	int k, m;

	if (text_new_block(p, 0, 0) == -1)
		return -1;
	for (k = 2; k + 2 < l->ntok && k < 6; k++)
		for (m = 0; m < 12; m++)
			if (line_is(l, k, months[m]) &&
			    line_number(l, k + 1, &day) &&
			    line_number(l, k + 2, &year) && day >= 1 &&
			    day <= 31 && year >= 1970 && year <= 9999 &&
			    day == floor(day) && year == floor(year)) {
				snprintf(date, sizeof(date), "%04d-%02d-%02d",
				    (int)year, m + 1, (int)day);
				memcpy(p->block->date, date, 11);
				return 0;
			}
	return 0;
}

/*
 * "2 CPUs in system; running 1 parallel copy of tests": the copies of the
 * block its run line opened, else of a new block.
 */
int
text_copies_line(struct parser *p, const struct line *l)
{
	struct cmp_block *b = p->block;
	char date[11];
	double n = 0, cpu;
	int k, i, pin = 0;

	for (k = 0; k + 3 < l->ntok; k++)
		if (line_is(l, k, "running") && line_number(l, k + 1, &n) &&
		    line_is(l, k + 2, "parallel") &&
		    (line_is(l, k + 3, "copy") || line_is(l, k + 3, "copies")))
			break;
	if (k + 3 >= l->ntok || n < 1 || n > 1e6 || n != floor(n))
		return 0;
	/* ", pinned to CPU N" (--per-core-type) */
	for (i = k + 4; i + 3 < l->ntok; i++)
		if (line_is(l, i, "pinned") && line_is(l, i + 2, "CPU") &&
		    line_number(l, i + 3, &cpu) && cpu >= 0 && cpu < 1e6)
			pin = (int)cpu + 1;
	if (b == NULL || b->copies != 0 || b->ntests > 0 || b->nindexes > 0)
		return text_new_block(p, (int)n, pin) == -1 ? -1 : 1;
	for (i = 0; i + 1 < p->report->nblocks; i++)
		if (p->report->blocks[i].copies == (int)n &&
		    p->report->blocks[i].pin == pin)
			break;
	if (i + 1 >= p->report->nblocks) {
		b->copies = (int)n;
		b->pin = pin;
		return 1;
	}
	/* This report has these copies: the empty block goes to a new one. */
	memcpy(date, b->date, sizeof(date));
	p->block = NULL;
	p->report->nblocks--;
	if (text_new_block(p, (int)n, pin) == -1)
		return -1;
	memcpy(p->block->date, date, sizeof(date));
	return 1;
}

/* "   BYTE UNIX Benchmarks (Version 5.1.3)" or "(bytebench 0.1.0; ...)" */
int
text_header_line(struct parser *p, const struct line *l)
{
	const char *open = strstr(l->text, "BYTE UNIX Benchmarks (");
	const char *s, *e;
	char origin[80];
	double method;
	struct line m;

	if (text_new_report(p, 1) == -1)
		return -1;
	s = open + strlen("BYTE UNIX Benchmarks (");
	e = s + strcspn(s, ";)");
	/* UnixBench before 5.0 wrote another layout ("INDEX VALUES",
	 * "FINAL SCORE") of other tests and baselines. */
	if (strncmp(s, "Version ", 8) == 0 && s[8] >= '0' && s[8] < '5' &&
	    s[9] == '.') {
		text_problem(p,
		    "a UnixBench %.*s report: an older layout, not read",
		    (int)(e - s - 8 > 20 ? 20 : e - s - 8), s + 8);
		return -1;
	}
	if (strncmp(s, "Version ", 8) == 0)
		snprintf(origin, sizeof(origin), "UnixBench %.*s",
		    (int)(e - s - 8 > 40 ? 40 : e - s - 8), s + 8);
	else
		snprintf(origin, sizeof(origin), "%.*s",
		    (int)(e - s > 60 ? 60 : e - s), s);
	free(p->report->origin);
	if ((p->report->origin = cmp_text(origin, strlen(origin))) == NULL)
		return -1;
	p->report->quick = e - s > 6 && strncmp(e - 6, " quick", 6) == 0;
	if (*e == ';' && line_normalise(e + 1, strlen(e + 1), &m) == 0 &&
	    line_is(&m, 0, "index") && line_is(&m, 1, "method") &&
	    m.ntok >= 3 && m.toklen[2] > 1 &&
	    m.tok[2][m.toklen[2] - 1] == ')') {
		m.toklen[2]--;
		if (line_number(&m, 2, &method) && method >= 1 &&
		    method <= 1000)
			p->method = (int)method;
	}
	return 0;
}

/*
 * Makes the report a "System:" or "OS:" line belongs to current: the
 * current one while that field (current, its value) is unset and no run
 * has begun, else a new one.
 */
static int
info_report(struct parser *p, const char *current)
{
	if (p->report != NULL && p->report->nblocks == 0 && current[0] == '\0')
		return 0;
	return text_new_report(p, 0);
}

/*
 * What a bytebench header and warnings say of the run beyond the system:
 * "Label: ...", "Comment: ...", the kind of build ("(reference build)" at
 * the end of the Compiler line or of its wrapped rest) and the warning of
 * a --duration run.  Returns 1 when the line was one of them, 0 when not,
 * -1 when out of memory.
 */
int
text_run_facts(struct parser *p, const struct line *l)
{
	struct cmp_report *r = p->report;
	char **text = NULL;
	double v;
	int n = l->ntok;

	if (r == NULL)
		return 0;
	if (line_starts(l, "Warning: every test ran ") &&
	    line_number(l, 4, &v) && line_is(l, 5, "s")) {
		r->duration_s = v > 0 ? v : 0;
		return 1;
	}
	if (r->nblocks > 0 || p->block != NULL)
		return 0;
	if (line_starts(l, "Label: "))
		text = &r->run_label;
	else if (line_starts(l, "Comment: "))
		text = &r->comment;
	if (text != NULL) {
		free(*text);
		*text = line_text(l, 1, n);
		return *text == NULL ? -1 : 1;
	}
	if (n >= 2 && line_is(l, n - 1, "build)") && l->toklen[n - 2] > 1 &&
	    l->tok[n - 2][0] == '(' &&
	    l->toklen[n - 2] < sizeof(r->build_kind)) {
		memcpy(r->build_kind, l->tok[n - 2] + 1, l->toklen[n - 2] - 1);
		r->build_kind[l->toklen[n - 2] - 1] = '\0';
	}
	return 0;
}

/* "System: host: GNU/Linux" */
int
text_system_line(struct parser *p, const struct line *l)
{
	const char *s = l->text + strlen("System:");

	if (info_report(p, p->report ? p->report->hostname : "") == -1)
		return -1;
	while (*s == ' ')
		s++;
	free(p->report->hostname);
	p->report->hostname = cmp_text(s, strcspn(s, ":"));
	return p->report->hostname == NULL ? -1 : 0;
}

/* "OS: GNU/Linux -- 6.1.0-13-amd64 -- #1 SMP ...": name, release and
 * the rest, its version line. */
int
text_os_line(struct parser *p, const struct line *l)
{
	const char *s = l->text + strlen("OS:"), *sep;
	char **field[3];
	int k;

	if (info_report(p, p->report ? p->report->os_name : "") == -1)
		return -1;
	field[0] = &p->report->os_name;
	field[1] = &p->report->os_release;
	field[2] = &p->report->os_version;
	while (*s == ' ')
		s++;
	for (k = 0; k < 3 && s != NULL; k++) {
		sep = k < 2 ? strstr(s, " -- ") : NULL;
		free(*field[k]);
		*field[k] = cmp_text(s, sep ? (size_t)(sep - s) : strlen(s));
		if (*field[k] == NULL)
			return -1;
		s = sep ? sep + 4 : NULL;
	}
	return 0;
}
