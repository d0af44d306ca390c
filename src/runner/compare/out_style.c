/*
 * out_style.c - how the text and the Markdown output write what is not a
 * table (contract in table.h): each primitive a function of its own,
 * the words composed once by their callers (output.c, out_groups.c).
 */
#include <stdio.h>
#include <string.h>

#include "compare/table.h"
#include "write/escape.h"
#include "write/textwrap.h"

/* A text line: indent spaces, text wrapped at TEXT_WIDTH, its further
 * lines at rest. */
static void
text_line(FILE *f, int indent, int rest, const char *text)
{
	fprintf(f, "%*s", indent, "");
	text_wrap(f, text, (size_t)indent, rest, TEXT_WIDTH);
}

static void
text_key(FILE *f, const char *id, const char *text)
{
	fprintf(f, "%-2s ", id);
	text_wrap(f, text, strlen(id) < 2 ? 3 : strlen(id) + 1, 3, TEXT_WIDTH);
}

static void
md_key(FILE *f, const char *id, const char *text)
{
	md_printf(f, "- **%s** %s\n", id, text);
}

static void
text_say(FILE *f, int indent, const char *text)
{
	text_line(f, indent, indent + 2, text);
}

static void
md_say(FILE *f, int indent, const char *text)
{
	(void)indent;
	md_printf(f, "- %s\n", text);
}

static void
text_comment(FILE *f, const char *text)
{
	text_line(f, 3, 3, text);
}

static void
md_comment(FILE *f, const char *text)
{
	md_printf(f, "  %s\n", text);
}

static void
text_para(FILE *f, const char *text)
{
	text_line(f, 0, 0, text);
	fputc('\n', f);
}

static void
md_para(FILE *f, const char *text)
{
	md_printf(f, "%s\n\n", text);
}

/* The heading of the words under a table: after a blank line. */
static void
text_head(FILE *f, const char *text)
{
	fputc('\n', f);
	text_line(f, 0, 0, text);
}

static void
text_note(FILE *f, const char *mark, const char *text)
{
	fprintf(f, "%-4s ", mark != NULL ? mark : "");
	text_wrap(f, text, 5, 5, TEXT_WIDTH);
}

static void
md_note(FILE *f, const char *mark, const char *text)
{
	/* A line with an empty mark is a sub-point of the one before. */
	fputs(mark != NULL && mark[0] == '\0' ? "  - " : "- ", f);
	if (mark != NULL && mark[0] != '\0')
		fprintf(f, "`%s` ", mark);
	md_printf(f, "%s\n", text);
}

const struct cmp_style cmp_text_style = {text_key, text_say, text_comment,
    text_para, text_head, text_note, cmp_write_table_text};
const struct cmp_style cmp_md_style = {
    md_key, md_say, md_comment, md_para, md_para, md_note, cmp_write_table_md};
