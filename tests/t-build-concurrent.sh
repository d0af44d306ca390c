#!/bin/sh
# t-build-concurrent.sh - concurrent builds: every file the Makefile builds
# is written under a temporary name and renamed into place, so a second make
# (two ./Run at once on an unbuilt checkout) never executes or links a
# half-written file ("Text file busy").  Checked with strace on a copy of
# the tree: no built file is opened for writing under its final name.
. "$(dirname "$0")/lib.sh"

if ! command -v strace >/dev/null 2>&1 ||
    ! strace -f -o /dev/null true 2>/dev/null; then
	skip "build: written under temporary names" "strace cannot run here"
	exit 0
fi
tree=$scratch/tree
mkdir -p "$tree/pgms"
cp -R Makefile src testdir "$tree"/
cp pgms/*.sh "$tree/pgms/"
rm -f "$tree/testdir/large.txt"
targets="build/flags.txt build/lib/bench.o build/libbench.a
build/tools/mktext testdir/large.txt pgms/hanoi pgms/build.info"
# BUILD and PGMS given: a make test with others (CI's clang and cross
# builds) passes its own down in MAKEFLAGS.
# shellcheck disable=SC2086
(cd "$tree" && strace -f -qq -o "$scratch/trace" -e trace=open,openat,creat \
    make -s BUILD=build PGMS=pgms OPT=-O0 HOSTOPT=-O0 $targets \
    >"$scratch/out" 2>&1)
rc=$?
check "build: the targets were built" sh -c "[ $rc -eq 0 ] &&
    cd '$tree' && ls $(echo $targets) >/dev/null"
# The paths opened for writing, one a line.
written=$(grep -E 'O_(WRONLY|RDWR)' "$scratch/trace" |
    sed -n 's/^[^"]*"\([^"]*\)".*/\1/p' | sort -u)
bad=
for t in $targets; do
	if printf '%s\n' "$written" | grep -q -x -e "$t" -e "$tree/$t" \
	    -e "\\./$t"; then
		bad="$bad $t"
	fi
done
check "build: tmp names were written" sh -c "printf '%s\n' '$written' |
    grep -q 'hanoi\.tmp\.'"
if [ -z "$bad" ]; then
	pass "build: no built file written under its final name"
else
	fail "build: no built file written under its final name" \
	    "written in place:$bad"
fi
