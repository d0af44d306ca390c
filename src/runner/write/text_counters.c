/*
 * text_counters.c - the -v counters tables of the text report (contract
 * in text_counters.h).
 */
#include "write/text_counters.h"
#include "write/textwrap.h"

/* The columns of the two tables: the derived value and its heading. */
static const struct {
	enum derived_id k;
	const char *head;
} per_test[] =
    {
        {DRV_CPU_BUSY, "busy"},
        {DRV_SYSTEM_SHARE, "sys"},
        {DRV_CPU_PER_LOOP, "us/lp"},
        {DRV_CSW_PER_LOOP, "csw/lp"},
        {DRV_INVOL_PER_LOOP, "pre/lp"},
        {DRV_MIGR_PER_LOOP, "mig/lp"},
        {DRV_FAULTS_PER_LOOP, "flt/lp"},
        {DRV_RUNQ_SHARE, "wait"},
},
  machine[] = {
      {DRV_MACHINE_BUSY, "busy"},
      {DRV_STEAL_SHARE, "steal"},
      {DRV_IOWAIT_SHARE, "iowait"},
};

#define NCOLS(a) ((int)(sizeof(a) / sizeof(a[0])))

/* One table: a heading line, then a line per test with values. */
static int
table(FILE *f, const char *title, const struct test_result *const *tests, int n,
    int machine_cols)
{
	char v[32];
	int i, c, shown = 0,
	          ncols = machine_cols ? NCOLS(machine) : NCOLS(per_test);

	for (i = 0; i < n; i++) {
		const struct test_result *t = tests[i];

		if (t->outcome != OUTCOME_OK || t->derived.have == 0)
			continue;
		if (shown++ == 0) {
			fprintf(f, "%-23.23s", title);
			for (c = 0; c < ncols; c++)
				fprintf(f, " %6s",
				    machine_cols ? machine[c].head
				                 : per_test[c].head);
			fputc('\n', f);
		}
		fprintf(f, "%-23.23s", t->test->title);
		for (c = 0; c < ncols; c++) {
			enum derived_id k =
			    machine_cols ? machine[c].k : per_test[c].k;

			if (t->derived.have & (1U << k))
				counters_format(
				    k, t->derived.v[k], v, sizeof(v));
			else
				snprintf(v, sizeof(v), "-");
			fprintf(f, " %6s", v);
		}
		fputc('\n', f);
	}
	return shown;
}

void
text_counters(FILE *f, const struct report *r,
    const struct test_result *const *tests, int n)
{
	if (table(f, "Counters (median)", tests, n, 0) == 0)
		return;
	fputs("busy: CPU time / (wall x copies); sys: system share of it; "
	      "per loop (lp):\nCPU us, context switches, preemptions, "
	      "migrations, page faults; wait:\nrunnable but not running "
	      "(doc/why.md)\n",
	    f);
	if (table(f, "Machine (all CPUs)", tests, n, 1) > 0)
		fputs("busy, steal, iowait: shares of all CPUs' time, "
		      "everything running counted\n",
		    f);
	if (r->counters_missing[0] != '\0') {
		char line[sizeof(r->counters_missing) + 32];

		snprintf(line, sizeof(line), "Counters not available: %s",
		    r->counters_missing);
		text_wrap(f, line, 0, TEXT_GO_ON, TEXT_COLUMNS);
	}
	fputc('\n', f);
}
