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

# The settle step after a build out of memory: every allocation from the
# second load sample on fails (a preloaded getloadavg keeps the load high,
# so the step waits), and the run goes on to its end.  Nothing it reads at
# the end may be uninitialised (the noise record was once).  valgrind is
# told to leave the preloaded malloc in place (nouserintercepts).
cat >"$scratch/oom.c" <<'EOF'
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static int samples;

int
getloadavg(double *l, int n)
{
	int i;

	for (i = 0; i < n; i++)
		l[i] = 9;
	samples++;
	return n;
}

void *
malloc(size_t n)
{
	static void *(*next)(size_t);
	const char *mark = getenv("OOM_MARK");

	if (samples >= 2) {
		if (mark != NULL)
			close(open(mark, O_WRONLY | O_CREAT, 0600));
		return NULL;
	}
	if (next == NULL)
		*(void **)&next = dlsym(RTLD_NEXT, "malloc");
	return next(n);
}
EOF
if ! ${CC:-cc} -shared -fPIC -o "$scratch/oom.so" "$scratch/oom.c" \
    -ldl >/dev/null 2>&1; then
	skip "valgrind: settle out of memory" "cannot build a preloaded library"
	exit 0
fi
LD_PRELOAD=$scratch/oom.so OOM_MARK=$scratch/oom-mark BYTEBENCH_BUILT=5 \
    UB_SETTLE=3 valgrind -q --log-file="$scratch/oom.vg" \
    --soname-synonyms=somalloc=nouserintercepts "$BYTEBENCH" -i 1 pipe \
    >"$scratch/oom.out" 2>&1
if [ ! -e "$scratch/oom-mark" ]; then
	skip "valgrind: settle out of memory" "the allocation was not failed"
elif grep -q uninitialised "$scratch/oom.vg"; then
	fail "valgrind: settle out of memory, nothing uninitialised read" \
	    "$(head -n 20 "$scratch/oom.vg")"
else
	check "valgrind: settle out of memory, said, nothing uninitialised read" \
	    grep -q "out of memory" "$scratch/oom.out"
fi
