/*
 * dhry.h - what the two translation units of Dhrystone 2.1 (R. P. Weicker,
 * 1988) share: the record type, the global variables and the procedures.
 * REG is `register` (dhry2reg) or empty (dhry2), set by the Makefile.
 */
#ifndef DHRY_H
#define DHRY_H

#ifndef REG
#define REG
#endif

enum dhry_ident { IDENT_1, IDENT_2, IDENT_3, IDENT_4, IDENT_5 };

/*
 * The record of Dhrystone's first variant (discr == IDENT_1), laid out with
 * the size of the original's union so that a record assignment copies as
 * many bytes.
 */
struct dhry_record {
	struct dhry_record *ptr_comp;
	enum dhry_ident discr;
	enum dhry_ident enum_comp;
	int int_comp;
	char str_comp[31];
};

/* Defined in dhry_1.c. */
extern struct dhry_record *ptr_glob, *next_ptr_glob;
extern int int_glob;
extern int bool_glob;
extern char ch_1_glob, ch_2_glob;
extern int arr_1_glob[50];
extern unsigned int arr_2_glob[50][50];

/* Procedures of dhry_1.c. */
void proc_1(REG struct dhry_record *ptr_val_par);
void proc_2(int *int_par_ref);
void proc_3(struct dhry_record **ptr_ref_par);
void proc_4(void);
void proc_5(void);

/* Procedures of dhry_2.c. */
void proc_6(enum dhry_ident enum_val_par, enum dhry_ident *enum_ref_par);
void proc_7(int int_1_par_val, int int_2_par_val, int *int_par_ref);
void proc_8(int arr_1_par_ref[50], unsigned int arr_2_par_ref[50][50],
    int int_1_par_val, int int_2_par_val);
enum dhry_ident func_1(char ch_1_par_val, char ch_2_par_val);
int func_2(const char *str_1_par_ref, const char *str_2_par_ref);
int func_3(enum dhry_ident enum_par_val);

#endif
