/*
 * bulk.c - ballast for the exec test: everyday routines (checksums, text
 * codecs, dates, sorting) and an 8 KiB zeroed array, linked into execl.
 * The routines are in bulk_codecs.c and bulk_misc.c; this file holds the
 * array and the one entry point.
 */
#include <stddef.h>

#include "bulk.h"

/*
 * Why this file exists: the original exec test links about 600 lines of
 * unrelated real code and an 8 KiB array into its binary so that each exec
 * maps a program of a realistic size, not a toy.  These routines play that
 * part.  They are plain working code, and bulk_check() runs each once on
 * known answers at the end of a chain, so none can rot or be discarded.
 */
char bulk_zeroes[8 * 1024];

int
bulk_check(void)
{
	size_t i;
	int bad = bulk_check_codecs() + bulk_check_misc();

	for (i = 0; i < sizeof(bulk_zeroes); i++)
		bad += bulk_zeroes[i] != 0;
	return bad;
}
