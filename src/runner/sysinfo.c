/*
 * sysinfo.c - facts about the machine, the build and the limits, for the
 * report header and for planning copies.  The one place with #ifdef: each
 * system-specific source is a whole function with a portable fallback.
 */
#define _GNU_SOURCE 1	/* sched_getaffinity, getloadavg */

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/utsname.h>

#include <dirent.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sysinfo.h"

/* A malloc'd copy of s with surrounding blanks and quotes removed. */
static char *
trimmed(const char *s)
{
	size_t n;
	char *d;

	while (*s == ' ' || *s == '\t' || *s == '"' || *s == '\'')
		s++;
	n = strlen(s);
	while (n > 0 && strchr(" \t\r\n\"'", s[n - 1]) != NULL)
		n--;
	if ((d = malloc(n + 1)) == NULL)
		return NULL;
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

/*
 * The value of the first line of file that starts with key followed by
 * sep (after optional blanks), trimmed and malloc'd; "" when none.
 */
static char *
file_value(const char *file, const char *key, char sep)
{
	char line[4096], *p;
	size_t klen = strlen(key);
	FILE *f = fopen(file, "r");

	if (f != NULL) {
		while (fgets(line, sizeof(line), f) != NULL) {
			if (strncmp(line, key, klen) != 0)
				continue;
			for (p = line + klen; *p == ' ' || *p == '\t'; p++)
				;
			if (*p != sep)
				continue;
			fclose(f);
			return trimmed(p + 1);
		}
		fclose(f);
	}
	return trimmed("");
}

/* The x86 CPU flags UnixBench names in its header, in its words. */
static const struct {
	const char *flag, *name;
} x86_flags[] = {
	{ "ht", "Hyper-Threading" }, { "lm", "x86-64" }, { "mmx", "MMX" },
	{ "mmxext", "AMD MMX" }, { "cxmmx", "Cyrix MMX" },
	{ "pae", "Physical Address Ext" }, { "sep", "SYSENTER/SYSEXIT" },
	{ "syscall", "SYSCALL/SYSRET" }, { "xmm", "Streaming SIMD" },
	{ "xmm2", "Streaming SIMD-2" }, { "xmm3", "Streaming SIMD-3" },
	{ "ia64", "IA-64 processor" }, { "vmx", "Intel virtualization" },
	{ "svm", "AMD virtualization" },
};

/* Turns a /proc/cpuinfo flags list into UnixBench's names (malloc'd). */
static char *
named_flags(const char *list)
{
	char out[512] = "", word[64];
	const char *p = list, *q;
	size_t i, n;

	for (i = 0; i < sizeof(x86_flags) / sizeof(x86_flags[0]); i++) {
		for (p = list; *p != '\0'; p = q) {
			while (*p == ' ')
				p++;
			for (q = p; *q != '\0' && *q != ' '; q++)
				;
			n = (size_t)(q - p);
			if (n == 0 || n >= sizeof(word))
				continue;
			memcpy(word, p, n);
			word[n] = '\0';
			if (strcmp(word, x86_flags[i].flag) != 0)
				continue;
			if (out[0] != '\0')
				strncat(out, ", ", sizeof(out) - strlen(out) - 1);
			strncat(out, x86_flags[i].name,
			    sizeof(out) - strlen(out) - 1);
			break;
		}
	}
	return trimmed(out);
}

/* CPU model, MHz, bogomips and flags; /proc/cpuinfo where it exists. */
static int
cpu_facts(struct sysinfo *s)
{
	char *mhz, *bogo, *flags;

	s->cpu_model = file_value("/proc/cpuinfo", "model name", ':');
	if (s->cpu_model != NULL && s->cpu_model[0] == '\0') {
		free(s->cpu_model);
		s->cpu_model = file_value("/proc/cpuinfo", "Processor", ':');
	}
	if (s->cpu_model != NULL && s->cpu_model[0] == '\0') {
		free(s->cpu_model);
		s->cpu_model = trimmed(s->machine);
	}
	mhz = file_value("/proc/cpuinfo", "cpu MHz", ':');
	bogo = file_value("/proc/cpuinfo", "bogomips", ':');
	if (bogo != NULL && bogo[0] == '\0') {
		free(bogo);
		bogo = file_value("/proc/cpuinfo", "BogoMIPS", ':');
	}
	flags = file_value("/proc/cpuinfo", "flags", ':');
	if (mhz == NULL || bogo == NULL || flags == NULL ||
	    s->cpu_model == NULL) {
		free(mhz);
		free(bogo);
		free(flags);
		return -1;
	}
	s->cpu_mhz = strtod(mhz, NULL);
	s->bogomips = strtod(bogo, NULL);
	s->cpu_flags = named_flags(flags);
	free(mhz);
	free(bogo);
	free(flags);
	return s->cpu_flags == NULL ? -1 : 0;
}

int
sysinfo_online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : (int)n;
}

#ifdef CPU_COUNT
static int
affinity_cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) == -1)
		return sysinfo_online_cpus();
	return CPU_COUNT(&set) > 0 ? CPU_COUNT(&set) : 1;
}
#else
static int
affinity_cpus(void)
{
	return sysinfo_online_cpus();
}
#endif

/*
 * The cgroup v2 CPU quota of this process as whole CPUs (rounded up), or 0
 * when there is none: "max" or no cgroup file.  Only the process's own
 * cgroup is read.
 */
static int
cgroup_quota_cpus(void)
{
	char line[512], path[600], *p;
	long long quota, period;
	FILE *f = fopen("/proc/self/cgroup", "r");

	if (f == NULL)
		return 0;
	path[0] = '\0';
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "0::", 3) != 0)
			continue;
		line[strcspn(line, "\n")] = '\0';
		snprintf(path, sizeof(path), "/sys/fs/cgroup%s/cpu.max",
		    line + 3);
	}
	fclose(f);
	if (path[0] == '\0' || (f = fopen(path, "r")) == NULL)
		return 0;
	p = fgets(line, sizeof(line), f);
	fclose(f);
	if (p == NULL || sscanf(line, "%lld %lld", &quota, &period) != 2 ||
	    quota <= 0 || period <= 0)
		return 0;
	return (int)((quota + period - 1) / period);
}

int
sysinfo_usable_cpus(void)
{
	int n = affinity_cpus(), quota = cgroup_quota_cpus();

	if (quota > 0 && quota < n)
		n = quota;
	return n < 1 ? 1 : n;
}

#ifdef RLIMIT_NPROC
/*
 * Processes now, from /proc where it exists, else 0: of this user, or of
 * everyone when all is set.
 */
static long
processes(int all)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	struct stat st;
	char path[300];
	uid_t uid = getuid();
	long n = 0;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s", e->d_name);
		if (stat(path, &st) == 0 && (all || st.st_uid == uid))
			n++;
	}
	closedir(d);
	return n;
}

long
sysinfo_process_room(void)
{
	struct rlimit rl;
	long room = -1, pid_max = 0, n;
	FILE *f;

	if (getrlimit(RLIMIT_NPROC, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
		n = processes(0);
		room = rl.rlim_cur > (rlim_t)n ?
		    (long)(rl.rlim_cur - (rlim_t)n) : 0;
	}
	/* Linux: process ids are a limit of their own. */
	if ((f = fopen("/proc/sys/kernel/pid_max", "r")) != NULL) {
		if (fscanf(f, "%ld", &pid_max) == 1 && pid_max > 0) {
			n = pid_max - processes(1);
			if (room == -1 || n < room)
				room = n > 0 ? n : 0;
		}
		fclose(f);
	}
	return room;
}
#else
long
sysinfo_process_room(void)
{
	return -1;
}
#endif

const char *
sysinfo_locale(void)
{
	static const char *const wanted[] = { "en_US.utf8", "en_US.UTF-8",
		"C.UTF-8", "C.utf8" };
	static const char *chosen;
	size_t i;

	if (chosen != NULL)
		return chosen;
	chosen = "C";
	for (i = 0; i < sizeof(wanted) / sizeof(wanted[0]); i++) {
		if (setlocale(LC_ALL, wanted[i]) != NULL) {
			chosen = wanted[i];
			break;
		}
	}
	setlocale(LC_ALL, "C");
	return chosen;
}

/* Locale, charmap and collation codeset of the shell tests' locale. */
static int
locale_facts(struct sysinfo *s)
{
	const char *name = sysinfo_locale();

	s->locale = trimmed(name);
	if (setlocale(LC_ALL, name) != NULL) {
		s->charmap = trimmed(nl_langinfo(CODESET));
		s->collate = trimmed(nl_langinfo(CODESET));
	} else {
		s->charmap = trimmed("ANSI_X3.4-1968");
		s->collate = trimmed("ANSI_X3.4-1968");
	}
	setlocale(LC_ALL, "C");
	return s->locale && s->charmap && s->collate ? 0 : -1;
}

/* Compiler and flags from build.info, written by the Makefile. */
static int
build_facts(struct sysinfo *s, const char *bindir)
{
	char file[4096], *opt, *cflags, *cc, *version;
	size_t n;

	snprintf(file, sizeof(file), "%s/build.info", bindir);
	cc = file_value(file, "cc", '=');
	version = file_value(file, "cc_version", '=');
	opt = file_value(file, "opt", '=');
	cflags = file_value(file, "cflags", '=');
	s->build_kind = file_value(file, "kind", '=');
	if (cc == NULL || version == NULL || opt == NULL || cflags == NULL) {
		free(cc);
		free(version);
		free(opt);
		free(cflags);
		return -1;
	}
	s->compiler = version[0] != '\0' ? version : cc;
	free(version[0] != '\0' ? cc : version);
	n = strlen(opt) + strlen(cflags) + 2;
	if ((s->cflags = malloc(n)) != NULL)
		snprintf(s->cflags, n, "%s%s%s", opt,
		    opt[0] && cflags[0] ? " " : "", cflags);
	free(opt);
	free(cflags);
	return s->cflags && s->build_kind ? 0 : -1;
}

/* "/bin/sh -> dash" when /bin/sh is a link, else "/bin/sh". */
static char *
shell_identity(void)
{
	char target[256], text[300];
	ssize_t n = readlink("/bin/sh", target, sizeof(target) - 1);

	if (n <= 0)
		return trimmed("/bin/sh");
	target[n] = '\0';
	snprintf(text, sizeof(text), "/bin/sh -> %s", target);
	return trimmed(text);
}

/* Load averages: getloadavg where the libc has it. */
#if defined(__GLIBC__) || defined(__APPLE__) || defined(__FreeBSD__) ||       \
    defined(__OpenBSD__) || defined(__NetBSD__) || defined(__DragonFly__)
static void
load_facts(struct sysinfo *s)
{
	double l[3];

	if (getloadavg(l, 3) == 3) {
		s->load1 = l[0];
		s->load5 = l[1];
		s->load15 = l[2];
	}
}
#else
static void
load_facts(struct sysinfo *s)
{
	FILE *f = fopen("/proc/loadavg", "r");

	if (f == NULL)
		return;
	if (fscanf(f, "%lf %lf %lf", &s->load1, &s->load5, &s->load15) != 3)
		s->load1 = s->load5 = s->load15 = 0;
	fclose(f);
}
#endif

/* "hh:mm:ss up D days, h:mm,  load average: a, b, c" as uptime prints. */
static char *
uptime_line(const struct sysinfo *s)
{
	char text[200], up[80] = "", clock[16];
	double seconds = 0;
	time_t now = time(NULL);
	struct tm tm;
	long mins;
	FILE *f = fopen("/proc/uptime", "r");

	if (f != NULL) {
		if (fscanf(f, "%lf", &seconds) != 1)
			seconds = 0;
		fclose(f);
	}
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
	return trimmed(text);
}

int
sysinfo_collect(struct sysinfo *s, const char *bindir)
{
	struct utsname u;
	char host[256];
	int ok = 1;

	memset(s, 0, sizeof(*s));
	if (uname(&u) == -1)
		memset(&u, 0, sizeof(u));
	if (gethostname(host, sizeof(host)) == -1)
		snprintf(host, sizeof(host), "%s", u.nodename);
	host[sizeof(host) - 1] = '\0';
	s->hostname = trimmed(host[0] != '\0' ? host : "localhost");
	s->os_name = trimmed(u.sysname);
	s->os_release = trimmed(u.release);
	s->os_version = trimmed(u.version);
	s->machine = trimmed(u.machine);
	s->platform = trimmed("unknown");
	s->distro = file_value("/etc/os-release", "PRETTY_NAME", '=');
	s->shell = shell_identity();
	s->cpus_online = sysinfo_online_cpus();
	s->cpus_usable = sysinfo_usable_cpus();
	if (s->machine == NULL || cpu_facts(s) == -1)
		ok = 0;
	if (locale_facts(s) == -1 || build_facts(s, bindir) == -1)
		ok = 0;
	load_facts(s);
	s->uptime = uptime_line(s);
	if (!s->hostname || !s->os_name || !s->os_release || !s->os_version ||
	    !s->platform || !s->distro || !s->shell || !s->uptime)
		ok = 0;
	return ok ? 0 : -1;
}

void
sysinfo_flush_files(void)
{
	sync();
}
