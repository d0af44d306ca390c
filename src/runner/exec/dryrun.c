/*
 * dryrun.c - prints the plan of a run without running it (dryrun.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "exec/dryrun.h"
#include "plan/estimate.h"
#include "plan/plan.h"

/* "1 copy", "4 copies", "1 and 2 copies", "1, 2 and 4 copies". */
static void
copies_list(FILE *f, const struct settings *s)
{
	int i;

	for (i = 0; i < s->ncopies; i++)
		fprintf(f, "%s%d",
		    i == 0                ? ""
		    : i == s->ncopies - 1 ? " and "
		                          : ", ",
		    s->copies[i]);
	fputs(s->ncopies == 1 && s->copies[0] == 1 ? " copy" : " copies", f);
}

int
dry_run_print(
    FILE *f, const struct report *r, const char *tmpdir, const char *resultdir)
{
	const struct settings *s = &r->settings;
	struct plan_step *st;
	struct plan_run pr = {NULL, NULL, 0};
	char each[32], total[32];
	int i, n;

	if (plan_make(s, NULL, &st, &n) == -1)
		return -1;
	if (estimate_start(&pr, st, n) == -1) {
		free(st);
		return -1;
	}
	fprintf(f, "bytebench %s: the plan of this run (nothing is run)%s\n\n",
	    r->version,
	    s->precision_pct > 0 ? ", --precision: its first "
	                           "rounds, one pass of every test a round"
	    : s->quick           ? ", quick "
	                           "mode: one pass of every test a round"
	                         : "");
	fprintf(f, "copies  %-18s %6s  %s\n", "test", "passes",
	    "each pass (estimate)");
	for (i = 0; i < n; i++) {
		estimate_clock(estimate_pass_guess(&pr, i), each, sizeof(each));
		fprintf(f, "%6d  %-18s %6d  %s\n", st[i].copies,
		    st[i].test->name, st[i].passes, each);
	}
	estimate_clock(estimate_left(&pr), total, sizeof(total));
	fprintf(f, "\n%d test%s at ", s->ntests, s->ntests == 1 ? "" : "s");
	copies_list(f, s);
	fprintf(f, "; estimated time: %s\n", total);
	if (s->runs > 1) {
		estimate_clock(s->runs * (estimate_left(&pr) + s->settle_s),
		    total, sizeof(total));
		fprintf(f,
		    "--runs %d: that %d times, %g s of settle before each; "
		    "in all: %s\n",
		    s->runs, s->runs, s->settle_s, total);
	}
	if (s->precision_pct > 0)
		fprintf(f,
		    "Then one pass at a time to the noisiest tests until "
		    "each index is within +/-%g%%,\nor the budget of %g s "
		    "is spent (doc/precision.md)\n",
		    s->precision_pct, s->budget_s);
	fprintf(f, "Scratch files: %s\nResults: %s\n", tmpdir, resultdir);
	free(pr.tally);
	free(st);
	return ferror(f) ? -1 : 0;
}
