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
	not_read "a device" /dev/zero
else
	skip "not read" "timeout or mkfifo not installed"
fi

# 17 runs in one report.
runb "$scratch/res17" -qq -f text,json -i 1 --duration 0.01 \
    -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 -c 1 \
    -c 1 -c 1 -c 2 pipe
"$BYTEBENCH" compare "$rep.json" >"$scratch/out" 2>"$scratch/err" &&
    "$BYTEBENCH" compare "$rep" >>"$scratch/out" 2>>"$scratch/err"
c=$?
check "17 runs: the runner wrote them" [ "$rc" -eq 0 ]
check "17 runs: compare reads the JSON and the text report" sh -c "
    [ $c -eq 0 ] && [ ! -s '$scratch/err' ]"

# C1 controls (U+0080 to U+009F: CSI is U+009B) from a JSON's label, host,
# OS release, test title and unit never reach the terminal: escaped as the
# runner's own texts are (escape_plain).
sed -e 's/"index_method": 1,/"index_method": 1, "label": "L\\u009b2J",/' \
    -e 's/"hostname": "buildbox"/"hostname": "h\\u0085x"/' \
    -e 's/"os_release": "6.6.3-amd64"/"os_release": "6\\u009d"/' \
    -e 's/"title": "Pipe Throughput"/"title": "Pipe\\u0090T"/' \
    -e 's/"unit": "KBps"/"unit": "K\\u009bps"/' \
    tests/fixtures/compare/bb-a.json >"$scratch/c1.json"
c1=
for f in text md json; do
	"$BYTEBENCH" compare -f $f "$scratch/c1.json" tests/fixtures/compare/bb-b.json \
	    >"$scratch/out" 2>&1
	if od -An -tx1 "$scratch/out" | tr -s ' \n' '  ' |
	    grep -q -e 'c2 8[0-9a-f]' -e 'c2 9[0-9a-f]'; then
		c1="$c1 $f"
	fi
done
check "C1 controls from a JSON escaped${c1:+, not in:$c1}" [ -z "$c1" ]
check "C1 fixture: its label read" sh -c "\"$BYTEBENCH\" compare \"$scratch/c1.json\" | grep -q L??2J"
