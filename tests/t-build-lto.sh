#!/bin/sh
# t-build-lto.sh - rebuilds dhry2reg and the int and double arithmetic tests
# with the normal build's flags plus -flto, and checks that their one-second
# counts stay of the same order (within 10x either way) as the normal
# build's: whole-program optimisation must not delete the measured work.
# Inlining across Dhrystone's files alone makes dhry2reg up to about 4x
# faster on some machines, and a busy machine moves either count by 2x; a
# loop whose work was deleted counts 20x and more.
. "$(dirname "$0")/lib.sh"

# The make that runs this script must not pass its own settings down.
unset MAKEFLAGS MFLAGS MAKELEVEL

progs="dhry2reg int double"
info=$top/$PGMS/build.info
cc=${CC:-cc}
opt=$(sed -n 's/^opt=//p' "$info" 2>/dev/null)
cflags=$(sed -n 's/^cflags=//p' "$info" 2>/dev/null)
ldflags=$(sed -n 's/^ldflags=//p' "$info" 2>/dev/null)
[ -n "$opt" ] || opt=-O3

printf 'int main(void) { return 0; }\n' >"$scratch/probe.c"
# shellcheck disable=SC2086
if ! $cc $opt $cflags -flto $ldflags -o "$scratch/probe" "$scratch/probe.c" \
    >/dev/null 2>&1; then
	skip "lto: build" "$cc cannot link with -flto here"
	exit 0
fi

b=$scratch/b
targets=
for p in $progs; do
	targets="$targets $b/pgms/$p"
done
# shellcheck disable=SC2086
if make -s BUILD="$b" PGMS="$b/pgms" CC="$cc" OPT="$opt -flto" \
    CFLAGS="$cflags" LDFLAGS="$ldflags" $targets >"$scratch/make.log" 2>&1
then
	pass "lto: build with $opt -flto"
else
	fail "lto: build" "$(tail -n 5 "$scratch/make.log")"
	exit 0
fi

# once PROG: the count of one one-second run of PROG.
once() {
	"$1" 1 2>/dev/null | sed -n 's/^COUNT|\([0-9]*\)|.*/\1/p'
}

# counts A B: the larger count of three one-second runs of each, the two
# programs taken in turn so that a change of the machine's load falls on
# both; prints "A-count B-count", or fails when one printed no count.
counts() {
	ba=0 bb=0
	for _ in 1 2 3; do
		na=$(once "$1") && [ -n "$na" ] || return 1
		nb=$(once "$2") && [ -n "$nb" ] || return 2
		ba=$(awk -v a="$ba" -v b="$na" 'BEGIN { print (b + 0 > a + 0) ? b : a }')
		bb=$(awk -v a="$bb" -v b="$nb" 'BEGIN { print (b + 0 > a + 0) ? b : a }')
	done
	echo "$ba $bb"
}

for p in $progs; do
	name="lto: $p count of the same order as without LTO"
	if foreign "$top/$PGMS/$p"; then
		skip "$name" "built for another machine: under emulation the speed is the emulator's"
		continue
	fi
	both=$(counts "$top/$PGMS/$p" "$b/pgms/$p")
	case $? in
	1) fail "$name" "$PGMS/$p printed no count"; continue ;;
	2) fail "$name" "the LTO build of $p printed no count"; continue ;;
	esac
	normal=${both% *} lto=${both#* }
	if awk -v a="$normal" -v b="$lto" \
	    'BEGIN { exit !(a > 0 && b > 0 && 10 * b >= a && 10 * a >= b) }'; then
		pass "$name ($lto vs $normal)"
	else
		fail "$name" "$lto with LTO, $normal without"
	fi
done
