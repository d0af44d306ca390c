/*
 * text.h - text routines shared by the runner and the programs.
 */
#ifndef TEXT_H
#define TEXT_H

/*
 * The edit distance (Levenshtein) of a and b: the fewest letters to
 * insert, delete or change to make one the other.  -1 when either has
 * 63 characters or more.
 */
int text_distance(const char *a, const char *b);

#endif
