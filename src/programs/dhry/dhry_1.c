/*
 * dhry_1.c - Dhrystone 2.1 (R. P. Weicker, 1988): iterations per second of
 * the classic loop of integer, record, array and string work.  This unit
 * holds the globals, procedures 1 to 5 and the timed loop.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "dhry.h"

/* True in dhry2reg, built with -DREG=register. */
#define DHRY_STR(x)   #x
#define DHRY_XSTR(x)  DHRY_STR(x)
#define DHRY_REGISTER (DHRY_XSTR(REG)[0] != '\0')

struct dhry_record *ptr_glob, *next_ptr_glob;
int int_glob;
int bool_glob;
char ch_1_glob, ch_2_glob;
int arr_1_glob[50];
/*
 * Unsigned where the original has int: one element grows by one every
 * loop, and a long run must wrap it (well defined) rather than overflow.
 */
unsigned int arr_2_glob[50][50];

/*
 * The loop's local variables at its end, for the check of the results.
 * Not int_1_loc and int_2_loc: the loop's last statements (the integer
 * arithmetic and proc_2) leave values in them that the next loop overwrites
 * unread.  In UnixBench's endless loop nothing ever reads them, so the
 * compiler drops those statements; checking them here would make it keep
 * them (a division and proc_2 every loop, about 7% of the loop with gcc 12)
 * and time a longer loop than UnixBench's.
 */
struct dhry_final {
	int int_3_loc;
	enum dhry_ident enum_loc;
	char str_1_loc[31], str_2_loc[31];
};

/* Called once a loop with ptr_glob. */
void
proc_1(REG struct dhry_record *ptr_val_par)
{
	REG struct dhry_record *next_record = ptr_val_par->ptr_comp;

	*ptr_val_par->ptr_comp = *ptr_glob;
	ptr_val_par->int_comp = 5;
	next_record->int_comp = ptr_val_par->int_comp;
	next_record->ptr_comp = ptr_val_par->ptr_comp;
	proc_3(&next_record->ptr_comp);
	if (next_record->discr == IDENT_1) {
		next_record->int_comp = 6;
		proc_6(ptr_val_par->enum_comp, &next_record->enum_comp);
		next_record->ptr_comp = ptr_glob->ptr_comp;
		proc_7(next_record->int_comp, 10, &next_record->int_comp);
	} else {
		*ptr_val_par = *ptr_val_par->ptr_comp;
	}
}

/* Called once a loop: *int_par_ref goes from 1 to 4. */
void
proc_2(int *int_par_ref)
{
	int int_loc;
	enum dhry_ident enum_loc = IDENT_1;

	int_loc = *int_par_ref + 10;
	do {
		if (ch_1_glob == 'A') {
			int_loc -= 1;
			*int_par_ref = int_loc - int_glob;
			enum_loc = IDENT_1;
		}
	} while (enum_loc != IDENT_1);
}

/* Called once a loop from proc_1. */
void
proc_3(struct dhry_record **ptr_ref_par)
{
	if (ptr_glob != NULL)
		*ptr_ref_par = ptr_glob->ptr_comp;
	proc_7(10, int_glob, &ptr_glob->int_comp);
}

void
proc_4(void)
{
	int bool_loc;

	bool_loc = ch_1_glob == 'A';
	bool_glob = bool_loc | bool_glob;
	ch_2_glob = 'B';
}

void
proc_5(void)
{
	ch_1_glob = 'A';
	bool_glob = 0;
}

/*
 * Runs Dhrystone loops until bench_stop is set and returns how many were
 * completed; the loop's locals are left in *final.  The count goes up at
 * the top of a loop and the flag is tested at its end, so that the loop's
 * end is one load and a branch, the instructions of UnixBench's loop
 * (doc/fidelity.md).
 */
static uint64_t
dhry_run(struct dhry_final *final)
{
	uint64_t run_index;
	int int_1_loc;
	REG int int_2_loc;
	int int_3_loc = 0;
	REG char ch_index;
	enum dhry_ident enum_loc = IDENT_2;
	char str_1_loc[31];
	char str_2_loc[31];

	int_1_loc = int_2_loc = 0;
	strcpy(str_1_loc, "DHRYSTONE PROGRAM, 1'ST STRING");
	strcpy(str_2_loc, "");
	for (run_index = 0; !bench_stop;) {
		run_index++;
		proc_5();
		proc_4();
		/* ch_1_glob == 'A', ch_2_glob == 'B', bool_glob == 1 */
		int_1_loc = 2;
		int_2_loc = 3;
		strcpy(str_2_loc, "DHRYSTONE PROGRAM, 2'ND STRING");
		enum_loc = IDENT_2;
		bool_glob = !func_2(str_1_loc, str_2_loc);
		/* bool_glob == 1; the body below runs once */
		while (int_1_loc < int_2_loc) {
			int_3_loc = 5 * int_1_loc - int_2_loc;
			proc_7(int_1_loc, int_2_loc, &int_3_loc);
			int_1_loc += 1;
		}
		/* int_1_loc == 3, int_2_loc == 3, int_3_loc == 7 */
		proc_8(arr_1_glob, arr_2_glob, int_1_loc, int_3_loc);
		/* int_glob == 5 */
		proc_1(ptr_glob);
		/* The body runs twice, its condition is never true. */
		for (ch_index = 'A'; ch_index <= ch_2_glob; ++ch_index) {
			if (enum_loc == func_1(ch_index, 'C')) {
				proc_6(IDENT_1, &enum_loc);
				strcpy(str_2_loc,
				    "DHRYSTONE PROGRAM, 3'RD STRING");
				int_2_loc = (int)run_index;
				int_glob = (int)run_index;
			}
		}
		int_2_loc = int_2_loc * int_1_loc;
		int_1_loc = int_2_loc / int_3_loc;
		int_2_loc = 7 * (int_2_loc - int_3_loc) - int_1_loc;
		/* int_1_loc == 1, int_2_loc == 13, int_3_loc == 7 */
		proc_2(&int_1_loc);
		/* int_1_loc == 5 */
	}
	final->int_3_loc = int_3_loc;
	final->enum_loc = enum_loc;
	memcpy(final->str_1_loc, str_1_loc, sizeof(str_1_loc));
	memcpy(final->str_2_loc, str_2_loc, sizeof(str_2_loc));
	return run_index;
}

/*
 * Compares the final state with the values Dhrystone's author lists as
 * correct after `loops` loops.  Returns the number of mismatches, each
 * named on stderr.
 */
static int
dhry_check(const struct dhry_final *f, uint64_t loops)
{
	static const char some[] = "DHRYSTONE PROGRAM, SOME STRING";
	const struct dhry_record *p = ptr_glob, *n = next_ptr_glob;
	struct {
		const char *what;
		long got, want;
	} v[] = {
	    {"int_glob", int_glob, 5},
	    {"bool_glob", bool_glob, 1},
	    {"ch_1_glob", ch_1_glob, 'A'},
	    {"ch_2_glob", ch_2_glob, 'B'},
	    {"arr_1_glob[8]", arr_1_glob[8], 7},
	    {"arr_2_glob[8][7]", (long)arr_2_glob[8][7],
	        (long)(unsigned int)(loops + 10)},
	    {"ptr_glob->discr", p->discr, IDENT_1},
	    {"ptr_glob->enum_comp", p->enum_comp, IDENT_3},
	    {"ptr_glob->int_comp", p->int_comp, 17},
	    {"next_ptr_glob->discr", n->discr, IDENT_1},
	    {"next_ptr_glob->enum_comp", n->enum_comp, IDENT_2},
	    {"next_ptr_glob->int_comp", n->int_comp, 18},
	    {"int_3_loc", f->int_3_loc, 7},
	    {"enum_loc", f->enum_loc, IDENT_2},
	    {"str_comp", strcmp(p->str_comp, some), 0},
	    {"next str_comp", strcmp(n->str_comp, some), 0},
	    {"str_1_loc",
	        strcmp(f->str_1_loc, "DHRYSTONE PROGRAM, 1'ST STRING"), 0},
	    {"str_2_loc",
	        strcmp(f->str_2_loc, "DHRYSTONE PROGRAM, 2'ND STRING"), 0},
	};
	size_t i;
	int bad = 0;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		if (v[i].got != v[i].want) {
			fprintf(stderr, "dhrystone: %s is %ld, should be %ld\n",
			    v[i].what, v[i].got, v[i].want);
			bad++;
		}
	}
	return bad;
}

int
main(int argc, char **argv)
{
	struct dhry_final final;
	double seconds, start, elapsed;
	uint64_t loops;
	int done, rc;

	rc = bench_args(argc, argv,
	    DHRY_REGISTER ? "dhry2reg [-h] seconds" : "dhry2 [-h] seconds",
	    &seconds, &done);
	if (done)
		return rc;
	next_ptr_glob = malloc(sizeof(*next_ptr_glob));
	ptr_glob = malloc(sizeof(*ptr_glob));
	if (next_ptr_glob == NULL || ptr_glob == NULL)
		return bench_fail("malloc:");
	ptr_glob->ptr_comp = next_ptr_glob;
	ptr_glob->discr = IDENT_1;
	ptr_glob->enum_comp = IDENT_3;
	ptr_glob->int_comp = 40;
	strcpy(ptr_glob->str_comp, "DHRYSTONE PROGRAM, SOME STRING");
	/* Missing in the published program; Weicker's 2.1 sets it. */
	arr_2_glob[8][7] = 10;

	if (bench_go(seconds, &start) != 0)
		return BENCH_FAILED;
	loops = dhry_run(&final);
	elapsed = bench_now() - start;
	if (loops > 0 && dhry_check(&final, loops) != 0)
		return bench_fail("wrong results after %llu loops",
		    (unsigned long long)loops);
	fprintf(stderr, "dhrystone (%s): %llu loops in %.3f s\n",
	    DHRY_REGISTER ? "register" : "plain", (unsigned long long)loops,
	    elapsed);
	bench_count(loops, 1, "lps");
	bench_time(elapsed);
	return BENCH_OK;
}
