/*
 * sysinfo.c - facts about the machine and the build for the report header
 * (sysinfo.h).  Each system-specific source has a portable fallback.
 */
#ifdef __linux__
#define _GNU_SOURCE 1 /* getloadavg */
#endif

#include <sys/types.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/utsname.h>

#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "file.h"
#include "plan/cpuinfo.h"
#include "plan/limits.h"
#include "plan/mitigations.h"
#include "plan/sysinfo.h"
#include "plan/sysread.h"
#include "plan/topology.h"

#ifdef SYSREAD_BSD
#ifdef __NetBSD__
#define statfs statvfs /* NetBSD's has f_fstypename */
#endif
/* The file system type of dir: statfs's f_fstypename. */
static char *
scratch_fs(const char *dir)
{
	struct statfs st;

	if (statfs(dir, &st) == -1)
		return sysread_trimmed("");
	st.f_fstypename[sizeof(st.f_fstypename) - 1] = '\0';
	return sysread_trimmed(st.f_fstypename);
}
#else
/* The file system type of dir, from /proc/self/mountinfo where it exists. */
static char *
scratch_fs(const char *dir)
{
	char real[PATH_MAX], type[64] = "";
	char *mounts = sysread_slurp("/proc/self/mountinfo");

	if (mounts != NULL && realpath(dir, real) != NULL &&
	    limits_fs_type(mounts, real, type, sizeof(type)) == -1)
		type[0] = '\0';
	free(mounts);
	return sysread_trimmed(type);
}
#endif

int
sysinfo_scratch(struct sysinfo *s, const char *dir)
{
	free(s->scratch_dir);
	free(s->scratch_fs);
	s->scratch_dir = strdup(dir);
	s->scratch_fs = scratch_fs(dir);
	return s->scratch_dir != NULL && s->scratch_fs != NULL ? 0 : -1;
}

/*
 * CPU model, MHz, bogomips and flags: /proc/cpuinfo where it exists, else
 * the system's answers and its boot messages.
 */
static int
cpu_facts(struct sysinfo *s)
{
	char *text = sysread_slurp("/proc/cpuinfo"), *boot;
	int rc = sysinfo_cpu_facts(s, text != NULL ? text : "");

	/* The BSDs keep the boot messages, which name the CPU's features. */
	if (rc == 0 && text == NULL &&
	    (boot = sysread_slurp("/var/run/dmesg.boot")) != NULL) {
		rc = sysinfo_boot_facts(s, boot);
		free(boot);
	}
	free(text);
	return rc;
}

const char *
sysinfo_locale(void)
{
	/*
	 * Not C.UTF-8: where en_US.utf8 is missing, UnixBench's LANG setting
	 * fails and its tools run in C; a UTF-8 locale would cost each of
	 * them more (about 10% more instructions in a shell-test loop).
	 */
	static const char *const wanted[] = {"en_US.utf8", "en_US.UTF-8"};
	static const char *chosen;
	size_t i;

	if (chosen != NULL)
		return chosen;
	for (i = 0; chosen == NULL && i < sizeof(wanted) / sizeof(wanted[0]);
	     i++)
		if (setlocale(LC_ALL, wanted[i]) != NULL)
			chosen = wanted[i];
	setlocale(LC_ALL, "C");
	if (chosen == NULL)
		chosen = "C";
	return chosen;
}

/* Locale, charmap and collation codeset of the shell tests' locale. */
static int
locale_facts(struct sysinfo *s)
{
	const char *name = sysinfo_locale(), *set;

	s->locale = sysread_trimmed(name);
	set = setlocale(LC_ALL, name) != NULL ? nl_langinfo(CODESET)
	                                      : "ANSI_X3.4-1968";
	s->charmap = sysread_trimmed(set);
	s->collate = sysread_trimmed(set);
	setlocale(LC_ALL, "C");
	return s->locale && s->charmap && s->collate ? 0 : -1;
}

/*
 * The compiler as the report names it: its --version line, prefixed with
 * the command when that line does not name it ("musl-gcc: gcc (...)").
 */
static char *
compiler_name(const char *cc, const char *version)
{
	const char *base = strrchr(cc, '/');
	size_t n;
	char *d;

	base = base != NULL ? base + 1 : cc;
	if (version[0] == '\0')
		return sysread_trimmed(cc);
	if (base[0] != '\0' && strchr(cc, ' ') == NULL &&
	    strstr(version, base) != NULL)
		return sysread_trimmed(version);
	n = strlen(cc) + strlen(version) + 3;
	if ((d = malloc(n)) != NULL)
		snprintf(d, n, "%s: %s", cc, version);
	return d;
}

/* Compiler and flags from build.info, written by the Makefile. */
static int
build_facts(struct sysinfo *s, const char *bindir)
{
	static const char *const parts[] = {"opt", "cflags", "ldflags"};
	char file[4096], flags[3 * 4096] = "", *text, *cc, *version, *v;
	const char *t;
	size_t i, n;

	snprintf(file, sizeof(file), "%s/build.info", bindir);
	t = (text = sysread_slurp(file)) != NULL ? text : "";
	cc = sysread_value(t, "cc", '=');
	version = sysread_value(t, "cc_version", '=');
	s->build_kind = sysread_value(t, "kind", '=');
	for (i = 0; i < 3 && (v = sysread_value(t, parts[i], '=')) != NULL;
	     i++) {
		n = strlen(flags);
		if (v[0] != '\0')
			snprintf(flags + n, sizeof(flags) - n, "%s%s",
			    n > 0 ? " " : "", v);
		free(v);
	}
	free(text);
	if (cc != NULL && version != NULL)
		s->compiler = compiler_name(cc, version);
	s->cflags = i == 3 ? strdup(flags) : NULL;
	free(cc);
	free(version);
	return s->compiler && s->cflags && s->build_kind ? 0 : -1;
}

/* "/bin/sh -> dash" when /bin/sh is a link, else "/bin/sh". */
static char *
shell_identity(void)
{
	char target[256], text[300];
	ssize_t n = readlink("/bin/sh", target, sizeof(target) - 1);

	if (n <= 0)
		return sysread_trimmed("/bin/sh");
	target[n] = '\0';
	snprintf(text, sizeof(text), "/bin/sh -> %s", target);
	return sysread_trimmed(text);
}

/* Load averages: getloadavg where the libc has it, else /proc/loadavg. */
static void
load_facts(struct sysinfo *s)
{
#if defined(__GLIBC__) || defined(SYSREAD_BSD)
	double l[3];

	if (getloadavg(l, 3) == 3) {
		s->load1 = l[0];
		s->load5 = l[1];
		s->load15 = l[2];
	}
#else
	char text[128];

	if (file_read_small("/proc/loadavg", text, sizeof(text)) == 0 &&
	    sscanf(text, "%lf %lf %lf", &s->load1, &s->load5, &s->load15) != 3)
		s->load1 = s->load5 = s->load15 = 0;
#endif
}

/* Seconds since boot: kern.boottime (the BSDs, macOS), /proc/uptime; 0. */
static double
boot_seconds(void)
{
#ifdef SYSREAD_BSD
	struct timeval boot;
	size_t len = sizeof(boot);
	int mib[2] = {CTL_KERN, KERN_BOOTTIME};

	if (sysctl(mib, 2, &boot, &len, NULL, 0) == -1 || boot.tv_sec <= 0)
		return 0;
	return difftime(time(NULL), boot.tv_sec);
#else
	char text[64];
	double seconds;

	return file_read_small("/proc/uptime", text, sizeof(text)) == 0 &&
	               sscanf(text, "%lf", &seconds) == 1
	           ? seconds
	           : 0;
#endif
}

/* "hh:mm:ss up D days, h:mm,  load average: a, b, c" as uptime prints. */
static char *
uptime_line(const struct sysinfo *s)
{
	char text[200], up[80] = "", clock[16];
	double seconds = boot_seconds();
	time_t now = time(NULL);
	struct tm tm;
	long mins;

	if (seconds > 0) {
		mins = (long)(seconds / 60);
		if (mins >= 24 * 60)
			snprintf(up, sizeof(up), " up %ld day%s, %2ld:%02ld,",
			    mins / (24 * 60), mins / (24 * 60) == 1 ? "" : "s",
			    mins / 60 % 24, mins % 60);
		else
			snprintf(up, sizeof(up), " up %2ld:%02ld,", mins / 60,
			    mins % 60);
	}
	localtime_r(&now, &tm);
	strftime(clock, sizeof(clock), "%H:%M:%S", &tm);
	snprintf(text, sizeof(text), "%s%s  load average: %.2f, %.2f, %.2f",
	    clock, up, s->load1, s->load5, s->load15);
	return sysread_trimmed(text);
}

int
sysinfo_load_again(struct sysinfo *s)
{
	free(s->uptime);
	load_facts(s);
	s->uptime = uptime_line(s);
	return s->uptime != NULL ? 0 : -1;
}

int
sysinfo_collect(struct sysinfo *s, const char *bindir)
{
	struct utsname u;
	char host[256], *release = sysread_slurp("/etc/os-release");
	int ok;

	memset(s, 0, sizeof(*s));
	if (uname(&u) == -1)
		memset(&u, 0, sizeof(u));
	if (gethostname(host, sizeof(host)) == -1)
		snprintf(host, sizeof(host), "%s", u.nodename);
	host[sizeof(host) - 1] = '\0';
	s->hostname = sysread_trimmed(host[0] != '\0' ? host : "localhost");
	s->os_name = sysread_trimmed(u.sysname);
	s->os_release = sysread_trimmed(u.release);
	s->os_version = sysread_trimmed(u.version);
	s->machine = sysread_trimmed(u.machine);
	s->platform = sysread_trimmed("unknown");
	s->distro =
	    sysread_value(release != NULL ? release : "", "PRETTY_NAME", '=');
	free(release);
	s->shell = shell_identity();
	s->scratch_dir = sysread_trimmed("");
	s->scratch_fs = sysread_trimmed("");
	s->cpus_online = limits_online_cpus();
	s->cpus_usable = limits_usable_cpus();
	ok = s->machine != NULL && cpu_facts(s) == 0 &&
	     topology_collect(&s->topo, s->cpu_model) == 0 &&
	     locale_facts(s) == 0 && build_facts(s, bindir) == 0;
	sysinfo_load_again(s);
	s->memory_kib = limits_physical_kib();
	s->mitigations =
	    sysinfo_mitigations_read("/sys/devices/system/cpu/vulnerabilities");
	s->mitigations_summary =
	    s->mitigations != NULL ? sysinfo_mitigations_summary(s->mitigations)
	                           : NULL;
	return ok && s->mitigations_summary && s->hostname && s->os_name &&
	               s->os_release && s->os_version && s->platform &&
	               s->distro && s->shell && s->uptime && s->scratch_dir &&
	               s->scratch_fs
	           ? 0
	           : -1;
}
