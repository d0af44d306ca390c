/*
 * schedule.h - the run loop (schedule.c): --runs K whole runs of the
 * selection, each in turn or in rounds, filling the report model.
 */
#ifndef SCHEDULE_H
#define SCHEDULE_H

#include "exec/launch.h"
#include "model/report.h"

/* 1 when every test of the last run succeeded and none was stopped. */
int schedule_run_ok(const struct report *r);

/*
 * One run; with --runs K, K runs, each after a sync and settle_s seconds
 * idle, then their summary (between_runs), a stop signal or a failure
 * ending the series.  0, or -1 when out of memory.
 */
int schedule_runs(struct report *r, const struct run_env *e);

/*
 * When ./Run has just built the suite, waits a second at a time until
 * the load average falls (noise_settle, at most r->settle.max_s) or a
 * stop signal; r->settle says how it ended.  0, or -1 (memory).
 */
int schedule_settle(struct report *r, const struct run_env *e);

#endif
