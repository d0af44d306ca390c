#!/bin/sh
# loop-cost.sh - instructions a loop of single-process index programs,
# counted by callgrind, for UnixBench and each bytebench tree that a
# fidelity.sh work folder built with the same compiler and flags.  A count
# does not move with the machine's load, so it shows a difference in the
# code that timing on a noisy machine cannot.  Not part of `make test`
# (valgrind; a clone has no UnixBench).
#
# Usage: tests/bench/loop-cost.sh WORK [PROGRAM...]
#   WORK      a work folder of tests/bench/fidelity.sh (-w DIR): its
#             ub/pgms and b1/pgms, b2/pgms... hold the two suites' builds
#   PROGRAM   dhry2reg, dhry2, syscall, hanoi (default: dhry2reg)
# Each program runs twice under callgrind, for 1 and 3 s of its own clock;
# the count a loop is the difference of the two runs' instructions over the
# difference of their loops, so start-up and exit cancel out.  Prints one
# line a program and build.
me=loop-cost
die() {
	echo "$me: $*" >&2
	exit 2
}
[ $# -ge 1 ] || die "usage: tests/bench/loop-cost.sh WORK [PROGRAM...]"
work=$1
shift
[ -d "$work/ub/pgms" ] || die "$work: not a work folder of fidelity.sh (no ub/pgms)"
command -v valgrind >/dev/null 2>&1 || die "no valgrind (Debian: apt-get install valgrind)"
[ $# -gt 0 ] || set -- dhry2reg
for p in "$@"; do
	case $p in
	dhry2reg | dhry2 | syscall | hanoi) ;;
	*) die "$p: not a single-process program with a loop count (dhry2reg, dhry2, syscall, hanoi)" ;;
	esac
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/$me.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# count PROG SECONDS: "INSTRUCTIONS LOOPS" of one run under callgrind; the
# loops from the COUNT line either suite prints (on stdout or stderr).
count() {
	valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$1" "$2" \
	    >"$tmp/out" 2>&1 || return 1
	ir=$(awk '/^summary:/ { print $2 }' "$tmp/cg")
	loops=$(awk -F'|' '$1 ~ /COUNT$/ { print $2; exit }' "$tmp/out")
	[ -n "$ir" ] && [ -n "$loops" ] || return 1
	echo "$ir $loops"
}

for p in "$@"; do
	for d in "$work"/ub "$work"/b[0-9]*; do
		[ -x "$d/pgms/$p" ] || continue
		case ${d##*/} in
		ub) who=UnixBench ;;
		*) who="bytebench tree ${d##*/b}" ;;
		esac
		a=$(count "$d/pgms/$p" 1) && b=$(count "$d/pgms/$p" 3) ||
		    die "$d/pgms/$p: no count under callgrind ($tmp/out: $(tail -1 "$tmp/out"))"
		echo "$a $b" | awk -v p="$p" -v w="$who" '{
			printf "%-10s %-18s %8.2f instructions a loop (%d and %d loops)\n",
			    p, w, ($3 - $1) / ($4 - $2), $2, $4 }'
	done
done
