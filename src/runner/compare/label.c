/* label.c - the reports' labels (compare_label) and what the key says of
 * each (cmp_report_details). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"

/* A file's label: path's last part (with dirs the directories above it
 * too) without .json or .txt ("res/vm-1.json": "vm-1"); "stdin" for "-". */
static void
file_label(const char *path, char *buf, size_t size, int dirs)
{
	const char *base = path + strlen(path);
	size_t n;

	for (dirs++; dirs > 0 && base > path; dirs--) {
		while (base > path && base[-1] == '/')
			base--;
		while (base > path && base[-1] != '/')
			base--;
	}
	if (*base == '\0' || *base == '/')
		base = path;
	if (strcmp(path, "-") == 0)
		base = "stdin";
	n = strlen(base);
	if (n > 5 && (strcmp(base + n - 5, ".json") == 0))
		n -= 5;
	else if (n > 4 && strcmp(base + n - 4, ".txt") == 0)
		n -= 4;
	snprintf(buf, size, "%.*s", (int)n, base);
}

/* How many directories the label of file[i] needs so that no file of
 * another path has the same one ("old/run.json", "new/run.json": 1). */
static int
name_dirs(const char **file, int n, int i)
{
	char a[3 * CMP_TEXT_MAX], b[3 * CMP_TEXT_MAX];
	int j, dirs, clash = 1;

	for (dirs = 0; clash && dirs < 8; dirs += clash) {
		file_label(file[i], a, sizeof(a), dirs);
		for (j = 0, clash = 0; j < n && !clash; j++)
			if (strcmp(file[j], file[i]) != 0) {
				file_label(file[j], b, sizeof(b), dirs);
				clash = strcmp(a, b) == 0;
			}
	}
	return dirs;
}

/* *field := a copy of text fit for output (cmp_text); -1 out of memory. */
static int
set_text(char **field, const char *text)
{
	char *s = cmp_text(text, strlen(text));

	if (s == NULL)
		return -1;
	free(*field);
	*field = s;
	return 0;
}

int
compare_label(
    struct cmp_report **reports, const char **user, const char **file, int n)
{
	struct cmp_report *r;
	char buf[3 * CMP_TEXT_MAX];
	int i, j, same, k;

	for (i = 0; i < n; i++) {
		r = reports[i];
		if (user[i] == NULL && r->run_label == NULL)
			file_label(
			    file[i], buf, sizeof(buf), name_dirs(file, n, i));
		else
			snprintf(buf, sizeof(buf), "%s",
			    user[i] != NULL ? user[i] : r->run_label);
		/* The name without " #k": a --runs group's (group.c). */
		if (set_text(&r->name, buf) == -1)
			return -1;
		/* Several reports of one file under one name: "name #k". */
		for (j = 0, same = 0, k = 0; j < n; j++)
			if (user[j] == user[i] && file[j] == file[i] &&
			    (user[i] != NULL ||
			        (!r->run_label && !reports[j]->run_label))) {
				same++;
				k += j <= i;
			}
		if (same > 1)
			cmp_appendf(buf, sizeof(buf), strlen(buf), " #%d", k);
		if (set_text(&r->label, buf) == -1)
			return -1;
		/* A label an earlier report has: "label #2", "label #3". */
		for (j = 0, k = 1; j < i; j++)
			k += strcmp(reports[j]->label, r->label) == 0;
		snprintf(buf, sizeof(buf), "%s #%d", r->label, k);
		if (k > 1 && set_text(&r->label, buf) == -1)
			return -1;
	}
	return 0;
}

/* What the key says of a report after its label: where it comes from, the
 * system, the date and how it ran ("bytebench 0.1.0, Linux 6.6.3-amd64 on
 * buildbox, 2026-11-29, quick run, reference build"). */
void
cmp_report_details(const struct cmp_report *r, char *buf, size_t size)
{
	const char *os = r->os_name, *date = "";
	size_t n;
	int i;

	for (i = r->nblocks - 1; i >= 0; i--) /* the first date of its blocks */
		date = r->blocks[i].date[0] != '\0' ? r->blocks[i].date : date;
	if (strncmp(os, "GNU/", 4) == 0 && os[4] != '\0')
		os += 4;
	n = cmp_appendf(buf, size, 0, "%s%s%s%s%s%s%s%s%s", r->origin,
	    r->origin[0] && os[0] ? ", " : "", os,
	    os[0] && r->os_release[0] ? " " : "", r->os_release,
	    r->hostname[0] ? " on " : "", r->hostname,
	    date[0] && (r->origin[0] || os[0] || r->hostname[0]) ? ", " : "",
	    date);
	/* No-break spaces: a wrapped key keeps "--duration 1 s" whole. */
	if (r->quick)
		n = cmp_appendf(buf, size, n, ", quick" NBSP "run");
	if (r->duration_s > 0)
		n = cmp_appendf(buf, size, n, ", --duration" NBSP "%g" NBSP "s",
		    r->duration_s);
	/* The default build goes without saying. */
	if (r->build_kind[0] != '\0' && strcmp(r->build_kind, "default") != 0)
		n = cmp_appendf(
		    buf, size, n, ", %s" NBSP "build", r->build_kind);
	if (r->nblocks > 0 && r->blocks[0].copies_assumed)
		cmp_appendf(buf, size, n, "%scopies not given: taken as 1",
		    n > 0 ? ", " : "");
}
