/*
 * test_mitigations.c - the kernel's CPU vulnerability files read from a
 * made-up directory (sorted "name: state" lines, dot files and
 * unreadable entries left out, no directory: ""), their summary by class,
 * and the header facts (memory, mitigations) in the text report, wrapped
 * at 80 columns, and in the JSON's system object.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "compare/compare.h"
#include "model/report.h"
#include "parse.h"
#include "plan/mitigations.h"
#include "write/writers.h"

/* One vulnerability file: its name and its line. */
static const struct {
	const char *name, *state;
} files[] = {
    {"spectre_v2", "Mitigation: Retpolines; STIBP: disabled; RSB filling"},
    {"meltdown", "Mitigation: PTI"},
    {"mds", "Vulnerable: Clear CPU buffers attempted, no microcode; SMT "
            "vulnerable"},
    {"l1tf", "Not affected"},
    {"itlb_multihit", "KVM: Mitigation: VMX disabled"},
    {"srbds", "Unknown: Dependent on hypervisor status"},
    {"spec_store_bypass", "Vulnerable"},
    {"tsx_async_abort", "Not affected"},
    {".hidden", "Vulnerable"},
};

static const char want_lines[] =
    "itlb_multihit: KVM: Mitigation: VMX disabled\n"
    "l1tf: Not affected\n"
    "mds: Vulnerable: Clear CPU buffers attempted, no microcode; SMT "
    "vulnerable\n"
    "meltdown: Mitigation: PTI\n"
    "spec_store_bypass: Vulnerable\n"
    "spectre_v2: Mitigation: Retpolines; STIBP: disabled; RSB filling\n"
    "srbds: Unknown: Dependent on hypervisor status\n"
    "tsx_async_abort: Not affected\n";

static const char want_summary[] =
    "2 vulnerable: mds, spec_store_bypass; 3 mitigated: itlb_multihit, "
    "meltdown, spectre_v2; 2 not affected; 1 other: srbds";

/* Makes the directory of files under dir; 0 or -1. */
static int
make_dir(const char *dir)
{
	char path[1024];
	size_t i;
	FILE *f;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i].name);
		if ((f = fopen(path, "w")) == NULL)
			return -1;
		fprintf(f, "%s\n", files[i].state);
		if (fclose(f) != 0)
			return -1;
	}
	return 0;
}

static void
remove_dir(const char *dir)
{
	char path[1024];
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i].name);
		unlink(path);
	}
	rmdir(dir);
}

static void
check_read(void)
{
	char dir[512], *lines, *summary;
	const char *tmp = getenv("TMPDIR");

	snprintf(dir, sizeof(dir), "%s/test_mitigations.XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL || make_dir(dir) != 0) {
		CHECK("fixture directory made", 0);
		return;
	}
	lines = sysinfo_mitigations_read(dir);
	CHECK_STR("read: sorted name: state lines, dot files left out",
	    lines != NULL ? lines : "(null)", want_lines);
	summary = sysinfo_mitigations_summary(lines != NULL ? lines : "");
	CHECK_STR("summary: counts and names by class",
	    summary != NULL ? summary : "(null)", want_summary);
	free(lines);
	free(summary);
	remove_dir(dir);
	lines = sysinfo_mitigations_read("/nonexistent/vulnerabilities");
	CHECK_STR("read: no directory is unknown",
	    lines != NULL ? lines : "(null)", "");
	summary = sysinfo_mitigations_summary("");
	CHECK_STR("summary of nothing is empty",
	    summary != NULL ? summary : "(null)", "");
	free(lines);
	free(summary);
	summary = sysinfo_mitigations_summary("a: Not affected\nb: Not "
	                                      "affected\n");
	CHECK_STR("summary: not affected are counted, not named",
	    summary != NULL ? summary : "(null)", "2 not affected");
	free(summary);
}

/* The report's text and JSON with the header facts of s set. */
static void
render(
    struct report *r, int (*write)(FILE *, const struct report *), char **out)
{
	size_t len;
	FILE *f = open_memstream(out, &len);

	if (f == NULL) {
		perror("open_memstream");
		exit(1);
	}
	write(f, r);
	fclose(f);
}

/* The longest line of text. */
static size_t
longest(const char *text)
{
	const char *nl;
	size_t max = 0;

	for (; (nl = strchr(text, '\n')) != NULL; text = nl + 1)
		if ((size_t)(nl - text) > max)
			max = (size_t)(nl - text);
	return max;
}

/* Every text field of the report "" (the writers print them). */
static void
blank_texts(struct report *r)
{
	struct sysinfo *s = &r->sys;
	char **text[] = {&r->version, &s->hostname, &s->os_name, &s->os_release,
	    &s->os_version, &s->machine, &s->platform, &s->distro, &s->locale,
	    &s->charmap, &s->collate, &s->cpu_model, &s->cpu_flags,
	    &s->compiler, &s->cflags, &s->build_kind, &s->scratch_dir,
	    &s->scratch_fs, &s->shell, &s->uptime};
	static char empty[] = "";
	size_t i;

	for (i = 0; i < sizeof(text) / sizeof(text[0]); i++)
		*text[i] = empty;
}

/*
 * compare reads the header with a run after it as one report of one
 * test: no header line looks like a test line ("15.6 GiB (" did).
 */
static void
check_compare_reads(const char *header)
{
	static const char run[] =
	    "------------------------------------------------------------\n"
	    "Benchmark Run: Tue Dec 01 2026 13:21:48 - 13:22:14\n"
	    "2 CPUs in system; running 1 parallel copy of tests\n\n"
	    "Dhrystone 2 using register variables       27844845.2 lps   "
	    "(10.0 s, 7 samples)\n\nNo index results available\n";
	struct cmp_file file = {NULL, 0};
	char err[200], *text;
	size_t n = strlen(header);

	if ((text = malloc(n + sizeof(run))) == NULL) {
		perror("malloc");
		exit(1);
	}
	memcpy(text, header, n);
	memcpy(text + n, run, sizeof(run));

	CHECK("compare reads the header as no test",
	    parse_text(text, strlen(text), &file, err, sizeof(err)) == 0 &&
	        file.nreports == 1 && file.reports[0].nblocks == 1 &&
	        file.reports[0].blocks[0].ntests == 1);
	cmp_file_free(&file);
	free(text);
}

static void
check_writers(void)
{
	struct report r;
	char *text = NULL, *json = NULL, lines[sizeof(want_lines)];
	char summary[sizeof(want_summary)];

	memset(&r, 0, sizeof(r));
	blank_texts(&r);
	r.sys.memory_kib = 16307364;
	r.sys.mitigations = memcpy(lines, want_lines, sizeof(lines));
	r.sys.mitigations_summary =
	    memcpy(summary, want_summary, sizeof(summary));
	render(&r, write_text, &text);
	CHECK("text: memory line",
	    strstr(text, "\n   Memory: 15.6 GiB, 16307364 KiB\n") != NULL);
	CHECK("text: mitigations line, wrapped under the flags' indent",
	    strstr(text, "\n   Mitigations: 2 vulnerable: mds, "
	                 "spec_store_bypass; 3 mitigated:\n          "
	                 "itlb_multihit, meltdown, spectre_v2; 2 not affected; "
	                 "1 other: srbds\n") != NULL);
	CHECK("text: 80 columns", longest(text) <= 80);
	check_compare_reads(text);
	render(&r, write_json, &json);
	CHECK(
	    "json: memory", strstr(json, "\"memory_kib\": 16307364,") != NULL);
	CHECK("json: every state",
	    strstr(json, "\"mitigations\": {\n      \"itlb_multihit\": "
	                 "\"KVM: Mitigation: VMX disabled\",\n      "
	                 "\"l1tf\": \"Not affected\",") != NULL &&
	        strstr(json, "\"tsx_async_abort\": \"Not affected\"\n    }") !=
	            NULL);
	free(text);
	free(json);
	text = json = NULL;
	r.sys.memory_kib = 0;
	r.sys.mitigations = r.sys.mitigations_summary = NULL;
	render(&r, write_text, &text);
	CHECK("text: unknown facts said so",
	    strstr(text, "\n   Memory: unknown\n") != NULL &&
	        strstr(text, "\n   Mitigations: unknown\n") != NULL);
	render(&r, write_json, &json);
	CHECK("json: unknown facts null",
	    strstr(json, "\"memory_kib\": null,") != NULL &&
	        strstr(json, "\"mitigations\": null") != NULL);
	free(text);
	free(json);
}

int
main(void)
{
	check_read();
	check_writers();
	return check_exit();
}
