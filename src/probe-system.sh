#!/bin/sh
# probe-system.sh CC - prints the system CC compiles for, from its
# predefined macros (so a cross compiler names its target, not this
# machine): darwin, freebsd, dragonfly, netbsd, openbsd, linux, or other.
# Never fails.  The names are string literals: `linux` alone is a macro.
cc=${1:-cc}
sys=$(printf '%s\n' '#if defined(__APPLE__)' '"darwin"' \
    '#elif defined(__FreeBSD__)' '"freebsd"' \
    '#elif defined(__DragonFly__)' '"dragonfly"' \
    '#elif defined(__NetBSD__)' '"netbsd"' \
    '#elif defined(__OpenBSD__)' '"openbsd"' \
    '#elif defined(__linux__)' '"linux"' \
    '#endif' | $cc -E -P -x c - 2>/dev/null | tr -d ' \t"' | grep -v '^$' |
    tail -n 1)
printf '%s\n' "${sys:-other}"
