#!/bin/sh
# t-build-lto.sh - rebuilds dhry2reg and the int and double arithmetic tests
# with the normal build's flags plus -flto, and checks that each LTO build
# runs and keeps the protocol: one positive COUNT in the program's unit.
# Whether their counts stay of the same order as the normal build's (the
# work not deleted) is a timing, measured by tests/bench/lto.sh.
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

for p in $progs; do
	name="lto: $p runs and counts"
	out=$("$b/pgms/$p" 1 2>"$scratch/err")
	rc=$?
	unit=$("$BYTEBENCH" -l --smoke | awk -v p="$p" '$3 == p { print $2; exit }')
	lto=$(printf '%s\n' "$out" | grep '^COUNT|')
	if [ "$rc" -eq 0 ] && [ "$(printf '%s\n' "$lto" | wc -l)" -eq 1 ] &&
	    [ "${lto#COUNT|[1-9]}" != "$lto" ] &&
	    [ "$(printf '%s\n' "$lto" | cut -d'|' -f4)" = "$unit" ]; then
		pass "$name"
	else
		fail "$name" "exit $rc: $out $(head -n 2 "$scratch/err")"
	fi
done
