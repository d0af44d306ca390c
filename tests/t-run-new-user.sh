#!/bin/sh
# t-run-new-user.sh - ./Run as a new user runs it: from a copy of the tree
# with nothing built, started from another directory, it builds, runs a
# few short real tests and saves the report; a second start builds
# nothing; a changed source is rebuilt; a broken source stops it with a
# clear message.
. "$(dirname "$0")/lib.sh"

for p in pipe spawn syscall; do
	if [ ! -f "src/programs/$p.c" ]; then
		fail "Run from a clean tree" "src/programs/$p.c is missing"
		exit 0
	fi
done
if ! command -v git >/dev/null 2>&1 || ! git rev-parse --git-dir \
    >/dev/null 2>&1; then
	skip "Run from a clean tree" "not a git checkout"
	exit 0
fi

# The tree as a clone has it (tracked files and new ones not ignored),
# less the sources of the programs not run here, to keep the build short.
clone=$scratch/clone
git ls-files -co --exclude-standard | while read -r f; do
	[ -f "$f" ] || continue
	case $f in
	src/programs/pipe.c | src/programs/spawn.c | src/programs/syscall.c) ;;
	src/programs/*) continue ;;
	esac
	mkdir -p "$clone/$(dirname "$f")"
	cp -p "$f" "$clone/$f"
done
mkdir -p "$clone/results"

# The outer make's settings (BUILD=, PGMS=) must not reach Run's make.
unset MAKEFLAGS MFLAGS MAKELEVEL BUILD PGMS UB_BINDIR UB_TESTDIR UB_RESULTDIR \
    UB_OUTPUT_FILE_NAME UB_TMPDIR
export MAKEFLAGS=-j2
cd "$scratch" || exit 1

UB_SETTLE=2 "$clone/Run" -c 1 -i 1 --duration 1 pipe spawn syscall \
    >"$scratch/out" 2>"$scratch/err"
rc=$?
report=$(ls "$clone"/results/*-01 2>/dev/null)
if [ "$rc" -ne 0 ] || [ -z "$report" ]; then
	fail "Run: builds and runs from a clean tree" \
	    "exit $rc: $(tail -n 5 "$scratch/err")"
	exit 0
fi
pass "Run: builds and runs from a clean tree"
check "Run: three result lines" [ "$(grep -c \
    '^[A-Z].*  *[0-9][0-9]*\.[0-9] lps   ([0-9][0-9.]* s, 1 samples)$' \
    "$report")" -eq 3 ]
check "Run: partial index of three" sh -c "
    grep -q '^System Benchmarks Partial Index' '$report' &&
    grep -q '^System Benchmarks Index Score (Partial Only)  *[0-9.]*\$' '$report'"
unwrap "$report" >"$scratch/unwrapped"
check "Run: compiler and flags in the header (wrapped or not)" grep -q \
    '^   Compiler: .* -O' "$scratch/unwrapped"
check "Run: log beside the report" grep -q '^#### Pass 1' "$report.log"
# The build said, with its time; the machine let settle after it (at
# most UB_SETTLE seconds here), said on the console and in the report.
check "Run: says it builds, and how long it took" sh -c "
    sed -n 1p '$scratch/err' | grep -q '^Run: building bytebench' &&
    grep -q '^Run: built in [1-9][0-9]* s\$' '$scratch/err'"
check "Run: lets the machine settle after the build" grep -q \
    '^Letting the machine settle after the build (load [0-9.]*; at most 2 s)' \
    "$scratch/err"
check "Run: the report says how it settled" grep -q \
    '^   Settle: \./Run built the suite in [1-9][0-9]* s, then waited [0-2] s' \
    "$report"
sed -n '/^=====/,$p' "$scratch/out" | head -n 30 | sed 's/^/    /'

stamp=$clone/build/run.stamp
sleep 1
touch "$scratch/marker"
"$clone/Run" --version >"$scratch/out" 2>"$scratch/err"
check "Run: nothing rebuilt when nothing changed" sh -c "
    [ -z \"\$(find '$stamp' -newer '$scratch/marker')\" ] &&
    grep -q '^bytebench ' '$scratch/out' && ! grep -q '^Run:' '$scratch/err'"

touch "$clone/src/programs/pipe.c"
"$clone/Run" --version >"$scratch/out" 2>"$scratch/err"
check "Run: a changed source is rebuilt" sh -c "
    [ -n \"\$(find '$clone/pgms/pipe' -newer '$clone/src/programs/pipe.c')\" ] &&
    grep -q '^bytebench ' '$scratch/out'"

# The file system's clock moves in ticks of a few milliseconds: an edit in
# the tick the stamp was written in would not be newer than it.
sleep 1
echo 'this is not C' >>"$clone/src/programs/spawn.c"
n=$(ls "$clone/results" 2>/dev/null | wc -l)
"$clone/Run" -c 1 -i 1 --duration 1 spawn >"$scratch/out" 2>"$scratch/err"
rc=$?
check "Run: a build failure stops it with a clear message" sh -c "
    [ $rc -ne 0 ] &&
    grep -q '^Run: building bytebench failed' '$scratch/err' &&
    [ \$(ls '$clone/results' 2>/dev/null | wc -l) -eq $n ]"
