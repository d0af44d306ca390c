/*
 * near.c - the nearness of a typed name to a known one (contract in
 * near.h).
 */
#include <string.h>

#include "model/near.h"

/* The edit distance of a and b (Levenshtein), at most 99. */
static int
distance(const char *a, const char *b)
{
	int row[64], i, j, diag, up, best;
	size_t na = strlen(a), nb = strlen(b);

	if (na >= 63 || nb >= 63)
		return 99;
	for (j = 0; j <= (int)nb; j++)
		row[j] = j;
	for (i = 1; i <= (int)na; i++) {
		diag = row[0];
		row[0] = i;
		for (j = 1; j <= (int)nb; j++) {
			up = row[j];
			best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[nb];
}

/* 1 when short_ is long_ with letters left out, first and last kept. */
static int
abbreviates(const char *short_, const char *long_)
{
	size_t ns = strlen(short_), nl = strlen(long_);

	if (ns < 3 || ns >= nl || short_[0] != long_[0] ||
	    short_[ns - 1] != long_[nl - 1])
		return 0;
	for (; *long_ != '\0' && *short_ != '\0'; long_++)
		if (*long_ == *short_)
			short_++;
	return *short_ == '\0';
}

int
near_name(const char *typed, const char *candidate)
{
	size_t n = strlen(typed);

	return distance(typed, candidate) <= (n < 4 ? 1 : 2) ||
	       (n >= 3 && strncmp(candidate, typed, n) == 0) ||
	       abbreviates(candidate, typed);
}
