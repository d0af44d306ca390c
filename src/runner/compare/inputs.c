/*
 * inputs.c - compare's file arguments: LABEL=FILE, a directory read as
 * the reports in it, the runner's own files that are not reports (pass
 * log, web page, CSV, Markdown) known by their content, and the text
 * report of a run whose JSON is also given, read once.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare/inputs.h"

/* The runner's files that are no report, by their ending. */
static const struct {
	const char *ext;
	const char *kind;
} own_files[NOWN] = {
    {".log", "pass log"},
    {".html", "web page"},
    {".csv", "CSV table"},
    {".md", "Markdown report"},
};

/* path's length without ext; 0 when path does not end so. */
static size_t
stem_len(const char *path, const char *ext)
{
	size_t n = strlen(path), e = strlen(ext);

	return n > e && strcmp(path + n - e, ext) == 0 ? n - e : 0;
}

/* Whether buf begins, after blanks, with s. */
static int
begins(const char *buf, size_t len, const char *s)
{
	size_t i = 0;

	while (i < len && (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\r'))
		i++;
	return len - i >= strlen(s) && memcmp(buf + i, s, strlen(s)) == 0;
}

/* Whether buf[0..len-1] holds s. */
static int
holds(const char *buf, size_t len, const char *s)
{
	size_t k = strlen(s), i;

	for (i = 0; i + k <= len; i++)
		if (memcmp(buf + i, s, k) == 0)
			return 1;
	return 0;
}

int
cmp_own_kind(const char *buf, size_t len)
{
	const char *nl = memchr(buf, '\n', len);
	size_t line = nl ? (size_t)(nl - buf) : len;

	if (begins(buf, len, "bytebench ") &&
	    holds(buf, line, "(index method") && holds(buf, line, ", started "))
		return OWN_LOG;
	if (begins(buf, len, "<!DOCTYPE html>") &&
	    holds(buf, len < 4096 ? len : 4096, "<title>bytebench"))
		return OWN_HTML;
	if (begins(buf, len, "Concurrency,"))
		return OWN_CSV;
	if (begins(buf, len, "**BYTE UNIX Benchmarks** (bytebench"))
		return OWN_MD;
	return -1;
}

/* Whether a regular file of that name is there. */
static int
is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

void
cmp_own_refuse(const char *path, int kind, char *err, size_t errlen)
{
	size_t n = stem_len(path, own_files[kind].ext);
	char json[4096];

	if (n == 0) {
		snprintf(err, errlen,
		    "%s is bytebench's %s, not a report: compare the run's "
		    ".json",
		    path, own_files[kind].kind);
		return;
	}
	/* Its JSON, else its text report when only that is there. */
	snprintf(json, sizeof(json), "%.*s.json", (int)n, path);
	if (!is_file(json)) {
		json[n] = '\0';
		if (!is_file(json))
			json[n] = '.';
	}
	snprintf(err, errlen, "%s is the %s of run %.*s; compare %s", path,
	    own_files[kind].kind, (int)n, path, json);
}

/* Appends one input of path (copied) and label to *in. */
static int
add(struct cmp_inputs *in, const char *path, size_t plen, const char *label)
{
	void *grown;
	struct cmp_input *x = CMP_PUSH(grown, in->v, in->n, INT32_MAX);

	if (x == NULL || (x->path = malloc(plen + 1)) == NULL)
		return -1;
	memcpy(x->path, path, plen);
	x->path[plen] = '\0';
	snprintf(x->label, sizeof(x->label), "%s", label);
	return 0;
}

/*
 * The files of directory dir, sorted, as inputs: those not hidden and
 * not a report being written (NAME.tmp.XXXXXX).  -1 out of memory or the
 * directory unreadable (said in err).
 */
static int
add_dir(struct cmp_inputs *in, const char *dir, const char *label, char *err,
    size_t errlen)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL, path[4096];
	void *grown;
	int n = 0, i, rc = 0;

	if (d == NULL) {
		snprintf(err, errlen, "%s: cannot read the directory", dir);
		return -1;
	}
	while (rc == 0 && (e = readdir(d)) != NULL) {
		char **slot;

		if (e->d_name[0] == '.' || strstr(e->d_name, ".tmp.") != NULL)
			continue;
		slot = CMP_PUSH(grown, names, n, INT32_MAX);
		if (slot == NULL || (*slot = strdup(e->d_name)) == NULL)
			rc = -1;
	}
	closedir(d);
	if (n > 0)
		qsort(names, (size_t)n, sizeof(*names), cmp_str_order);
	for (i = 0; i < n; i++) {
		int len = snprintf(path, sizeof(path), "%s%s%s", dir,
		    dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);

		if (rc == 0 && len > 0 && (size_t)len < sizeof(path) &&
		    is_file(path))
			rc = add(in, path, (size_t)len, label);
		free(names[i]);
	}
	free(names);
	if (rc == -1)
		snprintf(err, errlen, "out of memory");
	return rc;
}

int
cmp_inputs_make(
    struct cmp_inputs *in, char **argv, int nargs, char *err, size_t errlen)
{
	struct stat st;
	const char *path, *eq;
	char label[CMP_TEXT_MAX + 1];
	int i, start, rc = 0;

	memset(in, 0, sizeof(*in));
	for (i = 0; i < nargs && rc == 0; i++) {
		path = argv[i];
		label[0] = '\0';
		/* LABEL=FILE, unless a file has that whole name. */
		eq = strchr(path, '=');
		if (eq != NULL && eq > path && access(path, F_OK) != 0) {
			snprintf(label, sizeof(label), "%.*s", (int)(eq - path),
			    path);
			path = eq + 1;
		}
		start = in->n;
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			rc = add_dir(in, path, label, err, errlen);
			if (rc == 0 && in->n == start) {
				snprintf(
				    err, errlen, "%s: no report in it", path);
				rc = -1;
			}
		} else if (add(in, path, strlen(path), label) == -1) {
			snprintf(err, errlen, "out of memory");
			rc = -1;
		}
	}
	return rc;
}

/* Whether an input other than skip has exactly that path. */
static int
given(const struct cmp_inputs *in, const char *path, size_t len, int skip)
{
	int i;

	for (i = 0; i < in->n; i++)
		if (i != skip && strlen(in->v[i].path) == len &&
		    memcmp(in->v[i].path, path, len) == 0)
			return 1;
	return 0;
}

/* Whether in->v[i] is the text report or an own file of a run whose
 * JSON is given: its kind (NOWN: the text report), else -1. */
static int
beside_json(const struct cmp_inputs *in, int i)
{
	const char *p = in->v[i].path;
	char json[4096];
	size_t n;
	int k;

	for (k = 0; k < NOWN; k++)
		if ((n = stem_len(p, own_files[k].ext)) > 0 &&
		    n + 5 < sizeof(json)) {
			snprintf(json, sizeof(json), "%.*s.json", (int)n, p);
			if (given(in, json, n + 5, i) || given(in, p, n, i))
				return k;
		}
	n = strlen(p);
	if (stem_len(p, ".json") > 0 || n + 6 > sizeof(json))
		return -1;
	snprintf(json, sizeof(json), "%s.json", p);
	return given(in, json, n + 5, i) ? NOWN : -1;
}

void
cmp_inputs_dedupe(struct cmp_inputs *in, FILE *f)
{
	static const char *const what[NOWN + 1][2] = {
	    {".log", ".log"},
	    {".html", ".html"},
	    {".csv", ".csv"},
	    {".md", ".md"},
	    {"text report", "text reports"},
	};
	int count[NOWN + 1] = {0}, i, k, said = 0;

	for (i = 0; i < in->n; i++)
		if ((k = beside_json(in, i)) >= 0) {
			in->v[i].left_out = 1;
			count[k]++;
		}
	for (k = 0; k <= NOWN; k++) {
		if (count[k] == 0)
			continue;
		fprintf(f, "%s%d %s", said++ ? ", " : "compare: left out ",
		    count[k], what[k][count[k] > 1]);
	}
	if (said)
		fputs(": each run is read once\n", f);
}

void
cmp_inputs_free(struct cmp_inputs *in)
{
	int i;

	for (i = 0; i < in->n; i++) {
		free(in->v[i].path);
		cmp_file_free(&in->v[i].file);
	}
	free(in->v);
	memset(in, 0, sizeof(*in));
}
