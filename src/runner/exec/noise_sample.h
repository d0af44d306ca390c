/*
 * noise_sample.h - measuring what may disturb a run around its tests:
 * CPU time of the system, of the hypervisor and of this process, swap in
 * use, the CPU frequency governors.  The warnings are score/noise.h's.
 */
#ifndef NOISE_SAMPLE_H
#define NOISE_SAMPLE_H

#include "model/report.h"
#include "score/noise.h"

/* Clears *nz, warns of the load and the governors, samples the swap. */
void noise_start(struct noise *nz, struct report *r);

/*
 * Around each test (nz NULL: nothing): CPU time of all, steal, and this
 * process's and its children's; keeps the test with most CPU of others.
 */
void noise_test_begin(struct noise *nz);
void noise_test_end(struct noise *nz, const struct test_result *t, int copies);

/* The swap sampled once more, then noise_warn_end's warnings. */
void noise_finish(struct noise *nz, struct report *r);

#endif
