/*
 * parse_text.h - reads text reports of bytebench and UnixBench 5.x/6.x
 * (doc/report-contract.md), also as pasted into mails and blogs: spacing
 * collapsed, lines quoted ("> ") or wrapped, prose around, several reports in
 * one file.
 */
#ifndef PARSE_TEXT_H
#define PARSE_TEXT_H

#include <stddef.h>

#include "compare/cmp_model.h"

/*
 * Appends the reports found in text[0..len-1] to *out.  Returns 0, or -1
 * after writing why into err (size errlen): no report found, a block cut
 * off (an index table without its score, index tests without their index
 * table, a run line with no results: that block is dropped, the others are
 * kept), or a limit of cmp_model.h exceeded or out of memory (nothing of the
 * text is kept).
 */
int parse_text(const char *text, size_t len, struct cmp_file *out, char *err,
    size_t errlen);

#endif
