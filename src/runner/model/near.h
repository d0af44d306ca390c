/*
 * near.h - whether a name the user typed is near a known one: the one
 * rule behind the "nearest" and "did you mean" hints of test names and
 * options.
 */
#ifndef NEAR_H
#define NEAR_H

/*
 * 1 when candidate is near typed: at most 2 edits apart (1 for a name
 * of under 4 characters), typed begins candidate, or candidate is an
 * abbreviation of typed (its letters in typed's order, the same first
 * and last: dhry2 of dhrystone2).
 */
int near_name(const char *typed, const char *candidate);

#endif
