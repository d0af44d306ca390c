/*
 * plain.h - the report model's texts kept plain: what a system gave
 * (host names, paths, warnings) made safe for a terminal and one line,
 * and the one UTF-8 rule of the runner, which every writer's escaping
 * follows (write/escape.h).
 */
#ifndef PLAIN_H
#define PLAIN_H

#include <stddef.h>

/*
 * The length (1 to 4) of the well-formed UTF-8 sequence at s, or 0 (a
 * stray continuation byte, an overlong form, a surrogate, above U+10FFFF,
 * cut short), in the avail >= 1 bytes at s (span, the runner's one UTF-8
 * validator) or before the NUL, which s must not point at (len).
 */
size_t escape_utf8_len(const char *s);
size_t escape_utf8_span(const char *s, size_t avail);

/*
 * Makes s, in place, safe to print on a terminal and in the plain-text
 * files (text report, log): every C0 control (but newline and tab when
 * lines is set), DEL, C1 control (as UTF-8 or a lone byte) and byte that
 * starts no well-formed UTF-8 sequence becomes '?', so nothing a terminal
 * acts on gets through and, without lines, s stays one line.
 */
void escape_plain(char *s, int lines);

#endif
