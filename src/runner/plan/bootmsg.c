/*
 * bootmsg.c - the CPU's clock and x86 flags from a BSD kernel's boot
 * messages (bootmsg.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/bootmsg.h"
#include "plan/sysread.h"

/*
 * The FreeBSD and NetBSD names of the x86 flags UnixBench names, with
 * /proc/cpuinfo's name of each (FreeBSD's identcpu and NetBSD's cpuctl
 * words: NetBSD says EM64T for long mode and SYSCALL/SYSRET).
 */
static const struct {
	const char *bsd, *cpuinfo;
} flag_names[] = {
    {"HTT", "ht"},
    {"LM", "lm"},
    {"EM64T", "lm"},
    {"MMX", "mmx"},
    {"MMX+", "mmxext"},
    {"MMXX", "mmxext"},
    {"PAE", "pae"},
    {"SEP", "sep"},
    {"SYSCALL", "syscall"},
    {"SYSCALL/SYSRET", "syscall"},
    {"VMX", "vmx"},
    {"SVM", "svm"},
};

#define BOOT_MARK "---<<BOOT>>---"

/* Adds the cpuinfo name of each known flag of "A,B,C>" at p to out, once. */
static void
add_flags(const char *p, const char *end, struct bootmsg_cpu *out)
{
	const char *q;
	size_t i, n, have;

	for (; p < end && *p != '>'; p = q < end && *q == ',' ? q + 1 : end) {
		for (q = p; q < end && *q != ',' && *q != '>'; q++)
			;
		n = (size_t)(q - p);
		for (i = 0; i < sizeof(flag_names) / sizeof(flag_names[0]);
		     i++) {
			const char *w = flag_names[i].cpuinfo;

			if (strlen(flag_names[i].bsd) != n ||
			    strncmp(p, flag_names[i].bsd, n) != 0 ||
			    sysread_has_word(out->flags, w))
				continue;
			have = strlen(out->flags);
			snprintf(out->flags + have, sizeof(out->flags) - have,
			    "%s%s", have > 0 ? " " : "", w);
		}
	}
}

/* The number that ends just before p (as "2494.39" of "2494.39-MHz"). */
static double
number_before(const char *line, const char *p)
{
	const char *s = p;

	while (s > line && ((s[-1] >= '0' && s[-1] <= '9') || s[-1] == '.'))
		s--;
	return s < p ? strtod(s, NULL) : 0;
}

/* The clock a line says: FreeBSD's "(N-MHz ...)", NetBSD's "cpu0: ..., N MHz".
 */
static double
line_mhz(const char *p, const char *end)
{
	size_t n = (size_t)(end - p);
	const char *m;

	if (n > 5 && strncmp(p, "CPU: ", 5) == 0) {
		for (m = p; m + 4 <= end; m++)
			if (strncmp(m, "-MHz", 4) == 0)
				return number_before(p, m);
		return 0;
	}
	if (n > 10 && strncmp(p, "cpu0: ", 6) == 0 &&
	    strncmp(end - 4, " MHz", 4) == 0)
		return number_before(p, end - 4);
	return 0;
}

/*
 * Where the flag list of a feature line starts (after its '<'), or NULL:
 * FreeBSD's "  NAME Features=0x...<" and NetBSD's "cpu0: featuresN 0x...<".
 */
static const char *
feature_list(const char *p, const char *end)
{
	const char *lt = memchr(p, '<', (size_t)(end - p)), *f;

	if (lt == NULL)
		return NULL;
	if (strncmp(p, "cpu0: features", 14) == 0)
		return lt + 1;
	if (*p != ' ' && *p != '\t')
		return NULL;
	for (f = p; f + 10 <= lt; f++)
		if (strncmp(f, "Features", 8) == 0) {
			f += 8;
			while (f < lt && *f >= '0' && *f <= '9')
				f++;
			return f + 3 <= lt && strncmp(f, "=0x", 3) == 0 ? lt + 1
			                                                : NULL;
		}
	return NULL;
}

void
bootmsg_cpu(const char *text, struct bootmsg_cpu *out)
{
	const char *p = text, *m, *end, *list;

	out->mhz = 0;
	out->flags[0] = '\0';
	while ((m = strstr(p, BOOT_MARK)) != NULL)
		p = m + strlen(BOOT_MARK);
	for (; *p != '\0'; p = *end != '\0' ? end + 1 : end) {
		end = p + strcspn(p, "\n");
		if (out->mhz == 0)
			out->mhz = line_mhz(p, end);
		if ((list = feature_list(p, end)) != NULL)
			add_flags(list, end, out);
	}
}
