/* out_json.c - the comparison as JSON, schema "bytebench-compare/1"
 * (doc/compare.md), by the runner's one JSON writer. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare/table.h"
#include "write/json_writer.h"

/* A cell's "why": the counters that moved, or null (doc/why.md). */
static void
json_why(struct json_writer *j, const struct cell *c)
{
	int i;

	if (!c->explained) {
		jw_null(j, "why");
		return;
	}
	jw_open(j, "why", '[', 1);
	for (i = 0; i < c->nexplain; i++) {
		jw_open(j, NULL, '{', 1);
		jw_str(j, "counter", derived_defs[c->explain[i].k].key);
		jw_str(j, "label", derived_defs[c->explain[i].k].label);
		jw_num(j, "from", c->explain[i].from);
		jw_num(j, "to", c->explain[i].to);
		jw_num(j, "log_ratio", c->explain[i].log_ratio);
		jw_num(j, "noise", c->explain[i].noise);
		jw_close(j, '}');
	}
	jw_close(j, ']');
}

/* A cell's "between": the verdict between groups of runs, or null. */
static void
json_between(struct json_writer *j, const struct cell *c)
{
	static const char *const assumed[] = {NULL,
	    "first column's spread for both", "this column's spread for both"};
	const struct between *v = &c->between;

	if (!c->grouped || isnan(c->ratio)) {
		jw_null(j, "between");
		return;
	}
	jw_open(j, "between", '{', 1);
	jw_int(j, "runs_first", v->na);
	jw_int(j, "runs", v->nb);
	jw_num(j, "ratio", v->ratio);
	jw_num(j, "low", v->low);
	jw_num(j, "high", v->high);
	jw_num(j, "spread_first", v->spread_a);
	jw_num(j, "spread", v->spread_b);
	jw_num(j, "dof", v->dof);
	jw_str(j, "assumed", assumed[v->assumed]);
	jw_bool(j, "below_min_change", v->small);
	jw_str(
	    j, "verdict", v->verdict == BETWEEN_BEYOND ? "beyond" : "within");
	jw_close(j, '}');
}

static void
json_cell(struct json_writer *j, const struct cell *c, int first)
{
	static const char *const noise[] = {"unknown", "within", "beyond"};

	if (!c->present) {
		jw_null(j, NULL);
		return;
	}
	jw_open(j, NULL, '{', 1);
	jw_num(j, "value", c->value);
	jw_str(j, "unit", c->unit);
	jw_str(j, "status", c->status[0] ? c->status : "ok");
	jw_bool(j, "partial", c->index != NULL && c->index->partial);
	/* A group's value: of how many of its runs; else one run's. */
	jw_int(j, "runs", c->of_runs > 0 ? c->runs : 1);
	jw_int(j, "of_runs", c->of_runs > 0 ? c->of_runs : 1);
	if (!first) {
		jw_num(j, "ratio", c->ratio);
		jw_str(j, "noise", isnan(c->ratio) ? NULL : noise[c->noise]);
		jw_str(j, "not_comparable",
		    c->why >= WHY_UNITS ? cmp_why_text[c->why] : NULL);
		json_why(j, c);
		json_between(j, c);
	}
	jw_close(j, '}');
}

static void
json_column(struct json_writer *j, const struct column *c)
{
	char why[3 * CMP_TEXT_MAX];
	int i;

	jw_open(j, NULL, '{', 1);
	jw_str(j, "label", c->group->label);
	jw_str(j, "origin", c->group->runs[0]->origin);
	jw_int(j, "copies", c->block->copies);
	jw_str(j, "date", c->block->date);
	jw_bool(j, "passes_known", c->group->passes_known);
	jw_str(j, "id", c->id);
	jw_bool(j, "quick", c->group->runs[0]->quick);
	jw_num(j, "duration_s", c->group->runs[0]->duration_s);
	jw_str(j, "build_kind", c->group->runs[0]->build_kind);
	jw_str(j, "comment", c->group->comment);
	jw_int(j, "runs", c->group->n);
	jw_open(j, "run_labels", '[', 1);
	for (i = 0; i < c->group->n; i++)
		jw_str(j, NULL, c->group->runs[i]->label);
	jw_close(j, ']');
	jw_bool(j, "suites_differ", c->suites);
	jw_str(j, "disturbed", c->group->disturbed);
	jw_num(j, "machine_speed", c->speed); /* NAN: null */
	memcpy(why, c->caveat, sizeof(why));
	jw_str(j, "not_comparable", why[0] ? text_plain_spaces(why) : NULL);
	jw_close(j, '}');
}

static void
json_table(struct json_writer *j, const struct table *t)
{
	int r, col;

	jw_open(j, NULL, '{', 0);
	jw_str(j, "copies", t->group == GROUP_ONE ? "1" : "N");
	jw_open(j, "columns", '[', 0);
	for (col = 0; col < t->ncols; col++)
		json_column(j, &t->cols[col]);
	jw_close(j, ']');
	jw_open(j, "rows", '[', 0);
	for (r = 0; r < t->nrows; r++) {
		jw_open(j, NULL, '{', 1);
		jw_str(j, "kind", t->rows[r].is_index ? "index" : "test");
		jw_str(j, "title", t->rows[r].title);
		jw_str(j, "unit", t->rows[r].unit);
		jw_bool(j, "lower_is_better", t->rows[r].lower_is_better);
		jw_open(j, "cells", '[', 1);
		for (col = 0; col < t->ncols; col++)
			json_cell(j, cmp_cell_at(t, r, col), col == 0);
		jw_close(j, ']');
		jw_close(j, '}');
	}
	jw_close(j, ']');
	jw_close(j, '}');
}

void
cmp_write_json(FILE *f, const struct comparison *c)
{
	struct json_writer j;
	int g;

	jw_start(&j, f, "bytebench-compare/1");
	jw_str(&j, "noise_rule",
	    "|ln ratio| <= t(0.975, Welch df) x sqrt(s1^2/k1 + s2^2/k2), s the "
	    "sd of the logs of all pass rates (df P-1 each), k the kept "
	    "passes; index scores: |ln ratio| <= 1.96 x sqrt(se1^2 + se2^2), "
	    "se from their 95% intervals");
	jw_str(&j, "between_rule", /* score/between.h */
	    "when a side has several runs: ratio = exp(d), d = mean ln(score) "
	    "B - A over the runs; 95% interval exp(d +- t(0.975, dof) x se), "
	    "se^2 = sA^2/nA + sB^2/nB, s^2 a group's variance of ln score "
	    "pooled over its tests (sum (n-1) s_i^2 / sum (n-1), dof sum "
	    "(n-1)), at least ln(1 + 0.05/value)^2, Welch's dof from the "
	    "pooled dofs (one side one run: the other's s^2 (1 + 1/n) and "
	    "dof); beyond when the interval excludes 1 and |d| > ln(1 + "
	    "min_change_pct/100)");
	jw_num(&j, "min_change_pct", c->tables[0].min_change);
	jw_open(&j, "tables", '[', 0);
	for (g = 0; g < NGROUPS; g++)
		if (c->tables[g].ncols > 0)
			json_table(&j, &c->tables[g]);
	jw_close(&j, ']');
	jw_close(&j, '}');
	putc('\n', f);
}
