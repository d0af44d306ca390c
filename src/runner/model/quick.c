/*
 * quick.c - the quick-mode plan of a test (contract in quick.h): a table
 * by program (and fstime's mode), as data.
 */
#include <string.h>

#include "model/quick.h"

static const char *const no_args[] = { NULL };
static const char *const fstime_args[] = { "-p", "0", "-P", "0.1", NULL };
static const char *const looper_args[] = { "-l", NULL };

/*
 * Per program (and first argument, NULL: any): the quick options, and
 * the seconds beyond the duration of a default and of a quick pass.
 * fstime -c settles 4 s, primes 2 s (write), settles 4 s, primes 2 s
 * (read) and settles 3 s before copying; -r and -w do less of that.
 */
static const struct {
	const char *program, *mode;
	const char *const *args;
	double extra_s, quick_extra_s;
} plans[] = {
	{ "fstime", "-c", fstime_args, 15, 0.5 },
	{ "fstime", "-r", fstime_args, 10, 0.3 },
	{ "fstime", "-w", fstime_args, 4, 0.2 },
	{ "looper", NULL, looper_args, 0.5, 0.5 },
	{ "whetstone-double", NULL, no_args, 1.2, 1.2 },
};

/* Extra seconds of a pass of a program not in the table. */
#define START_SECONDS 0.1

static int
find(const struct test_def *t)
{
	size_t i;

	for (i = 0; i < sizeof(plans) / sizeof(plans[0]); i++)
		if (strcmp(plans[i].program, t->program) == 0 &&
		    (plans[i].mode == NULL || (t->args[0] != NULL &&
		    strcmp(plans[i].mode, t->args[0]) == 0)))
			return (int)i;
	return -1;
}

double
quick_seconds(const struct test_def *t)
{
	double s = t->seconds / 30;

	return s < 1 ? 1 : s > 2 ? 2 : s;
}

const char *const *
quick_args(const struct test_def *t)
{
	int i = find(t);

	return i >= 0 ? plans[i].args : no_args;
}

double
quick_extra_seconds(const struct test_def *t, int quick)
{
	int i = find(t);

	if (i < 0)
		return START_SECONDS;
	return START_SECONDS + (quick ? plans[i].quick_extra_s :
	    plans[i].extra_s);
}

int
quick_passes(const struct settings *s, const struct test_def *t)
{
	return t->passes == PASSES_LONG ? s->long_passes : s->short_passes;
}

double
quick_pass_seconds(const struct settings *s, const struct test_def *t)
{
	if (s->duration_s > 0)
		return s->duration_s;
	return s->quick ? quick_seconds(t) : t->seconds;
}
