#!/bin/sh
# run.sh - runs every unit test binary ($BUILD/tests/test_*) and every test
# script (tests/t-*.sh), counts their PASS/FAIL/SKIP lines and ends with
# "N passed, N failed[, N skipped]".  Exits 1 when anything failed.
# TESTS="pattern" limits the scripts run (a shell glob on the file name).
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
BUILD=${BUILD:-build}
PGMS=${PGMS:-pgms}
export BUILD PGMS
log=$(mktemp "${TMPDIR:-/tmp}/bytebench-tests.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT

run_one() {
	name=$1
	shift
	before=$(grep -c '^FAIL' "$log")
	"$@" >"$log.one" 2>&1
	rc=$?
	cat "$log.one" >>"$log"
	grep -E '^(PASS|FAIL|SKIP)' "$log.one"
	if [ "$rc" -ne 0 ] && [ "$(grep -c '^FAIL' "$log")" -eq "$before" ]; then
		printf 'FAIL: %s exited %d\n' "$name" "$rc" | tee -a "$log"
		tail -n 20 "$log.one" | sed 's/^/    /'
	elif [ "$(grep -c '^FAIL' "$log")" -ne "$before" ]; then
		grep -v -E '^(PASS|SKIP)' "$log.one" | tail -n 30 | sed 's/^/    /'
	fi
	rm -f "$log.one"
}

for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	run_one "$t" "$t"
done
for t in tests/t-*.sh; do
	[ -f "$t" ] || continue
	case "$(basename "$t")" in ${TESTS:-*}) ;; *) continue ;; esac
	run_one "$t" sh "$t"
done

passed=$(grep -c '^PASS' "$log")
failed=$(grep -c '^FAIL' "$log")
skipped=$(grep -c '^SKIP' "$log")
if [ "$skipped" -gt 0 ]; then
	printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
	printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
