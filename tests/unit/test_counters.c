/*
 * test_counters.c - the resource counters' arithmetic against hand-computed
 * numbers (sums, machine deltas, derived values, medians, formatting) and
 * compare's why-rule (explain.h) on hand-made per-pass values.
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "model/counters.h"
#include "model/report.h"
#include "score/explain.h"

#define B(k) COUNTER_BIT(k)

static void
test_sums(void)
{
	struct counters a = {0}, b = {0}, sum = {0}, d = {0};

	a.have = B(CTR_USER_S) | B(CTR_MAX_RSS_KIB);
	a.v[CTR_USER_S] = 1.5;
	a.v[CTR_MAX_RSS_KIB] = 2000;
	b.have = B(CTR_USER_S) | B(CTR_MAX_RSS_KIB) | B(CTR_VOL_CSW);
	b.v[CTR_USER_S] = 0.25;
	b.v[CTR_MAX_RSS_KIB] = 3000;
	b.v[CTR_VOL_CSW] = 7;
	counters_add(&sum, &a);
	counters_add(&sum, &b);
	CHECK_NEAR("add: times summed", sum.v[CTR_USER_S], 1.75, 1e-12);
	CHECK_NEAR("add: largest resident set, not the sum",
	    sum.v[CTR_MAX_RSS_KIB], 3000, 0);
	CHECK("add: have is the union", sum.have == b.have);
	CHECK_NEAR(
	    "add: a counter only one copy has", sum.v[CTR_VOL_CSW], 7, 0);

	a.have = B(CTR_M_CSW) | B(CTR_M_FORKS) | B(CTR_M_STEAL_S);
	a.v[CTR_M_CSW] = 100;
	a.v[CTR_M_FORKS] = 50;
	a.v[CTR_M_STEAL_S] = 3;
	b.have = B(CTR_M_CSW) | B(CTR_M_FORKS);
	b.v[CTR_M_CSW] = 160;
	b.v[CTR_M_FORKS] = 40;
	counters_delta(&d, &a, &b);
	CHECK("delta: after - before",
	    d.v[CTR_M_CSW] == 60 && (d.have & B(CTR_M_CSW)));
	CHECK("delta: a counter that went back is left out",
	    !(d.have & B(CTR_M_FORKS)));
	CHECK("delta: only what both snapshots have",
	    !(d.have & B(CTR_M_STEAL_S)));
}

static void
test_derive(void)
{
	struct counters c = {0};
	struct derived d;

	/*
	 * Two copies of 2 s wall each (4 s), 1.5 s user + 0.5 s system,
	 * 1000 loops, 1500 voluntary + 500 involuntary switches, 30 + 10
	 * faults, 0.8 s waiting to run, 250 migrations of the tasks; the
	 * machine: 3 s user, 1 s system, 3.5 s idle, 0.25 s iowait, 0.25 s
	 * steal (8 s of CPU time).
	 */
	c.have = B(CTR_USER_S) | B(CTR_SYSTEM_S) | B(CTR_VOL_CSW) |
	         B(CTR_INVOL_CSW) | B(CTR_MINOR_FAULTS) | B(CTR_MAJOR_FAULTS) |
	         B(CTR_RUNQ_WAIT_S) | B(CTR_MIGRATIONS) | B(CTR_M_USER_S) |
	         B(CTR_M_SYSTEM_S) | B(CTR_M_IDLE_S) | B(CTR_M_IOWAIT_S) |
	         B(CTR_M_STEAL_S);
	c.v[CTR_USER_S] = 1.5;
	c.v[CTR_SYSTEM_S] = 0.5;
	c.v[CTR_VOL_CSW] = 1500;
	c.v[CTR_INVOL_CSW] = 500;
	c.v[CTR_MINOR_FAULTS] = 30;
	c.v[CTR_MAJOR_FAULTS] = 10;
	c.v[CTR_RUNQ_WAIT_S] = 0.8;
	c.v[CTR_MIGRATIONS] = 250;
	c.v[CTR_M_USER_S] = 3;
	c.v[CTR_M_SYSTEM_S] = 1;
	c.v[CTR_M_IDLE_S] = 3.5;
	c.v[CTR_M_IOWAIT_S] = 0.25;
	c.v[CTR_M_STEAL_S] = 0.25;
	counters_derive(&c, 1000, 4, &d);
	CHECK_NEAR("CPU busy = (user + system) / (wall x copies)",
	    d.v[DRV_CPU_BUSY], 0.5, 1e-12);
	CHECK_NEAR("system share = system / (user + system)",
	    d.v[DRV_SYSTEM_SHARE], 0.25, 1e-12);
	CHECK_NEAR("CPU us/loop", d.v[DRV_CPU_PER_LOOP], 2000, 1e-9);
	CHECK_NEAR("ctx switches/loop", d.v[DRV_CSW_PER_LOOP], 2, 1e-12);
	CHECK_NEAR("preemptions/loop", d.v[DRV_INVOL_PER_LOOP], 0.5, 1e-12);
	CHECK_NEAR("faults/loop", d.v[DRV_FAULTS_PER_LOOP], 0.04, 1e-12);
	CHECK_NEAR("migrations/loop from the tasks", d.v[DRV_MIGR_PER_LOOP],
	    0.25, 1e-12);
	CHECK_NEAR("waiting to run", d.v[DRV_RUNQ_SHARE], 0.2, 1e-12);
	CHECK_NEAR("machine busy", d.v[DRV_MACHINE_BUSY], 0.5, 1e-12);
	CHECK_NEAR("steal", d.v[DRV_STEAL_SHARE], 0.03125, 1e-12);
	CHECK_NEAR("iowait", d.v[DRV_IOWAIT_SHARE], 0.03125, 1e-12);
	CHECK("every value present", d.have == (1U << NDERIVED) - 1);

	c.have |= B(CTR_PERF_MIGRATIONS);
	c.v[CTR_PERF_MIGRATIONS] = 900;
	counters_derive(&c, 1000, 4, &d);
	CHECK_NEAR("migrations/loop: the tree's (perf) when counted",
	    d.v[DRV_MIGR_PER_LOOP], 0.9, 1e-12);

	c.have = B(CTR_USER_S) | B(CTR_SYSTEM_S);
	counters_derive(&c, 0, 0, &d);
	CHECK("no loops, no wall: no per-loop value, no busy share",
	    d.have == (1U << DRV_SYSTEM_SHARE));
	c.have = B(CTR_VOL_CSW);
	counters_derive(&c, 1000, 4, &d);
	CHECK("a value needs every counter it is made of", d.have == 0);
}

static void
test_median_format(void)
{
	struct pass_result p[4] = {{0}};
	struct derived *a = &p[0].derived, *b = &p[1].derived,
	               *c = &p[3].derived, m;
	char buf[32];

	p[0].kept = p[1].kept = p[3].kept = 1;
	p[2].derived.have = 1U << DRV_CPU_BUSY; /* a pass not kept */
	p[2].derived.v[DRV_CPU_BUSY] = 0.2;
	a->have = b->have = c->have = 1U << DRV_CPU_BUSY;
	a->v[DRV_CPU_BUSY] = 0.9;
	b->v[DRV_CPU_BUSY] = 0.1;
	c->v[DRV_CPU_BUSY] = 0.5;
	a->have |= 1U << DRV_CSW_PER_LOOP;
	b->have |= 1U << DRV_CSW_PER_LOOP;
	a->v[DRV_CSW_PER_LOOP] = 2;
	b->v[DRV_CSW_PER_LOOP] = 4;
	counters_median(p, 4, &m);
	CHECK_NEAR("median of the three kept", m.v[DRV_CPU_BUSY], 0.5, 0);
	CHECK_NEAR(
	    "median of the two that have it", m.v[DRV_CSW_PER_LOOP], 3, 0);
	CHECK("median: absent where no pass has it",
	    !(m.have & (1U << DRV_FAULTS_PER_LOOP)));
	counters_format(DRV_CPU_BUSY, 0.974, buf, sizeof(buf));
	CHECK_STR("format: share as percent", buf, "97%");
	counters_format(DRV_MIGR_PER_LOOP, 0.934, buf, sizeof(buf));
	CHECK_STR("format: small per-loop", buf, "0.93");
	counters_format(DRV_FAULTS_PER_LOOP, 18.15, buf, sizeof(buf));
	CHECK_STR("format: tens", buf, "18.1");
	counters_format(DRV_CPU_PER_LOOP, 51234, buf, sizeof(buf));
	CHECK_STR("format: thousands", buf, "51k");
	counters_format(DRV_CPU_PER_LOOP, 117400, buf, sizeof(buf));
	CHECK_STR("format: shell8's loop in 6 columns", buf, "117k");
	counters_format(DRV_CSW_PER_LOOP, 12.6e6, buf, sizeof(buf));
	CHECK_STR("format: millions", buf, "13M");
}

/* n passes of one derived value k (NAN elsewhere) into v. */
static void
passes(double *v, int n, enum derived_id k, const double *values)
{
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < NDERIVED; j++)
			v[i * NDERIVED + j] = j == (int)k ? values[i] : NAN;
}

static void
test_why_rule(void)
{
	static const double busy_a[] = {0.97, 0.96, 0.98};
	static const double busy_b[] = {0.21, 0.22, 0.20};
	static const double wide_a[] = {0.3, 0.9, 0.6};
	static const double wide_b[] = {0.2, 0.7, 0.4};
	static const double small_a[] = {1.00, 1.01, 0.99};
	static const double small_b[] = {1.10, 1.11, 1.09};
	double a[3 * NDERIVED], b[3 * NDERIVED], none[3 * NDERIVED];
	struct explain_item it[EXPLAIN_MAX];
	char text[256];
	int n, i;

	passes(a, 3, DRV_CPU_BUSY, busy_a);
	passes(b, 3, DRV_CPU_BUSY, busy_b);
	n = explain_rank(a, 3, b, 3, it, EXPLAIN_MAX);
	CHECK("a move beyond the counter's noise is named",
	    n == 1 && it[0].k == DRV_CPU_BUSY);
	CHECK_NEAR("its log ratio uses the floor", it[0].log_ratio,
	    log((0.21 + 0.05) / (0.97 + 0.05)), 1e-12);
	CHECK_NEAR("its noise: the wider side's log range", it[0].noise,
	    log((0.22 + 0.05) / (0.20 + 0.05)), 1e-12);
	explain_text(it, n, text, sizeof(text));
	CHECK_STR("why-line text", text, "CPU busy 97% -> 21%");

	passes(a, 3, DRV_CPU_BUSY, wide_a);
	passes(b, 3, DRV_CPU_BUSY, wide_b);
	CHECK("a move within the counter's own spread is not named",
	    explain_rank(a, 3, b, 3, it, EXPLAIN_MAX) == 0);
	explain_text(it, 0, text, sizeof(text));
	CHECK_STR("nothing moved: said so", text,
	    "no counter moved beyond its own noise");

	passes(a, 3, DRV_CSW_PER_LOOP, small_a);
	passes(b, 3, DRV_CSW_PER_LOOP, small_b);
	CHECK("a 10% move, beyond noise but under 20%, is not named",
	    explain_rank(a, 3, b, 3, it, EXPLAIN_MAX) == 0);

	/* Several movers: ordered by |L| - N, at most EXPLAIN_MAX. */
	for (i = 0; i < 3 * NDERIVED; i++)
		a[i] = b[i] = NAN;
	for (i = 0; i < 3; i++) {
		a[i * NDERIVED + DRV_CPU_BUSY] = 0.97;
		b[i * NDERIVED + DRV_CPU_BUSY] = 0.21;
		a[i * NDERIVED + DRV_MIGR_PER_LOOP] = 0;
		b[i * NDERIVED + DRV_MIGR_PER_LOOP] = 0.93;
		a[i * NDERIVED + DRV_FAULTS_PER_LOOP] = 1;
		b[i * NDERIVED + DRV_FAULTS_PER_LOOP] = 2;
		a[i * NDERIVED + DRV_RUNQ_SHARE] = 0.1;
		b[i * NDERIVED + DRV_RUNQ_SHARE] = 0.05;
		a[i * NDERIVED + DRV_CSW_PER_LOOP] = 2 + 0.5 * i;
		b[i * NDERIVED + DRV_CSW_PER_LOOP] = 2;
	}
	n = explain_rank(a, 3, b, 3, it, EXPLAIN_MAX);
	CHECK("at most EXPLAIN_MAX named, largest first",
	    n == 3 && it[0].k == DRV_MIGR_PER_LOOP && it[1].k == DRV_CPU_BUSY &&
	        it[2].k == DRV_FAULTS_PER_LOOP);
	explain_text(it, n, text, sizeof(text));
	CHECK_STR("the issue's example reads as it should", text,
	    "migrations/loop 0.00 -> 0.93, CPU busy 97% -> 21%, "
	    "faults/loop 1.00 -> 2.00");
	n = explain_rank(b, 3, a, 3, it, 1);
	CHECK("max 1 keeps the largest",
	    n == 1 && it[0].k == DRV_MIGR_PER_LOOP && it[0].log_ratio < 0);

	for (i = 0; i < 3 * NDERIVED; i++)
		none[i] = NAN;
	CHECK("no counters on one side: no why-line (-1)",
	    explain_rank(a, 3, none, 3, it, EXPLAIN_MAX) == -1 &&
	        explain_rank(none, 3, a, 3, it, EXPLAIN_MAX) == -1 &&
	        explain_rank(a, 0, a, 3, it, EXPLAIN_MAX) == -1);
}

int
main(void)
{
	test_sums();
	test_derive();
	test_median_format();
	test_why_rule();
	return check_exit();
}
