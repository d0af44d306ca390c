/* text.c - text routines of the runner and the programs (text.h). */
#include <string.h>

#include "text.h"

int
text_distance(const char *a, const char *b)
{
	int row[64], i, j, diag, up, best;
	size_t na = strlen(a), nb = strlen(b);

	if (na >= 63 || nb >= 63)
		return -1;
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
