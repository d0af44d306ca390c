/*
 * test_report_files.c - a report written beside its file under a
 * temporary name (write/files.c): locked until it is in place, so that a
 * tidying run leaves it; what a killed run left is tidied, a user's files
 * are not.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "write/files.h"
#include "write/results.h"

#define REPORT "the report\n"

static char dir[] = "/tmp/test_report_files.XXXXXX";

static int
write_fixed(FILE *f, const struct report *r)
{
	(void)r;
	return fputs(REPORT, f) == EOF ? -1 : 0;
}

static int
write_failing(FILE *f, const struct report *r)
{
	(void)r;
	fputs("half", f);
	errno = ENOSPC;
	return -1;
}

static const struct writer fixed = {"fixed", "", write_fixed};
static const struct writer failing = {"failing", "", write_failing};

/* What a tidying run in another process removes from dir. */
static int
tidy_elsewhere(void)
{
	pid_t pid = fork();
	int st;

	if (pid == 0)
		_exit(results_tidy(dir));
	if (pid == -1 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

/* Claims -02 of host's text and JSON in dir in a process that ends. */
static void
claim_elsewhere(void)
{
	static const struct writer json = {"json", ".json", write_fixed};
	const struct writer *const formats[] = {&fixed, &json};
	struct results res;
	char err[256];
	pid_t pid = fork();

	if (pid == 0)
		_exit(results_claim(&res, dir, NULL, "host",
		          1796212800 /* 2026-12-02 12:00 UTC */, formats, 2,
		          err, sizeof(err)) == 0
		          ? 0
		          : 1);
	if (pid != -1)
		waitpid(pid, NULL, 0);
}

/* install: another run tidies while the file is still beside path. */
static int tidied_meanwhile = -1, there_meanwhile;

static int
install_after_tidy(const char *tmp, const char *path, const void *ctx)
{
	(void)ctx;
	tidied_meanwhile = tidy_elsewhere();
	there_meanwhile = access(tmp, F_OK) == 0;
	return rename(tmp, path);
}

static int
entries(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d != NULL && (e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	if (d != NULL)
		closedir(d);
	return n;
}

/* A file name in dir with the given contents. */
static void
put(const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		exit(1);
	}
	fputs(text, f);
	fclose(f);
}

static int
has(const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return access(path, F_OK) == 0;
}

int
main(void)
{
	char path[256], buf[64] = "";
	struct stat st;
	FILE *f;
	int rc, saved;

	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(path, sizeof(path), "%s/host-2026-12-02-01.json", dir);
	rc = files_write_beside(
	    path, 0640, &fixed, NULL, install_after_tidy, NULL);
	CHECK("being written: another run's tidying leaves it",
	    rc == 0 && tidied_meanwhile == 0 && there_meanwhile);
	if ((f = fopen(path, "r")) != NULL) {
		if (fgets(buf, sizeof(buf), f) == NULL)
			buf[0] = '\0';
		fclose(f);
	}
	CHECK("written: the report in place, its mode, nothing beside it",
	    strcmp(buf, REPORT) == 0 && stat(path, &st) == 0 &&
	        (st.st_mode & 07777) == 0640 && entries() == 1);

	errno = 0;
	rc = files_write_beside(path, 0644, &failing, NULL, NULL, NULL);
	saved = errno;
	CHECK("a write that fails: -1, its errno, the file as it was",
	    rc == -1 && saved == ENOSPC && entries() == 1 &&
	        stat(path, &st) == 0 && st.st_size == (off_t)strlen(REPORT));

	CHECK("stem: a temporary name's",
	    files_beside_stem("h-2026-12-02-01.json.tmp.Ab12Cd") ==
	        strlen("h-2026-12-02-01.json"));
	CHECK("stem: none without the whole suffix",
	    files_beside_stem("h-2026-12-02-01.tmp.Ab1") == 0 &&
	        files_beside_stem(".tmp.Ab12Cd") == 0 &&
	        files_beside_stem("h-2026-12-02-01.json") == 0);

	CHECK("stem: six letters or digits after .tmp.",
	    files_beside_stem("h-2026-12-02-01.tmp.Ab-2Cd") == 0 &&
	        files_beside_stem("h-2026-12-02-01.tmp.Ab12Cde") == 0);

	/*
	 * What a SIGKILL during the write leaves: the claims (here of a
	 * process that ended) and a temporary file beside one; a user's own
	 * files named alike, beside no claim.
	 */
	claim_elsewhere();
	put("host-2026-12-02-02.json.tmp.Ab12Cd", "{\"half");
	put("host-2026-12-02-03.tmp.Zz99Yy", "half");
	put("notes.tmp.Ab12Cd", "mine");
	put("host-2026-12-02-03.tmp.Ab1", "mine");
	rc = tidy_elsewhere();
	CHECK("killed while writing: the claims and temporary file removed",
	    rc == 3 && !has("host-2026-12-02-02.json.tmp.Ab12Cd") &&
	        !has("host-2026-12-02-02.json") && !has("host-2026-12-02-02"));
	CHECK("a user's files named alike are kept",
	    has("notes.tmp.Ab12Cd") && has("host-2026-12-02-03.tmp.Ab1") &&
	        has("host-2026-12-02-03.tmp.Zz99Yy") &&
	        has("host-2026-12-02-01.json"));

	files_remove_tree(dir, NULL);
	return check_exit();
}
