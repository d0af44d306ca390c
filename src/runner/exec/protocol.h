/*
 * protocol.h - reads what one copy printed and how it ended into a
 * copy_result (doc/protocol.md).  A pure function: no I/O.
 */
#ifndef PROTOCOL_H
#define PROTOCOL_H

#include "model/report.h"

/*
 * Parses stdout `out` and stderr `errors` of a copy that ended with exit
 * status `status` (or was killed by `signal` when it is not 0) into c:
 * outcome, count, timebase, unit, time_s (has_time when a TIME line came),
 * info and message.  The rules:
 *   killed by a signal        -> failed, "killed by signal N";
 *   exit 77                   -> skipped, the ERROR text or last stderr line;
 *   other non-zero exit       -> failed, the ERROR text, else the last
 *                                stderr line, else "exit status N";
 *   exit 0 with an ERROR line -> failed with its text;
 *   exit 0 otherwise          -> ok with exactly one valid COUNT line (count
 *                                finite, 0 <= count <= 1e30; timebase an
 *                                integer 0..1e6; unit 1..15 printable
 *                                characters) and at most one valid TIME line
 *                                (0 < seconds <= 1e7); anything else is
 *                                "no result" saying why.
 * Lines of other kinds are ignored (they stay in c->output for the log).
 * time_s is left untouched when no TIME line came (the caller has put the
 * wall time there).  Returns 0, or -1 when out of memory.
 */
int protocol_parse(const char *out, const char *errors, int status, int signal,
    struct copy_result *c);

#endif
