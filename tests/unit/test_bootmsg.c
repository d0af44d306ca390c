/*
 * test_bootmsg.c - the CPU's clock and x86 flags read from FreeBSD's and
 * NetBSD's boot messages (bootmsg_cpu), and what the report header then
 * says (sysinfo_boot_facts), on samples of real systems' messages.  Each
 * sample names where its lines come from; lines are quoted as they were,
 * only those around the CPU's.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "model/report.h"
#include "plan/bootmsg.h"
#include "plan/cpuinfo.h"

/*
 * FreeBSD 9.0-RELEASE amd64 on a Core 2 Duo laptop: the FreeBSD Handbook's
 * "typical device probe results" (its installation chapter).
 */
#define FREEBSD_9_0                                                            \
	"FreeBSD 9.0-RELEASE #0 r225473M: Sun Sep 11 16:07:30 BST 2011\n"      \
	"    root@psi:/usr/obj/usr/src/sys/GENERIC amd64\n"                    \
	"CPU: Intel(R) Core(TM)2 Duo CPU     T9400  @ 2.53GHz (2527.05-MHz "   \
	"K8-class CPU)\n"                                                      \
	"  Origin = \"GenuineIntel\"  Id = 0x10676  Family = 6  Model = 17  "  \
	"Stepping = 6\n"                                                       \
	"  Features=0xbfebfbff<FPU,VME,DE,PSE,TSC,MSR,PAE,MCE,CX8,APIC,SEP,"   \
	"MTRR,PGE,MCA,CMOV,PAT,PSE36,CLFLUSH,DTS,ACPI,MMX,FXSR,SSE,SSE2,SS,"   \
	"HTT,TM,PBE>\n"                                                        \
	"  Features2=0x8e3fd<SSE3,DTES64,MON,DS_CPL,VMX,SMX,EST,TM2,SSSE3,"    \
	"CX16,xTPR,PDCM,SSE4.1>\n"                                             \
	"  AMD Features=0x20100800<SYSCALL,NX,LM>\n"                           \
	"  AMD Features2=0x1<LAHF>\n"                                          \
	"  TSC: P-state invariant, performance statistics\n"                   \
	"real memory  = 3221225472 (3072 MB)\n"

/*
 * FreeBSD 12.1 (HardenedBSD, OPNsense) amd64 on a Core i5-6200U: the
 * repository jdpc86/opnsense, file dmesg.boot, whose message buffer
 * holds the end of the boot before (its shutdown) ahead of this one.
 */
#define FREEBSD_12_1_PREVIOUS                                                  \
	"All buffers synced.\n"                                                \
	"Uptime: 1d0h7m50s\n"                                                  \
	"---<<BOOT>>---\n"
#define FREEBSD_12_1                                                           \
	"FreeBSD 12.1-RELEASE-p8-HBSD #0  b3665671c4d(stable/20.7)-dirty: "    \
	"Thu Aug 27 05:58:53 CEST 2020\n"                                      \
	"CPU: Intel(R) Core(TM) i5-6200U CPU @ 2.30GHz (4278.87-MHz K8-class " \
	"CPU)\n"                                                               \
	"  Origin=\"GenuineIntel\"  Id=0x406e3  Family=0x6  Model=0x4e  "      \
	"Stepping=3\n"                                                         \
	"  Features=0xbfebfbff<FPU,VME,DE,PSE,TSC,MSR,PAE,MCE,CX8,APIC,SEP,"   \
	"MTRR,PGE,MCA,CMOV,PAT,PSE36,CLFLUSH,DTS,ACPI,MMX,FXSR,SSE,SSE2,SS,"   \
	"HTT,TM,PBE>\n"                                                        \
	"  Features2=0x7ffafbbf<SSE3,PCLMULQDQ,DTES64,MON,DS_CPL,VMX,EST,TM2," \
	"SSSE3,SDBG,FMA,CX16,xTPR,PDCM,PCID,SSE4.1,SSE4.2,x2APIC,MOVBE,"       \
	"POPCNT,TSCDLT,AESNI,XSAVE,OSXSAVE,AVX,F16C,RDRAND>\n"                 \
	"  AMD Features=0x2c100800<SYSCALL,NX,Page1GB,RDTSCP,LM>\n"            \
	"  AMD Features2=0x121<LAHF,ABM,Prefetch>\n"                           \
	"  Structured Extended Features=0x29c67af<FSGSBASE,TSCADJ,SGX,BMI1,"   \
	"AVX2,SMEP,BMI2,ERMS,INVPCID,NFPUSG,MPX,RDSEED,ADX,SMAP,CLFLUSHOPT,"   \
	"PROCTRACE>\n"                                                         \
	"  XSAVE Features=0xf<XSAVEOPT,XSAVEC,XINUSE,XSAVES>\n"                \
	"  VT-x: PAT,HLT,MTF,PAUSE,EPT,UG,VPID\n"                              \
	"  TSC: P-state invariant, performance statistics\n"                   \
	"real memory  = 8589934592 (8192 MB)\n"

/*
 * FreeBSD 14.0-CURRENT arm64 on an LX2160A (Cortex-A72): the repository
 * BSDer/arm, file dmesg.boot.  No "CPU:" line and no x86 flags; the
 * per-CPU lines and ID register lists are not features of ours.
 */
#define FREEBSD_14_ARM64                                                       \
	"cpu0: <Open Firmware CPU> on cpulist0\n"                              \
	"cpu0: Nominal frequency 2000Mhz\n"                                    \
	"CPU  0: ARM Cortex-A72 r0p3 affinity:  0  0\n"                        \
	" Instruction Set Attributes 0 = <CRC32,SHA2,SHA1,AES+PMULL>\n"        \
	"         Processor Features 0 = <GIC,AdvSIMD,FP,EL3 32,EL2 32,EL1 "   \
	"32,EL0 32>\n"                                                         \
	"      Memory Model Features 0 = <TGran4,TGran64,SNSMem,BigEnd,16bit " \
	"ASID,16TB PA>\n"                                                      \
	"CPU  1: ARM Cortex-A72 r0p3 affinity:  0  1\n"

/*
 * NetBSD amd64 under QEMU (TCG), a Broadwell model: `cpuctl identify 0`
 * as a NetBSD user quoted it in a public mailing-list post (the same
 * lines as a verbose boot's); the post's quoted-printable line breaks
 * joined again.
 */
#define NETBSD_QEMU                                                            \
	"cpu0: highest extended info 80000008\n"                               \
	"cpu0: Running on hypervisor: QEMU(TCG)\n"                             \
	"cpu0: \"Intel Core Processor (Broadwell)\"\n"                         \
	"cpu0: Intel Core M-5xxx, 5th gen Core (Broadwell) (686-class), "      \
	"3198.24 MHz\n"                                                        \
	"cpu0: family 0x6 model 0x3d stepping 0x2 (id 0x306d2)\n"              \
	"cpu0: features 0x78bfbfd<FPU,DE,PSE,TSC,MSR,PAE,MCE,CX8,APIC,SEP,"    \
	"MTRR,PGE,MCA>\n"                                                      \
	"cpu0: features 0x78bfbfd<CMOV,PAT,PSE36,CLFLUSH,MMX,FXSR,SSE,SSE2>\n" \
	"cpu0: features1 0xced82203<SSE3,PCLMULQDQ,SSSE3,CX16,SSE41,SSE42,"    \
	"MOVBE,POPCNT>\n"                                                      \
	"cpu0: features1 0xced82203<AES,XSAVE,OSXSAVE,RDRAND,RAZ>\n"           \
	"cpu0: features2 0x28100800<SYSCALL/SYSRET,XD,RDTSCP,EM64T>\n"         \
	"cpu0: features3 0x21<LAHF,LZCNT>\n"                                   \
	"cpu0: xsave features 0x7<x87,SSE,AVX>\n"

/*
 * NetBSD amd64 as a Xen guest on a Xeon X5650: its boot lines as quoted
 * on the xen-devel mailing list (no feature lines in a normal boot).
 */
#define NETBSD_XEN                                                             \
	"cpu0: \"Intel(R) Xeon(R) CPU           X5650  @ 2.67GHz\"\n"          \
	"cpu0: Intel Xeon 36xx & 56xx, i7, i5 and i3 (686-class), 2667.30 "    \
	"MHz\n"                                                                \
	"cpu0: family 0x6 model 0x2c stepping 0x2 (id 0x206c2)\n"

/* A sample, what bootmsg_cpu reads of it and what the header then says. */
static const struct {
	const char *name, *text;
	double mhz;
	const char *flags, *named;
} samples[] = {
    {"FreeBSD 9.0 amd64", FREEBSD_9_0, 2527.05, "pae sep mmx ht vmx syscall lm",
        "Hyper-Threading, x86-64, MMX, Physical Address Ext, "
        "SYSENTER/SYSEXIT, SYSCALL/SYSRET, Intel virtualization"},
    {"FreeBSD 12.1 amd64, the boot before in the buffer",
        FREEBSD_12_1_PREVIOUS FREEBSD_12_1, 4278.87,
        "pae sep mmx ht vmx syscall lm",
        "Hyper-Threading, x86-64, MMX, Physical Address Ext, "
        "SYSENTER/SYSEXIT, SYSCALL/SYSRET, Intel virtualization"},
    {"FreeBSD: the last boot's CPU, not an earlier one's",
        FREEBSD_9_0 "---<<BOOT>>---\n" FREEBSD_12_1, 4278.87,
        "pae sep mmx ht vmx syscall lm",
        "Hyper-Threading, x86-64, MMX, Physical Address Ext, "
        "SYSENTER/SYSEXIT, SYSCALL/SYSRET, Intel virtualization"},
    {"FreeBSD 14 arm64", FREEBSD_14_ARM64, 0, "", ""},
    {"NetBSD amd64 cpuctl identify", NETBSD_QEMU, 3198.24,
        "pae sep mmx syscall lm",
        "x86-64, MMX, Physical Address Ext, SYSENTER/SYSEXIT, "
        "SYSCALL/SYSRET"},
    {"NetBSD amd64 Xen guest boot", NETBSD_XEN, 2667.30, "", ""},
    {"no boot messages", "", 0, "", ""},
};

#define NSAMPLES (sizeof(samples) / sizeof(samples[0]))

int
main(void)
{
	char name[160];
	size_t i;

	for (i = 0; i < NSAMPLES; i++) {
		struct bootmsg_cpu b;
		struct sysinfo s;

		bootmsg_cpu(samples[i].text, &b);
		snprintf(
		    name, sizeof(name), "bootmsg %s: MHz", samples[i].name);
		CHECK_NEAR(name, b.mhz, samples[i].mhz, 1e-9);
		snprintf(
		    name, sizeof(name), "bootmsg %s: flags", samples[i].name);
		CHECK_STR(name, b.flags, samples[i].flags);

		memset(&s, 0, sizeof(s));
		s.cpu_flags = calloc(1, 1);
		snprintf(name, sizeof(name), "boot facts %s: header flags",
		    samples[i].name);
		CHECK(name, sysinfo_boot_facts(&s, samples[i].text) == 0);
		CHECK_STR(name, s.cpu_flags, samples[i].named);
		free(s.cpu_flags);
	}

	/* What /proc/cpuinfo or sysctl already said is kept. */
	{
		struct sysinfo s;

		memset(&s, 0, sizeof(s));
		s.cpu_mhz = 2400;
		s.cpu_flags = malloc(4);
		strcpy(s.cpu_flags, "MMX");
		CHECK("boot facts keep a known clock and flags",
		    sysinfo_boot_facts(&s, FREEBSD_9_0) == 0 &&
		        s.cpu_mhz == 2400 && strcmp(s.cpu_flags, "MMX") == 0);
		free(s.cpu_flags);
		s.cpu_mhz = 0;
		s.cpu_flags = calloc(1, 1);
		CHECK("boot facts fill an unknown clock",
		    sysinfo_boot_facts(&s, FREEBSD_9_0) == 0 &&
		        s.cpu_mhz == 2527.05);
		free(s.cpu_flags);
	}
	return check_exit();
}
