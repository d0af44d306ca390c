#!/bin/sh
# t-lto.sh - rebuilds dhry2reg and the int and double arithmetic tests with
# the normal build's flags plus -flto, and checks that their one-second
# counts stay of the same order (within 4x either way) as the normal build's:
# whole-program optimisation must not delete the measured work.
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

# The larger count of two one-second runs, so that a busy machine rarely
# makes one run look slow.
count() {
	best=
	for _ in 1 2; do
		n=$("$1" 1 2>/dev/null | sed -n 's/^COUNT|\([0-9]*\)|.*/\1/p')
		[ -n "$n" ] || return 1
		if [ -z "$best" ] || awk -v a="$best" -v b="$n" \
		    'BEGIN { exit !(b + 0 > a + 0) }'; then
			best=$n
		fi
	done
	echo "$best"
}

for p in $progs; do
	name="lto: $p count of the same order as without LTO"
	if foreign "$top/$PGMS/$p"; then
		skip "$name" "built for another machine: under emulation the speed is the emulator's"
	elif ! normal=$(count "$top/$PGMS/$p"); then
		fail "$name" "$PGMS/$p printed no count"
	elif ! lto=$(count "$b/pgms/$p"); then
		fail "$name" "the LTO build of $p printed no count"
	elif awk -v a="$normal" -v b="$lto" \
	    'BEGIN { exit !(a > 0 && b > 0 && 4 * b >= a && 4 * a >= b) }'; then
		pass "$name ($lto vs $normal)"
	else
		fail "$name" "$lto with LTO, $normal without"
	fi
done
