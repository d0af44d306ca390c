/*
 * init.c - the init of the lab's emulated machines (tests/lab/run.sh):
 * mounts /proc, /sys, /dev, the cgroup2 tree and /tmp, takes the CPUs of the
 * kernel command line's lab.offline=A,B,... offline, puts itself in a
 * cgroup with lab.cpumax=QUOTA (cpu.max, per 100000 us), runs
 * /pgms/bytebench with lab.args=ARG,ARG,... and powers off.  Everything
 * it does is said on the console; "lab: exit N" is bytebench's status.
 */
#define _GNU_SOURCE 1 /* mount, reboot */
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Writes text to the file path; says so, and whether it failed. */
static void
put(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	ssize_t n = fd == -1 ? -1 : write(fd, text, strlen(text));

	printf("lab: %s < %s%s\n", path, text, n == -1 ? ": failed" : "");
	if (fd != -1)
		close(fd);
}

/* The value of key=VALUE in the command line (static), or NULL. */
static const char *
arg(const char *cmdline, const char *key)
{
	static char value[1024];
	const char *p = strstr(cmdline, key);

	if (p == NULL)
		return NULL;
	p += strlen(key);
	snprintf(value, sizeof(value), "%.*s", (int)strcspn(p, " \n"), p);
	return value;
}

int
main(void)
{
	char cmdline[4096] = "", path[128], *argv[64], *list, *save;
	char *envp[] = {"UB_BINDIR=/pgms", "UB_TMPDIR=/tmp",
	    "UB_RESULTDIR=/tmp/results", "UB_SETTLE=0", "PATH=/pgms", NULL};
	const char *v;
	int fd, argc = 0, status = -1;
	ssize_t n;
	pid_t pid;

	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mount("cgroup2", "/sys/fs/cgroup", "cgroup2", 0, NULL);
	mount("tmpfs", "/tmp", "tmpfs", 0, NULL);
	if ((fd = open("/proc/cmdline", O_RDONLY)) != -1) {
		n = read(fd, cmdline, sizeof(cmdline) - 1);
		cmdline[n > 0 ? n : 0] = '\0';
		close(fd);
	}
	if ((v = arg(cmdline, "lab.offline=")) != NULL) {
		list = strdup(v);
		for (v = strtok_r(list, ",", &save); v != NULL;
		     v = strtok_r(NULL, ",", &save)) {
			snprintf(path, sizeof(path),
			    "/sys/devices/system/cpu/cpu%s/online", v);
			put(path, "0");
		}
	}
	if ((v = arg(cmdline, "lab.cpumax=")) != NULL) {
		snprintf(path, sizeof(path), "%s 100000", v);
		put("/sys/fs/cgroup/cgroup.subtree_control", "+cpu");
		mkdir("/sys/fs/cgroup/lab", 0755);
		put("/sys/fs/cgroup/lab/cpu.max", path);
		put("/sys/fs/cgroup/lab/cgroup.procs", "0");
	}
	argv[argc++] = "/pgms/bytebench";
	if ((v = arg(cmdline, "lab.args=")) != NULL) {
		list = strdup(v);
		for (v = strtok_r(list, ",", &save); v != NULL && argc < 63;
		     v = strtok_r(NULL, ",", &save))
			argv[argc++] = (char *)v;
	}
	argv[argc] = NULL;
	fflush(stdout);
	if ((pid = fork()) == 0) {
		execve(argv[0], argv, envp);
		perror("lab: /pgms/bytebench");
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, &status, 0);
	printf("lab: exit %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
