/*
 * whetstone-double.c - Roy Longbottom's C Whetstone (1996/97) in double
 * precision: millions of Whetstone instructions per second (MWIPS) over its
 * eight sections, wall-clock timed and self-calibrated to the duration.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "bench.h"
#include "harness.h"

/* Inner loops run 100 times each section's constant. */
#define WHET_X100 100

/* Section 1 runs ten times longer for accuracy; its time is divided back. */
#define WHET_N1_MULT 10

/* The eight sections: title, loop constant, operations per loop, kind. */
static const struct whet_section {
	const char *title;
	long n;
	long ops;
	int is_flops;
} whet_sections[8] = {
    {"N1 floating point", 12, 16, 1},
    {"N2 floating point", 14, 96, 1},
    {"N3 if then else", 345, 3, 0},
    {"N4 fixed point", 210, 15, 0},
    {"N5 sin,cos etc.", 32, 26, 0},
    {"N6 floating point", 899, 6, 1},
    {"N7 assignments", 616, 3, 0},
    {"N8 exp,sqrt etc.", 93, 4, 0},
};

/* One run of the eight sections: each one's seconds and check value. */
struct whet_result {
	double seconds[8];
	double check[8];
	double total;
};

/* Section 2's procedure: six rounds over an array passed as a parameter. */
static void
whet_pa(double e[4], double t, double t2)
{
	long j;

	for (j = 0; j < 6; j++) {
		e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
		e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
		e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
		e[3] = (-e[0] + e[1] + e[2] + e[3]) / t2;
	}
}

/* Section 7's procedure: three array element assignments. */
static void
whet_po(double e1[4], long j, long k, long l)
{
	e1[j] = e1[k];
	e1[k] = e1[l];
	e1[l] = e1[j];
}

/* Section 6's procedure: arithmetic through pointer parameters. */
static void
whet_p3(double *x, double *y, double *z, double t, double t1, double t2)
{
	*x = *y;
	*y = *z;
	*x = t * (*x + *y);
	*y = t1 * (*x + *y);
	*z = (*x + *y) / t2;
}

/*
 * Runs `xtra` passes of every section, timing each on the monotonic clock,
 * and fills *r; r->total is the sum of the section times (section 1's
 * divided by WHET_N1_MULT), the time the MWIPS rating divides by.
 */
static void
whet_run(int64_t xtra, struct whet_result *r)
{
	const long n1 = 12 * WHET_X100, n2 = 14 * WHET_X100;
	const long n3 = 345 * WHET_X100, n4 = 210 * WHET_X100;
	const long n5 = 32 * WHET_X100, n6 = 899 * WHET_X100;
	const long n7 = 616 * WHET_X100, n8 = 93 * WHET_X100;
	const double t0 = 0.49999975, t1 = 0.50000025, t2 = 2.0;
	double t = t0, e1[4], x, y, z, start;
	int64_t ix;
	long i, j, k, l;
	int s;

	/* Section 1: array elements. */
	e1[0] = 1.0;
	e1[1] = -1.0;
	e1[2] = -1.0;
	e1[3] = -1.0;
	start = bench_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 0; i < n1 * WHET_N1_MULT; i++) {
			e1[0] = (e1[0] + e1[1] + e1[2] - e1[3]) * t;
			e1[1] = (e1[0] + e1[1] - e1[2] + e1[3]) * t;
			e1[2] = (e1[0] - e1[1] + e1[2] + e1[3]) * t;
			e1[3] = (-e1[0] + e1[1] + e1[2] + e1[3]) * t;
		}
		t = 1.0 - t;
	}
	t = t0;
	r->seconds[0] = (bench_now() - start) / WHET_N1_MULT;
	r->check[0] = e1[3];

	/* Section 2: array as parameter. */
	start = bench_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 0; i < n2; i++)
			whet_pa(e1, t, t2);
		t = 1.0 - t;
	}
	t = t0;
	r->seconds[1] = bench_now() - start;
	r->check[1] = e1[3];

	/* Section 3: conditional jumps. */
	j = 1;
	start = bench_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 0; i < n3; i++) {
			if (j == 1)
				j = 2;
			else
				j = 3;
			if (j > 2)
				j = 0;
			else
				j = 1;
			if (j < 1)
				j = 1;
			else
				j = 0;
		}
	}
	r->seconds[2] = bench_now() - start;
	r->check[2] = (double)j;

	/* Section 4: integer arithmetic. */
	j = 1;
	k = 2;
	l = 3;
	start = bench_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 0; i < n4; i++) {
			j = j * (k - j) * (l - k);
			k = l * k - (l - j) * k;
			l = (l - k) * (k + j);
			e1[l - 2] = (double)(j + k + l);
			e1[k - 2] = (double)(j * k * l);
		}
	}
	r->seconds[3] = bench_now() - start;
	r->check[3] = e1[0] + e1[1];

	/* Section 5: trigonometric functions. */
	x = 0.5;
	y = 0.5;
	start = bench_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 1; i < n5; i++) {
			x = t * atan(t2 * sin(x) * cos(x) /
			             (cos(x + y) + cos(x - y) - 1.0));
			y = t * atan(t2 * sin(y) * cos(y) /
			             (cos(x + y) + cos(x - y) - 1.0));
		}
		t = 1.0 - t;
	}
	t = t0;
	r->seconds[4] = bench_now() - start;
	r->check[4] = y;

	/* Section 6: procedure calls. */
	x = 1.0;
	y = 1.0;
	z = 1.0;
	start = bench_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 0; i < n6; i++)
			whet_p3(&x, &y, &z, t, t1, t2);
	}
	r->seconds[5] = bench_now() - start;
	r->check[5] = z;

	/* Section 7: array references. */
	j = 0;
	k = 1;
	l = 2;
	e1[0] = 1.0;
	e1[1] = 2.0;
	e1[2] = 3.0;
	start = bench_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 0; i < n7; i++)
			whet_po(e1, j, k, l);
	}
	r->seconds[6] = bench_now() - start;
	r->check[6] = e1[2];

	/* Section 8: standard functions. */
	x = 0.75;
	start = bench_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 0; i < n8; i++)
			x = sqrt(exp(log(x) / t1));
	}
	r->seconds[7] = bench_now() - start;
	r->check[7] = x;

	r->total = 0.0;
	for (s = 0; s < 8; s++)
		r->total += r->seconds[s];
}

/* The per-section table of a run of `xtra` passes, on stderr. */
static void
whet_table(const struct whet_result *r, int64_t xtra, double mwips)
{
	const struct whet_section *w;
	double rate;
	int s;

	fprintf(stderr, "\nLoop content                  Result              "
	                "MFLOPS      MOPS   Seconds\n\n");
	for (s = 0; s < 8; s++) {
		w = &whet_sections[s];
		rate = 0.0;
		if (r->seconds[s] > 0.0)
			rate = (double)w->n * WHET_X100 * (double)w->ops *
			       (double)xtra / (1e6 * r->seconds[s]);
		fprintf(stderr, "%-17s %24.17f  %9.3f %9.3f %9.3f\n", w->title,
		    r->check[s], w->is_flops ? rate : 0.0,
		    w->is_flops ? 0.0 : rate, r->seconds[s]);
	}
	fprintf(stderr, "\nMWIPS %50.3f %19.3f\n\n", mwips, r->total);
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
	    .usage = "whetstone-double [-h] seconds",
	    .seconds_operand = 1,
	};
	struct whet_result r;
	double seconds, mwips, passes;
	int64_t xtra = 1;
	int rc, tries;

	if ((rc = bench_parse(&prog, NULL, argc, argv, &seconds)) != BENCH_GO)
		return rc;

	/*
	 * Calibration: 1, 5, 25 ... passes until one run of the eight
	 * sections takes over half a second, at most ten tries; then as many
	 * passes as fill `seconds` at the speed of the last try.
	 */
	fprintf(stderr, "Calibrate\n");
	for (tries = 1;; tries++) {
		whet_run(xtra, &r);
		fprintf(stderr, "%11.2f Seconds %10lld   Passes (x 100)\n",
		    r.total, (long long)xtra);
		if (r.total > 0.5 || tries == 10)
			break;
		xtra *= 5;
	}
	if (r.total <= 0.0)
		return bench_fail("calibration measured no time");
	passes = seconds * (double)xtra / r.total;
	/* Converting a double beyond int64_t's range would be undefined. */
	if (passes > 1e15)
		return bench_fail("calibration: %.3g passes is too many "
		                  "(%.3g s for %lld)",
		    passes, r.total, (long long)xtra);
	xtra = passes < 1.0 ? 1 : (int64_t)passes;
	fprintf(stderr, "\nUse %lld  passes (x 100)\n", (long long)xtra);

	/* Copies calibrate on their own; the measured run starts together. */
	if (bench_ready() == -1)
		return bench_fail("start barrier:");
	whet_run(xtra, &r);
	if (r.total <= 0.0)
		return bench_fail("the run measured no time");
	/* One pass of the eight sections is ten million Whetstone ops. */
	mwips = (double)xtra * WHET_X100 / (10.0 * r.total);
	whet_table(&r, xtra, mwips);
	bench_rate(mwips, "MWIPS");
	bench_time(r.total);
	return BENCH_OK;
}
