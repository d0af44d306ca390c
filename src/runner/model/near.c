/* near.c - the nearness of a typed name to a known one (near.h). */
#include <string.h>

#include "model/near.h"
#include "text.h"

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
	int d = text_distance(typed, candidate);

	return (d >= 0 && d <= (n < 4 ? 1 : 2)) ||
	       (n >= 3 && strncmp(candidate, typed, n) == 0) ||
	       abbreviates(candidate, typed);
}
