/*
 * results.c - the result files of a run, claimed, then written in place
 * of their claims (results.h).
 */
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "write/files.h"
#include "write/results.h"

/* A claim's mode until its report replaces it: with its mark and lock,
 * what tells a claim a killed run left from anything else. */
#define CLAIM_MODE 0400

#define PATH_LEN 4096 /* a result file's path */

static int say(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* fmt into err; -1. */
static int
say(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* The file of format w for base into buf; 0, or -1 when it does not fit. */
static int
path_of(char buf[PATH_LEN], const char *base, const struct writer *w)
{
	size_t n = (size_t)snprintf(buf, PATH_LEN, "%s%s", base, w->suffix);

	return n < PATH_LEN ? 0 : -1;
}

/* 1 when no writer's file for base exists. */
static int
all_free(const char *base)
{
	char path[PATH_LEN];
	struct stat st;
	size_t i;

	for (i = 0; i < nwriters; i++) {
		if (path_of(path, base, &writers[i]) == -1)
			return 0;
		if (lstat(path, &st) == 0 || errno != ENOENT)
			return 0;
	}
	return 1;
}

/* 1 while format i's claim is still the file this run created. */
static int
still_ours(const struct results *res, int i, const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       st.st_dev == res->dev[i] && st.st_ino == res->ino[i];
}

/* Closes the first n claims, under base, and removes those still ours. */
static void
drop_claims(struct results *res, const char *base, int n)
{
	char path[PATH_LEN];

	while (--n >= 0) {
		if (base != NULL && path_of(path, base, res->formats[n]) == 0 &&
		    still_ours(res, n, path))
			unlink(path);
		close(res->fd[n]);
	}
	res->claimed = 0;
}

/* Claims every format's file for base; -1 with errno when one failed. */
static int
claim(struct results *res, const char *base)
{
	char path[PATH_LEN];
	struct stat st;
	int fd, i, saved;

	for (i = 0; i < res->nformats; i++) {
		if (path_of(path, base, res->formats[i]) == -1) {
			errno = ENAMETOOLONG;
			break;
		}
		fd = open(path,
		    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		if (fd == -1)
			break;
		/*
		 * Locked before it takes the mark a tidying run looks for.
		 * Unmarked (a full disk), only this run removes it.
		 */
		if (files_lock(fd) == 0)
			files_mark(fd);
		if (fchmod(fd, CLAIM_MODE) == -1 || fstat(fd, &st) == -1) {
			saved = errno;
			close(fd);
			unlink(path);
			errno = saved;
			break;
		}
		res->fd[i] = fd;
		res->dev[i] = st.st_dev;
		res->ino[i] = st.st_ino;
	}
	if (i == res->nformats)
		return 0;
	saved = errno;
	drop_claims(res, base, i);
	errno = saved;
	return -1;
}

/* Claims the first free <stem>-<NN>; 0, or -1 with err written. */
static int
claim_next(struct results *res, char *err, size_t errlen)
{
	/* The directory, for messages: the stem up to its last '/'. */
	int dir = (int)(strrchr(res->stem, '/') - res->stem);
	char base[4096], *copy;
	int nn;

	for (nn = 1; nn < 10000; nn++) {
		if ((size_t)snprintf(base, sizeof(base), "%s-%02d", res->stem,
		        nn) >= sizeof(base))
			return say(
			    err, errlen, "results directory name too long");
		if (!all_free(base))
			continue;
		if (claim(res, base) == 0)
			break;
		if (errno != EEXIST)
			return say(err, errlen,
			    "cannot create results file in %.*s: %s", dir,
			    res->stem, strerror(errno));
	}
	if (nn == 10000)
		return say(err, errlen, "no free results name in %.*s", dir,
		    res->stem);
	if ((copy = strdup(base)) == NULL) {
		drop_claims(res, base, res->nformats);
		return say(err, errlen, "out of memory");
	}
	free(res->base);
	res->base = copy;
	res->claimed = res->nformats;
	return 0;
}

/* The host name with anything unsafe in a file name replaced by '_'. */
static void
safe_host(const char *host, char *out, size_t len)
{
	size_t i;

	for (i = 0; host[i] != '\0' && i + 1 < len && i < 64; i++)
		out[i] = host[i] == '/' || host[i] <= ' ' ||
		                 (i == 0 && host[i] == '.')
		             ? '_'
		             : host[i];
	out[i] = '\0';
	if (i == 0)
		snprintf(out, len, "localhost");
}

/* Refuses a given name whose file is there but neither file nor link. */
static int
replaceable(
    const struct results *res, const char *base, char *err, size_t errlen)
{
	char path[PATH_LEN];
	struct stat st;
	int i;

	for (i = 0; i < res->nformats; i++) {
		if (path_of(path, base, res->formats[i]) == -1)
			return say(err, errlen, "results file name too long");
		if (lstat(path, &st) == -1
		        ? errno != ENOENT
		        : !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
			return say(
			    err, errlen, "cannot replace %s: not a file", path);
	}
	return 0;
}

int
results_plain_name(const char *name)
{
	return *name != '\0' && strchr(name, '/') == NULL &&
	       strcmp(name, ".") != 0 && strcmp(name, "..") != 0;
}

int
results_claim(struct results *res, const char *dir, const char *fixed_name,
    const char *host, time_t when, const struct writer *const *formats,
    int nformats, char *err, size_t errlen)
{
	char base[4096], name[80], date[16];
	struct tm tm;

	memset(res, 0, sizeof(*res));
	if (nformats > RESULTS_MAX_FORMATS)
		nformats = RESULTS_MAX_FORMATS;
	memcpy(res->formats, formats, sizeof(*formats) * (size_t)nformats);
	res->nformats = nformats;
	if (fixed_name != NULL) {
		if ((size_t)snprintf(base, sizeof(base), "%s/%s", dir,
		        fixed_name) >= sizeof(base))
			return say(err, errlen, "results file name too long");
		if (replaceable(res, base, err, errlen) == -1)
			return -1;
		res->fixed = 1;
		if ((res->base = strdup(base)) == NULL)
			return say(err, errlen, "out of memory");
		return 0;
	}
	localtime_r(&when, &tm);
	strftime(date, sizeof(date), "%Y-%m-%d", &tm);
	safe_host(host, name, sizeof(name));
	snprintf(base, sizeof(base), "%s/%s-%s", dir, name, date);
	if ((res->stem = strdup(base)) == NULL)
		return say(err, errlen, "out of memory");
	return claim_next(res, err, errlen);
}

/* Format i of res, for install. */
struct format_of {
	const struct results *res;
	int i;
};

/*
 * Puts tmp at path (ctx: its format_of): renamed over a given name; else
 * only while the claim is this run's, by removing it and linking tmp
 * there (which fails rather than replace another run's file), or renamed
 * where the file system has no links.  0, or -1 with errno.
 */
static int
install(const char *tmp, const char *path, const void *ctx)
{
	const struct format_of *fo = ctx;

	if (fo->res->fixed)
		return rename(tmp, path);
	if (!still_ours(fo->res, fo->i, path)) {
		errno = EEXIST;
		return -1;
	}
	if (unlink(path) == -1)
		return -1;
	if (link(tmp, path) == 0)
		return unlink(tmp) == -1 && errno != ENOENT ? -1 : 0;
	if (errno == EEXIST)
		return -1;
	return rename(tmp, path);
}

/* 1 when a claim of res is no longer this run's. */
static int
claim_lost(const struct results *res)
{
	char path[PATH_LEN];
	int i;

	for (i = 0; i < res->claimed; i++)
		if (path_of(path, res->base, res->formats[i]) == -1 ||
		    !still_ours(res, i, path))
			return 1;
	return 0;
}

int
results_write(
    struct results *res, const struct report *r, char *err, size_t errlen)
{
	char path[PATH_LEN];
	size_t used = 0;
	int i, rc = 0;

	err[0] = '\0';
	if (!res->fixed && claim_lost(res)) {
		/* Another run took the name: every format moves on together. */
		drop_claims(res, res->base, res->claimed);
		res->taken = res->base;
		res->base = NULL;
		if (claim_next(res, err, errlen) == -1)
			return -1;
	}
	for (i = 0; i < res->nformats; i++) {
		res->written[i] = 0;
		if (!res->fixed && i >= res->claimed)
			continue;
		if (path_of(path, res->base, res->formats[i]) == -1)
			errno = ENAMETOOLONG;
		else if (files_write_beside(path, 0644, res->formats[i], r,
		             install, &(struct format_of){res, i}) == 0) {
			res->written[i] = 1;
			continue;
		}
		if (used == 0)
			used = (size_t)snprintf(err, errlen, "cannot write");
		if (used < errlen)
			used += (size_t)snprintf(err + used, errlen - used,
			    "%s %s (%s)", rc == 0 ? "" : ",", path,
			    strerror(errno));
		rc = -1;
	}
	/* A claim not written over is removed: no empty file is left. */
	drop_claims(res, res->base, res->claimed);
	return rc;
}

void
results_free(struct results *res)
{
	int i;

	for (i = 0; i < res->claimed; i++)
		close(res->fd[i]);
	res->claimed = 0;
	free(res->base);
	free(res->stem);
	free(res->taken);
	res->base = res->stem = res->taken = NULL;
}

/* 1 when name ends like a claimed result file: -YYYY-MM-DD-NN<suffix>. */
static int
result_name(const char *name)
{
	size_t n = strlen(name), k, s, d, i;
	static const char shape[] = "-dddd-dd-dd-";

	for (k = 0; k < nwriters; k++) {
		s = strlen(writers[k].suffix);
		if (s == 0 || n <= s ||
		    strcmp(name + n - s, writers[k].suffix) != 0)
			continue;
		n -= s;
		break;
	}
	for (d = 0; d < 4 && d < n && isdigit((unsigned char)name[n - 1 - d]);
	     d++)
		;
	if (d < 2 || n < d + sizeof(shape) - 1)
		return 0;
	n -= d + sizeof(shape) - 1;
	for (i = 0; shape[i] != '\0'; i++)
		if (shape[i] == 'd' ? !isdigit((unsigned char)name[n + i])
		                    : name[n + i] != shape[i])
			return 0;
	return 1;
}

/* A claim a killed run left: named like one, its mode, its mark. */
static int
left_claim(int dirfd, const char *name, const struct stat *st)
{
	return S_ISREG(st->st_mode) && result_name(name) &&
	       files_left(dirfd, name, CLAIM_MODE);
}

/* A report's temporary file (files_write_beside), this user's, beside
 * its claim that a killed run left. */
static int
left_temp(int dirfd, const char *name, const struct stat *st)
{
	char claim[4096];
	size_t k = files_beside_stem(name);

	if (k == 0 || k >= sizeof(claim) || !S_ISREG(st->st_mode) ||
	    st->st_uid != geteuid())
		return 0;
	snprintf(claim, sizeof(claim), "%.*s", (int)k, name);
	return result_name(claim) && files_left(dirfd, claim, CLAIM_MODE);
}

int
results_tidy(const char *dir)
{
	/* The temporary files first: their claims vouch for them. */
	int n = files_remove_dead(dir, left_temp, NULL);

	return n + files_remove_dead(dir, left_claim, NULL);
}
