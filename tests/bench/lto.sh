#!/bin/sh
# lto.sh - whether whole-program optimisation deletes measured work:
# builds dhry2reg and the int and double arithmetic tests with the normal
# build's flags plus -flto (as tests/t-build-lto.sh does) and compares
# their one-second counts with the normal build's, the larger of three
# runs of each.  Within 10x either way passes: inlining
# across Dhrystone's files alone makes dhry2reg up to about 4x faster on
# some machines, and a busy machine moves either count by 2x; a loop whose
# work was deleted counts 20x and more.  A timing: not part of `make test`.
#
# Usage: tests/bench/lto.sh   (after make; BUILD, PGMS and CC as make's)
# Prints one line a program, "ok" or "DELETED?", and exits 1 on the latter.
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
PGMS=${PGMS:-pgms}
unset MAKEFLAGS MFLAGS MAKELEVEL
work=$(mktemp -d "${TMPDIR:-/tmp}/bytebench-lto.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
info=$PGMS/build.info
opt=$(sed -n 's/^opt=//p' "$info" 2>/dev/null)
cflags=$(sed -n 's/^cflags=//p' "$info" 2>/dev/null)
progs="dhry2reg int double"
# shellcheck disable=SC2046
make -s BUILD="$work" PGMS="$work/pgms" CC="${CC:-cc}" OPT="${opt:--O3} -flto" \
    CFLAGS="$cflags" $(for p in $progs; do echo "$work/pgms/$p"; done) ||
    exit 2

# best PROG: the largest count of three one-second runs of PROG.
best() {
	for _ in 1 2 3; do
		"$1" 1 2>/dev/null | sed -n 's/^COUNT|\([0-9]*\)|.*/\1/p'
	done | sort -n | tail -n 1
}

status=0
for p in $progs; do
	normal=$(best "$PGMS/$p")
	lto=$(best "$work/pgms/$p")
	if awk -v a="$normal" -v b="$lto" \
	    'BEGIN { exit !(a > 0 && b > 0 && 10 * b >= a && 10 * a >= b) }'; then
		echo "$p: ok: $lto with LTO, $normal without"
	else
		echo "$p: DELETED?: $lto with LTO, $normal without"
		status=1
	fi
done
exit $status
