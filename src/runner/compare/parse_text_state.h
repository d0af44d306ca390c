/*
 * parse_text_state.h - the state of a text report's parse, private to
 * parse_text.c (runs, index tables and tests), parse_text_head.c (the
 * lines of a report's header) and parse_text_blocks.c (its reports and
 * blocks, and the problems found).
 */
#ifndef PARSE_TEXT_STATE_H
#define PARSE_TEXT_STATE_H

#include "compare/cmp_model.h"
#include "compare/text_line.h"

struct parser {
	struct cmp_file *out;
	int first_report; /* out->reports[first_report..] are ours */
	struct cmp_report *report; /* the current one, or NULL */
	int report_header; /* it began with a BYTE UNIX Benchmarks line */
	int report_dropped; /* a block of it was dropped */
	int method; /* its "index method n", 0 when not said */
	struct cmp_block *block; /* the current one, or NULL */
	struct cmp_index *index; /* its open index table, or NULL */
	int index_closed; /* an index section of the block ended */
	int no_index_line; /* "No index results available" seen */
	int runs_summary; /* the summary line of a --runs report seen */
	struct line held; /* a line that may go on in the next one */
	int holding;
	int nerrors;
	int stop; /* a limit or out of memory: give up */
	char *err;
	size_t errlen;
};

/* Records a problem; the first one is the message, the rest are counted. */
void text_problem(struct parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * Ends the current block: a block is whole when its index tables have
 * their scores, it has some result, and tests of a built-in index are
 * followed by an index table (or UnixBench's "No index results").
 * A block that is not whole is reported and dropped.
 */
void text_end_block(struct parser *p);

/* Ends the current report; one with no block left is dropped. */
void text_end_report(struct parser *p);

/*
 * Ends the current report and starts one (header: it begins with a BYTE
 * UNIX Benchmarks line); -1 at a limit or out of memory (p->stop is set).
 */
int text_new_report(struct parser *p, int header);

/*
 * Starts a block of copies (0: not said) in the current report, or in a
 * new one when the current one has that block already; -1 as above.
 */
int text_new_block(struct parser *p, int copies, int pin);

/*
 * The lines of a report's header and run (parse_text_head.c): each reads
 * one recognised line into the parse; -1 at a limit or out of memory.
 * text_copies_line and text_run_facts return 0 when l is not theirs and 1
 * when it is.
 */
int text_header_line(struct parser *p, const struct line *l);
int text_system_line(struct parser *p, const struct line *l);
int text_os_line(struct parser *p, const struct line *l);
int text_run_line(struct parser *p, const struct line *l);
int text_copies_line(struct parser *p, const struct line *l);
int text_run_facts(struct parser *p, const struct line *l);

#endif
