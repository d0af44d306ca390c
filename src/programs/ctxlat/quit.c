/*
 * quit.c - ctxlat's stop flag and the handler that sets it (ctxlat.h),
 * shared by the measuring side and the extras.
 */
#include <signal.h>

#include "bench.h"
#include "ctxlat.h"

volatile sig_atomic_t ctxlat_quit;

void
on_quit(int sig)
{
	(void)sig;
	ctxlat_quit = 1;
	bench_stop = 1;
}
