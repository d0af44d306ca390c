#!/bin/sh
# t-compare.sh - `bytebench compare` on the fixtures of tests/fixtures/compare:
# text reports of UnixBench and bytebench (plain, collapsed, several in one
# file, partial, pasted in a mail), JSON reports with passes, and bad input
# (missing, no report, truncated): one line naming the file, exit 2, the
# other files still shown.  Every fuzz regression input must not crash.
. "$(dirname "$0")/lib.sh"

fx=tests/fixtures/compare
out=$scratch/out
err=$scratch/err

if [ ! -x "$BYTEBENCH" ]; then
	skip "compare" "no runner at $BYTEBENCH"
	exit 0
fi

# cmp ARGS...: runs compare, output in $out and $err, status in $rc.
cmp() {
	"$BYTEBENCH" compare "$@" >"$out" 2>"$err"
	rc=$?
}

# has NAME TEXT [FILE]: passes when FILE (default $out) holds TEXT.
has() {
	if grep -F -q -e "$2" "${3:-$out}"; then
		pass "$1"
	else
		fail "$1" "no \"$2\" in: $(head -c 600 "${3:-$out}")"
	fi
}

# row TITLE: the line of the table(s) for TITLE.
row() {
	grep -F -e "$1" "$out"
}

cmp $fx/ub513-linux.txt $fx/bb-linux.txt
check "two text reports: exit 0" [ "$rc" -eq 0 ]
check "two text reports: nothing on stderr" [ ! -s "$err" ]
has "two text reports: 1 copy table" "1 copy"
has "two text reports: N copies table with its copies" "2 copies"
has "labels: OS, release and date" "Linux 6.1 (2026-11-29)"
has "labels: the second report" "Linux 6.6 (2026-11-29)"
check "ratio of Dhrystone, noise unknown" \
    sh -c "grep -F 'Dhrystone 2 using register variables' '$out' | grep -q '1.05x?'"
has "the index score row" "System Benchmarks Index Score"
has "footnote: noise unknown for text reports" "noise unknown"
check "single and N copies never mixed: two Dhrystone rows" \
    [ "$(row 'Dhrystone 2 using register variables' | wc -l)" -eq 2 ]

cmp $fx/bb-linux.txt $fx/bb-collapsed.txt
check "collapsed spacing reads the same numbers" \
    sh -c "[ \"\$(grep -c '1.00x?' '$out')\" -eq 26 ]"

cmp $fx/several.txt
check "several reports in one file: exit 0" [ "$rc" -eq 0 ]
has "several: FreeBSD 7.0" "FreeBSD 7.0 (2009-03-02)"
has "several: FreeBSD 8.0" "FreeBSD 8.0 (2009-03-05)"
check "several: 8.0 against 7.0 is 1.15x on the index" \
    sh -c "grep -F 'System Benchmarks Index Score' '$out' | head -n 1 | grep -q '1.15x?'"
check "several: four columns, three ratios" \
    sh -c "[ \"\$(grep -F 'Pipe Throughput' '$out' | head -n 1 | grep -o 'x?' | wc -l)\" -eq 3 ]"

cmp $fx/blog.txt
check "blog paste: exit 0" [ "$rc" -eq 0 ]
check "blog paste: pipe 3% faster after" \
    sh -c "grep -F 'Pipe Throughput' '$out' | grep -q '1.03x?'"
check "blog paste: partial index marked" \
    sh -c "grep -F 'Index Score' '$out' | grep -q '(partial)'"

cmp $fx/partial.txt $fx/ub513-linux.txt
check "partial against full index: not compared" \
    sh -c "grep -F 'Index Score' '$out' | head -n 1 | grep -q 'n/a'"
has "partial against full index: said why" "partial and full index"

cmp $fx/bb-failed.txt $fx/partial.txt
check "failed tests: exit 0" [ "$rc" -eq 0 ]
check "failed tests: the outcome in the cell" \
    sh -c "grep -F 'Pipe Throughput' '$out' | head -n 1 | grep -q failed"
check "failed tests: a two-word outcome" \
    sh -c "grep -F 'System Call Overhead' '$out' | grep -q 'timed out'"
check "failed tests: an index score of ---" \
    sh -c "grep -F 'Index Score' '$out' | tail -n 1 | grep -q 'no score'"

cmp $fx/bb-a.json $fx/bb-b.json
check "json: exit 0" [ "$rc" -eq 0 ]
check "json: same Dhrystone within noise" \
    sh -c "grep -F 'Dhrystone' '$out' | head -n 1 | grep -q '1.00x~'"
check "json: pipe 10% faster, beyond noise" \
    sh -c "grep -F 'Pipe Throughput' '$out' | head -n 1 | grep -q '1.10x\$'"
check "json: lower is better: 5.1 us -> 4.0 us is 1.29x" \
    sh -c "grep -F 'Context Switch Latency' '$out' | head -n 1 | grep -q 'lower is better.*1.29x'"
check "json: a failed test says so" \
    sh -c "grep -F 'Shell Scripts (16 concurrent)' '$out' | grep -q failed"
has "json: the noise rule is stated" "Welch"

cmp -f md before=$fx/ub513-linux.txt $fx/bb-a.json
has "md: a table header with the user's label" "| Test | unit | before |"
has "md: right-aligned numbers" "---:|"
cmp -f json $fx/bb-small.json $fx/blog.txt
has "json output: schema" '"schema": "bytebench-compare/1"'
has "json output: noise unknown for a text column" '"noise": "unknown"'

cmp $fx/truncated.txt $fx/ub513-linux.txt
check "truncated: exit 2" [ "$rc" -eq 2 ]
check "truncated: one line on stderr" [ "$(wc -l <"$err")" -eq 1 ]
has "truncated: names the file and the cut" \
    "truncated.txt: report 1, run 2 (2 copies): cut off" "$err"
has "truncated: the whole block and the other file still shown" \
    "Linux 6.1 (2026-11-29) #2"

cmp $fx/cut-before-index.txt
check "cut before the index: exit 2" [ "$rc" -eq 2 ]
has "cut before the index: said" "cut off before its index table" "$err"

cmp $scratch/missing.txt $fx/partial.txt
check "missing file: exit 2" [ "$rc" -eq 2 ]
has "missing file: named" "missing.txt: No such file or directory" "$err"
has "missing file: the other file shown" "System Call Overhead"

cmp $fx/nonreport.txt
check "no report: exit 2" [ "$rc" -eq 2 ]
has "no report: said" "nonreport.txt: no bytebench or UnixBench report" "$err"
check "no report: no table" [ ! -s "$out" ]

printf '{"schema": "bytebench-report/1", "runs": [' >"$scratch/cut.json"
cmp "$scratch/cut.json"
check "cut JSON: exit 2" [ "$rc" -eq 2 ]
has "cut JSON: said" "not valid JSON" "$err"

cmp -f yaml $fx/bb-a.json
check "unknown format: exit 2" [ "$rc" -eq 2 ]
cmp $fx/bb-a.json $fx/bb-small.json -f md
has "options after the files" "| Test | unit |"
cmp $fx/bb-a.json -fjson
has "-fFORMAT, joined" '"schema": "bytebench-compare/1"'
cmp $fx/bb-a.json -- -f
check "after --, -f is a file" sh -c "[ $rc -eq 2 ] &&
    grep -q '^compare: -f: No such file or directory' '$err'"
cmp $fx/bb-a.json -x
check "unknown option: exit 2, one line" sh -c "[ $rc -eq 2 ] &&
    [ \$(wc -l <'$err') -eq 1 ] && grep -q 'unknown option -x' '$err' &&
    [ ! -s '$out' ]"
cmp $fx/bb-a.json -f
check "-f without a format: exit 2, one line" sh -c "[ $rc -eq 2 ] &&
    [ \$(wc -l <'$err') -eq 1 ] && [ ! -s '$out' ]"
cmp
check "no file: usage, exit 2" [ "$rc" -eq 2 ]
has "no file: usage" "usage: compare" "$err"

# No input crashes it: the fixtures and the fuzzer's old findings, each
# alone, as text and as JSON.
bad=
for f in $fx/* tests/fuzz/regress/*; do
	[ -f "$f" ] || continue
	"$BYTEBENCH" compare "$f" >/dev/null 2>&1
	r=$?
	[ "$r" -le 2 ] || bad="$bad $f:$r"
done
check "no crash on any fixture or fuzz finding${bad:+:$bad}" [ -z "$bad" ]
