/*
 * runs.h - `Run --runs K`: K whole runs of the selection one after
 * another, a settle before each, kept in one report (runs.c).
 */
#ifndef RUNS_H
#define RUNS_H

#include "exec/run.h"

/*
 * With r->settings.runs < 2, schedule_run(r, e) and nothing else.  Else, for
 * each of the K runs: sync, idle r->settings.settle_s seconds (a stop
 * signal ends the wait), schedule_run, which adds the run to r->runs; then
 * their summary (between_runs).  A stop signal or a failure ends the
 * series where it is.  Returns 0, or -1 when out of memory.
 */
int runs_all(struct report *r, const struct run_env *e);

/*
 * When ./Run has just built the suite (r->settle.build_s > 0), waits a
 * second at a time until the load average falls (score/noise.h's
 * noise_settle; at most r->settle.max_s), said on the console; a stop
 * signal ends the wait.  r->sys's load and uptime are then read again,
 * and r->settle says how it ended.  0, or -1 out of memory.
 */
int runs_settle(struct report *r, const struct run_env *e);

#endif
