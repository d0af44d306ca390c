/*
 * noise_sample.h - measuring what may disturb a run around its tests:
 * CPU time of the system, of the hypervisor and of this process, swap in
 * use, the CPU frequency governors.  The warnings are score/noise.h's.
 */
#ifndef NOISE_SAMPLE_H
#define NOISE_SAMPLE_H

#include "model/report.h"
#include "score/noise.h"

/*
 * Warnings of the start: load average, governor.  Clears *nz and
 * samples the swap in use (a run's noise is measured from here).
 */
void noise_start(struct noise *nz, struct report *r);

/* Around each test: samples CPU time (all, steal, this process's and its
 * children's) and keeps the test with the most CPU time of others.  A
 * NULL nz (a run that measures no noise) does nothing. */
void noise_test_begin(struct noise *nz);
void noise_test_end(struct noise *nz, const struct test_result *t, int copies);

/*
 * Warnings of the end: the swap in use sampled once more, then
 * noise_warn_end (score/noise.h).
 */
void noise_finish(struct noise *nz, struct report *r);

#endif
