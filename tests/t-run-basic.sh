#!/bin/sh
# t-run-basic.sh - the runner end to end against the fake program: every
# program of the catalog is a link to tests/fake, whose rules (FAKE_SPEC)
# print baseline x 10, fail, crash, hang or skip.  Checks the index, the
# copies, partial indexes, the watchdog, results naming, bad input and
# interrupts.
. "$(dirname "$0")/lib.sh"

fake_bin "runner end to end" dhry2reg dhry2 whetstone-double syscall pipe \
    context1 spawn execl fstime looper arithoh short int long float double \
    hanoi

# Every index test prints ten times its UnixBench baseline.
cat >"$scratch/good" <<'EOF'
dhry2reg:* count 1167000 1 lps 1
whetstone-double:* rate 550 MWIPS
execl:* count 4300 1 lps 10
fstime:-c:*:-b:1024:* rate 39600 KBps
fstime:-c:*:-b:256:* rate 16550 KBps
fstime:-c:*:-b:4096:* rate 58000 KBps
pipe:* count 124400 1 lps 1
context1:* count 40000 1 lps 1
spawn:* count 1260 1 lps 1
syscall:*:mix count 150000 1 lps 1
looper:*multi.sh:1 count 424 60 lpm 60
looper:*multi.sh:8 count 60 60 lpm 60
* count 1 1 lps 1
EOF

export FAKE_SPEC="$scratch/good"

# index_rows FILE: the rows of the index table (after its heading, before
# its ======== line), one per line.
index_rows() {
	sed -n '/Index Values\|Partial Index/,/========/p' "$1" |
	    sed '1d;$d'
}

res=$scratch/res1
runb "$res" -c 1 -i 3 index
report=$(ls "$res"/*-01 2>/dev/null)
if [ "$rc" -ne 0 ] || [ -z "$report" ]; then
	fail "index of fakes at baseline x 10" "rc $rc: $err"
else
	rows=$(index_rows "$report")
	n100=$(printf '%s\n' "$rows" | grep -c ' 100\.0$')
	check "index: 12 rows, each exactly 100.0" [ "$n100" -eq 12 ]
	check "index: score exactly 100.0" grep -q \
	    '^System Benchmarks Index Score  *100\.0$' "$report"
	check "index: not partial" sh -c "! grep -q Partial '$report'"
	check "index: test lines in title order" sh -c "
	    awk '/parallel cop/ { f = 1; getline; next } f && /^\$/ { exit }
	        f { print substr(\$0, 1, 40) }' '$report' >'$scratch/titles'
	    LC_ALL=C sort -c '$scratch/titles' && [ \$(wc -l <'$scratch/titles') -eq 12 ]"
	check "index: test line format" grep -q \
	    '^Pipe Throughput                              124400\.0 lps   (1\.0 s, 2 samples)$' \
	    "$report"
	check "index: lpm result line" grep -q \
	    '^Shell Scripts (8 concurrent)                     60\.0 lpm   (60\.0 s, 1 samples)$' \
	    "$report"
	check "index: header with version and index method" grep -q \
	    '^   BYTE UNIX Benchmarks (bytebench [0-9.]*; index method 1)$' \
	    "$report"
	check "index: one copy block" grep -q \
	    '^[0-9]* CPUs\{0,1\} in system.*; running 1 parallel copy of tests$' \
	    "$report"
	check "index: log has every pass, kept and dropped" sh -c \
	    "[ \$(grep -c '^#### Pass' '$report.log') -eq 22 ] &&
	     [ \$(grep -c 'dropped\$' '$report.log') -eq 5 ]"
	check "index: progress on stderr off a terminal, the report on stdout" \
	    sh -c "printf '%s\n' \"\$1\" | grep -q '^1 x Pipe Throughput  1 2 3  (.* elapsed, ~.* left)\$' &&
	     printf '%s\n' \"\$2\" | grep -q 'Index Score  *100.0' &&
	     ! printf '%s\n' \"\$2\" | grep -q 'elapsed'" sh "$err" "$out"
	check "index: scratch directories removed" \
	    [ -z "$(ls -A "$scratch/tmp")" ]
fi

# Two copies: counts and rates are summed, so every index doubles.
runb "$scratch/res2" -c 2 -i 1 index
report=$(ls "$scratch"/res2/*-01 2>/dev/null)
if [ "$rc" -ne 0 ] || [ -z "$report" ]; then
	fail "two copies" "rc $rc: $err"
else
	n200=$(index_rows "$report" | grep -c ' 200\.0$')
	check "two copies: 12 rows, each 200.0" [ "$n200" -eq 12 ]
	check "two copies: score 200.0" grep -q \
	    '^System Benchmarks Index Score  *200\.0$' "$report"
	check "two copies: block header" grep -q \
	    'running 2 parallel copies of tests$' "$report"
fi

# Default copies: 1, then one per usable CPU (the affinity mask counts).
export UB_RESULTDIR="$scratch/res-default"
out=$("$BYTEBENCH" -i 1 pipe 2>/dev/null)
runs=$(printf '%s\n' "$out" | grep -c '^Benchmark Run:')
online=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
if printf '%s\n' "$out" | grep -q '^1 CPU in system\|(1 usable)'; then
	check "default copies: one usable CPU, one block" [ "$runs" -eq 1 ]
else
	check "default copies: 1, then one per usable CPU" [ "$runs" -eq 2 ]
fi
if command -v taskset >/dev/null 2>&1 && [ "$online" -gt 1 ]; then
	out=$(taskset -c 0 "$BYTEBENCH" -i 1 pipe 2>/dev/null)
	check "default copies: one usable CPU, one block, said so" sh -c "
	    [ \$(printf '%s\n' \"\$1\" | grep -c '^Benchmark Run:') -eq 1 ] &&
	    printf '%s\n' \"\$1\" | grep -q 'CPUs in system (1 usable); running 1 parallel copy'" \
	    sh "$out"
fi

# Copies get their own index, scratch directory and working directory.
export FAKE_ENVLOG="$scratch/envlog"
runb "$scratch/res3" -c 3 -i 1 pipe shell1
unset FAKE_ENVLOG
pipe_lines=$(grep '^key=pipe' "$scratch/envlog")
check "copies: 3 started, BENCH_COPY 0..2 of 3" sh -c "
    printf '%s\n' \"\$1\" | grep -q 'copy=0 copies=3' &&
    printf '%s\n' \"\$1\" | grep -q 'copy=1 copies=3' &&
    printf '%s\n' \"\$1\" | grep -q 'copy=2 copies=3'" sh "$pipe_lines"
check "copies: private scratch directories, cwd inside" sh -c "
    [ \$(printf '%s\n' \"\$1\" | sed 's/.*tmpdir=\([^ ]*\).*/\1/' | sort -u | wc -l) -eq 3 ] &&
    printf '%s\n' \"\$1\" | awk '{ split(\$4, t, \"=\"); split(\$6, c, \"=\");
        if (t[2] != c[2]) exit 1 }'" sh "$pipe_lines"
check "locale: LC_ALL only for the shell tests" sh -c "
    grep '^key=pipe' '$scratch/envlog' | grep -q 'lc_all=-' &&
    grep '^key=looper' '$scratch/envlog' | grep -qv 'lc_all=-'"
check "copies: scratch removed after each pass" \
    [ -z "$(ls -A "$scratch/tmp")" ]

# Failures: the row says what happened, the index is partial, the run
# goes on and exits 1.
{
	echo 'pipe:* error the pipe broke'
	echo 'spawn:* crash 11'
	echo 'execl:* skip not supported here'
	echo 'context1:* garbage hello'
	cat "$scratch/good"
} >"$scratch/bad"
FAKE_SPEC="$scratch/bad" runb "$scratch/res4" -c 1 -i 1 index
report=$(ls "$scratch"/res4/*-01 2>/dev/null)
check "failures: exit status 1" [ "$rc" -eq 1 ]
if [ -n "$report" ]; then
	unwrap "$report" >"$scratch/res4.rows"
	check "failures: every line within 80 columns" \
	    [ "$(awk 'length > 80' "$report" | wc -l)" -eq 0 ]
	report=$scratch/res4.rows
	# The cause ends with the copy's last line on stderr: the fake's own
	# "fake: KEY", or after a signal whatever wrote last (under qemu-user
	# its own line on the signal).
	check "failures: ERROR message and stderr's cause in the row" grep -q \
	    '^Pipe Throughput  *failed lps   (the pipe broke: fake: pipe[^)]*)$' \
	    "$report"
	check "failures: signal and stderr's cause in the row" grep -q \
	    '^Process Creation  *failed lps   (killed by signal 11: ..*)$' \
	    "$report"
	check "failures: skip in the row" grep -q \
	    '^Execl Throughput  *skipped lps   (not supported here)$' "$report"
	check "failures: no COUNT line" grep -q \
	    '^Pipe-based Context Switching  *no result lps   (no COUNT line)$' \
	    "$report"
	check "failures: partial index" grep -q \
	    '^System Benchmarks Partial Index' "$report"
	check "failures: failed rows keep the baseline, no index" grep -q \
	    '^Pipe Throughput  *12440\.0  *failed  *---$' "$report"
	check "failures: partial score over the 8 that ran = 100.0" grep -q \
	    '^System Benchmarks Index Score (Partial Only)  *100\.0$' "$report"
	check "failures: later tests still ran" grep -q \
	    '^System Call Overhead  *150000\.0 lps' "$report"
else
	fail "failures: report written" "no report in $scratch/res4"
fi

# The watchdog: a copy that hangs is killed and marked timed out.
printf 'pipe:* hang\n* count 1 1 lps 1\n' >"$scratch/hang"
FAKE_SPEC="$scratch/hang" runb "$scratch/res5" -c 2 -i 1 --duration 0.1 \
    pipe spawn
report=$(ls "$scratch"/res5/*-01 2>/dev/null)
[ -n "$report" ] && unwrap "$report" >"$scratch/res5.rows" &&
    report=$scratch/res5.rows
check "watchdog: exit status 1" [ "$rc" -eq 1 ]
check "watchdog: row says timed out" grep -q \
    '^Pipe Throughput  *timed out lps   (copy 1 of 2: timed out' "$report"
check "watchdog: next test ran" grep -q '^Process Creation  *2\.0 lps' \
    "$report"
check "watchdog: no copy left running" sh -c \
    "! ps -eo args | grep -v grep | grep -q '^$bin/pipe'"

# An interrupt: the run stops, writes what it measured, exits 128 + 2.
FAKE_SPEC="$scratch/hang" UB_RESULTDIR="$scratch/res6" \
    "$BYTEBENCH" -q -i 1 -c 1 spawn pipe syscall >/dev/null 2>&1 &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
report=$(ls "$scratch"/res6/*-01 2>/dev/null)
check "interrupt: exit status 130" [ "$rc" -eq 130 ]
check "interrupt: report written with what ran" sh -c \
    "grep -q '^Process Creation  *1\.0 lps' '$report' &&
     grep -q '^Pipe Throughput  *interrupted' '$report' &&
     grep -q '^Interrupted by signal 2' '$report' &&
     ! grep -q '^System Call' '$report'"
check "interrupt: no copy left, scratch removed" sh -c \
    "! ps -eo args | grep -v grep | grep -q '^$bin/pipe' &&
     [ -z \"\$(ls -A '$scratch/tmp')\" ]"

# Results are never overwritten: the first free NN for every format.
res=$scratch/res7
runb "$res" -q -c 1 -i 1 pipe
runb "$res" -q -c 1 -i 1 pipe
host_files=$(ls "$res" | sed -n 's/-01$//p')
: >"$res/$host_files-03.log"
runb "$res" -qq -c 1 -i 1 pipe
check "results: -01, -02, then -04 past a stray -03.log" sh -c "
    [ -s '$res/$host_files-01' ] && [ -s '$res/$host_files-02' ] &&
    [ ! -e '$res/$host_files-03' ] && [ -s '$res/$host_files-04' ] &&
    [ -s '$res/$host_files-04.log' ] && [ ! -s '$res/$host_files-03.log' ]"
check "results: -qq prints nothing" [ -z "$out" ] && [ -z "$err" ]
check "results: name is <host>-<YYYY-MM-DD>-<NN>" sh -c \
    "ls '$res' | grep -q '^.*-[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]-01\$'"
check "results: no temporary files left" sh -c \
    "! ls '$res' | grep -q tmp"
UB_OUTPUT_FILE_NAME=mine runb "$res" -q -c 1 -i 1 -f text pipe
check "results: UB_OUTPUT_FILE_NAME and -f text" sh -c \
    "[ -s '$res/mine' ] && [ ! -e '$res/mine.log' ]"
UB_OUTPUT_CSV=true UB_OUTPUT_FILE_NAME=withcsv runb "$res" -q -c 1 -i 1 pipe
if grep -q '"csv"' src/runner/write/writers.c; then
	check "results: UB_OUTPUT_CSV=true adds the .csv" [ -s "$res/withcsv.csv" ]
fi
echo old >"$res/mine"
UB_OUTPUT_FILE_NAME=mine runb "$res" -q -c 1 -i 1 pipe
check "results: UB_OUTPUT_FILE_NAME is replaced on the next run" sh -c \
    "[ $rc -eq 0 ] && grep -q '^Pipe Throughput' '$res/mine'"

# Bad input: one line on stderr, exit 2, nothing run, nothing written.
export FAKE_ENVLOG="$scratch/envlog-bad"
: >"$scratch/afile"
while read -r name env args; do
	res=$scratch/bad-$$
	rm -rf "$res"
	[ "$env" = - ] && env=
	# shellcheck disable=SC2086
	env UB_RESULTDIR="$res" $env "$BYTEBENCH" $args \
	    >"$scratch/stdout" 2>"$scratch/stderr"
	rc=$?
	if [ "$rc" -ne 2 ]; then
		fail "bad input: $name" "exit status $rc"
	elif [ "$(wc -l <"$scratch/stderr")" -ne 1 ]; then
		fail "bad input: $name" "stderr: $(cat "$scratch/stderr")"
	elif [ -s "$scratch/stdout" ] || [ -s "$FAKE_ENVLOG" ]; then
		fail "bad input: $name" "something ran or printed"
	elif [ -e "$res" ] || [ -s "$scratch/afile" ]; then
		fail "bad input: $name" "wrote something"
	else
		pass "bad input: $name"
	fi
done <<EOF
unknown-option - -x pipe
unknown-test - nosuchtest
copies-zero - -c 0 pipe
copies-negative - -c -1 pipe
copies-text - -c abc pipe
copies-huge - -c 99999999999 pipe
passes-zero - -i 0 pipe
passes-text - -i x pipe
missing-value - pipe -c
bad-format - -f pdf pipe
bad-duration - --duration 0 pipe
bad-placement - --placement here pipe
empty-tmpdir UB_TMPDIR= pipe
missing-tmpdir UB_TMPDIR=$scratch/nonexistent pipe
missing-testdir UB_TESTDIR=$scratch/nonexistent pipe
missing-testdir-for-dc UB_TESTDIR=$scratch/nonexistent dc
resultdir-is-a-file UB_RESULTDIR=$scratch/afile pipe
empty-resultdir UB_RESULTDIR= pipe
bad-output-name UB_OUTPUT_FILE_NAME=a/b pipe
too-many-copies-for-nproc - -c 1000000 pipe
EOF
unset FAKE_ENVLOG
