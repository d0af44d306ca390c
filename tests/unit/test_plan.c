/*
 * test_plan.c - the plan of a run (plan/plan.c): one step for every test
 * at every copies value in run order, each with its passes, duration,
 * program path, placement, quick options and watchdog margin, as the
 * settings and the catalog's rows give them.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "model/quick.h"
#include "plan/estimate.h"
#include "plan/plan.h"

/* The catalog's row named name; exits when there is none. */
static const struct test_def *
row(const char *name)
{
	const struct test_def *t = catalog_find_test(name);

	if (t == NULL) {
		fprintf(stderr, "test_plan: no test %s in the catalog\n", name);
		exit(1);
	}
	return t;
}

static void
test_order(void)
{
	const struct test_def *tests[3] = {
	    row("dhry2reg"), row("fstime"), row("context1")};
	int copies[2] = {1, 4}, n, k, ok = 1;
	struct settings s;
	struct plan_step *st;
	struct plan_run pr;

	memset(&s, 0, sizeof(s));
	s.tests = tests;
	s.ntests = 3;
	s.copies = copies;
	s.ncopies = 2;
	s.long_passes = 10;
	s.short_passes = 3;
	s.placement = "same-cpu";
	if (plan_make(&s, "/opt/bb", &st, &n) == -1) {
		CHECK("plan made", 0);
		return;
	}
	CHECK("a step for every test at every copies value", n == 6);
	for (k = 0; k < n; k++)
		ok &=
		    st[k].test == tests[k % 3] && st[k].copies == copies[k / 3];
	CHECK("step c x ntests + i: test i at copies value c", ok);
	CHECK("passes by the test's kind",
	    st[0].passes == 10 && st[1].passes == 3 && st[4].passes == 3);
	CHECK("the test's own duration",
	    st[0].seconds == 10 && st[1].seconds == 30 && st[3].seconds == 10);
	CHECK_STR("the program's path", st[4].path, "/opt/bb/fstime");
	CHECK("watchdog: 3 x the duration, at least 10 s",
	    st[0].margin_s == 30 && st[2].margin_s == 30);
	CHECK("watchdog: at least 60 s with a scratch directory",
	    st[1].margin_s == 90);
	CHECK("placement: the row's default when none was given",
	    st[2].placement != NULL &&
	        strcmp(st[2].placement, "unpinned") == 0 &&
	        st[0].placement == NULL);
	CHECK("no quick options outside quick mode",
	    st[1].quick_args != NULL && st[1].quick_args[0] == NULL);
	CHECK("tallies: as planned, nothing ran yet",
	    estimate_start(&pr, st, n) == 0 && pr.tally[5].passes == 10 &&
	        pr.tally[5].done == 0 && pr.tally[5].done_s == 0);
	free(pr.tally);
	free(st);

	s.quick = 1;
	s.long_passes = s.short_passes = QUICK_PASSES;
	s.placement_given = 1;
	if (plan_make(&s, NULL, &st, &n) == -1) {
		CHECK("quick plan made", 0);
		return;
	}
	CHECK("quick: the row's quick options",
	    st[1].quick_args == quick_args(tests[1]) &&
	        strcmp(st[1].quick_args[0], "-p") == 0);
	CHECK("quick: short passes",
	    st[1].passes == QUICK_PASSES &&
	        st[1].seconds == quick_seconds(tests[1]));
	CHECK("quick: the watchdog's 10 s floor", st[0].margin_s == 10);
	CHECK_STR("--placement given: its choice", st[5].placement, "same-cpu");
	CHECK_STR("no directory: no path", st[0].path, "");
	free(st);
}

static void
test_empty(void)
{
	struct settings s;
	struct plan_step *st;
	int n = -1;

	memset(&s, 0, sizeof(s));
	CHECK("no tests: no steps, one element to free",
	    plan_make(&s, "/x", &st, &n) == 0 && n == 0 && st != NULL);
	free(st);
}

int
main(void)
{
	test_order();
	test_empty();
	return check_exit();
}
