/*
 * bulk.h - the ballast linked into execl (see bulk.c): its entry point, the
 * checks of its two halves and the 8 KiB zeroed array.
 */
#ifndef BULK_H
#define BULK_H

/* Never written: it only makes the program's zeroed data 8 KiB larger. */
extern char bulk_zeroes[8 * 1024];

/*
 * Runs every ballast routine once on inputs with known answers and checks
 * that bulk_zeroes is still zero.  Returns the number of wrong answers.
 */
int bulk_check(void);

/* The checks of bulk_codecs.c and bulk_misc.c: numbers of wrong answers. */
int bulk_check_codecs(void);
int bulk_check_misc(void);

#endif
