/* cpuinfo.c - the CPU's model, MHz, bogomips and flags (cpuinfo.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "plan/bootmsg.h"
#include "plan/cpuinfo.h"
#include "plan/sysread.h"

#define NKEYS(a) (sizeof(a) / sizeof((a)[0]))

/* The x86 CPU flags UnixBench names in its header, in its words. */
static const struct {
	const char *flag, *name;
} x86_flags[] = {
    {"ht", "Hyper-Threading"},
    {"lm", "x86-64"},
    {"mmx", "MMX"},
    {"mmxext", "AMD MMX"},
    {"cxmmx", "Cyrix MMX"},
    {"pae", "Physical Address Ext"},
    {"sep", "SYSENTER/SYSEXIT"},
    {"syscall", "SYSCALL/SYSRET"},
    {"xmm", "Streaming SIMD"},
    {"xmm2", "Streaming SIMD-2"},
    {"xmm3", "Streaming SIMD-3"},
    {"ia64", "IA-64 processor"},
    {"vmx", "Intel virtualization"},
    {"svm", "AMD virtualization"},
};

/* Turns a /proc/cpuinfo flags list into UnixBench's names (malloc'd). */
static char *
named_flags(const char *list)
{
	char out[512] = "";
	size_t i;

	for (i = 0; i < NKEYS(x86_flags); i++) {
		if (!sysread_has_word(list, x86_flags[i].flag))
			continue;
		if (out[0] != '\0')
			strncat(out, ", ", sizeof(out) - strlen(out) - 1);
		strncat(out, x86_flags[i].name, sizeof(out) - strlen(out) - 1);
	}
	return sysread_trimmed(out);
}

/*
 * ARM cores by "CPU implementer" and "CPU part" of /proc/cpuinfo, which
 * has no model name on ARM: the common ones (part 0 = any part).
 */
static const struct {
	long implementer, part;
	const char *name;
} arm_parts[] = {
    {0x41, 0xc07, "ARM Cortex-A7"},
    {0x41, 0xc08, "ARM Cortex-A8"},
    {0x41, 0xc09, "ARM Cortex-A9"},
    {0x41, 0xc0f, "ARM Cortex-A15"},
    {0x41, 0xd03, "ARM Cortex-A53"},
    {0x41, 0xd04, "ARM Cortex-A35"},
    {0x41, 0xd05, "ARM Cortex-A55"},
    {0x41, 0xd07, "ARM Cortex-A57"},
    {0x41, 0xd08, "ARM Cortex-A72"},
    {0x41, 0xd09, "ARM Cortex-A73"},
    {0x41, 0xd0a, "ARM Cortex-A75"},
    {0x41, 0xd0b, "ARM Cortex-A76"},
    {0x41, 0xd0c, "ARM Neoverse-N1"},
    {0x41, 0xd0d, "ARM Cortex-A77"},
    {0x41, 0xd40, "ARM Neoverse-V1"},
    {0x41, 0xd41, "ARM Cortex-A78"},
    {0x41, 0xd44, "ARM Cortex-X1"},
    {0x41, 0xd46, "ARM Cortex-A510"},
    {0x41, 0xd47, "ARM Cortex-A710"},
    {0x41, 0xd48, "ARM Cortex-X2"},
    {0x41, 0xd49, "ARM Neoverse-N2"},
    {0x41, 0xd4d, "ARM Cortex-A715"},
    {0x41, 0xd4e, "ARM Cortex-X3"},
    {0x41, 0xd4f, "ARM Neoverse-V2"},
    {0x41, 0xd80, "ARM Cortex-A520"},
    {0x41, 0xd81, "ARM Cortex-A720"},
    {0x41, 0xd82, "ARM Cortex-X4"},
    {0x41, 0, "ARM"},
    {0x42, 0, "Broadcom"},
    {0x43, 0, "Cavium"},
    {0x46, 0, "Fujitsu"},
    {0x48, 0, "HiSilicon"},
    {0x4e, 0, "NVIDIA"},
    {0x50, 0, "APM"},
    {0x51, 0, "Qualcomm"},
    {0x61, 0, "Apple"},
    {0x69, 0, "Intel"},
    {0xc0, 0, "Ampere"},
};

/* "ARM Cortex-A72", "Qualcomm part 0x800", ...; malloc'd, "" if not ARM. */
static char *
arm_model(const char *cpuinfo)
{
	char *imp = sysread_value(cpuinfo, "CPU implementer", ':');
	char *part = sysread_value(cpuinfo, "CPU part", ':');
	char out[128] = "";
	long i_num, p_num;
	size_t k;

	if (imp != NULL && part != NULL && imp[0] != '\0') {
		i_num = strtol(imp, NULL, 0);
		p_num = strtol(part, NULL, 0);
		snprintf(
		    out, sizeof(out), "ARM implementer %s part %s", imp, part);
		for (k = 0; k < NKEYS(arm_parts); k++) {
			if (arm_parts[k].implementer != i_num ||
			    (arm_parts[k].part != p_num &&
			        arm_parts[k].part != 0))
				continue;
			snprintf(out, sizeof(out), "%s%s%s", arm_parts[k].name,
			    arm_parts[k].part != p_num ? " part " : "",
			    arm_parts[k].part != p_num ? part : "");
			break;
		}
	}
	free(imp);
	free(part);
	return sysread_trimmed(out);
}

/*
 * IBM Z machine types and their generation, as the Linux kernel names the
 * platform (arch/s390/kernel/processor.c).
 */
static const struct {
	long type[2];
	const char *name;
} s390_machines[] = {
    {{0x2817, 0x2818}, "z196"},
    {{0x2827, 0x2828}, "zEC12"},
    {{0x2964, 0x2965}, "z13"},
    {{0x3906, 0x3907}, "z14"},
    {{0x8561, 0x8562}, "z15"},
    {{0x3931, 0x3932}, "z16"},
};

/*
 * IBM Z: "IBM z15 type 8561" from the machine type, which kernels give
 * in each CPU's section ("machine : 8561") or in the summary line
 * "processor 0: version = FF,  identification = ...,  machine = 8561";
 * "IBM/S390" alone when there is none.  malloc'd, "" when not IBM Z.
 */
static char *
s390_model(const char *cpuinfo)
{
	char *vendor = sysread_value(cpuinfo, "vendor_id", ':'), *type, out[64];
	const char *p;
	long t;
	size_t k;

	if (vendor == NULL)
		return NULL;
	if (strcmp(vendor, "IBM/S390") != 0) {
		free(vendor);
		return sysread_trimmed("");
	}
	type = sysread_value(cpuinfo, "machine", ':');
	if (type != NULL && type[0] == '\0' &&
	    (p = strstr(cpuinfo, "machine = ")) != NULL) {
		free(type);
		type = sysread_trimmed(p + strlen("machine = "));
		if (type != NULL)
			type[strcspn(type, " \n,")] = '\0';
	}
	snprintf(out, sizeof(out), "%s", vendor);
	if (type != NULL && type[0] != '\0') {
		t = strtol(type, NULL, 16);
		snprintf(out, sizeof(out), "%s type %s", vendor, type);
		for (k = 0; k < NKEYS(s390_machines); k++)
			if (s390_machines[k].type[0] == t ||
			    s390_machines[k].type[1] == t)
				snprintf(out, sizeof(out), "IBM %s type %s",
				    s390_machines[k].name, type);
	}
	free(vendor);
	free(type);
	return sysread_trimmed(out);
}

/*
 * The first of keys with a value in the text, malloc'd ("" when none).
 * A RISC-V "isa" value is cut to its base ("rv64imafdc" of
 * "rv64imafdc_zicntr_zicsr"): the extensions are a list of flags.
 */
static char *
first_value(const char *text, const char *const *keys, size_t n)
{
	char *v = sysread_trimmed("");
	size_t i;

	for (i = 0; i < n && v != NULL && v[0] == '\0'; i++) {
		free(v);
		v = sysread_value(text, keys[i], ':');
		if (v != NULL && strcmp(keys[i], "isa") == 0)
			v[strcspn(v, "_")] = '\0';
	}
	return v;
}

char *
sysinfo_cpu_model(const char *cpuinfo)
{
	static const char *const keys[] = {
	    "model name", "Processor", "cpu model", "uarch", "cpu", "isa"};
	char *model = sysread_value(cpuinfo, "model name", ':'), *other;

	/*
	 * 32-bit ARM kernels give only the architecture ("ARMv7 Processor
	 * rev 3"): the core named is better.
	 */
	if (model == NULL ||
	    (model[0] != '\0' && strncmp(model, "ARMv", 4) != 0))
		return model;
	/* ARM names its implementer and part, IBM Z its machine type. */
	if ((other = arm_model(cpuinfo)) != NULL && other[0] == '\0') {
		free(other);
		other = s390_model(cpuinfo);
	}
	if (other == NULL || other[0] != '\0') {
		free(model);
		return other;
	}
	free(other);
	free(model);
	return first_value(cpuinfo, keys, NKEYS(keys));
}

/*
 * The BSDs and macOS: the CPU's brand (macOS) or hw.model, through
 * sysctl; the machine name when neither answers.
 */
static char *
bsd_cpu_model(const char *machine)
{
#ifdef SYSREAD_BSD
	char model[256];
	size_t len = sizeof(model);
	int mib[2] = {CTL_HW, HW_MODEL};

#ifdef __APPLE__
	if (sysctlbyname("machdep.cpu.brand_string", model, &len, NULL, 0) ==
	        0 &&
	    len > 1)
		return sysread_trimmed(model);
	len = sizeof(model);
#endif
	if (sysctl(mib, 2, model, &len, NULL, 0) == 0 && len > 1) {
		model[sizeof(model) - 1] = '\0';
		return sysread_trimmed(model);
	}
#endif
	return sysread_trimmed(machine);
}

/*
 * The clock in MHz the system says: FreeBSD's hw.clockrate, NetBSD's TSC
 * frequency, an Intel Mac's hw.cpufrequency; 0 when it says none.
 */
static double
bsd_cpu_mhz(void)
{
#if defined(__FreeBSD__) || defined(__DragonFly__)
	int mhz = 0;
	size_t len = sizeof(mhz);

	if (sysctlbyname("hw.clockrate", &mhz, &len, NULL, 0) == 0 && mhz > 0)
		return mhz;
#elif defined(__NetBSD__) || defined(__APPLE__)
	uint64_t hz = 0;
	size_t len = sizeof(hz);
#ifdef __NetBSD__
	const char *name = "machdep.tsc_freq";
#else
	const char *name = "hw.cpufrequency";
#endif

	if (sysctlbyname(name, &hz, &len, NULL, 0) == 0 && hz > 0)
		return (double)hz / 1e6;
#endif
	return 0;
}

char *
sysinfo_sysctl(const char *name, int number)
{
#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__DragonFly__)
	char *text;
	size_t len = sizeof(int);
	int n;

	if (number) {
		if (sysctlbyname(name, &n, &len, NULL, 0) == -1 ||
		    len != sizeof(n) || (text = malloc(16)) == NULL)
			return NULL;
		snprintf(text, 16, "%d", n);
		return text;
	}
	/* Its size, then its text (room for it to grow a little between). */
	if (sysctlbyname(name, NULL, &len, NULL, 0) == -1 ||
	    len > SYSREAD_MAX || (text = malloc(len + 4096)) == NULL)
		return NULL;
	len += 4095;
	if (sysctlbyname(name, text, &len, NULL, 0) == -1) {
		free(text);
		return NULL;
	}
	text[len] = '\0';
	return text;
#else
	(void)name;
	(void)number;
	return NULL;
#endif
}

/*
 * Processor families: the uname machine names that start with either
 * prefix, and the /proc/cpuinfo line only that family's kernels write.
 */
static const struct {
	const char *prefix[2], *line;
} families[] = {
    {{"x86_64", "amd64"}, "\nflags\t"},
    {{"aarch64", "arm"}, "CPU implementer"},
    {{"s390", "s390"}, "IBM/S390"},
    {{"ppc", "powerpc"}, "\ntimebase"},
    {{"riscv", "riscv"}, "\nhart\t"},
};

/* Whether machine m and cpuinfo text t are of different known families. */
static int
emulated(const char *m, const char *t)
{
	int i, of_m = -1, of_t = -1;

	if (strlen(m) == 4 && m[0] == 'i' && strcmp(m + 2, "86") == 0)
		of_m = 0;
	for (i = (int)NKEYS(families) - 1; i >= 0; i--) { /* first wins */
		if (strncmp(m, families[i].prefix[0],
		        strlen(families[i].prefix[0])) == 0 ||
		    strncmp(m, families[i].prefix[1],
		        strlen(families[i].prefix[1])) == 0)
			of_m = i;
		if (strstr(t, families[i].line) != NULL)
			of_t = i;
	}
	return of_m != -1 && of_t != -1 && of_m != of_t;
}

int
sysinfo_cpu_facts(struct sysinfo *s, const char *t)
{
	/* x86 and ARM; POWER ("3800.000000MHz"); IBM Z. */
	static const char *const mhz_keys[] = {
	    "cpu MHz", "clock", "cpu MHz static"};
	static const char *const bogo_keys[] = {
	    "bogomips", "BogoMIPS", "bogomips per cpu"};
	char *mhz, *bogo, *flags, *model;
	size_t n;

	s->cpu_model = sysinfo_cpu_model(t);
	if (s->cpu_model != NULL && s->cpu_model[0] == '\0') {
		free(s->cpu_model);
		s->cpu_model = bsd_cpu_model(s->machine);
	}
	/*
	 * A program of another machine run by an emulator (qemu-user) reads
	 * the host's /proc/cpuinfo: say so rather than name the host's CPU
	 * as this machine's.
	 */
	if (s->cpu_model != NULL && emulated(s->machine, t)) {
		n = strlen(s->cpu_model) + strlen(s->machine) + 32;
		if ((model = malloc(n)) != NULL)
			snprintf(model, n, "%s, running %s emulated",
			    s->cpu_model, s->machine);
		free(s->cpu_model);
		s->cpu_model = model;
	}
	mhz = first_value(t, mhz_keys, NKEYS(mhz_keys));
	bogo = first_value(t, bogo_keys, NKEYS(bogo_keys));
	flags = sysread_value(t, "flags", ':');
	if (mhz != NULL && bogo != NULL && flags != NULL &&
	    s->cpu_model != NULL) {
		s->cpu_mhz = strtod(mhz, NULL);
		if (s->cpu_mhz <= 0)
			s->cpu_mhz = bsd_cpu_mhz();
		s->bogomips = strtod(bogo, NULL);
		s->cpu_flags = named_flags(flags);
	}
	free(mhz);
	free(bogo);
	free(flags);
	return s->cpu_flags == NULL ? -1 : 0;
}

int
sysinfo_boot_facts(struct sysinfo *s, const char *bootmsg)
{
	struct bootmsg_cpu b;
	char *flags;

	bootmsg_cpu(bootmsg, &b);
	if (s->cpu_mhz <= 0 && b.mhz > 0)
		s->cpu_mhz = b.mhz;
	if (s->cpu_flags[0] == '\0' && b.flags[0] != '\0') {
		if ((flags = named_flags(b.flags)) == NULL)
			return -1;
		free(s->cpu_flags);
		s->cpu_flags = flags;
	}
	return 0;
}
