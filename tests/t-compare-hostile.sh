#!/bin/sh
# t-compare-hostile.sh - compare against files that are not reports to
# read (a FIFO, a directory, a device: refused at once, never waited on)
# and against the runner's own report of 17 runs: every report the
# runner writes, compare reads (test_compare_read's "long report" reads
# 20 runs of 10000 kept passes, the most -i gives, without running them).
. "$(dirname "$0")/lib.sh"

fake_bin "hostile compare" pipe
printf '* count 7 1 lps 1\n' >"$scratch/spec"
export FAKE_SPEC="$scratch/spec"

# not_read NAME FILE: compare FILE exits 2 with one line saying it is not
# a regular file (timeout only guards the suite against a hang).
not_read() {
	timeout 20 "$BYTEBENCH" compare "$2" >"$scratch/out" 2>"$scratch/err"
	rc=$?
	if [ "$rc" -eq 124 ]; then
		fail "not read: $1" "compare waited on it"
	elif [ "$rc" -ne 2 ] || [ "$(wc -l <"$scratch/err")" -ne 1 ] ||
	    ! grep -q 'not a regular file' "$scratch/err"; then
		fail "not read: $1" "exit $rc: $(cat "$scratch/err")"
	else
		pass "not read: $1"
	fi
}

if command -v timeout >/dev/null 2>&1 && command -v mkfifo >/dev/null 2>&1
then
	mkfifo "$scratch/fifo"
	not_read "a FIFO" "$scratch/fifo"
	mkdir "$scratch/dir"
	not_read "a directory" "$scratch/dir"
	not_read "a device" /dev/zero
else
	skip "not read" "timeout or mkfifo not installed"
fi

# 17 runs in one report.
runb "$scratch/res17" -qq -f text,json -i 1 --duration 0.01 \
    -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 \
    -c 1 -c 1 -c 2 pipe
"$BYTEBENCH" compare "$rep.json" "$rep" >"$scratch/out" 2>"$scratch/err"
c=$?
check "17 runs: the runner wrote them" [ "$rc" -eq 0 ]
check "17 runs: compare reads the JSON and the text report" sh -c "
    [ $c -eq 0 ] && [ ! -s '$scratch/err' ]"
