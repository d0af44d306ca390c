#!/bin/sh
# run.sh - runs every unit test binary ($BUILD/tests/test_*) and every test
# script (tests/t-*.sh), counts their PASS/FAIL/SKIP lines and ends with
# "N passed, N failed[, N skipped]".  Exits 1 when anything failed.
# TESTS="pattern" limits the scripts run (a shell glob on the file name).
# JOBS=N runs N of them at a time (default: the CPUs online); each one's
# output is kept and printed whole, in the order above, as they end.
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
BUILD=${BUILD:-build}
PGMS=${PGMS:-pgms}
export BUILD PGMS
jobs=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null)}
case $jobs in '' | *[!0-9]* | 0) jobs=1 ;; esac
dir=$(mktemp -d "${TMPDIR:-/tmp}/bytebench-tests.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT TERM
log=$dir/log
: >"$log"
# Each test writes its number to this pipe when it ends: the loop below
# reads one to wait for whichever ends first.
mkfifo "$dir/ended" && exec 3<>"$dir/ended" || exit 1

# report N NAME: adds test N's output (NAME's) to the log and prints its
# result lines, with what explains a failure.
report() {
	before=$(grep -c '^FAIL' "$log")
	cat "$dir/$1.out" >>"$log"
	grep -E '^(PASS|FAIL|SKIP)' "$dir/$1.out"
	rc=$(cat "$dir/$1.rc")
	if [ "$rc" -ne 0 ] && [ "$(grep -c '^FAIL' "$log")" -eq "$before" ]; then
		printf 'FAIL: %s exited %d\n' "$2" "$rc" | tee -a "$log"
		tail -n 20 "$dir/$1.out" | sed 's/^/    /'
	elif [ "$(grep -c '^FAIL' "$log")" -ne "$before" ]; then
		grep -v -E '^(PASS|SKIP)' "$dir/$1.out" | tail -n 30 |
		    sed 's/^/    /'
	fi
}

# The tests in order, one a line: the unit tests, then the scripts.
{
	for t in "$BUILD"/tests/test_*; do
		[ -x "$t" ] && printf '%s\n' "$t"
	done
	for t in tests/t-*.sh; do
		[ -f "$t" ] || continue
		case "$(basename "$t")" in ${TESTS:-*}) ;; *) continue ;; esac
		printf '%s\n' "$t"
	done
} >"$dir/list"

# flush: prints the tests that have ended, in order, up to the first
# still running.
shown=0
flush() {
	while [ -f "$dir/$((shown + 1)).rc" ]; do
		shown=$((shown + 1))
		report "$shown" "$(sed -n "${shown}p" "$dir/list")"
	done
}

n=0
running=0
while read -r t; do
	if [ "$running" -ge "$jobs" ]; then
		read -r _ <&3
		running=$((running - 1))
		flush
	fi
	n=$((n + 1))
	case $t in *.sh) set -- sh "$t" ;; *) set -- "$t" ;; esac
	(
		"$@" >"$dir/$n.out" 2>&1 3>&-
		echo $? >"$dir/$n.rc.tmp"
		mv "$dir/$n.rc.tmp" "$dir/$n.rc"
		echo "$n" >&3
	) </dev/null &
	running=$((running + 1))
done <"$dir/list"
while [ "$running" -gt 0 ]; do
	read -r _ <&3
	running=$((running - 1))
	flush
done
flush

passed=$(grep -c '^PASS' "$log")
failed=$(grep -c '^FAIL' "$log")
skipped=$(grep -c '^SKIP' "$log")
if [ "$skipped" -gt 0 ]; then
	printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
	printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
