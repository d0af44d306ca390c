/*
 * test_writers_cases.c - the writers on other reports than the fixed one
 * of writers_fixture.h: an empty report, an interrupted quick run, a run
 * without an index, a labelled --duration run; a failed write, the
 * writer table and the outcome line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "write/json_read.h"
#include "writers_fixture.h"

/*
 * The data writers on an empty report (no run, no strings) write
 * something sane; text and log are written only of a run's report.
 */
static void
check_empty(void)
{
	struct report r;
	struct json_value doc;
	char err[100], label[64], *out;
	size_t i, len;
	int rc;

	memset(&r, 0, sizeof(r));
	for (i = 0; i < nwriters; i++) {
		if (writers[i].write == write_text ||
		    writers[i].write == write_log)
			continue;
		rc = render(writers[i].write, &r, &out, &len);
		snprintf(label, sizeof(label), "empty %s", writers[i].name);
		CHECK(label, rc == 0 && len > 0);
		if (writers[i].write == write_json) {
			rc = json_parse(out, len, &doc, err, sizeof(err));
			CHECK("empty json parses", rc == 0);
			if (rc == 0)
				json_free(&doc);
		}
		if (writers[i].write == write_csv)
			CHECK_STR(
			    "empty csv header only", out, "Concurrency\n");
		free(out);
	}
}

/* A labelled --duration run, a test of one sample. */
static void
check_labelled(struct report *r)
{
	char *out;
	size_t len;
	int rc, samples = r->runs[0].blocks[1].tests[0].samples;

	r->settings.label = "kernel <6.2>";
	r->settings.comment = "BIOS *X*";
	r->settings.duration_s = 2;
	r->runs[0].blocks[1].tests[0].samples = 1;
	rc = render(write_html, r, &out, &len);
	CHECK("html title names the label and the host",
	    rc == 0 && strstr(out, "<title>bytebench: kernel &lt;6.2&gt; "
	                           "(&lt;script&gt;") != NULL);
	CHECK("html label and comment",
	    strstr(out, "<p><strong>Label:</strong> kernel &lt;6.2&gt;</p>") !=
	            NULL &&
	        strstr(out, "<p><strong>Comment:</strong> BIOS *X*</p>") !=
	            NULL);
	CHECK("html --duration banner",
	    strstr(out, "<p class=\"warn\"><strong>--duration 2.0 s:</strong>"
	                " every test ran") != NULL &&
	        strstr(out, "not comparable with a real index") <
	            strstr(out, "<details open>"));
	CHECK("html no CV of one sample",
	    strstr(out, "data-k=\"Samples\">1</td><td class=\"n\" "
	                "data-k=\"CV\">-</td>") != NULL &&
	        strstr(out, "0.0%") == NULL);
	free(out);
	rc = render(write_md, r, &out, &len);
	CHECK("md label and comment",
	    rc == 0 && strstr(out, "\nLabel: kernel \\<6.2\\>\n") != NULL &&
	        strstr(out, "\nComment: BIOS \\*X\\*\n") != NULL);
	CHECK("md --duration line",
	    strstr(out, "\n**--duration 2.0 s:** every test ran that long a "
	                "pass") != NULL &&
	        strstr(out, "not comparable with a real index") != NULL);
	free(out);
	r->settings.label = r->settings.comment = NULL;
	r->settings.duration_s = 0;
	r->runs[0].blocks[1].tests[0].samples = samples;
}

/* Marks of an interrupted quick run, and a run without an index. */
static void
check_variants(struct report *r)
{
	char *out;
	size_t len;
	int rc, nindexes = r->runs[0].blocks[1].nindexes;

	r->interrupted = 1;
	r->settings.quick = 1;
	rc = render(write_html, r, &out, &len);
	CHECK("html interrupted banner",
	    rc == 0 && strstr(out, "<strong>Interrupted:</strong>") != NULL);
	CHECK("html quick banner",
	    strstr(out, "<strong>Quick mode:</strong>") != NULL);
	free(out);
	rc = render(write_json, r, &out, &len);
	CHECK("json interrupted",
	    rc == 0 && strstr(out, "\"interrupted\": true,") != NULL &&
	        strstr(out, "\"quick\": true,") != NULL);
	free(out);
	r->runs[0].blocks[1].nindexes = 0;
	rc = render(write_md, r, &out, &len);
	CHECK("md interrupted", rc == 0 && strstr(out, "**interrupted**"));
	CHECK("md results without index",
	    strstr(out, "| Test | RESULT | UNIT |\n") != NULL &&
	        strstr(out, "| Execl Throughput | 8724.8 | lps |\n") != NULL);
	free(out);
	r->runs[0].blocks[1].nindexes = nindexes;
	r->interrupted = 0;
	r->settings.quick = 0;
	check_labelled(r);
}

static void
check_write_error(const struct report *r)
{
	FILE *f = fopen("/dev/null", "r");

	if (f == NULL) {
		printf("SKIP: writer error: /dev/null: cannot open\n");
		return;
	}
	CHECK("json writer error", write_json(f, r) == -1);
	CHECK("csv writer error", write_csv(f, r) == -1);
	CHECK("html writer error", write_html(f, r) == -1);
	CHECK("md writer error", write_md(f, r) == -1);
	fclose(f);
}

/* An outcome its message already says is said once. */
static void
check_outcome_line(void)
{
	char line[64];

	writer_outcome_line(
	    line, sizeof(line), OUTCOME_INTERRUPTED, "interrupted by signal 2");
	CHECK_STR("outcome said once", line, "interrupted by signal 2");
	writer_outcome_line(line, sizeof(line), OUTCOME_FAILED, "exited 1");
	CHECK_STR("outcome and message", line, "failed: exited 1");
	writer_outcome_line(line, sizeof(line), OUTCOME_MISSING, "");
	CHECK_STR("outcome alone", line, outcome_name(OUTCOME_MISSING));
}

static void
check_table(void)
{
	static const char *const names[] = {"json", "csv", "html", "md"};
	static int (*const fns[])(FILE *, const struct report *) = {
	    write_json, write_csv, write_html, write_md};
	const struct writer *w;
	char label[64];
	size_t i;

	for (i = 0; i < 4; i++) {
		w = writer_find(names[i]);
		snprintf(label, sizeof(label), "writer table has %s", names[i]);
		CHECK(label, w != NULL && w->write == fns[i] &&
		                 w->suffix[0] == '.' &&
		                 strcmp(w->suffix + 1, names[i]) == 0);
	}
}

/*
 * The text report says what the numbers mean in its header, and after
 * the last score how the machine scaled: one number a row, no unit and
 * no "Score" there, every line within 80 columns.
 */
static void
check_text_explained(const struct report *r)
{
	const char *tail, *p, *nl;
	char *out;
	size_t len;
	int wide = 0;

	if (render(write_text, r, &out, &len) != 0) {
		CHECK("text renders", 0);
		return;
	}
	for (p = out; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		wide += nl - p > 80;
	CHECK("text within 80 columns", wide == 0);
	CHECK("text says what the numbers mean",
	    strstr(out, "\n   Reading: Higher is better. A test's index is its "
	                "result / the baseline's\n") != NULL);
	tail = strstr(out, "Scaling from 1 copy to 2:");
	CHECK("text scaling after the last score",
	    tail != NULL && strstr(tail, "Index Score") == NULL &&
	        strstr(tail - 400, "95% interval: 1790.0 to 2015.0") != NULL);
	CHECK("text scaling rows flagged",
	    tail != NULL &&
	        strstr(tail,
	            "\nPipe Throughput                                  "
	            "0.40  below 1\n") != NULL &&
	        strstr(tail,
	            "\nSystem Call Overhead                             "
	            "3.00  above 2\n") != NULL &&
	        strstr(tail,
	            "\nSystem Benchmarks Index                          "
	            "1.37\n") != NULL);
	CHECK("text scaling rows hold no unit",
	    tail != NULL && strstr(tail, " lps") == NULL &&
	        strstr(tail, "MWIPS") == NULL);
	CHECK("text flags explained", tail != NULL &&
	                                  strstr(tail, "\nbelow 1: ") != NULL &&
	                                  strstr(tail, "\nabove 2: ") != NULL);
	free(out);
}

/* A CV above 5% stands out in the HTML run table. */
static void
check_cv_marked(struct report *r)
{
	struct spread *sp = &r->runs[0].blocks[0].tests[0].spread;
	char *out;
	size_t len;

	sp->wide = 1;
	CHECK("html a wide CV in bold",
	    render(write_html, r, &out, &len) == 0 &&
	        strstr(out, "data-k=\"CV\"><strong>2.1%</strong></td>") !=
	            NULL &&
	        strstr(out, "data-k=\"CV\">1.0%</td>") != NULL);
	free(out);
	sp->wide = 0;
}

/*
 * A machine of two kinds of core: its header names them, and a 1-copy
 * block says where its passes ended.
 */
static void
check_kinds(struct report *r)
{
	struct cpu_topology saved = r->sys.topo, *t = &r->sys.topo;
	struct block *b = &r->runs[0].blocks[0];
	char *out;
	size_t len;

	t->nkinds = 2;
	t->same_part = 0;
	snprintf(t->kinds[0].label, sizeof(t->kinds[0].label), "big");
	snprintf(t->kinds[1].label, sizeof(t->kinds[1].label), "little");
	t->kinds[0].count = t->kinds[1].count = 1;
	b->kind_passes[0] = 3;
	b->kind_passes[1] = 2;
	CHECK("text: two kinds named, 1-copy passes by kind",
	    render(write_text, r, &out, &len) == 0 &&
	        strstr(out, "   CPUs: 2 online, 2 kinds: 1 x big, 1 x "
	                    "little\n") != NULL &&
	        strstr(out, "\nPasses ended on: 3 x big, 2 x little\n") !=
	            NULL);
	free(out);
	b->kind_passes[0] = b->kind_passes[1] = 0;
	r->sys.topo = saved;
}

int
main(void)
{
	struct report r;

	make_report(&r);
	check_text_explained(&r);
	check_kinds(&r);
	check_cv_marked(&r);
	check_empty();
	check_variants(&r);
	check_write_error(&r);
	check_table();
	check_outcome_line();
	report_free(&r);
	return check_exit();
}
