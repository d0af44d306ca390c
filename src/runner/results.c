/*
 * results.c - picks the first free results/<host>-<date>-<NN> name, claims
 * a file per format with O_CREAT|O_EXCL, and writes each format through a
 * temporary file renamed over its claim.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results.h"

/* base + suffix into buf; returns 0, or -1 when it does not fit. */
static int
path_of(char *buf, size_t len, const char *base, const char *suffix)
{
	return (size_t)snprintf(buf, len, "%s%s", base, suffix) < len ? 0 : -1;
}

/* 1 when no writer's file for base exists. */
static int
all_free(const char *base)
{
	char path[4096];
	struct stat st;
	size_t i;

	for (i = 0; i < nwriters; i++) {
		if (path_of(path, sizeof(path), base, writers[i].suffix) == -1)
			return 0;
		if (lstat(path, &st) == 0 || errno != ENOENT)
			return 0;
	}
	return 1;
}

/* Claims every format's file for base; -1 with errno when one failed. */
static int
claim(struct results *res, const char *base)
{
	char path[4096];
	int fd, i, saved;

	for (i = 0; i < res->nformats; i++) {
		if (path_of(path, sizeof(path), base,
		    res->formats[i]->suffix) == -1) {
			errno = ENAMETOOLONG;
			break;
		}
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd == -1)
			break;
		close(fd);
	}
	if (i == res->nformats)
		return 0;
	saved = errno;
	while (--i >= 0)
		if (path_of(path, sizeof(path), base,
		    res->formats[i]->suffix) == 0)
			unlink(path);
	errno = saved;
	return -1;
}

/* The host name with anything unsafe in a file name replaced by '_'. */
static void
safe_host(const char *host, char *out, size_t len)
{
	size_t i;

	for (i = 0; host[i] != '\0' && i + 1 < len && i < 64; i++)
		out[i] = host[i] == '/' || host[i] <= ' ' ||
		    (i == 0 && host[i] == '.') ? '_' : host[i];
	out[i] = '\0';
	if (i == 0)
		snprintf(out, len, "localhost");
}

int
results_claim(struct results *res, const char *dir, const char *fixed_name,
    const char *host, time_t when, const struct writer *const *formats,
    int nformats, char *err, size_t errlen)
{
	char base[4096], name[80], date[16];
	struct tm tm;
	int nn;

	memset(res, 0, sizeof(*res));
	if (nformats > RESULTS_MAX_FORMATS)
		nformats = RESULTS_MAX_FORMATS;
	memcpy(res->formats, formats, sizeof(*formats) * (size_t)nformats);
	res->nformats = nformats;
	if (fixed_name != NULL) {
		if (*fixed_name == '\0' || strchr(fixed_name, '/') != NULL ||
		    strcmp(fixed_name, ".") == 0 ||
		    strcmp(fixed_name, "..") == 0) {
			snprintf(err, errlen, "UB_OUTPUT_FILE_NAME must be a "
			    "plain file name: %s", fixed_name);
			return -1;
		}
		if ((size_t)snprintf(base, sizeof(base), "%s/%s", dir,
		    fixed_name) >= sizeof(base))
			errno = ENAMETOOLONG;
		else if (!all_free(base))
			errno = EEXIST;
		else if (claim(res, base) == 0)
			errno = 0;
		if (errno != 0) {
			snprintf(err, errlen, "cannot create results file %s: "
			    "%s", base, strerror(errno));
			return -1;
		}
	} else {
		localtime_r(&when, &tm);
		strftime(date, sizeof(date), "%Y-%m-%d", &tm);
		safe_host(host, name, sizeof(name));
		for (nn = 1; nn < 10000; nn++) {
			snprintf(base, sizeof(base), "%s/%s-%s-%02d", dir, name,
			    date, nn);
			if (!all_free(base))
				continue;
			if (claim(res, base) == 0)
				break;
			if (errno != EEXIST) {
				snprintf(err, errlen, "cannot create results "
				    "file in %s: %s", dir, strerror(errno));
				return -1;
			}
		}
		if (nn == 10000) {
			snprintf(err, errlen, "no free results name in %s", dir);
			return -1;
		}
	}
	if ((res->base = strdup(base)) == NULL) {
		results_unclaim(res);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	res->claimed = nformats;
	return 0;
}

/* Writes one format through a temporary file in the same directory. */
static int
write_one(const char *final, const struct writer *w, const struct report *r)
{
	char tmp[4096];
	FILE *f;
	int fd, rc;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp.XXXXXX", final) >=
	    sizeof(tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if ((fd = mkstemp(tmp)) == -1)
		return -1;
	if (fchmod(fd, 0644) == -1 || (f = fdopen(fd, "w")) == NULL) {
		close(fd);
		unlink(tmp);
		return -1;
	}
	rc = w->write(f, r);
	if (fflush(f) != 0 || ferror(f))
		rc = -1;
	if (fclose(f) != 0)
		rc = -1;
	if (rc == 0 && rename(tmp, final) == -1)
		rc = -1;
	if (rc != 0)
		unlink(tmp);
	return rc;
}

int
results_write(const struct results *res, const struct report *r, char *err,
    size_t errlen)
{
	char path[4096];
	int i, rc = 0;

	for (i = 0; i < res->claimed; i++) {
		if (path_of(path, sizeof(path), res->base,
		    res->formats[i]->suffix) == -1 ||
		    write_one(path, res->formats[i], r) == -1) {
			if (rc == 0)
				snprintf(err, errlen, "cannot write %s: %s",
				    path, strerror(errno));
			rc = -1;
		}
	}
	return rc;
}

void
results_unclaim(struct results *res)
{
	char path[4096];
	int i;

	for (i = 0; res->base != NULL && i < res->claimed; i++)
		if (path_of(path, sizeof(path), res->base,
		    res->formats[i]->suffix) == 0)
			unlink(path);
	res->claimed = 0;
}

void
results_free(struct results *res)
{
	free(res->base);
	res->base = NULL;
}
