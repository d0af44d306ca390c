#!/bin/sh
# t-report-failures.sh - a failed test explained, with the real shell workload:
# the cause (its input missing) reaches every report, the text
# report keeps its lines within 80 columns and its closing warnings name
# the test; and programs copied elsewhere (UB_BINDIR) still find the
# runner's own test data.
. "$(dirname "$0")/lib.sh"

for p in bytebench looper multi.sh tst.sh; do
	if [ ! -x "$top/$PGMS/$p" ] && [ ! -f "$top/$PGMS/$p" ]; then
		skip "failures" "$PGMS/$p not built"
		exit 0
	fi
done
# A tree of its own (the runner and its test data) and the programs
# somewhere else.
mkdir -p "$scratch/tree/pgms" "$scratch/tree/testdir" "$scratch/else" \
    "$scratch/empty" "$scratch/tmp"
cp "$top/$PGMS/bytebench" "$scratch/tree/pgms/"
cp "$top/testdir/sort.src" "$scratch/tree/testdir/"
for p in looper multi.sh tst.sh; do
	cp "$top/$PGMS/$p" "$scratch/else/"
done
unset LC_ALL UB_OUTPUT_FILE_NAME UB_OUTPUT_CSV UB_TESTDIR
export UB_BINDIR="$scratch/else" UB_TMPDIR="$scratch/tmp"
BYTEBENCH=$scratch/tree/pgms/bytebench

runb "$scratch/res1" -c 1 -i 1 --duration 1 shell1
check "UB_BINDIR elsewhere: the shell test finds the runner's test data" \
    sh -c "[ $rc -eq 0 ] && grep -q '^Shell Scripts (1 concurrent) .* lpm ' \
    '$rep'"

export UB_TESTDIR="$scratch/empty"
runb "$scratch/res2" -c 1 -i 1 --duration 1 -f text,json,html,md shell1
check "no test data: the run fails" [ "$rc" -ne 0 ]
for f in "$rep" "$rep.json" "$rep.html" "$rep.md"; do
	check "the cause reaches ${f##*-01}: its input, named" \
	    grep -q 'empty/sort\.src' "$f"
done
check "text report: every line within 80 columns" \
    sh -c "[ \$(awk 'length > 80' '$rep' | wc -l) -eq 0 ]"
unwrap "$rep" >"$scratch/unwrapped"
check "text report: the closing warning names the failed test" grep -q \
    '^Warning: 1 test without a result: Shell Scripts (1 concurrent) (1 copy)' \
    "$scratch/unwrapped"
