/*
 * text_byte3.c - an index that sums and averages (BYTE Release 3, 1991) in
 * that report's layout, column for column: rows "%-40s  %10.1f %10.1f
 * %10.1f", the rule and the sum and average ending at column 74.
 */
#include "write/write_text.h"
#include "write/writers.h"

/* What the INDEX column says of a row that is not counted. */
static const char not_counted[] = "---";

void
text_index_sum_average(FILE *f, const struct index_result *ir)
{
	const struct index_def *def = ir->def;
	const struct index_entry *e;
	char label[64];
	size_t r;

	fprintf(f, "%21s%-24s\n", "", "INDEX VALUES");
	fprintf(f, "%-40s  %10s %10s %10s\n\n", "TEST", "BASELINE", "RESULT",
	    "INDEX");
	for (r = 0; r < def->nrows; r++) {
		const struct index_row *row = &def->rows[r];
		const char *title = index_row_title(row);

		e = writer_entry_of(ir, row);
		if (e != NULL && e->ok)
			fprintf(f, "%-40s  %10.1f %10.1f %10.1f\n", title,
			    row->baseline, e->result->score, e->index);
		else
			fprintf(f, "%-40s  %10.1f %10s %10s\n", title,
			    row->baseline,
			    outcome_name(e != NULL ? e->result->outcome
			                           : OUTCOME_NOT_RUN),
			    not_counted);
	}
	fprintf(f, "%65s%s\n", "", "=========");
	snprintf(label, sizeof(label), "     SUM of %2d items", ir->nok);
	if (ir->nok > 0) {
		fprintf(f, "%-64s%10.1f\n", label, ir->sum);
		fprintf(f, "%-64s%10.1f\n",
		    ir->partial ? "     AVERAGE (Partial Only)"
		                : "     AVERAGE",
		    ir->score);
	} else {
		fprintf(f, "%-64s%10s\n", label, not_counted);
		fprintf(f, "%-64s%10s\n", "     AVERAGE (Partial Only)",
		    not_counted);
	}
	fputc('\n', f);
}
