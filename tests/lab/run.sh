#!/bin/sh
# run.sh - boots Debian's own Linux kernels in two emulated machines (QEMU,
# no KVM needed) with an initramfs holding a static build of bytebench
# and tests/lab/init.c as init, runs a short bytebench inside and checks
# what the report says of the machine:
#
#   x86-64: 64 vCPUs as 2 sockets x 16 cores x 2 threads in 2 NUMA nodes,
#   CPUs 61-63 taken offline, a cgroup v2 cpu.max of 2.5 CPUs: the header's
#   topology, the CPUs usable (3) and the copies chosen (1, then 3);
#
#   aarch64: QEMU's virt machine with 8 Cortex-A57s, its device tree given
#   capacity-dmips-mhz 1024 on CPUs 0-3 and 512 on 4-7 (dumpdtb, dtc):
#   two kinds of core in the header, the kind the 1-copy pass ended on,
#   and --per-core-type runs a block pinned to each.
#
# usage: sh tests/lab/run.sh [x86_64] [aarch64]    (default: both)
#
# Needs qemu-system-x86 and qemu-system-arm, device-tree-compiler, cpio,
# musl-tools and gcc-aarch64-linux-gnu, and the kernel packages, fetched
# with apt-get download into $LAB_CACHE (default ~/.cache/bytebench-lab)
# when not there: linux-image-VERSION-amd64 and (dpkg --add-architecture
# arm64 first) linux-image-VERSION-arm64, VERSION being the one
# linux-image-amd64 depends on (LAB_KERNEL overrides it).  Prints each
# machine's report and PASS/FAIL lines; exits 1 when a check failed.
# Emulation is slow: each machine takes minutes (doc/portability.md).
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
cache=${LAB_CACHE:-$HOME/.cache/bytebench-lab}
work=$(mktemp -d "${TMPDIR:-/tmp}/bytebench-lab.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
failed=0
mkdir -p "$cache" || exit 1

pass() { printf 'PASS: %s\n' "$1"; }
fail() {
	printf 'FAIL: %s\n' "$1"
	failed=1
}
# has NAME PATTERN: a check that the console log holds a line matching
# PATTERN (grep -E).
has() {
	if grep -Eq -- "$2" "$log"; then pass "$1"; else fail "$1"; fi
}

# kernel ARCH: the path of Debian's kernel for ARCH (amd64, arm64),
# downloaded and unpacked into the cache when not there yet.
kernel() {
	version=${LAB_KERNEL:-$(apt-cache depends linux-image-amd64 |
	    sed -n 's/.*Depends: linux-image-\(.*\)-amd64$/\1/p' | head -n 1)}
	k=$cache/$1/boot/vmlinuz-$version-$1
	if [ ! -f "$k" ]; then
		(cd "$cache" && apt-get download -q \
		    "linux-image-$version-$1:$1") >&2 || return 1
		dpkg-deb -x "$cache"/linux-image-"$version"-"$1"_*_"$1".deb \
		    "$cache/$1" || return 1
	fi
	echo "$k"
}

# initramfs ARCH CC [MAKE ARGS]: a static build of the runner and the
# syscall test with CC, and init, packed as $work/ARCH.cpio.gz.
initramfs() {
	arch=$1 cc=$2
	shift 2
	b=$work/build-$arch
	make -s CC="$cc" LDFLAGS=-static BUILD="$b" PGMS="$b/pgms" "$@" \
	    "$b/pgms/bytebench" "$b/pgms/syscall" "$b/pgms/build.info" ||
	    return 1
	r=$work/root-$arch
	mkdir -p "$r/proc" "$r/sys" "$r/dev" "$r/tmp" "$r/pgms" || return 1
	"$cc" -static -O2 -o "$r/init" tests/lab/init.c || return 1
	cp "$b/pgms/bytebench" "$b/pgms/syscall" "$b/pgms/build.info" \
	    "$r/pgms/" || return 1
	(cd "$r" && find . | cpio -o -H newc 2>/dev/null | gzip -1) \
	    >"$work/$arch.cpio.gz"
}

# boot ARCH QEMU ARGS...: boots the machine, its console into $log.
boot() {
	log=$work/$1.log
	arch=$1
	shift
	start=$(date +%s)
	timeout 1500 "$@" -nographic -no-reboot \
	    -initrd "$work/$arch.cpio.gz" 2>&1 | tr -d '\r' >"$log"
	echo "$arch: $(($(date +%s) - start)) s" >&2
	sed -n '/BYTE UNIX Benchmarks/,/^lab: exit/p' "$log"
	has "$arch: bytebench ran and exited 0" '^lab: exit 0'
}

x86_64() {
	k=$(kernel amd64) || { fail "x86_64: kernel"; return; }
	initramfs x86_64 musl-gcc || { fail "x86_64: static build"; return; }
	boot x86_64 qemu-system-x86_64 -accel tcg,thread=single \
	    -cpu qemu64,vendor=GenuineIntel -m 1G \
	    -smp 64,sockets=2,cores=16,threads=2 \
	    -object memory-backend-ram,id=m0,size=512M \
	    -object memory-backend-ram,id=m1,size=512M \
	    -numa node,nodeid=0,cpus=0-31,memdev=m0 \
	    -numa node,nodeid=1,cpus=32-63,memdev=m1 -kernel "$k" \
	    -append "console=ttyS0 panic=-1 quiet lab.offline=61,62,63 \
lab.cpumax=250000 lab.args=-q,-i,1,--duration,1,--no-warnings,syscall"
	has "x86_64: 61 of 64 online, 61-63 offline, one kind" \
	    '^   CPUs: 61 online of 64 \(61-63 offline\), one kind: '
	has "x86_64: 2 packages, 31 cores, SMT, 2 NUMA nodes" \
	    '^   Topology: 2 packages, 31 cores, SMT \(2 threads a core\), 2 NUMA nodes$'
	has "x86_64: 3 CPUs usable under cpu.max 2.5" \
	    '^61 CPUs in system \(3 usable\); running 1 parallel copy'
	has "x86_64: N copies chosen: 3" \
	    '^61 CPUs in system \(3 usable\); running 3 parallel copies'
}

aarch64() {
	k=$(kernel arm64) || { fail "aarch64: kernel"; return; }
	initramfs aarch64 aarch64-linux-gnu-gcc AR=aarch64-linux-gnu-ar \
	    HOSTCC=cc || { fail "aarch64: static build"; return; }
	m="-accel tcg,thread=single -cpu cortex-a57 -smp 8 -m 1G"
	# shellcheck disable=SC2086
	qemu-system-aarch64 $m -M virt,dumpdtb="$work/virt.dtb" \
	    -nographic >/dev/null 2>&1
	dtc -q -I dtb -O dts "$work/virt.dtb" | awk '
	    /^\t\tcpu@[0-9]+ \{/ { n = substr($1, 5) + 0; cpu = 1 }
	    { print }
	    cpu && /reg = / {
		printf "\t\t\tcapacity-dmips-mhz = <%d>;\n", n < 4 ? 1024 : 512
		cpu = 0
	    }' | dtc -q -I dts -O dtb -o "$work/big-little.dtb" ||
	    { fail "aarch64: device tree"; return; }
	# shellcheck disable=SC2086
	boot aarch64 qemu-system-aarch64 $m -M virt -dtb "$work/big-little.dtb" \
	    -kernel "$k" -append "console=ttyAMA0 panic=-1 quiet \
lab.args=-q,-i,1,--duration,1,--no-warnings,-c,1,--per-core-type,syscall"
	has "aarch64: two kinds by capacity" \
	    '^   CPUs: 8 online, 2 kinds of ARM Cortex-A57: 4 x capacity 1024, 4 x capacity'
	has "aarch64: a block pinned on the big kind" \
	    'running 1 parallel copy of tests, pinned to CPU [0-3]$'
	has "aarch64: a block pinned on the little kind" \
	    'running 1 parallel copy of tests, pinned to CPU [4-7]$'
	has "aarch64: the kinds said" '^Kind of core: 2 of 2, capacity 512 '
	has "aarch64: the kind the 1-copy pass ended on" \
	    '^Passes ended on: 1 x capacity (1024|512)$'
}

[ $# -gt 0 ] || set -- x86_64 aarch64
for m in "$@"; do
	case $m in
	x86_64 | aarch64) "$m" ;;
	*)
		echo "usage: sh tests/lab/run.sh [x86_64] [aarch64]" >&2
		exit 2
		;;
	esac
done
exit "$failed"
