/*
 * dhry_2.c - the second translation unit of Dhrystone 2.1: procedures 6 to
 * 8 and the functions, kept apart from the main loop as in the original so
 * that the compiler cannot inline them into it (without LTO).
 */
#include <string.h>

#include "dhry.h"

/* Called with IDENT_3 from proc_1: sets *enum_ref_par to IDENT_2. */
void
proc_6(enum dhry_ident enum_val_par, enum dhry_ident *enum_ref_par)
{
	*enum_ref_par = enum_val_par;
	if (!func_3(enum_val_par))
		*enum_ref_par = IDENT_4;
	switch (enum_val_par) {
	case IDENT_1:
		*enum_ref_par = IDENT_1;
		break;
	case IDENT_2:
		if (int_glob > 100)
			*enum_ref_par = IDENT_1;
		else
			*enum_ref_par = IDENT_4;
		break;
	case IDENT_3:
		*enum_ref_par = IDENT_2;
		break;
	case IDENT_4:
		break;
	case IDENT_5:
		*enum_ref_par = IDENT_3;
		break;
	}
}

/* Called three times a loop: (2, 3) gives 7, (10, 5) 17, (6, 10) 18. */
void
proc_7(int int_1_par_val, int int_2_par_val, int *int_par_ref)
{
	int int_loc;

	int_loc = int_1_par_val + 2;
	*int_par_ref = int_2_par_val + int_loc;
}

/* Called with 3 and 7: array stores around index 8; int_glob becomes 5. */
void
proc_8(int arr_1_par_ref[50], unsigned int arr_2_par_ref[50][50],
    int int_1_par_val, int int_2_par_val)
{
	REG int int_index;
	REG int int_loc;

	int_loc = int_1_par_val + 5;
	arr_1_par_ref[int_loc] = int_2_par_val;
	arr_1_par_ref[int_loc + 1] = arr_1_par_ref[int_loc];
	arr_1_par_ref[int_loc + 30] = int_loc;
	for (int_index = int_loc; int_index <= int_loc + 1; ++int_index)
		arr_2_par_ref[int_loc][int_index] = int_loc;
	arr_2_par_ref[int_loc][int_loc - 1] += 1;
	arr_2_par_ref[int_loc + 20][int_loc] = arr_1_par_ref[int_loc];
	int_glob = 5;
}

/* Called three times a loop; returns IDENT_1 unless the letters match. */
enum dhry_ident
func_1(char ch_1_par_val, char ch_2_par_val)
{
	char ch_1_loc;
	char ch_2_loc;

	ch_1_loc = ch_1_par_val;
	ch_2_loc = ch_1_loc;
	if (ch_2_loc != ch_2_par_val)
		return IDENT_1;
	ch_1_glob = ch_1_loc;
	return IDENT_2;
}

/* Called with the 1'ST and 2'ND strings: compares them, returns 0. */
int
func_2(const char *str_1_par_ref, const char *str_2_par_ref)
{
	REG int int_loc;
	char ch_loc;

	ch_loc = 'A';
	int_loc = 2;
	while (int_loc <= 2) {
		if (func_1(str_1_par_ref[int_loc],
		        str_2_par_ref[int_loc + 1]) == IDENT_1) {
			ch_loc = 'A';
			int_loc += 1;
		}
	}
	if (ch_loc >= 'W' && ch_loc < 'Z')
		int_loc = 7;
	if (ch_loc == 'R')
		return 1;
	if (strcmp(str_1_par_ref, str_2_par_ref) > 0) {
		int_loc += 7;
		int_glob = int_loc;
		return 1;
	}
	return 0;
}

/* Called from proc_6 with IDENT_3: returns 1. */
int
func_3(enum dhry_ident enum_par_val)
{
	enum dhry_ident enum_loc;

	enum_loc = enum_par_val;
	return enum_loc == IDENT_3;
}
