/*
 * test_limits.c - the parsers of limits.c on fixture texts: CPU lists,
 * cgroup CPU quotas (v2 and v1), memory limits, the process's cgroup and
 * its mount (cpu and memory), file system types.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "plan/limits.h"

struct quota_case {
	const char *name, *text;
	int want;
};

static const struct quota_case max_cases[] = {
    {"cpu.max: no limit", "max 100000\n", 0},
    {"cpu.max: 1.5 CPUs round up", "150000 100000\n", 2},
    {"cpu.max: exactly 2", "200000 100000\n", 2},
    {"cpu.max: half a CPU is 1", "50000 100000\n", 1},
    {"cpu.max: quota alone, default period", "300000\n", 3},
    {"cpu.max: other period", "250000 50000", 5},
    {"cpu.max: empty", "", 0},
    {"cpu.max: garbage period", "150000 abc\n", 0},
    {"cpu.max: zero period", "150000 0\n", 0},
};

struct cfs_case {
	const char *name, *quota, *period;
	int want;
};

static const struct cfs_case cfs_cases[] = {
    {"cfs: no limit", "-1\n", "100000\n", 0},
    {"cfs: 1.5 CPUs round up", "150000\n", "100000\n", 2},
    {"cfs: quarter CPU is 1", "25000\n", "100000\n", 1},
    {"cfs: 4 CPUs", "400000\n", "100000\n", 4},
    {"cfs: unreadable period", "150000\n", "\n", 0},
};

static const struct quota_case list_cases[] = {
    {"cpu list: one range", "0-3\n", 4},
    {"cpu list: ranges and singles", "0-1,4,6-7\n", 5},
    {"cpu list: one CPU", "0\n", 1},
    {"cpu list: no newline", "2-5", 4},
    {"cpu list: backwards range", "3-1\n", 0},
    {"cpu list: garbage", "abc\n", 0},
    {"cpu list: trailing garbage", "0-3x\n", 0},
    {"cpu list: empty", "", 0},
};

static const char cgroup_v2[] = "0::/user.slice/user-1000.slice/session-2\n";
static const char cgroup_hybrid[] = "12:cpuset:/\n"
                                    "11:cpu,cpuacct:/docker/abc123\n"
                                    "10:memory:/docker/abc123\n"
                                    "1:name=systemd:/docker/abc123\n"
                                    "0::/docker/abc123\n";
static const char cgroup_cpuacct_only[] = "3:cpuacct:/a\n"
                                          "2:cpuset:/b\n";

static const char mountinfo_v2[] =
    "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n"
    "26 22 0:22 / /sys rw,nosuid shared:7 - sysfs sysfs rw\n"
    "27 26 0:23 / /sys/fs/cgroup rw,nosuid shared:8 - cgroup2 cgroup2 "
    "rw,nsdelegate\n"
    "28 22 0:24 / /tmp rw shared:9 - tmpfs tmpfs rw,size=1024k\n"
    "29 22 0:25 / /home rw - xfs /dev/sda2 rw\n"
    "30 29 0:26 / /home/user/ram rw - tmpfs tmpfs rw\n";
static const char mountinfo_v1_docker[] =
    "600 550 0:50 / / rw - overlay overlay rw,lowerdir=/l\n"
    "610 600 0:52 / /sys/fs/cgroup ro - tmpfs tmpfs ro,mode=755\n"
    "611 610 0:30 /docker/abc123 /sys/fs/cgroup/cpuset ro master:11 - "
    "cgroup cgroup rw,cpuset\n"
    "612 610 0:31 /docker/abc123 /sys/fs/cgroup/cpu,cpuacct ro master:12 - "
    "cgroup cgroup rw,cpu,cpuacct\n"
    "613 610 0:32 /docker/abc123 /sys/fs/cgroup/cpuacct2 ro - cgroup "
    "cgroup rw,cpuacct\n"
    "614 610 0:33 /docker/abc123 /sys/fs/cgroup/memory ro - cgroup "
    "cgroup rw,memory\n";

static void
check_quotas(void)
{
	size_t i;

	for (i = 0; i < sizeof(max_cases) / sizeof(max_cases[0]); i++)
		CHECK(
		    max_cases[i].name, limits_cpu_max_cpus(max_cases[i].text) ==
		                           max_cases[i].want);
	for (i = 0; i < sizeof(list_cases) / sizeof(list_cases[0]); i++)
		CHECK(list_cases[i].name,
		    limits_cpu_list_set(list_cases[i].text, NULL, 0) ==
		        list_cases[i].want);
	for (i = 0; i < sizeof(cfs_cases) / sizeof(cfs_cases[0]); i++)
		CHECK(cfs_cases[i].name,
		    limits_cfs_cpus(cfs_cases[i].quota, cfs_cases[i].period) ==
		        cfs_cases[i].want);
}

static void
check_memory_limits(void)
{
	CHECK("memory limit: v2 max is none",
	    limits_memory_limit_kib("max\n") == 0);
	CHECK("memory limit: v2 bytes in KiB",
	    limits_memory_limit_kib("536870912\n") == 524288);
	CHECK("memory limit: v1 unlimited is none",
	    limits_memory_limit_kib("9223372036854771712\n") == 0);
	CHECK("memory limit: under a KiB is 1",
	    limits_memory_limit_kib("100\n") == 1);
	CHECK("memory limit: empty or negative is none",
	    limits_memory_limit_kib("") == 0 &&
	        limits_memory_limit_kib("-1\n") == 0);
}

static void
check_cgroups(void)
{
	char path[256], root[256], mnt[256], small[4];

	CHECK(
	    "cgroup: v1 memory line", limits_cgroup_path(cgroup_hybrid, 0,
	                                  "memory", path, sizeof(path)) == 0 &&
	                                  strcmp(path, "/docker/abc123") == 0);
	CHECK("cgroup: v1 memory mount",
	    limits_cgroup_mount(mountinfo_v1_docker, 0, "memory", root,
	        sizeof(root), mnt, sizeof(mnt)) == 0 &&
	        strcmp(mnt, "/sys/fs/cgroup/memory") == 0);
	CHECK("cgroup: no memory line, no memory cgroup",
	    limits_cgroup_path(
	        cgroup_cpuacct_only, 0, "memory", path, sizeof(path)) == -1);

	CHECK("cgroup: v2 path",
	    limits_cgroup_path(cgroup_v2, 1, "cpu", path, sizeof(path)) == 0 &&
	        strcmp(path, "/user.slice/user-1000.slice/session-2") == 0);
	CHECK("cgroup: no v1 cpu line in a v2 file",
	    limits_cgroup_path(cgroup_v2, 0, "cpu", path, sizeof(path)) == -1);
	CHECK("cgroup: v1 cpu among joint controllers",
	    limits_cgroup_path(cgroup_hybrid, 0, "cpu", path, sizeof(path)) ==
	            0 &&
	        strcmp(path, "/docker/abc123") == 0);
	CHECK("cgroup: cpuacct is not cpu",
	    limits_cgroup_path(
	        cgroup_cpuacct_only, 0, "cpu", path, sizeof(path)) == -1);
	CHECK("cgroup: a path too long for out",
	    limits_cgroup_path(cgroup_v2, 1, "cpu", small, sizeof(small)) ==
	        -1);
	CHECK("cgroup: v2 mount",
	    limits_cgroup_mount(mountinfo_v2, 1, "cpu", root, sizeof(root), mnt,
	        sizeof(mnt)) == 0 &&
	        strcmp(root, "/") == 0 && strcmp(mnt, "/sys/fs/cgroup") == 0);
	CHECK("cgroup: no v1 mount on a v2 system",
	    limits_cgroup_mount(mountinfo_v2, 0, "cpu", root, sizeof(root), mnt,
	        sizeof(mnt)) == -1);
	CHECK("cgroup: v1 cpu mount in a container, with its root",
	    limits_cgroup_mount(mountinfo_v1_docker, 0, "cpu", root,
	        sizeof(root), mnt, sizeof(mnt)) == 0 &&
	        strcmp(root, "/docker/abc123") == 0 &&
	        strcmp(mnt, "/sys/fs/cgroup/cpu,cpuacct") == 0);
	CHECK("cgroup: no v2 mount in a v1 container",
	    limits_cgroup_mount(mountinfo_v1_docker, 1, "cpu", root,
	        sizeof(root), mnt, sizeof(mnt)) == -1);
}

static void
check_fs_types(void)
{
	char type[32];

	CHECK("fs type: root",
	    limits_fs_type(mountinfo_v2, "/usr/lib", type, sizeof(type)) == 0 &&
	        strcmp(type, "ext4") == 0);
	CHECK("fs type: the mount point itself",
	    limits_fs_type(mountinfo_v2, "/tmp", type, sizeof(type)) == 0 &&
	        strcmp(type, "tmpfs") == 0);
	CHECK("fs type: below a mount point",
	    limits_fs_type(
	        mountinfo_v2, "/tmp/bytebench.x", type, sizeof(type)) == 0 &&
	        strcmp(type, "tmpfs") == 0);
	CHECK("fs type: a prefix that is not a parent (/tmpx)",
	    limits_fs_type(mountinfo_v2, "/tmpx/a", type, sizeof(type)) == 0 &&
	        strcmp(type, "ext4") == 0);
	CHECK("fs type: the deepest mount wins",
	    limits_fs_type(
	        mountinfo_v2, "/home/user/ram/s", type, sizeof(type)) == 0 &&
	        strcmp(type, "tmpfs") == 0);
	CHECK("fs type: next mount up",
	    limits_fs_type(
	        mountinfo_v2, "/home/user/src", type, sizeof(type)) == 0 &&
	        strcmp(type, "xfs") == 0);
	CHECK("fs type: overlay root of a container",
	    limits_fs_type(
	        mountinfo_v1_docker, "/srv/tmp", type, sizeof(type)) == 0 &&
	        strcmp(type, "overlay") == 0);
	CHECK("fs type: no mounts",
	    limits_fs_type("", "/tmp", type, sizeof(type)) == -1);
}

int
main(void)
{
	check_quotas();
	check_cgroups();
	check_memory_limits();
	check_fs_types();
	return check_exit();
}
