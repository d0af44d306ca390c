/*
 * out_style.c - how the text and the Markdown output write a line that
 * is not a table: the words are composed once by the callers.
 */
#include <stdio.h>
#include <string.h>

#include "compare/table.h"
#include "write/escape.h"
#include "write/textwrap.h"

/* A line's start in one format: before it, then lead, the mark padded
 * to pad, tail; after it. */
struct form {
	const char *before, *lead;
	int pad;
	const char *tail, *after;
};

/* Text wraps a line's further lines at rest; Markdown never wraps. */
static const struct {
	struct form text, md;
	int rest;
} how[NSAY] = {
    [SAY_KEY] = {{"", "", 2, " ", ""}, {"", "- **", 0, "** ", ""}, 3},
    [SAY_RUN] = {{"", "   ", 0, "", ""}, {"", "- ", 0, "", ""}, 5},
    [SAY_ITEM] = {{"", "  ", 0, "", ""}, {"", "- ", 0, "", ""}, 4},
    [SAY_COMMENT] = {{"", "   ", 0, "", ""}, {"", "  ", 0, "", ""}, 3},
    [SAY_PARA] = {{"", "", 0, "", "\n"}, {"", "", 0, "", "\n"}, 0},
    [SAY_HEAD] = {{"\n", "", 0, "", ""}, {"", "", 0, "", "\n"}, 0},
    [SAY_NOTE] = {{"", "", 4, " ", ""}, {"", "- `", 0, "` ", ""}, 5},
    [SAY_SUB] = {{"", "", 4, " ", ""}, {"", "  - ", 0, "", ""}, 5},
    [SAY_ASIDE] = {{"", "", 4, " ", ""}, {"", "- ", 0, "", ""}, 5},
};

void
cmp_say(FILE *f, int md, enum say k, const char *mark, const char *text)
{
	const struct form *x = md ? &how[k].md : &how[k].text;
	size_t used;

	mark = mark != NULL ? mark : "";
	fprintf(f, "%s%s%-*s%s", x->before, x->lead, x->pad, mark, x->tail);
	used = strlen(x->lead) + strlen(mark) + strlen(x->tail);
	if ((int)strlen(mark) < x->pad)
		used += (size_t)x->pad - strlen(mark);
	if (md)
		md_printf(f, "%s\n", text);
	else
		text_wrap(f, text, used, how[k].rest, TEXT_WIDTH);
	fputs(x->after, f);
}
