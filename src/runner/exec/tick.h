/*
 * tick.h - the runner's waits while a pass runs, and the clock called
 * from them (the progress line's elapsed time).
 */
#ifndef TICK_H
#define TICK_H

#include <signal.h>

/*
 * While a pass runs, fn(arg) is called at least once a second (the
 * progress line's clock); fn NULL: nothing is.
 */
void tick_hook(void (*fn)(void *), void *arg);

/*
 * Sleeps until fd (>= 0) is readable, a signal not in mask arrives or
 * `seconds` pass (< 0: no limit), at most a second while a tick is set,
 * then calls the tick.  Returns pselect's value.
 */
int tick_wait(int fd, double seconds, const sigset_t *mask);

#endif
