/*
 * text_latency.c - the context-switch latency table under a run's test
 * lines, in the layout of the 1998 linux-kernel posts with a min, avg and
 * max row, and the method the program reported under it.
 */
#include <string.h>

#include "write/write_text.h"

/* Lines of prose are folded before this column. */
#define TEXT_WIDTH 72

/*
 * Prints label and text folded at spaces into lines of at most TEXT_WIDTH
 * columns (a longer word gets a line of its own), continuation lines
 * indented by two spaces.
 */
static void
folded(FILE *f, const char *label, const char *text)
{
	size_t col = strlen(label), n;
	const char *p = text;

	fputs(label, f);
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		for (n = 0; p[n] != '\0' && p[n] != ' '; n++)
			;
		if (n == 0)
			break;
		if (col > 2 && col + 1 + n > TEXT_WIDTH) {
			fputs("\n ", f);
			col = 1;
		}
		fprintf(f, " %.*s", (int)n, p);
		col += 1 + n;
		p += n;
	}
	fputc('\n', f);
}

void
text_latency(FILE *f, const struct test_result *t)
{
	static const char *const which[3] = {"min", "avg", "max"};
	const struct latency *l = &t->latency;
	char line[160];
	int k;

	if (!l->ok)
		return;
	fprintf(f, "%s: microseconds per switch, %d run%s of %ld rep%s\n",
	    t->test->title, l->samples, l->samples == 1 ? "" : "s", l->reps,
	    l->reps == 1 ? "" : "s");
	fprintf(f, "%19sw/%ld procs   per proc\n", "", l->extras);
	fprintf(f, "     proc thread  proc thread  proc thread\n");
	for (k = 0; k < 3; k++)
		fprintf(f, "%s  %-5.1f %-6.1f %-5.1f %-6.1f %-5.2f %.2f\n",
		    which[k], l->us[0][k], l->us[1][k], l->us[2][k],
		    l->us[3][k], l->per_proc[0][k], l->per_proc[1][k]);
	folded(f, "Method:", l->method);
	folded(f, "Placement:", l->placement);
	folded(f, "Priority:", l->priority);
	snprintf(line, sizeof(line),
	    "min is the least of the runs' minima, "
	    "avg the mean of their averages, max the greatest of their "
	    "maxima; per proc = (w/%ld - alone) / %ld.",
	    l->extras, l->extras);
	folded(f, "Combined:", line);
	fputc('\n', f);
}
