#!/bin/sh
# t-run-byte3.sh - ./Run byte3 end to end against the fake program: the six
# tests report the results of the 1991 report and the text report carries
# its Release 3 block byte for byte (tests/golden/byte3.txt); which index
# tables a run shows; the index in JSON; compare reads it from both.
. "$(dirname "$0")/lib.sh"

if [ ! -x "$FAKE" ] || [ ! -x "$BYTEBENCH" ]; then
	skip "byte3 end to end" "$FAKE or $BYTEBENCH not built"
	exit 0
fi

bin=$scratch/bin
mkdir -p "$bin" "$scratch/tmp"
for p in dhry2reg dhry2 whetstone-double syscall pipe context1 spawn execl \
    fstime looper double; do
	ln -s "$FAKE" "$bin/$p"
done

# The RESULT column of the 1991 report (rates: the score is the rate).
cat >"$scratch/spec" <<'EOF'
double:* rate 274032.4 lps
dhry2:* rate 1835325.0 lps
execl:* rate 402.5 lps
fstime:-c:*:-b:1024:* rate 20191.0 KBps
context1:* rate 66057.8 lps
looper:*multi.sh:8 rate 175.6 lpm
* count 100 1 lps 1
EOF

unset LC_ALL UB_OUTPUT_FILE_NAME UB_OUTPUT_CSV
export UB_BINDIR="$bin" UB_TMPDIR="$scratch/tmp" UB_TESTDIR="$top/testdir" \
    FAKE_SPEC="$scratch/spec"

# runb NAME ARGS...: runs the runner into $scratch/NAME; report in $rep.
runb() {
	UB_RESULTDIR=$scratch/$1
	export UB_RESULTDIR
	shift
	"$BYTEBENCH" -q -c 1 -i 1 "$@" >"$scratch/out" 2>&1
	rc=$?
	rep=$(ls "$UB_RESULTDIR"/*-01 2>/dev/null)
}

# block FILE: the Release 3 block, from its title line to AVERAGE.
block() { sed -n '/^ *INDEX VALUES/,/^     AVERAGE/p' "$1"; }

runb b3 byte3
if [ "$rc" -ne 0 ] || [ -z "$rep" ]; then
	fail "byte3: run" "exit $rc: $(cat "$scratch/out")"
	exit 0
fi
block "$rep" >"$scratch/block"
if cmp -s "$scratch/block" tests/golden/byte3.txt; then
	pass "byte3: the 1991 block byte for byte"
else
	fail "byte3: the 1991 block byte for byte" \
	    "$(diff tests/golden/byte3.txt "$scratch/block" | head -5)"
fi
if grep -q 'System Benchmarks' "$rep"; then
	fail "byte3: only the index asked for" "UnixBench table shown too"
else
	pass "byte3: only the index asked for"
fi
# The block follows the test lines of the run.
if awk '/^Shell Scripts \(8 concurrent\)/ { t = NR }
    /INDEX VALUES/ { i = NR } END { exit !(t > 0 && i > t) }' "$rep"; then
	pass "byte3: block after the test lines"
else
	fail "byte3: block after the test lines" "order"
fi
json=$rep.json
want='"name":"byte3","label":"BYTERelease3","aggregation":"sum_average",'
want=$want'"method":1,"score":70\.1[0-9]*,"partial":false,"sum":421\.0[0-9]*'
if tr -d ' \n' <"$json" | grep -q "$want"; then
	pass "byte3: index in JSON"
else
	fail "byte3: index in JSON" "$(grep -A6 '"byte3"' "$json" | head -8)"
fi

# compare reads the block from the text report as from the JSON (a copy:
# beside its own JSON the text report is the same run, read once).
cp "$rep" "$scratch/text-report"
"$BYTEBENCH" compare "$scratch/text-report" "$json" >"$scratch/cmp" 2>&1
if grep -q '^BYTE Release 3 Index Score  *70\.2  *70\.2  *1\.00x' \
    "$scratch/cmp"; then
	pass "byte3: compare text with JSON"
else
	fail "byte3: compare text with JSON" "$(cat "$scratch/cmp")"
fi

# A run covering both indexes shows both; a subset of one shows the first
# index that has a test in it, partial, as UnixBench does.
runb both byte3 index
if [ "$rc" -eq 0 ] && grep -q 'System Benchmarks Index Values' "$rep" &&
    grep -q 'INDEX VALUES' "$rep"; then
	pass "byte3: byte3 and index show both"
else
	fail "byte3: byte3 and index show both" "exit $rc"
fi
runb idx index
if [ "$rc" -eq 0 ] && ! grep -q 'INDEX VALUES' "$rep" &&
    grep -q 'System Benchmarks Index Values' "$rep"; then
	pass "byte3: index shows no Release 3 block"
else
	fail "byte3: index shows no Release 3 block" "exit $rc"
fi
runb one execl
if [ "$rc" -eq 0 ] && ! grep -q 'INDEX VALUES' "$rep" &&
    grep -q 'System Benchmarks Partial Index' "$rep"; then
	pass "byte3: one test: UnixBench's partial index only"
else
	fail "byte3: one test: UnixBench's partial index only" "exit $rc"
fi
runb dbl double
if [ "$rc" -eq 0 ] && grep -q '^     AVERAGE (Partial Only)  *107\.8$' "$rep" &&
    grep -q '^     SUM of  1 items  *107\.8$' "$rep" &&
    grep -q '^Execl Throughput Test  *16\.5  *not run  *---$' "$rep"; then
	pass "byte3: double alone: partial Release 3 block"
else
	fail "byte3: double alone: partial Release 3 block" \
	    "$(block "$rep")"
fi
