/*
 * test_sysinfo.c - the parsers of sysinfo.c on fixture texts: CPU models
 * from /proc/cpuinfo of x86 and ARM machines, the report's Machine and CPU
 * lines of other machines, the shell tests' locale.  The limits a system
 * sets (CPU lists, cgroups, file system types) are test_limits.c's.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "model/report.h"
#include "plan/cpuinfo.h"
#include "plan/sysinfo.h"
#include "write/writers.h"

static const char cpuinfo_x86[] =
    "processor\t: 0\n"
    "vendor_id\t: GenuineIntel\n"
    "cpu family\t: 6\n"
    "model\t\t: 85\n"
    "model name\t: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz\n"
    "cpu MHz\t\t: 2100.000\n"
    "flags\t\t: fpu vme de pse tsc msr pae mce\n"
    "\n"
    "processor\t: 1\n"
    "model name\t: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz\n";

/* A 64-bit ARM kernel: no model name at all. */
static const char cpuinfo_arm64[] =
    "processor\t: 0\n"
    "BogoMIPS\t: 50.00\n"
    "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n"
    "CPU implementer\t: 0x41\n"
    "CPU architecture: 8\n"
    "CPU variant\t: 0x3\n"
    "CPU part\t: 0xd0c\n"
    "CPU revision\t: 1\n"
    "\n"
    "processor\t: 1\n"
    "CPU implementer\t: 0x41\n"
    "CPU part\t: 0xd0c\n";

/* A 32-bit ARM kernel (Raspberry Pi 2): only the architecture. */
static const char cpuinfo_armv7[] =
    "processor\t: 0\n"
    "model name\t: ARMv7 Processor rev 5 (v7l)\n"
    "BogoMIPS\t: 38.40\n"
    "CPU implementer\t: 0x41\n"
    "CPU architecture: 7\n"
    "CPU part\t: 0xc07\n"
    "Hardware\t: BCM2835\n";

/* A vendor in the table with a part that is not. */
static const char cpuinfo_qcom[] = "processor\t: 0\n"
                                   "CPU implementer\t: 0x51\n"
                                   "CPU part\t: 0x805\n";

/* Neither vendor nor part known. */
static const char cpuinfo_unknown_arm[] = "CPU implementer\t: 0x99\n"
                                          "CPU part\t: 0x001\n";

/* An old ARM kernel's "Processor" line; POWER's "cpu"; RISC-V's "uarch". */
static const char cpuinfo_old_arm[] =
    "Processor\t: ARMv6-compatible processor rev 7 (v6l)\n"
    "BogoMIPS\t: 697.95\n";
static const char cpuinfo_power[] = "processor\t: 0\n"
                                    "cpu\t\t: POWER9 (raw), altivec supported\n"
                                    "clock\t\t: 2166.000000MHz\n";
static const char cpuinfo_riscv[] = "processor\t: 0\n"
                                    "hart\t\t: 1\n"
                                    "isa\t\t: rv64imafdc\n"
                                    "mmu\t\t: sv39\n"
                                    "uarch\t\t: sifive,u74-mc\n";

/*
 * The four Linux architectures CI runs under qemu, as their kernels write
 * /proc/cpuinfo (first CPU; trimmed where the rest repeats) and uname -m.
 * AWS Graviton3, kernel 5.x:
 */
static const char cpuinfo_graviton3[] =
    "processor\t: 0\n"
    "BogoMIPS\t: 2100.00\n"
    "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp "
    "asimdhp cpuid asimdrdm jscvt fcma lrcpc dcpop sha3 sm3 sm4 asimddp "
    "sha512 sve asimdfhm dit uscat ilrcpc flagm ssbs paca pacg dcpodp "
    "svei8mm svebf16 i8mm bf16 dgh rng\n"
    "CPU implementer\t: 0x41\n"
    "CPU architecture: 8\n"
    "CPU variant\t: 0x1\n"
    "CPU part\t: 0xd40\n"
    "CPU revision\t: 1\n"
    "\n"
    "processor\t: 1\n"
    "BogoMIPS\t: 2100.00\n";

/* StarFive VisionFive 2 (SiFive U74), kernel 6.x. */
static const char cpuinfo_visionfive2[] =
    "processor\t: 0\n"
    "hart\t\t: 2\n"
    "isa\t\t: rv64imafdc_zicntr_zicsr_zifencei_zihpm_zba_zbb\n"
    "mmu\t\t: sv39\n"
    "uarch\t\t: sifive,u74-mc\n"
    "mvendorid\t: 0x489\n"
    "marchid\t\t: 0x8000000000000007\n"
    "mimpid\t\t: 0x4210427\n"
    "\n"
    "processor\t: 1\n"
    "hart\t\t: 1\n";

/* RISC-V without a uarch line (a device tree with a generic compatible). */
static const char cpuinfo_riscv_generic[] =
    "processor\t: 0\n"
    "hart\t\t: 0\n"
    "isa\t\t: rv64imafdch_zicbom_zicboz_zicntr_zicsr_zifencei_zihpm\n"
    "mmu\t\t: sv57\n"
    "mvendorid\t: 0x0\n"
    "marchid\t\t: 0x0\n"
    "mimpid\t\t: 0x0\n";

/* IBM POWER9 under PowerVM (pSeries), last lines of the file included. */
static const char cpuinfo_power9[] =
    "processor\t: 0\n"
    "cpu\t\t: POWER9 (architected), altivec supported\n"
    "clock\t\t: 3000.000000MHz\n"
    "revision\t: 2.2 (pvr 004e 0202)\n"
    "\n"
    "timebase\t: 512000000\n"
    "platform\t: pSeries\n"
    "model\t\t: IBM,9008-22L\n"
    "machine\t\t: CHRP IBM,9008-22L\n"
    "MMU\t\t: Hash\n";

/* IBM z13, kernel 4.14 or later: summary, then a section per CPU. */
static const char cpuinfo_z13[] =
    "vendor_id       : IBM/S390\n"
    "# processors    : 2\n"
    "bogomips per cpu: 3033.00\n"
    "max thread id   : 1\n"
    "features\t: esan3 zarch stfle msa ldisp eimm dfp edat etf3eh "
    "highgprs te\n"
    "cache0          : level=1 type=Data scope=Private size=128K "
    "line_size=256 associativity=8\n"
    "processor 0: version = FF,  identification = 0123C8,  machine = 2964\n"
    "processor 1: version = FF,  identification = 0123C8,  machine = 2964\n"
    "\n"
    "cpu number      : 0\n"
    "cpu MHz dynamic : 5000\n"
    "cpu MHz static  : 5000\n";

/* IBM z15 as newer kernels write each CPU's section: machine on its own. */
static const char cpuinfo_z15[] =
    "vendor_id       : IBM/S390\n"
    "# processors    : 1\n"
    "bogomips per cpu: 3241.00\n"
    "max thread id   : 0\n"
    "features\t: esan3 zarch stfle msa ldisp eimm dfp edat etf3eh "
    "highgprs te vx vxd vxe gs vxe2 vxp sort dflt sie\n"
    "\n"
    "cpu number      : 0\n"
    "physical id     : 5\n"
    "version         : FF\n"
    "identification  : 09DD98\n"
    "machine         : 8561\n"
    "cpu MHz dynamic : 5200\n"
    "cpu MHz static  : 5200\n";

/* An IBM Z machine type not in the table. */
static const char cpuinfo_z_unknown[] =
    "vendor_id       : IBM/S390\n"
    "processor 0: version = FF,  identification = 0123C8,  machine = 9999\n";

/*
 * The report's Machine and first CPU lines on each, from uname -m and
 * /proc/cpuinfo.  The last two: a program of another machine under
 * qemu-user reads the host's /proc/cpuinfo.
 */
static const struct machine_case {
	const char *name, *uname_m, *cpuinfo, *machine, *cpu;
} machine_cases[] = {
    {"aarch64: Graviton3", "aarch64", cpuinfo_graviton3,
        "   Machine: aarch64 (unknown)\n",
        "   CPUs: 1 x ARM Neoverse-V1 (2100.0 bogomips)"},
    {"riscv64: VisionFive 2", "riscv64", cpuinfo_visionfive2,
        "   Machine: riscv64 (unknown)\n", "   CPUs: 1 x sifive,u74-mc"},
    {"riscv64: no uarch", "riscv64", cpuinfo_riscv_generic,
        "   Machine: riscv64 (unknown)\n", "   CPUs: 1 x rv64imafdch"},
    {"ppc64le: POWER9", "ppc64le", cpuinfo_power9,
        "   Machine: ppc64le (unknown)\n",
        "   CPUs: 1 x POWER9 (architected), altivec supported (3000.0 MHz)"},
    {"s390x: z13, summary line", "s390x", cpuinfo_z13,
        "   Machine: s390x (unknown)\n",
        "   CPUs: 1 x IBM z13 type 2964 (3033.0 bogomips)"},
    {"s390x: z15, per-CPU machine line", "s390x", cpuinfo_z15,
        "   Machine: s390x (unknown)\n",
        "   CPUs: 1 x IBM z15 type 8561 (3241.0 bogomips)"},
    {"s390x: unknown machine type", "s390x", cpuinfo_z_unknown,
        "   Machine: s390x (unknown)\n", "   CPUs: 1 x IBM/S390 type 9999"},
    {"riscv64: no /proc/cpuinfo", "riscv64", "",
        "   Machine: riscv64 (unknown)\n", "   CPUs: 1 x riscv64"},
    {"aarch64 emulated on x86", "aarch64", cpuinfo_x86,
        "   Machine: aarch64 (unknown)\n",
        "   CPUs: 1 x Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz, running "
        "aarch64 "
        "emulated\n          (2100.0 MHz)"}, /* wrapped at 80 columns */
    {"x86_64 emulated on arm64", "x86_64", cpuinfo_arm64,
        "   Machine: x86_64 (unknown)\n",
        "   CPUs: 1 x ARM Neoverse-N1, running x86_64 emulated (50.0 "
        "bogomips)"},
};

struct model_case {
	const char *name, *cpuinfo, *want;
};

static const struct model_case model_cases[] = {
    {"cpu model: x86 model name", cpuinfo_x86,
        "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz"},
    {"cpu model: arm64 implementer and part", cpuinfo_arm64, "ARM Neoverse-N1"},
    {"cpu model: armv7 part over the generic name", cpuinfo_armv7,
        "ARM Cortex-A7"},
    {"cpu model: known vendor, unknown part", cpuinfo_qcom,
        "Qualcomm part 0x805"},
    {"cpu model: unknown vendor", cpuinfo_unknown_arm,
        "ARM implementer 0x99 part 0x001"},
    {"cpu model: old ARM Processor line", cpuinfo_old_arm,
        "ARMv6-compatible processor rev 7 (v6l)"},
    {"cpu model: POWER cpu line, not cpu MHz", cpuinfo_power,
        "POWER9 (raw), altivec supported"},
    {"cpu model: RISC-V uarch", cpuinfo_riscv, "sifive,u74-mc"},
    {"cpu model: nothing known", "processor\t: 0\n", ""},
    {"cpu model: empty text", "", ""},
};

static void
check_models(void)
{
	size_t i;
	char *got;

	for (i = 0; i < sizeof(model_cases) / sizeof(model_cases[0]); i++) {
		got = sysinfo_cpu_model(model_cases[i].cpuinfo);
		CHECK_STR(model_cases[i].name, got, model_cases[i].want);
		free(got);
	}
}

/* A malloc'd copy of s; exits when memory runs out. */
static char *
dup_or_die(const char *s)
{
	char *d = malloc(strlen(s) + 1);

	if (d == NULL) {
		perror("malloc");
		exit(1);
	}
	return strcpy(d, s);
}

/*
 * UnixBench's tools run in en_US.utf8 where it exists and in C where it
 * does not: the locale chosen is the first of en_US.utf8 and en_US.UTF-8
 * that setlocale accepts here, else C, and the runner's own locale is
 * left at C.
 */
static void
check_locale(void)
{
	const char *name = sysinfo_locale(), *left = setlocale(LC_ALL, NULL);
	const char *expect = "C";
	char *kept = dup_or_die(left != NULL ? left : "");

	if (setlocale(LC_ALL, "en_US.utf8") != NULL)
		expect = "en_US.utf8";
	else if (setlocale(LC_ALL, "en_US.UTF-8") != NULL)
		expect = "en_US.UTF-8";
	setlocale(LC_ALL, "C");
	CHECK("locale: en_US.utf8 where setlocale accepts it, else C",
	    strcmp(name, expect) == 0);
	CHECK("locale: the runner's own left at C", strcmp(kept, "C") == 0);
	free(kept);
}

/* The text report's header of a machine case, through write_text. */
static void
check_machine(const struct machine_case *c)
{
	struct report r;
	struct sysinfo *s = &r.sys;
	char **text[] = {&s->hostname, &s->os_name, &s->os_release,
	    &s->os_version, &s->distro, &s->locale, &s->charmap, &s->collate,
	    &s->compiler, &s->cflags, &s->build_kind, &s->scratch_dir,
	    &s->scratch_fs, &s->shell, &s->uptime};
	char name[160], *out = NULL;
	size_t i, len;
	FILE *f;

	memset(&r, 0, sizeof(r));
	r.version = dup_or_die("0");
	for (i = 0; i < sizeof(text) / sizeof(text[0]); i++)
		*text[i] = dup_or_die("");
	s->machine = dup_or_die(c->uname_m);
	s->platform = dup_or_die("unknown");
	s->cpus_online = 1;
	CHECK(c->name, sysinfo_cpu_facts(s, c->cpuinfo) == 0);
	if ((f = open_memstream(&out, &len)) == NULL) {
		perror("open_memstream");
		exit(1);
	}
	write_text(f, &r);
	fclose(f);
	snprintf(name, sizeof(name), "machine line: %s", c->name);
	CHECK(name, strstr(out, c->machine) != NULL);
	snprintf(name, sizeof(name), "cpu line: %s", c->name);
	CHECK(name, strstr(out, c->cpu) != NULL);
	if (strstr(out, c->cpu) == NULL || strstr(out, c->machine) == NULL)
		printf("    header was:\n%s\n", out);
	free(out);
	report_free(&r);
}

int
main(void)
{
	size_t i;

	check_models();
	for (i = 0; i < sizeof(machine_cases) / sizeof(machine_cases[0]); i++)
		check_machine(&machine_cases[i]);
	check_locale();
	return check_exit();
}
