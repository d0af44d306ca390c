/*
 * bootmsg.h - the CPU facts in a BSD kernel's boot messages
 * (/var/run/dmesg.boot), where there is no /proc/cpuinfo.
 */
#ifndef BOOTMSG_H
#define BOOTMSG_H

/* What the boot messages say of the CPU. */
struct bootmsg_cpu {
	double mhz; /* its clock, 0 when not said */
	char flags[256]; /* UnixBench's x86 flags, /proc/cpuinfo's words */
};

/*
 * Reads the messages of the last boot in text (after its last
 * "---<<BOOT>>---" line, where there is one): FreeBSD's "CPU: MODEL
 * (2494.39-MHz K8-class CPU)" line and the feature lines under it
 * ("  Features=0x...<FPU,...,HTT>", "  AMD Features=0x...<SYSCALL,NX,LM>"),
 * or NetBSD's "cpu0: ..., 3198.24 MHz" and "cpu0: features2
 * 0x...<SYSCALL/SYSRET,XD,EM64T>" lines.
 */
void bootmsg_cpu(const char *text, struct bootmsg_cpu *out);

#endif
