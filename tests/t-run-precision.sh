#!/bin/sh
# t-run-precision.sh - --precision and --budget end to end against the fake
# program with known spreads (cycle lists): the noisy test gets the
# passes and the quiet one none, the run stops with each index within
# the target (a tighter one runs more passes), tests moving together
# widen the interval, a budget ends a run whose target cannot be
# reached, the report says which in the header, JSON and console,
# two-cluster passes are warned of with both levels, and bad values are
# refused before anything runs.  No wall-clock limit is asserted: passes
# are counted.
. "$(dirname "$0")/lib.sh"

fake_bin "precision end to end" pipe spawn context1 syscall

export FAKE_ENVLOG="$scratch/envlog"

# passes TEST: how many passes of TEST ran since the envlog was emptied.
passes() { grep -c "^key=$1:" "$FAKE_ENVLOG"; }

# widest: the widest index's half width in percent, from the JSON.
widest() {
	tr -d '\n' <"$rep.json" |
	    sed -n 's/.*"widest_pct": \([0-9.e+-]*\).*/\1/p'
}

# pipe spreads (CV about 12%), spawn's passes are all equal.
cat >"$scratch/spec" <<EOF
pipe:* cycle $scratch/pipe.n 100000 120000 90000 110000 95000
spawn:* count 1260 1 lps 1
syscall:* count 150000 1 lps 1
EOF
export FAKE_SPEC="$scratch/spec"

: >"$FAKE_ENVLOG"
runb "$scratch/r1" --precision 4 -c 1 -f text,json,html,md pipe spawn
if [ "$rc" -ne 0 ] || [ -z "$rep" ]; then
	fail "precision run of the fakes" "rc $rc: $err"
	exit 0
fi
p4=$(passes pipe)
check "allocation: the quiet test keeps its 3 first passes" \
    [ "$(passes spawn)" -eq 3 ]
check "allocation: the noisy test gets the passes ($p4)" [ "$p4" -gt 3 ]
w=$(widest)
check "stop: the index within 4% ($w%)" awk \
    "BEGIN { exit !(\"$w\" != \"\" && $w <= 4 && $w > 0) }"
check "header: quick passes, then to the noisiest tests" grep -q \
    '^   Quick passes of 1 to 2 s: 3 rounds, then one pass at a time' "$rep"
unwrap "$rep" >"$scratch/unwrapped"
check "header: target reached" grep -q \
    '^   Precision: +/-4% asked of each index, budget 600 s: reached (widest +/-[0-9.]*%)$' \
    "$scratch/unwrapped"
check "header: labelled quick" grep -q '(bytebench [^ ]* quick; ' "$rep"
check "console: target reached" sh -c "printf '%s\n' \"\$1\" | grep -q \
    '^Precision: +/-4% asked of each index, budget 600 s: reached'" sh "$err"
check "console: the budget after the estimate" sh -c "printf '%s\n' \"\$1\" |
    grep -q '^Then passes to the noisiest tests until each index is +/-4%, at most 600 s\$'" \
    sh "$err"
check "JSON: precision reached" sh -c "tr -d '\n' <'$rep.json' | grep -q \
    '\"precision\": {  *\"target_pct\": 4,  *\"budget_s\": 600,  *\"first_rounds\": 3,  *\"end\": \"reached\",  *\"widest_pct\": [0-9.]*,'"
check "HTML: the precision line" grep -q \
    '^<p><strong>Precision:</strong> .*4% asked of each index, budget 600 s: reached' \
    "$rep.html"
check "Markdown: the precision line" grep -q \
    '^Precision: .*4% asked of each index, budget 600 s: reached' "$rep.md"

# The JSON object has the fields doc/json-schema.md lists.
if command -v python3 >/dev/null 2>&1; then
	check "JSON: the precision object as documented" python3 -c '
import json, re, sys
doc = open("doc/json-schema.md", encoding="utf-8").read()
table = doc.split("### `precision`")[1].split("###")[0]
want = set(re.findall(r"^\| `(\w+)` \|", table, re.M))
got = set(json.load(open(sys.argv[1]))["precision"])
sys.exit(want != got or not want)' "$rep.json"
else
	skip "JSON: the precision object as documented" "no python3"
fi

# A tighter target runs more passes of the noisy test (the same cycle).
rm -f "$scratch/pipe.n"
: >"$FAKE_ENVLOG"
runb "$scratch/r2" --precision 2 -c 1 pipe spawn
p2=$(passes pipe)
check "stop: +/-2% runs more passes than +/-4% ($p2 > $p4)" [ "$p2" -gt "$p4" ]
w=$(widest)
check "stop: the index within 2% ($w%)" awk \
    "BEGIN { exit !(\"$w\" != \"\" && $w <= 2 && $w > 0) }"

# Equal passes everywhere: within any target after the first rounds.
: >"$FAKE_ENVLOG"
runb "$scratch/r3" --precision 0.1 -c 1 spawn syscall
check "stop: equal passes reach the target in the first rounds" sh -c \
    "[ $(passes spawn) -eq 3 ] && [ $(passes syscall) -eq 3 ] &&
    grep -q '\"end\": \"reached\"' '$rep.json'"

# Tests that move together, as a change of the whole machine moves them,
# make the index less certain than their own spreads say; the same
# spreads moving against each other do not (doc/precision.md).  Both
# runs stop after their first rounds (+/-50%).
cat >"$scratch/spec.together" <<EOF
pipe:* cycle $scratch/tog.p 100000 120000 90000
syscall:* cycle $scratch/tog.s 150000 180000 135000
EOF
cat >"$scratch/spec.against" <<EOF
pipe:* cycle $scratch/aga.p 100000 120000 90000
syscall:* cycle $scratch/aga.s 150000 125000 166667
EOF
FAKE_SPEC=$scratch/spec.together runb "$scratch/r10" --precision 50 -c 1 \
    pipe syscall
wt=$(widest)
FAKE_SPEC=$scratch/spec.against runb "$scratch/r11" --precision 50 -c 1 \
    pipe syscall
wa=$(widest)
check "shared: moving together is wider ($wt% against $wa%)" awk \
    "BEGIN { exit !(\"$wt\" != \"\" && \"$wa\" != \"\" && $wt > $wa * 1.05) }"

# A target it cannot reach in its budget: passes of at least 0.2 s and
# 8 s in all.  The first rounds' 6 passes are estimated at 1.1 s each.
cat >"$scratch/spec.slow" <<EOF
pipe:* sleep 200 cycle $scratch/slow.n 100000 150000 70000 120000
spawn:* sleep 200 count 1260 1 lps 1
EOF
: >"$FAKE_ENVLOG"
FAKE_SPEC=$scratch/spec.slow runb "$scratch/r4" --precision 0.1 \
    --budget 8 -c 1 pipe spawn
n=$(grep -c '^key=' "$FAKE_ENVLOG")
check "budget: the run ends ($n passes of 0.2 s or more in 8 s)" sh -c \
    "[ $rc -eq 0 ] && [ $n -ge 6 ] && [ $n -le 41 ]"
unwrap "$rep" >"$scratch/unwrapped"
check "budget: the header says so, with the widest index" grep -q \
    '^   Precision: +/-0.1% asked of each index, budget 8 s: not reached, the budget was spent; widest 1 x System Benchmarks Index +/-[0-9.]*%, most from pipe (CV [0-9.]*%)$' \
    "$scratch/unwrapped"
check "budget: JSON end budget" grep -q '"end": "budget"' "$rep.json"
printf '%s\n' "$err" >"$scratch/console"
unwrap "$scratch/console" >"$scratch/console.unwrapped"
check "budget: console" grep -q \
    '^Precision: .*not reached, the budget was spent; widest' \
    "$scratch/console.unwrapped"
# The paths of the result files stay whole, one line to copy.
check "budget: the console's lines fit 80 columns" \
    [ "$(awk 'length > 80 && !/^Results: /' "$scratch/console" | wc -l)" -eq 0 ]

# Two clusters: context1's pair on one CPU or two.  Named with both
# levels, --placement suggested (context1 takes one); not once given.
cat >"$scratch/spec.two" <<EOF
context1:* cycle $scratch/two.n 9000 15500 15400 8950 15600
pipe:* cycle $scratch/pipe2.n 100000 100500 150000 150500 99800
spawn:* count 1260 1 lps 1
EOF
FAKE_SPEC=$scratch/spec.two runb "$scratch/r5" -Q -c 1 context1 pipe spawn
check "bimodal: context1 named with both levels, --placement suggested" \
    sh -c "tr -d '\n' <'$rep.json' | grep -q \
    '1 x Pipe-based Context Switching: passes in two clusters, at 8975.0 (2 passes) and 15499.8 (3 passes): the score mixes them; --placement same-cpu or cross-cpu measures one of them'"
check "bimodal: a test without a placement is told to idle the machine" \
    sh -c "grep -q '1 x Pipe Throughput: passes in two clusters, at 100099.[0-9] (3 passes) and 150249.[0-9] (2 passes): the score mixes them; other work during some passes is the usual cause: let the machine idle and run it again\"' '$rep.json'"
check "bimodal: equal passes are one cluster" sh -c \
    "! grep -q 'Process Creation: passes in two' '$rep.json'"
rm -f "$scratch/two.n" "$scratch/pipe2.n"
FAKE_SPEC=$scratch/spec.two runb "$scratch/r6" -Q -c 1 --placement \
    cross-cpu context1
check "bimodal: no suggestion once --placement is given" sh -c \
    "grep -q 'Context Switching: passes in two clusters' '$rep.json' &&
    ! grep -q 'measures one of them' '$rep.json'"
# The target counts it: its passes go on where the noise is.
rm -f "$scratch/two.n"
: >"$FAKE_ENVLOG"
FAKE_SPEC=$scratch/spec.two runb "$scratch/r7" --precision 5 -c 1 context1 \
    spawn
check "bimodal: the target counts it (it gets the passes)" sh -c \
    "[ $(passes context1) -gt 5 ] && [ $(passes spawn) -eq 3 ] &&
    grep -q '\"end\": \"reached\"' '$rep.json'"

# The plan and the budget in a dry run.
runb "$scratch/r8" --precision 2 --budget 900 --dry-run -c 1 pipe spawn
check "dry run: the first rounds and the budget" sh -c \
    "[ $rc -eq 0 ] && printf '%s\n' \"\$1\" | grep -q '^     1  pipe  *3  ' &&
    printf '%s\n' \"\$1\" | grep -q 'within +/-2%,\$' &&
    printf '%s\n' \"\$1\" | grep -q '^or the budget of 900 s is spent'" \
    sh "$out"

# Bad values: one line, exit 2, nothing run or written.
for bad in "--precision 0" "--precision 51" "--precision x" \
    "--budget 100" "--precision 2 --budget 0" "--precision 2 --budget 3" \
    "--precision 2 -Q" "--precision 2 -i 3" "--precision 2 --duration 1"; do
	: >"$FAKE_ENVLOG"
	# shellcheck disable=SC2086
	runb "$scratch/r9" $bad -c 1 pipe spawn
	check "refused: $bad" sh -c "[ $rc -eq 2 ] && [ ! -e '$scratch/r9' ] &&
	    [ ! -s '$FAKE_ENVLOG' ] && [ \$(printf '%s\n' \"\$1\" | wc -l) -eq 1 ]" \
	    sh "$err"
done
