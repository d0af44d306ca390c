/* inputs.c - compare's file arguments (doc/compare.md): LABEL=FILE, a
 * directory's files, the runner's files that are no report refused, each
 * run read once. */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare/compare.h"
#include "file.h"
#include "write/escape.h"

struct cmp_input {
	char *path;
	char label[CMP_TEXT_MAX + 1]; /* LABEL=; "" when not given */
	int left_out; /* another input holds its run (dedupe) */
	struct cmp_file file;
};

/* The runner's files that are no report: ending, kind, how they begin
 * (after blanks), marks within their first `within` bytes (0: line). */
static const struct own_file {
	const char *ext, *kind, *begin, *marks[2];
	size_t within;
} own_files[] = {
    {".log", "pass log", "bytebench ", {"(index method", ", started "}, 0},
    {".html", "web page", "<!DOCTYPE html>", {"<title>bytebench", NULL}, 4096},
    {".csv", "CSV table", "Concurrency,", {NULL, NULL}, 0},
    {".md", "Markdown report", "**BYTE UNIX Benchmarks** (bytebench",
        {NULL, NULL}, 0},
};
#define NOWN (int)(sizeof(own_files) / sizeof(own_files[0]))

/* path's length without ext; 0 when path does not end so. */
static size_t
stem_len(const char *path, const char *ext)
{
	size_t n = strlen(path), e = strlen(ext);

	return n > e && strcmp(path + n - e, ext) == 0 ? n - e : 0;
}

/* Whether buf[0..len-1] holds s (NULL: holds). */
static int
holds(const char *buf, size_t len, const char *s)
{
	size_t i;

	for (i = 0; s != NULL && i + strlen(s) <= len; i++)
		if (memcmp(buf + i, s, strlen(s)) == 0)
			return 1;
	return s == NULL;
}

static int
is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Refuses path when buf[0..len-1] is one of own_files, naming the run's
 * report to compare instead; -1 (said), else 0. */
static int
refuse_own(const char *path, const char *buf, size_t len)
{
	const struct own_file *o;
	const char *nl = memchr(buf, '\n', len);
	size_t i = strspn(buf, " \n\r"), n;
	char json[4096], err[4096];
	int text;

	for (o = own_files; o < own_files + NOWN; o++) {
		n = o->within ? o->within : nl ? (size_t)(nl - buf) : len;
		n = n < len ? n : len;
		if (len - i >= strlen(o->begin) &&
		    memcmp(buf + i, o->begin, strlen(o->begin)) == 0 &&
		    holds(buf, n, o->marks[0]) && holds(buf, n, o->marks[1]))
			break;
	}
	if (o == own_files + NOWN)
		return 0;
	n = stem_len(path, o->ext);
	snprintf(json, sizeof(json), "%.*s.json", (int)n, path);
	text = !is_file(json);
	json[n] = '\0';
	text = text && is_file(json);
	if (n == 0)
		snprintf(err, sizeof(err),
		    "%s is bytebench's %s, not a report: compare the run's "
		    ".json",
		    path, o->kind);
	else
		snprintf(err, sizeof(err),
		    "%s is the %s of run %.*s; compare %.*s%s", path, o->kind,
		    (int)n, path, (int)n, path, text ? "" : ".json");
	cmp_complain(NULL, err);
	return -1;
}

/* Adds path[0..plen-1] as an input; -1 (said) when out of memory. */
static int
add(struct cmp_read *rs, const char *path, size_t plen, const char *label)
{
	void *grown;
	struct cmp_input *x = CMP_PUSH(grown, rs->in, rs->nin, INT32_MAX);

	if (x == NULL || (x->path = strndup(path, plen)) == NULL) {
		cmp_complain(NULL, "out of memory");
		return -1;
	}
	snprintf(x->label, sizeof(x->label), "%s", label);
	return 0;
}

/* Not hidden, and not a report being written (NAME.tmp.XXXXXX). */
static int
listed(const struct dirent *e)
{
	return e->d_name[0] != '.' && strstr(e->d_name, ".tmp.") == NULL;
}

/* Adds the regular files listed in dir, sorted; -1 (said) when none. */
static int
add_dir(struct cmp_read *rs, const char *dir, const char *label)
{
	struct dirent **names;
	char path[4096];
	int n = scandir(dir, &names, listed, alphasort), i, len, rc = 0;
	int start = rs->nin;

	if (n < 0) {
		cmp_complain(errno == ENOMEM ? NULL : dir,
		    errno == ENOMEM ? "out of memory"
		                    : "cannot read the directory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		len = snprintf(path, sizeof(path), "%s%s%s", dir,
		    dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]->d_name);
		if (rc == 0 && len > 0 && (size_t)len < sizeof(path) &&
		    is_file(path))
			rc = add(rs, path, (size_t)len, label);
		free(names[i]);
	}
	free(names);
	if (rc == 0 && rs->nin == start) {
		cmp_complain(dir, "no report in it");
		rc = -1;
	}
	return rc;
}

/* The inputs of [LABEL=]FILE or directory arguments; -1 (said). */
static int
make_inputs(struct cmp_read *rs, char **argv, int nargs)
{
	struct stat st;
	const char *path, *eq;
	char label[CMP_TEXT_MAX + 1];
	int i, rc = 0;

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
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			rc = add_dir(rs, path, label);
		else
			rc = add(rs, path, strlen(path), label);
	}
	return rc;
}

/* Whether an input other than skip is stem[0..n-1] followed by ext. */
static int
given(const struct cmp_read *rs, const char *stem, size_t n, const char *ext,
    int skip)
{
	int i;

	for (i = 0; i < rs->nin; i++)
		if (i != skip && strncmp(rs->in[i].path, stem, n) == 0 &&
		    strcmp(rs->in[i].path + n, ext) == 0)
			return 1;
	return 0;
}

/* Leaves out each input whose run another holds (an own file beside its
 * run's JSON or text report, a text report beside its JSON); says on
 * stderr in one line what was left out. */
static void
dedupe(struct cmp_read *rs)
{
	int count[NOWN + 1] = {0}, i, k, said = 0;
	const char *p;
	size_t n;

	for (i = 0; i < rs->nin; i++) {
		p = rs->in[i].path;
		for (k = 0; k < NOWN; k++)
			if ((n = stem_len(p, own_files[k].ext)) > 0 &&
			    (given(rs, p, n, ".json", i) ||
			        given(rs, p, n, "", i)))
				break;
		if (k < NOWN || (stem_len(p, ".json") == 0 &&
		                    given(rs, p, strlen(p), ".json", i))) {
			rs->in[i].left_out = 1;
			count[k]++;
		}
	}
	for (k = 0; k <= NOWN; k++)
		if (count[k] > 0)
			fprintf(stderr, "%s%d %s",
			    said++ ? ", " : "compare: left out ", count[k],
			    k < NOWN       ? own_files[k].ext
			    : count[k] > 1 ? "text reports"
			                   : "text report");
	if (said)
		fputs(": each run is read once\n", stderr);
}

int
compare_read(const char *text, size_t len, struct cmp_file *out, char *err,
    size_t errlen)
{
	/* after a UTF-8 byte order mark, if any */
	size_t i = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;

	while (i < len && memchr(" \t\n\r", text[i], 4) != NULL)
		i++;
	if (i == len) {
		snprintf(err, errlen, "empty: no report in it");
		return -1;
	}
	if (text[i] == '{')
		return parse_json(text + i, len - i, out, err, errlen);
	return parse_text(text, len, out, err, errlen);
}

void
cmp_complain(const char *path, const char *what)
{
	char line[8192];

	snprintf(line, sizeof(line), "compare: %s%s%s", path ? path : "",
	    path ? ": " : "", what);
	escape_plain(line, 0);
	fprintf(stderr, "%s\n", line);
}

/* Reads and parses one file; 0, or -1 after one line on stderr. */
static int
load(const char *path, struct cmp_file *file)
{
	char err[4096], *buf;
	size_t len;
	int rc, in = strcmp(path, "-") == 0;

	/* Not blocking on a FIFO; EINVAL: not a regular file. */
	rc = in ? file_read_fd(STDIN_FILENO, (size_t)CMP_FILE_MAX, &buf, &len)
	        : file_read_path(path, 0, SIZE_MAX, &buf, &len);
	if (rc != 0) {
		if (rc == 1)
			free(buf);
		cmp_complain(path,
		    rc == 1 || errno == EFBIG ? "larger than 32 MiB: no report"
		    : errno == EINVAL && !in  ? "not a regular file: no report"
		                              : strerror(errno));
		return -1;
	}
	if ((rc = refuse_own(path, buf, len)) == 0 &&
	    (rc = compare_read(buf, len, file, err, sizeof(err))) == -1)
		cmp_complain(path, err);
	free(buf);
	return rc;
}

int
cmp_read_all(struct cmp_read *rs, char **argv, int nargs)
{
	struct cmp_input *x;
	int j, n = 0, rc = 0;

	memset(rs, 0, sizeof(*rs));
	if (make_inputs(rs, argv, nargs) == -1)
		return 2;
	dedupe(rs);
	for (x = rs->in; x < rs->in + rs->nin; x++) {
		if (!x->left_out && load(x->path, &x->file) == -1)
			rc = 2;
		n += x->file.nreports;
	}
	rs->reports = calloc((size_t)n + 1, sizeof(*rs->reports));
	rs->user = calloc((size_t)n + 1, sizeof(*rs->user));
	rs->names = calloc((size_t)n + 1, sizeof(*rs->names));
	if (rs->reports == NULL || rs->user == NULL || rs->names == NULL) {
		cmp_complain(NULL, "out of memory");
		return 2;
	}
	/* The reports in order, run sets (numbered in a file from 1) apart. */
	for (x = rs->in; x < rs->in + rs->nin; x++)
		for (j = 0; j < x->file.nreports; j++) {
			if (x->file.reports[j].run_set > 0)
				x->file.reports[j].run_set += rs->n - j;
			rs->reports[rs->n] = &x->file.reports[j];
			rs->user[rs->n] = x->label[0] ? x->label : NULL;
			rs->names[rs->n++] = x->path;
		}
	return rc;
}

void
cmp_read_free(struct cmp_read *rs)
{
	int i;

	for (i = 0; i < rs->nin; i++) {
		free(rs->in[i].path);
		cmp_file_free(&rs->in[i].file);
	}
	free(rs->in);
	free(rs->reports);
	free(rs->user);
	free(rs->names);
	memset(rs, 0, sizeof(*rs));
}
