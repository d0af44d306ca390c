/*
 * text_spread.c - the interval line and the -v spread table of the text
 * report (contract in text_spread.h).
 */
#include "write/text_spread.h"

void
text_interval(FILE *f, const struct index_result *ir)
{
	char line[96];

	if (ir->nok == 0 || !(ir->ci_low > 0) || !(ir->ci_high > 0))
		return;
	snprintf(line, sizeof(line), "95%% interval: %.1f to %.1f", ir->ci_low,
	    ir->ci_high);
	fprintf(f, "%75s\n", line);
}

void
text_spread(FILE *f, const struct test_result *const *tests, int n)
{
	int i, shown = 0;

	for (i = 0; i < n; i++) {
		const struct test_result *t = tests[i];

		if (t->outcome != OUTCOME_OK)
			continue;
		if (shown++ == 0)
			fprintf(f, "%-40s %12s %12s %8s\n",
			    "Spread of the pass rates", "MIN", "MAX", "CV");
		fprintf(f, "%-40s %12.1f %12.1f %7.1f%%\n", t->test->title,
		    t->spread.min, t->spread.max, 100 * t->spread.cv);
	}
	if (shown > 0)
		fputc('\n', f);
}
