/*
 * progress.c - the run's progress on the console (progress.h).
 */
#include <sys/ioctl.h>

#include <string.h>
#include <unistd.h>

#include "exec/progress.h"
#include "write/textwrap.h"

/*
 * The status line is kept within this many columns on a terminal, and
 * within its width less one (a line reaching the last column may wrap,
 * and a carriage return then rewinds only its second half).
 */
#define PROGRESS_COLUMNS 79

void
progress_init(
    struct progress *p, struct plan_run *plan, FILE *out, int tty, double now)
{
	memset(p, 0, sizeof(*p));
	p->cur = -1;
	p->start = now;
	p->out = out;
	p->tty = tty > 0;
	p->columns = tty - 1 < PROGRESS_COLUMNS ? tty - 1 : PROGRESS_COLUMNS;
	if (p->columns < 1)
		p->columns = 1;
	p->plan = plan;
}

void
progress_estimate(struct progress *p, const struct settings *s)
{
	double left = estimate_left(p->plan);
	long minutes = left >= 60 ? (long)(left / 60 + 0.5) : 0;

	if (p->out == NULL)
		return;
	if (minutes >= 60)
		fprintf(p->out, "Estimated time: about %ld h %ld min\n",
		    minutes / 60, minutes % 60);
	else if (minutes > 0)
		fprintf(p->out, "Estimated time: about %ld min\n", minutes);
	if (s->precision_pct > 0)
		fprintf(p->out,
		    "Then passes to the noisiest tests until each "
		    "index is +/-%g%%, at most %g s\n",
		    s->precision_pct, s->budget_s);
	fflush(p->out);
}

/* Whether a pass draws no line of its own: in a round, or --precision's. */
static int
quiet_passes(const struct progress *p)
{
	return p->round > 0 || p->precise;
}

/*
 * The times at the end of every progress line: "(1:12 elapsed, ~1:50
 * left)" while something runs; "(1:12 elapsed)" on a line of a terminal
 * that is finished, so no stale time left stays in its scrollback.
 */
static int
times(struct progress *p, double now, int live, char *buf, size_t len)
{
	char took[24], left[24];

	estimate_clock(now - p->start, took, sizeof(took));
	if (!live)
		return snprintf(buf, len, "  (%s elapsed)", took);
	estimate_clock(estimate_left(p->plan), left, sizeof(left));
	return snprintf(buf, len, "  (%s elapsed, ~%s left)", took, left);
}

/*
 * Puts line in place of the one drawn on a terminal: cut to the columns,
 * what is left of a longer line before it blanked.
 */
static void
put_line(struct progress *p, const char *line)
{
	int n = (int)strlen(line);

	if (n > p->columns)
		n = p->columns;
	fprintf(p->out, "\r%.*s", n, line);
	if (p->drawn > n)
		fprintf(p->out, "%*s", p->drawn - n, "");
	p->drawn = n;
	fflush(p->out);
}

/*
 * Draws "C x NAME  STATE  (times)" in place on a terminal, NAME cut to
 * fit with "..." (ASCII, as the console is in any charset); live says
 * whether the time left goes with it.
 */
static void
draw(struct progress *p, double now, const char *state, int live)
{
	const struct plan_step *st = &p->plan->steps[p->cur];
	const char *name = st->test->title;
	char tail[512], line[1024];
	int n, room, cut;

	n = snprintf(tail, sizeof(tail), "  %s", state);
	if (n < 0 || (size_t)n >= sizeof(tail))
		n = (int)strlen(tail);
	n += times(p, now, live, tail + n, sizeof(tail) - (size_t)n);
	if ((size_t)n >= sizeof(tail))
		n = (int)strlen(tail);
	room = p->columns - n - (int)snprintf(NULL, 0, "%d x ", st->copies);
	if (room < 8)
		room = 8;
	cut = (int)strlen(name) > room;
	snprintf(line, sizeof(line), "%d x %.*s%s%s", st->copies,
	    cut ? room - 3 : room, name, cut ? "..." : "", tail);
	put_line(p, line);
	p->drawn_at = now;
}

/* Draws the line of the pass running. */
static void
draw_pass(struct progress *p, double now)
{
	char what[48];

	snprintf(what, sizeof(what), "pass %d/%d", p->pass,
	    p->plan->tally[p->cur].passes);
	draw(p, now, what, 1);
}

void
progress_test_begin(struct progress *p, int k, double now)
{
	const struct plan_step *st;

	p->active = k >= 0 && k < p->plan->n;
	if (!p->active)
		return;
	p->cur = k;
	st = &p->plan->steps[k];
	p->pass = 0;
	if (p->out == NULL || quiet_passes(p))
		return;
	p->drawn = 0;
	if (p->tty) {
		draw(p, now, "starting", 1);
		return;
	}
	fprintf(p->out, "%d x %s ", st->copies, st->test->title);
	fflush(p->out);
}

void
progress_pass_begin(struct progress *p, int k, double now)
{
	if (!p->active)
		return;
	p->pass = k;
	p->pass_start = now;
	if (p->out != NULL && p->tty)
		draw_pass(p, now);
}

void
progress_pass_end(struct progress *p, double now, const char *failure)
{
	const struct plan_step *st;
	struct step_tally *t;

	if (!p->active || p->pass == 0)
		return;
	st = &p->plan->steps[p->cur];
	t = &p->plan->tally[p->cur];
	if (failure == NULL) {
		t->done++;
		t->done_s += now - p->pass_start;
	}
	if (p->out != NULL && quiet_passes(p)) {
		if (failure != NULL) {
			fprintf(p->out, "%s%d x %s: pass %d -- %s\n",
			    p->tty ? "\n" : "", st->copies, st->test->title,
			    p->pass, failure);
			p->drawn = 0;
		}
	} else if (p->out != NULL && !p->tty) {
		if (failure == NULL)
			fprintf(p->out, " %d", p->pass);
		else
			fprintf(p->out, " %d -- %s", p->pass, failure);
		fflush(p->out);
	} else if (p->out != NULL && failure != NULL) {
		fprintf(p->out, "\n    pass %d: %s\n", p->pass, failure);
		p->drawn = 0;
	}
	p->pass = 0;
}

void
progress_test_end(struct progress *p, double now, const char *note)
{
	const struct plan_step *st;
	struct step_tally *t;
	char what[48], tail[80];

	if (!p->active)
		return;
	p->active = 0;
	st = &p->plan->steps[p->cur];
	t = &p->plan->tally[p->cur];
	t->passes = t->done;
	if (p->out == NULL)
		return;
	if (quiet_passes(p)) {
		/* The pass line stays drawn for the round's line to cover. */
		if (note != NULL)
			fprintf(p->out, "%s%d x %s: %s\n", p->tty ? "\n" : "",
			    st->copies, st->test->title, note);
	} else if (p->tty) {
		snprintf(what, sizeof(what), "%d pass%s", t->done,
		    t->done == 1 ? "" : "es");
		draw(p, now, note != NULL ? note : what, 0);
		fputc('\n', p->out);
	} else {
		times(p, now, 1, tail, sizeof(tail));
		fprintf(p->out, "%s%s%s\n", note != NULL ? " " : "",
		    note != NULL ? note : "", tail);
	}
	if (!quiet_passes(p) || note != NULL)
		p->drawn = 0;
	fflush(p->out);
}

void
progress_round_begin(struct progress *p, int k, int n, int copies, double now)
{
	(void)now;
	p->round = k;
	p->rounds = n;
	p->round_copies = copies;
}

void
progress_round_end(struct progress *p, double now)
{
	char tail[64], line[160];

	if (p->out != NULL && p->round > 0) {
		times(p, now, !p->tty, tail, sizeof(tail));
		snprintf(line, sizeof(line), "%d x round %d of %d%s",
		    p->round_copies, p->round, p->rounds, tail);
		if (p->tty)
			put_line(p, line);
		else
			fputs(line, p->out);
		fputc('\n', p->out);
		fflush(p->out);
	}
	p->drawn = 0;
	p->round = 0;
}

void
progress_note(
    struct progress *p, double now, const char *what, const char *text)
{
	char tail[64], line[1024];

	if (p->out != NULL) {
		times(p, now, 0, tail, sizeof(tail));
		snprintf(line, sizeof(line), "%s: %s%s", what, text, tail);
		if (p->tty && p->drawn > 0)
			fputc('\n', p->out);
		text_wrap(p->out, line, 0, TEXT_GO_ON, TEXT_COLUMNS);
		fflush(p->out);
	}
	p->drawn = 0;
}

void
progress_tick(struct progress *p, double now)
{
	if (p->out != NULL && p->tty && p->active && p->pass != 0 &&
	    now - p->drawn_at >= 1)
		draw_pass(p, now);
}

int
progress_columns(FILE *f)
{
	struct winsize ws;

	if (f == NULL || !isatty(fileno(f)))
		return 0;
	if (ioctl(fileno(f), TIOCGWINSZ, &ws) == -1 || ws.ws_col == 0)
		return 80;
	return ws.ws_col;
}
