#!/bin/sh
# probe-system.sh CC - prints the system and the machine CC compiles for,
# from its predefined macros (so a cross compiler names its target, not
# this machine), as "SYSTEM MACHINE": "linux x86_64", "darwin aarch64".
# probe-system.sh --here - the same two names for this machine (uname).
# SYSTEM: darwin, freebsd, dragonfly, netbsd, openbsd, linux or other;
# MACHINE: x86_64, i386, aarch64, arm, ppc64, ppc, s390x, riscv64 or other.
# Never fails.  The names are string literals: `linux` and `i386` alone
# are macros.
if [ "${1-}" = --here ]; then
	case $(uname -s 2>/dev/null) in
	Darwin) sys=darwin ;;
	FreeBSD) sys=freebsd ;;
	DragonFly) sys=dragonfly ;;
	NetBSD) sys=netbsd ;;
	OpenBSD) sys=openbsd ;;
	Linux) sys=linux ;;
	*) sys=other ;;
	esac
	case $(uname -m 2>/dev/null) in
	x86_64 | amd64) m=x86_64 ;;
	i[3-6]86) m=i386 ;;
	aarch64 | arm64) m=aarch64 ;;
	arm*) m=arm ;;
	ppc64* | powerpc64*) m=ppc64 ;;
	ppc | powerpc | macppc) m=ppc ;;
	s390x) m=s390x ;;
	riscv64) m=riscv64 ;;
	*) m=other ;;
	esac
	printf '%s %s\n' "$sys" "$m"
	exit 0
fi
cc=${1:-cc}
names=$(printf '%s\n' '#if defined(__APPLE__)' '"darwin"' \
    '#elif defined(__FreeBSD__)' '"freebsd"' \
    '#elif defined(__DragonFly__)' '"dragonfly"' \
    '#elif defined(__NetBSD__)' '"netbsd"' \
    '#elif defined(__OpenBSD__)' '"openbsd"' \
    '#elif defined(__linux__)' '"linux"' \
    '#else' '"other"' '#endif' \
    '#if defined(__x86_64__) || defined(__amd64__)' '"x86_64"' \
    '#elif defined(__i386__)' '"i386"' \
    '#elif defined(__aarch64__) || defined(__arm64__)' '"aarch64"' \
    '#elif defined(__arm__)' '"arm"' \
    '#elif defined(__powerpc64__) || defined(__ppc64__)' '"ppc64"' \
    '#elif defined(__powerpc__) || defined(__ppc__)' '"ppc"' \
    '#elif defined(__s390x__)' '"s390x"' \
    '#elif defined(__riscv) && __riscv_xlen == 64' '"riscv64"' \
    '#else' '"other"' '#endif' |
    $cc -E -P -x c - 2>/dev/null | tr -d ' \t"' | grep -v '^$' | tail -n 2 |
    tr '\n' ' ')
# shellcheck disable=SC2086
set -- $names
printf '%s %s\n' "${1:-other}" "${2:-other}"
