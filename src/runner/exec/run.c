/*
 * run.c - the run's lines on the console (run.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "exec/run.h"

void
run_say(const struct run_env *e, const char *fmt, ...)
{
	va_list ap;

	if (e->console == NULL)
		return;
	va_start(ap, fmt);
	vfprintf(e->console, fmt, ap);
	va_end(ap);
	fflush(e->console);
}
