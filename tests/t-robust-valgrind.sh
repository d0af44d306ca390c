#!/bin/sh
# t-robust-valgrind.sh - the runner under valgrind (memcheck, full leak check):
# a short run against the fake with passes that succeed, fail, crash,
# print garbage and skip, every result format written, then compare
# reading the JSON and text back.  Any error or leak fails.
. "$(dirname "$0")/lib.sh"

if ! command -v valgrind >/dev/null 2>&1; then
	skip "valgrind" "valgrind not installed"
	exit 0
fi
if [ ! -x "$FAKE" ] || [ ! -x "$BYTEBENCH" ]; then
	skip "valgrind" "$FAKE or $BYTEBENCH not built"
	exit 0
fi
# valgrind runs this machine's programs only, not an emulated one's.
if foreign "$BYTEBENCH"; then
	skip "valgrind" "the runner is built for another machine (emulated here)"
	exit 0
fi
# A sanitizer build has its own checker; valgrind cannot run it.
if nm "$BYTEBENCH" 2>/dev/null | grep -q __asan_init; then
	skip "valgrind" "the runner is built with the sanitizers"
	exit 0
fi

bin=$scratch/bin
mkdir -p "$bin" "$scratch/tmp"
for p in pipe spawn syscall execl context1 hanoi; do
	ln -s "$FAKE" "$bin/$p"
done
cat >"$scratch/spec" <<'EOF'
pipe:* count 124400 1 lps 1
spawn:* error <b>broken</b> a,b|c
syscall:* crash 11
execl:* garbage hello
context1:* skip not here
* count 1 1 lps 1
EOF
unset LC_ALL UB_OUTPUT_FILE_NAME UB_OUTPUT_CSV UB_TESTDIR
export UB_BINDIR="$bin" UB_TMPDIR="$scratch/tmp" FAKE_SPEC="$scratch/spec"
export UB_RESULTDIR="$scratch/res"

vg() {
	valgrind -q --error-exitcode=99 --leak-check=full \
	    --errors-for-leak-kinds=definite,indirect --track-fds=no \
	    --log-file="$scratch/vg.%p" "$@"
}

vg "$BYTEBENCH" -c 2 -i 2 -f text,log,json,html,csv,md pipe spawn \
    syscall execl context1 hanoi >"$scratch/out" 2>&1
rc=$?
check "valgrind: run, no error or leak (exit 1: some tests failed)" \
    [ "$rc" -eq 1 ]
report=$(ls "$scratch"/res/*-01 2>/dev/null)
cp "$report" "$scratch/text-report" # beside its JSON it would be read once
vg "$BYTEBENCH" compare "$report.json" "$scratch/text-report" >"$scratch/cmp" 2>&1
rc=$?
check "valgrind: compare of JSON and text, no error or leak" [ "$rc" -eq 0 ]
vg "$BYTEBENCH" -c 0 pipe >/dev/null 2>&1
rc=$?
check "valgrind: bad input refused, no error or leak" [ "$rc" -eq 2 ]
if cat "$scratch"/vg.* 2>/dev/null | grep -q .; then
	fail "valgrind: nothing reported" "$(cat "$scratch"/vg.* | head -n 20)"
else
	pass "valgrind: nothing reported"
fi
