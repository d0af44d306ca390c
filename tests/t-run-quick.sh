#!/bin/sh
# t-run-quick.sh - quick mode end to end against the fake program: the quick
# label in the header and JSON, five passes of 1 to 3 s with the quick
# options of fstime and looper, the 95% interval under the score and in
# JSON, the -v spread table, progress lines, noise warnings and
# --no-warnings, and the options quick mode refuses.
. "$(dirname "$0")/lib.sh"

fake_bin "quick end to end" dhry2reg whetstone-double syscall pipe context1 \
    spawn execl fstime looper

# Baseline x 10 everywhere but pipe, whose passes spread by design.
cat >"$scratch/spec" <<EOF
dhry2reg:* count 1167000 1 lps 1
whetstone-double:* rate 550 MWIPS
execl:* count 4300 1 lps 10
fstime:*-b:1024:* rate 39600 KBps
fstime:*-b:256:* rate 16550 KBps
fstime:*-b:4096:* rate 58000 KBps
pipe:* cycle $scratch/pipe.n 100000 150000 124400 90000 160000
context1:* count 40000 1 lps 1
spawn:* count 1260 1 lps 1
syscall:*:mix count 150000 1 lps 1
looper:*multi.sh:1 count 424 60 lpm 60
looper:*multi.sh:8 count 60 60 lpm 60
EOF

export FAKE_SPEC="$scratch/spec"
export FAKE_ENVLOG="$scratch/envlog"

runb "$scratch/r1" --quick -c 1 -v
if [ "$rc" -ne 0 ] || [ -z "$rep" ]; then
	fail "quick run of the fakes" "rc $rc: $(cat "$scratch/stderr")"
	exit 0
fi
check "quick: header says quick" grep -q \
    '^   BYTE UNIX Benchmarks (bytebench [^ ]* quick; index method [0-9]*)$' \
    "$rep"
check "quick: header line on the mode" grep -q \
    '^   Quick mode: 5 passes of 1 to 2 s per test, in rounds;' "$rep"
check "quick: 4 of 5 passes kept" grep -q \
    '^Process Creation  *1260\.0 lps   (1\.0 s, 4 samples)$' "$rep"
sed 's/^key=\([^ ]*\) .*/\1/' "$FAKE_ENVLOG" >"$scratch/keys"
check "quick: 1 s passes for a 10 s test" grep -qx 'dhry2reg:1' \
    "$scratch/keys"
check "quick: 1 s passes for a 30 s test" grep -qx 'spawn:1' \
    "$scratch/keys"
check "quick: fstime without pauses, short priming" grep -q \
    '^fstime:-p:0:-P:0\.1:-c:-t:1:' "$scratch/keys"
check "quick: looper ends at its last run, 2 s" grep -q \
    '^looper:-l:2:.*multi\.sh:8$' "$scratch/keys"
check "quick: five passes of each test" [ "$(grep -c '^pipe:' \
    "$scratch/keys")" -eq 5 ]

# The interval: under the score, around it, the same numbers in JSON.
line=$(grep -A1 '^System Benchmarks Index Score' "$rep" | tail -n 1)
check "quick: interval line under the score" sh -c \
    "printf '%s\n' '$line' |
    grep -q '^ *95% interval: [0-9][0-9.]* to [0-9][0-9.]*\$' &&
    [ \${#1} -eq 75 ]" sh "$line"
score=$(sed -n 's/^System Benchmarks Index Score  *//p' "$rep")
low=$(printf '%s\n' "$line" | sed 's/.*interval: \([0-9.]*\) to.*/\1/')
high=$(printf '%s\n' "$line" | sed 's/.* to \([0-9.]*\)$/\1/')
check "quick: score inside its interval, which has a width" awk \
    "BEGIN { exit !($low <= $score && $score <= $high && $low < $high) }"
check "quick: JSON quick and five passes" sh -c "tr -d '\n' <'$rep.json' |
    grep -q '\"long_passes\": 5, *\"short_passes\": 5,.*\"quick\": true'"
check "quick: JSON interval" sh -c "
    tr -d '\n' <'$rep.json' |
    grep -q '\"ci_low\": [0-9][0-9.e+-]*, *\"ci_high\": [0-9][0-9.e+-]*'"
check "quick: -v spread table" grep -q \
    '^Pipe Throughput  *[0-9.]*  *[0-9.]*  *[0-9.]*%$' "$rep"
check "quick: equal passes have CV 0.0%" grep -q \
    '^Process Creation  *1260\.0  *1260\.0  *0\.0%$' "$rep"
check "quick: one warning for the tests whose passes spread, naming them" \
    sh -c "[ \$(grep -c 'passes spread widely' '$rep') -eq 1 ] &&
    tr '\\n' ' ' <'$rep' | tr -s ' ' | grep -q 'Warning: 1 copy: passes spread widely (CV over 5%: their standard deviation over their mean) in 1 test: pipe; each test.s CV is in the spread table above;'"
check "quick: warnings in JSON" grep -q 'passes spread widely' "$rep.json"
check "quick: estimate printed first" sh -c \
    "printf '%s\n' \"\$1\" | grep -v '^  /' | sed -n 2p |
    grep -q '^Estimated time: about'" \
    sh "$err"

# The same run without warnings: no Warning lines, the same figures.
runb "$scratch/r2" -Q -c 1 --no-warnings pipe spawn
check "--no-warnings: no noise warning" sh -c \
    "[ -n '$rep' ] && ! grep -q '^Warning' '$rep' &&
    grep -q '\"warnings\": \[\]' '$rep.json'"
check "-Q: quick too" grep -q 'quick; index method' "$rep"
check "quick: a progress line per round" sh -c \
    "printf '%s\n' \"\$1\" | grep -c \
    '^1 x round [1-5] of 5  ([0-9:]* elapsed, ~[0-9:]* left)\$' |
    grep -qx 5" sh "$err"

# Quick mode runs in rounds, one pass of every test a round; the default
# runs every pass of a test before the next.
sed 's/^key=\([^:]*\):.*/\1/' "$FAKE_ENVLOG" | tail -n 10 | tr '\n' ' ' \
    >"$scratch/order"
check "quick: passes in rounds" grep -qx \
    'pipe spawn pipe spawn pipe spawn pipe spawn pipe spawn ' "$scratch/order"

# Every copies value has its pass in every round: 1 copy, 2 copies, ...
: >"$FAKE_ENVLOG"
long=$scratch/results-of-a-quick-run-in-a-folder-with-a-long-name
runb "$long" -Q -c 1 -c 2 spawn
sed 's/.* copies=\([0-9]*\) .*/\1/' "$FAKE_ENVLOG" | tr '\n' ' ' \
    >"$scratch/order"
check "quick: rounds across the copies values" grep -qx \
    '1 2 2 1 2 2 1 2 2 1 2 2 1 2 2 ' "$scratch/order"
check "quick: both blocks span the run" sh -c "
    grep '^Benchmark Run: ' '$rep' | sed 's/.*: //' | uniq | wc -l |
    grep -qx 1"
check "quick: each block says its passes took turns with the other's" sh -c "
    [ \$(grep -c '^The 1-copy and 2-copy passes took turns in this time,' \
    '$rep') -eq 2 ]"
check "quick: the JSON says the blocks took turns" sh -c "
    [ \$(grep -c '\"took_turns\": true' '$rep.json') -eq 2 ]"
# The console at 80 columns: every line fits (progress redrawn in place
# counts line by line), and no path is broken across lines.
check "quick: every console line within 80 columns" sh -c "
    tr '\\r' '\\n' <'$scratch/stderr' | awk 'length > 80 && !/^(Results:)? *[^ ]*\$/' |
    grep -q . &&
    exit 1; exit 0"
check "quick: the results named whole, one a line when they do not fit" \
    sh -c "grep -q '^Results: $rep\$' '$scratch/stderr' &&
    grep -q '^         $rep.json\$' '$scratch/stderr'"

# A drift shared by the tests of a round widens the interval: the same
# pass rates, once moving together and once half of them the other way.
# half UP DOWN N: the log half-width of the interval of a run of pipe,
# spawn, syscall and context1 (the tests in UP drift up, those in DOWN
# down) into $scratch/driftN.
half() {
	rm -f "$scratch"/*.d
	{
		for t in $1; do
			echo "$t:* cycle $scratch/$t.d 1000 2000 4000 2000 1000"
		done
		for t in $2; do
			echo "$t:* cycle $scratch/$t.d 4000 2000 1000 2000 4000"
		done
	} >"$scratch/spec.drift"
	FAKE_SPEC=$scratch/spec.drift runb "$scratch/drift$3" -Q -c 1 pipe \
	    spawn syscall context1
	line=$(grep -A1 '^System Benchmarks Index Score' "$rep" | tail -n 1)
	printf '%s\n' "$line" | awk '{ printf "%.6f\n", log($NF / $(NF - 2)) }'
}
same=$(half "pipe spawn syscall context1" "" 1)
opposite=$(half "pipe syscall" "spawn context1" 2)
check "quick: a drift shared by a round's tests widens the interval" awk \
    "BEGIN { exit !($same > 1.2 * $opposite && $opposite > 0) }"
# The warning is wrapped at 80 columns in the text report: whole in JSON.
check "quick: a shared drift is warned of" grep -q \
    "^    \"1 x System Benchmarks Index: its rounds differ more than its tests' passes explain (+/-[0-9.]*% against +/-[0-9.]*%): the machine's speed changed during the run\",*\$" \
    "$scratch"/drift1/*-01.json
check "quick: opposite drifts are not" sh -c \
    "! grep -q 'its rounds differ' \"\$1\"/*-01" sh "$scratch/drift2"

# A test that fails in a round stops; the others run all their rounds.
{
	printf '%s\n' "spawn:* cycle $scratch/spawn.n 1260 1260 fail"
	cat "$FAKE_SPEC"
} >"$scratch/spec.fail"
FAKE_SPEC=$scratch/spec.fail runb "$scratch/r6" -Q -c 1 spawn pipe
unwrap "$rep" >"$scratch/r6.rows"
check "quick: a failed pass ends its test only" sh -c "
    grep -q '^Process Creation .*FAILED\\|^Process Creation .*fail' '$scratch/r6.rows' &&
    grep -q '^Pipe Throughput  *[0-9.]* lps   (1\\.0 s, 4 samples)\$' '$rep'"
check "quick: the failed pass named in the progress" sh -c \
    "printf '%s\n' \"\$1\" | grep -q '^1 x Process Creation: pass 3 -- '" \
    sh "$err"

# Default mode keeps the classic passes and durations, in turn, and still
# has an interval where every test has two passes or more.
: >"$FAKE_ENVLOG"
runb "$scratch/r7" -c 1 -i 6 spawn execl
check "default: passes in turn" sh -c "
    sed 's/^key=\\([^:]*\\):.*/\\1/' '$FAKE_ENVLOG' | tr '\\n' ' ' |
    grep -qx 'spawn spawn execl execl '"
: >"$FAKE_ENVLOG"
runb "$scratch/r3" -c 1 -i 2 spawn execl
check "default: no quick label" sh -c "! grep -q quick '$rep'"
check "default: the test's own duration" grep -q '^key=spawn:30 ' \
    "$FAKE_ENVLOG"
check "default: -i 2 gives one short pass: no interval" sh -c \
    "! grep -q '95% interval' '$rep'"

for bad in "--quick -i 3" "--quick --duration 2" "-Q -i3"; do
	# shellcheck disable=SC2086
	runb "$scratch/r4" $bad
	check "refused: $bad" sh -c "[ $rc -eq 2 ] && [ ! -e '$scratch/r4' ]"
done

# On a terminal the status line is redrawn in place.
if command -v script >/dev/null 2>&1 &&
    script -qc true /dev/null >/dev/null 2>&1; then
	UB_RESULTDIR=$scratch/r5 script -qc \
	    "'$BYTEBENCH' -Q -c 1 spawn" "$scratch/typescript" >/dev/null 2>&1
	cr=$(printf '\r')
	check "terminal: pass k/5 redrawn in place" grep -q \
	    "${cr}1 x Process Creation  pass 3/5 " "$scratch/typescript"
	# At 60 columns a cut name ends in "...", and the start line, about
	# 70 columns with its path, puts the path on a line of its own.
	n60=$((${#scratch} < 28 ? 29 - ${#scratch} : 1))
	base60=$(printf "%0${n60}d" 0)
	UB_RESULTDIR=$scratch/r6 UB_OUTPUT_FILE_NAME=$base60 script -qc \
	    "stty cols 60; '$BYTEBENCH' -c 1 -i 3 --duration 0.2 context1" \
	    "$scratch/typescript60" >/dev/null 2>&1
	tr '\r' '\n' <"$scratch/typescript60" >"$scratch/lines60"
	check "60 columns: every console line fits" [ "$(awk '/^=====/ { exit }
	    NR > 1 && length > 60' "$scratch/lines60" | wc -l)" -eq 0 ]
	check "60 columns: a cut name ends in ..." grep -q \
	    '^1 x Pipe-based C[^ ]*\.\.\.  pass 1/3 ' "$scratch/lines60"
	check "60 columns: the path on a line of its own" grep -qx \
	    "  $scratch/r6/$base60" "$scratch/lines60"
else
	skip "terminal: pass k/5 redrawn in place" "no script(1)"
fi
