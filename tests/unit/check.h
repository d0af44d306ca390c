/*
 * check.h - the unit tests' assertions.  Each CHECK prints one line
 * "PASS: name" or "FAIL: name: file:line" that tests/run.sh counts;
 * check_exit() is the test's exit status (1 when anything failed).
 */
#ifndef CHECK_H
#define CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_failures;

#define CHECK(name, cond)                                                      \
	do {                                                                   \
		if (cond) {                                                    \
			printf("PASS: %s\n", (name));                          \
		} else {                                                       \
			printf("FAIL: %s: %s:%d: %s\n", (name), __FILE__,      \
			    __LINE__, #cond);                                  \
			check_failures++;                                      \
		}                                                              \
	} while (0)

/* Passes when |got - want| <= tol. */
#define CHECK_NEAR(name, got, want, tol)                                       \
	do {                                                                   \
		double got_ = (got), want_ = (want);                           \
		if (fabs(got_ - want_) <= (tol)) {                             \
			printf("PASS: %s\n", (name));                          \
		} else {                                                       \
			printf("FAIL: %s: %s:%d: got %.9g, want %.9g\n",       \
			    (name), __FILE__, __LINE__, got_, want_);          \
			check_failures++;                                      \
		}                                                              \
	} while (0)

#define CHECK_STR(name, got, want)                                             \
	do {                                                                   \
		const char *got_ = (got), *want_ = (want);                     \
		if (got_ != NULL && strcmp(got_, want_) == 0) {                \
			printf("PASS: %s\n", (name));                          \
		} else {                                                       \
			printf("FAIL: %s: %s:%d: got \"%s\", want \"%s\"\n",   \
			    (name), __FILE__, __LINE__,                        \
			    got_ ? got_ : "(null)", want_);                    \
			check_failures++;                                      \
		}                                                              \
	} while (0)

static inline int
check_exit(void)
{
	return check_failures ? 1 : 0;
}

#endif
