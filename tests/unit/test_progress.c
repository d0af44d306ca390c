/*
 * test_progress.c - the time estimate (plan/estimate.c) and progress.c's
 * lines with a fake clock: the first guess, learning from finished passes
 * and from the same test at another copies value, cut tests, the printed
 * lines on a terminal and off it, in turn and in rounds, the clock format.
 */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "defs.h"
#include "exec/progress.h"
#include "model/quick.h"

static const struct test_def def_a = FAKE_TEST("a", "A", 10, PASSES_LONG);
static const struct test_def def_b = FAKE_TEST("b", "B", 30, PASSES_SHORT);

static void
test_clock(void)
{
	char buf[24];

	estimate_clock(0, buf, sizeof(buf));
	CHECK_STR("clock 0", buf, "0:00");
	estimate_clock(59.6, buf, sizeof(buf));
	CHECK_STR("clock 59.6 rounds", buf, "1:00");
	estimate_clock(754, buf, sizeof(buf));
	CHECK_STR("clock 754", buf, "12:34");
	estimate_clock(3725, buf, sizeof(buf));
	CHECK_STR("clock from an hour", buf, "1:02:05");
	estimate_clock(-3, buf, sizeof(buf));
	CHECK_STR("clock negative is 0", buf, "0:00");
}

static void
test_guess(void)
{
	struct plan_step s[3] = {
	    {.test = &def_a,
	        .copies = 1,
	        .passes = 10,
	        .seconds = 10,
	        .extra_s = 0.5},
	    {.test = &def_b,
	        .copies = 1,
	        .passes = 3,
	        .seconds = 30,
	        .extra_s = 15},
	    {.test = &def_a,
	        .copies = 2,
	        .passes = 10,
	        .seconds = 10,
	        .extra_s = 0.5},
	};
	struct plan_run pr;

	if (estimate_start(&pr, s, 3) == -1) {
		CHECK("estimate_start", 0);
		return;
	}
	CHECK("tallies as planned, nothing done",
	    pr.tally[0].passes == 10 && pr.tally[1].passes == 3 &&
	        pr.tally[2].done == 0 && pr.tally[2].done_s == 0);
	CHECK_NEAR("first guess: seconds + extra", estimate_pass_guess(&pr, 0),
	    10.5, 1e-12);
	/* 10 x 10.5 + 3 x 45 + 10 x 10.5 */
	CHECK_NEAR("left before anything ran", estimate_left(&pr), 345, 1e-9);
	pr.tally[0].done = 2;
	pr.tally[0].done_s = 24;
	CHECK_NEAR("guess: mean of the finished passes",
	    estimate_pass_guess(&pr, 0), 12, 1e-12);
	CHECK_NEAR("guess: the same test at other copies",
	    estimate_pass_guess(&pr, 2), 12, 1e-12);
	CHECK_NEAR("guess: another test keeps its own",
	    estimate_pass_guess(&pr, 1), 45, 1e-12);
	/* 8 x 12 + 3 x 45 + 10 x 12 */
	CHECK_NEAR("left learns", estimate_left(&pr), 351, 1e-9);
	pr.tally[1].passes = pr.tally[1].done;
	CHECK_NEAR("a cut test leaves nothing", estimate_left(&pr), 216, 1e-9);
	CHECK("the plan unchanged", s[0].passes == 10 && s[1].passes == 3);
	free(pr.tally);
}

/* Settings of tests a, b at copies 1 and 2, 4 long and 2 short passes. */
static void
settings(struct settings *s, const struct test_def **tests, int *copies)
{
	memset(s, 0, sizeof(*s));
	tests[0] = &def_a;
	tests[1] = &def_b;
	copies[0] = 1;
	copies[1] = 2;
	s->tests = tests;
	s->ntests = 2;
	s->copies = copies;
	s->ncopies = 2;
	s->long_passes = 4;
	s->short_passes = 2;
}

/* A progress printing into memory, over settings(); passes 0: theirs. */
struct capture {
	const struct test_def *tests[2];
	int copies[2];
	struct settings s;
	struct plan_step *steps;
	struct plan_run plan;
	struct progress p;
	char *text;
	size_t len;
	FILE *f;
};

static int
capture_open(struct capture *c, int passes, int tty, double now)
{
	memset(c, 0, sizeof(*c));
	settings(&c->s, c->tests, c->copies);
	if (passes > 0)
		c->s.long_passes = c->s.short_passes = passes;
	if ((c->f = open_memstream(&c->text, &c->len)) == NULL) {
		CHECK("open_memstream", 0);
		return -1;
	}
	CHECK("plan", plan_make(&c->s, NULL, &c->steps, &c->plan.n) == 0 &&
	                  estimate_start(&c->plan, c->steps, c->plan.n) == 0);
	progress_init(&c->p, &c->plan, c->f, tty, now);
	progress_estimate(&c->p, &c->s);
	return 0;
}

/* Ends the progress; c->text holds what it printed (free it). */
static void
capture_close(struct capture *c)
{
	free(c->plan.tally);
	free(c->steps);
	fclose(c->f);
}

static void
test_run(void)
{
	struct capture c;

	if (capture_open(&c, 0, 0, 100) == -1)
		return;
	/* a: 4 x 10.1 s, b: 2 x 30.1 s, twice: 201.2 s. */
	CHECK("planned 4 steps", c.plan.n == 4 && c.steps[0].passes == 4 &&
	                             c.steps[1].passes == 2 &&
	                             c.steps[3].copies == 2);
	CHECK_NEAR("planned estimate", estimate_left(&c.plan), 201.2, 1e-9);
	progress_test_begin(&c.p, 0, 100);
	progress_pass_begin(&c.p, 1, 100);
	progress_pass_end(&c.p, 112, NULL);
	CHECK_NEAR("one pass of 12 s learnt", estimate_left(&c.plan),
	    3 * 12 + 2 * 30.1 + 4 * 12 + 2 * 30.1, 1e-9);
	progress_pass_begin(&c.p, 2, 112);
	progress_pass_end(&c.p, 113, "failed: boom");
	progress_test_end(&c.p, 113, NULL);
	CHECK("failed pass not counted, test cut, the plan unchanged",
	    c.plan.tally[0].done == 1 && c.plan.tally[0].passes == 1 &&
	        c.steps[0].passes == 4);
	progress_test_begin(&c.p, 1, 113);
	progress_test_end(&c.p, 113, "not built");
	CHECK("step 2: the first test at the second copies value",
	    c.steps[2].test == &def_a && c.steps[2].copies == 2);
	capture_close(&c);
	CHECK("estimate of 3 min printed",
	    c.text != NULL &&
	        strstr(c.text, "Estimated time: about 3 min\n") == c.text);
	CHECK("plain line of a test",
	    c.text != NULL &&
	        strstr(c.text, "1 x A  1 2 -- failed: boom  (0:13 elapsed, "
	                       "~2:48 left)\n") != NULL);
	CHECK("plain line of a test not run",
	    c.text != NULL &&
	        strstr(c.text, "1 x B  not built  (0:13 elapsed, ~") != NULL);
	free(c.text);
}

/* What follows the last carriage return: the line a terminal keeps. */
static const char *
kept_line(const char *t)
{
	const char *r = strrchr(t, '\r');

	return r != NULL ? r + 1 : t;
}

static void
test_tty(void)
{
	struct capture c;
	const char *t;

	if (capture_open(&c, 1, 80, 0) == -1)
		return;
	progress_test_begin(&c.p, 0, 0);
	progress_pass_begin(&c.p, 1, 0);
	progress_pass_end(&c.p, 10, NULL);
	progress_test_end(&c.p, 10, NULL);
	progress_test_begin(&c.p, 1, 10);
	progress_test_end(&c.p, 11, "not built");
	capture_close(&c);
	t = c.text != NULL ? c.text : "";
	CHECK("tty: estimate of a minute printed",
	    strncmp(t, "Estimated time: about 1 min\n", 28) == 0);
	CHECK("tty: redrawn in place, the one format",
	    strstr(t, "\r1 x A  pass 1/1  (0:00 elapsed, ~1:20 left)") != NULL);
	/* A finished line keeps no time left: it would go stale. */
	CHECK("tty: a finished test's line without the time left",
	    strstr(t, "\r1 x A  1 pass  (0:10 elapsed)  ") != NULL);
	CHECK("tty: a test not run says why, without the time left",
	    strncmp(kept_line(t), "1 x B  not built  (0:11 elapsed)", 32) ==
	            0 &&
	        strstr(kept_line(t), "left") == NULL &&
	        t[strlen(t) - 1] == '\n');
	free(c.text);
}

/* In rounds (quick mode): one line a round, failures named, steps by test. */
static void
test_rounds(void)
{
	struct capture c;
	const char *t;
	int tty, k;

	for (tty = 0; tty <= 1; tty++) {
		if (capture_open(&c, 2, tty * 80, 0) == -1)
			return;
		for (k = 1; k <= 2; k++) {
			progress_round_begin(&c.p, k, 2, 1, 10.0 * k);
			progress_test_begin(&c.p, 0, 10.0 * k);
			progress_pass_begin(&c.p, k, 10.0 * k);
			progress_pass_end(&c.p, 10.0 * k + 2, NULL);
			if (k == 2)
				progress_test_end(&c.p, 22, NULL);
			if (k == 1) { /* B fails in round 1: no more */
				progress_test_begin(&c.p, 1, 12);
				progress_pass_begin(&c.p, 1, 12);
				progress_pass_end(&c.p, 15, "failed: x");
				progress_test_end(&c.p, 15, NULL);
			}
			progress_round_end(&c.p, 10.0 * k + 5);
		}
		CHECK("rounds: each pass counted in its step",
		    c.plan.tally[0].done == 2 && c.plan.tally[0].done_s == 4 &&
		        c.plan.tally[1].done == 0 &&
		        c.plan.tally[1].passes == 0);
		capture_close(&c);
		t = c.text != NULL ? c.text : "";
		/* Off a terminal the round's line is the test's format; on
		 * one, the finished round keeps no time left. */
		CHECK("rounds: a line a round",
		    tty ||
		        (strstr(t, "1 x round 1 of 2  (0:15 elapsed, ~") !=
		                NULL &&
		            strstr(t, "1 x round 2 of 2  (0:25 elapsed, ~") !=
		                NULL));
		CHECK("rounds: on a terminal a finished round without the "
		      "time left",
		    !tty ||
		        (strstr(t, "\r1 x round 1 of 2  (0:15 elapsed)") !=
		                NULL &&
		            strstr(t, "round 1 of 2  (0:15 elapsed, ") ==
		                NULL &&
		            strncmp(kept_line(t),
		                "1 x round 2 of 2  (0:25 elapsed)", 32) == 0 &&
		            strstr(kept_line(t), "left") == NULL));
		CHECK("rounds: the failed pass with its test",
		    strstr(t, "1 x B: pass 1 -- failed: x\n") != NULL);
		CHECK("rounds: no line per test",
		    tty || strstr(t, "1 x A  ") == NULL);
		CHECK("rounds: on a terminal the pass redrawn, the one format",
		    !tty || strstr(t, "\r1 x A  pass 2/2  (0:20 elapsed, ~") !=
		                NULL);
		free(c.text);
	}
}

/*
 * A terminal of `cols` columns fed text: what its rows show.  A line
 * written past the last column wraps to the next row and a carriage
 * return goes back to the start of the row the cursor is on.
 */
#define SCREEN_ROWS 64
#define SCREEN_COLS 128
struct screen {
	char row[SCREEN_ROWS][SCREEN_COLS + 1];
	int nrows, wrapped;
};

static void
screen_feed(struct screen *sc, const char *t, int cols)
{
	int r = 0, col = 0;

	memset(sc, 0, sizeof(*sc));
	for (; *t != '\0' && r < SCREEN_ROWS; t++) {
		if (*t == '\r') {
			col = 0;
		} else if (*t == '\n') {
			r++;
			col = 0;
		} else {
			if (col == cols) { /* the wrap of a full row */
				sc->wrapped++;
				if (++r == SCREEN_ROWS)
					break;
				col = 0;
			}
			sc->row[r][col++] = *t;
		}
	}
	sc->nrows = r < SCREEN_ROWS ? r + 1 : r;
}

/* How many times c is in s. */
static int
count_char(const char *s, int c)
{
	int n = 0;

	for (; *s != '\0'; s++)
		n += *s == c;
	return n;
}

/*
 * A run in turn and one in rounds (quick mode) on terminals of 60 and
 * 100 columns, of a test whose title is long: no row wraps, and every
 * row shows one line only: one "(times)", nothing after it but blanks.
 */
static const struct test_def def_long = FAKE_TEST("long",
    "A Test Whose Title Goes On And On Well Past Sixty Columns Of Text", 10,
    PASSES_LONG);

static void
test_narrow(void)
{
	static const int widths[] = {60, 100};
	struct capture c;
	struct screen sc;
	char name[80];
	const char *end;
	int w, k, r, clean;

	for (w = 0; w < 2; w++) {
		if (capture_open(&c, 3, widths[w], 0) == -1)
			return;
		c.tests[0] = &def_long;
		free(c.steps);
		free(c.plan.tally);
		CHECK("plan again",
		    plan_make(&c.s, NULL, &c.steps, &c.plan.n) == 0 &&
		        estimate_start(&c.plan, c.steps, c.plan.n) == 0);
		progress_init(&c.p, &c.plan, c.f, widths[w], 0);
		progress_test_begin(&c.p, 0, 0);
		for (k = 1; k <= 3; k++) {
			progress_pass_begin(&c.p, k, 10.0 * k);
			progress_pass_end(&c.p, 10.0 * k + 9, NULL);
		}
		progress_test_end(&c.p, 40, NULL);
		for (k = 1; k <= 3; k++) { /* rounds: the long one, then B */
			progress_round_begin(&c.p, k, 3, 2, 50.0 * k);
			progress_test_begin(&c.p, 2, 50.0 * k);
			progress_pass_begin(&c.p, k, 50.0 * k);
			progress_pass_end(&c.p, 50.0 * k + 2, NULL);
			progress_test_begin(&c.p, 3, 50.0 * k + 2);
			progress_pass_begin(&c.p, k, 50.0 * k + 2);
			progress_pass_end(&c.p, 50.0 * k + 3, NULL);
			if (k == 3) {
				progress_test_end(&c.p, 153, NULL);
				progress_test_end(&c.p, 153, NULL);
			}
			progress_round_end(&c.p, 50.0 * k + 4);
		}
		capture_close(&c);
		screen_feed(&sc, c.text != NULL ? c.text : "", widths[w]);
		clean = sc.nrows > 4;
		for (r = 0; r + 1 < sc.nrows; r++) {
			end = strchr(sc.row[r], ')');
			if (strncmp(sc.row[r], "Estimated", 9) == 0)
				continue;
			if (end == NULL || count_char(sc.row[r], '(') != 1 ||
			    strspn(end + 1, " ") != strlen(end + 1))
				clean = 0;
		}
		snprintf(
		    name, sizeof(name), "%d columns: no row wraps", widths[w]);
		CHECK(name, sc.wrapped == 0);
		snprintf(name, sizeof(name),
		    "%d columns: every row one line, no leftover", widths[w]);
		CHECK(name, clean);
		free(c.text);
	}
}

/*
 * The clock moves while a pass runs: the runner's tick at least every
 * second redraws the line when the elapsed time has moved a second.
 */
static void
test_tick(void)
{
	struct capture c;
	const char *t;
	double now;
	char want[64];
	int ok = 1, s;

	if (capture_open(&c, 1, 100, 0) == -1)
		return;
	progress_test_begin(&c.p, 1, 0);
	progress_pass_begin(&c.p, 1, 0);
	for (now = 0.25; now < 12; now += 0.25)
		progress_tick(&c.p, now);
	progress_pass_end(&c.p, 12, NULL);
	progress_test_end(&c.p, 12, NULL);
	capture_close(&c);
	t = c.text != NULL ? c.text : "";
	for (s = 1; s <= 11; s++) {
		snprintf(want, sizeof(want),
		    "\r1 x B  pass 1/1  (0:%02d elapsed, ~", s);
		ok = ok && strstr(t, want) != NULL;
	}
	CHECK("tick: the elapsed time redrawn every second of a pass", ok);
	CHECK("tick: not more often than a second",
	    count_char(t, '\r') <= 2 + 12 + 1);
	free(c.text);
}

static void
test_quiet(void)
{
	const struct test_def *tests[2];
	struct settings s;
	struct plan_step *steps;
	struct plan_run plan;
	struct progress p;
	int copies[2], n;

	settings(&s, tests, copies);
	CHECK("quiet plan", plan_make(&s, NULL, &steps, &n) == 0 &&
	                        estimate_start(&plan, steps, n) == 0);
	progress_init(&p, &plan, NULL, 0, 0);
	progress_estimate(&p, &s);
	progress_test_begin(&p, 0, 0);
	progress_pass_begin(&p, 1, 0);
	progress_pass_end(&p, 5, NULL);
	progress_test_end(&p, 5, NULL);
	CHECK("quiet still learns",
	    plan.tally[0].done == 1 && plan.tally[0].done_s == 5);
	free(plan.tally);
	free(steps);
}

static void
test_quick_plan(void)
{
	struct settings s;
	const struct test_def *fs = catalog_find_test("fstime");
	const struct test_def *sh = catalog_find_test("shell1");

	CHECK("catalog has fstime and shell1", fs != NULL && sh != NULL);
	if (fs == NULL || sh == NULL)
		return;
	memset(&s, 0, sizeof(s));
	s.long_passes = 10;
	s.short_passes = 3;
	CHECK("default seconds", plan_pass_seconds(&s, fs) == 30);
	s.quick = 1;
	CHECK("quick seconds 1 to 2", plan_pass_seconds(&s, &def_a) == 1 &&
	                                  plan_pass_seconds(&s, fs) == 1 &&
	                                  plan_pass_seconds(&s, sh) == 2);
	s.duration_s = 5;
	CHECK("--duration wins", plan_pass_seconds(&s, sh) == 5);
	CHECK_STR("fstime quick options", quick_args(fs)[0], "-p");
	CHECK_STR("looper quick option", quick_args(sh)[0], "-l");
	CHECK("others have none", quick_args(&def_a)[0] == NULL);
	CHECK("fstime -c priming guessed",
	    quick_extra_seconds(fs, 0) > 10 && quick_extra_seconds(fs, 1) < 2);
}

int
main(void)
{
	test_clock();
	test_guess();
	test_run();
	test_tty();
	test_rounds();
	test_narrow();
	test_tick();
	test_quiet();
	test_quick_plan();
	return check_exit();
}
