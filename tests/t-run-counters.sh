#!/bin/sh
# t-run-counters.sh - resource counters end to end with the fake program: a
# pass that burns CPU against one that sleeps, and one that forks, move
# the counters in the known direction; compare names what moved in a
# why-line (text, Markdown, JSON); --counters off collects nothing; with
# perf refused (BYTEBENCH_NO_PERF) the rest is still collected and the
# report says what is missing; reports without counters compare as
# before, without a why-line.
. "$(dirname "$0")/lib.sh"

fake_bin "counters end to end" pipe
if ! command -v python3 >/dev/null 2>&1; then
	skip "counters end to end" "no python3"
	exit 0
fi

# Each pass: 0.4 s of CPU or of sleep, then 1000 (or 500) loops in 1 s.
printf 'pipe:* burn 400 count 1000 1 lps 1\n' >"$scratch/spec.burn"
printf 'pipe:* sleep 400 count 500 1 lps 1\n' >"$scratch/spec.sleep"
printf 'pipe:* forks 200 count 1000 1 lps 1\n' >"$scratch/spec.fork"

# json NAME: the JSON report of run NAME.
json() { ls "$scratch/$1"/*.json 2>/dev/null | head -n 1; }

# py FILE EXPR: EXPR (Python) of the report r and its test t.
py() {
	python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
t = r["runs"][0]["tests"][0]
print(eval("(" + sys.argv[2] + ")"))' "$1" "$2"
}

for k in burn sleep fork; do
	FAKE_SPEC="$scratch/spec.$k" runb "$scratch/$k" -c 1 -i 3 -f json,log pipe
	check "$k: runs" [ "$rc" -eq 0 ]
done
FAKE_SPEC="$scratch/spec.burn" runb "$scratch/off" -c 1 -i 3 -f json,text \
    --counters off pipe
FAKE_SPEC="$scratch/spec.burn" BYTEBENCH_NO_PERF=1 runb "$scratch/noperf" \
    -v -c 1 -i 3 -f json,text --counters all pipe

burn=$(json burn) slp=$(json sleep) fork=$(json fork)
check "every copy and pass has rusage counters" [ "$(py "$burn" \
    'all(p["counters"]["user_s"] >= 0 and all(c["counters"]["user_s"]
    >= 0 for c in p["copies"]) for p in t["passes"])')" = True ]
check "burning: CPU busy above 20% and 4x sleeping's" [ "$(py "$burn" \
    't["derived"]["cpu_busy"]')" != "" ] && [ "$(python3 -c "
import json
b = json.load(open('$burn'))['runs'][0]['tests'][0]['derived']['cpu_busy']
s = json.load(open('$slp'))['runs'][0]['tests'][0]['derived']['cpu_busy']
print(b > 0.2 and b > 4 * s)")" = True ]
check "burning: CPU us per loop up, 400 ms over 1000 loops" [ "$(py \
    "$burn" '300 < t["derived"]["cpu_us_per_loop"] < 2000')" = True ]
# 0.2 forks a loop, each at least two copied pages: 0.4 faults a loop more
# than burning (measured: about 4 per fork with static musl, 19 with glibc;
# an absolute margin, as a sanitizer's start-up adds thousands of faults to
# every pass, about 4 a loop, so a ratio would not hold).
check "forking: 200 forks show as page faults per loop" [ "$(python3 -c "
import json
f = json.load(open('$fork'))['runs'][0]['tests'][0]['derived']
b = json.load(open('$burn'))['runs'][0]['tests'][0]['derived']
print(f['faults_per_loop'] > b['faults_per_loop'] + 0.4)")" = True ]
if [ -r /proc/stat ]; then
	check "forking: the machine counted at least 200 forks a pass" [ \
	    "$(py "$fork" 'min(p["counters"]["machine_forks"] for p in
	    t["passes"]) >= 200')" = True ]
fi
check "the log has the counters per pass" grep -q \
    '^  derived: CPU busy' "$scratch/burn/"*.log

FAKE_SPEC= "$BYTEBENCH" compare burn="$burn" sleep="$slp" \
    >"$scratch/cmp.txt" 2>&1
check "compare: a why-line right under the test beyond noise" sh -c \
    "grep -A1 '^Pipe Throughput .*0\.50x[ ?]*\$' '$scratch/cmp.txt' |
    sed -n 2p | grep -q '^  why: '"
# Under qemu-user the CPU time includes the emulator's own (translating
# code): the sleeping passes use tens of us a loop and CPU busy moves most.
# Under ASan every pass starts with milliseconds of the sanitizer's CPU:
# CPU busy moves as much as CPU us/loop and either may come first.
if foreign "$BYTEBENCH" || sanitized; then
	why="emulated or sanitized: the emulator's or sanitizer's own CPU time changes which counter moves most"
	skip "compare: the why-line names CPU us/loop going down first" "$why"
	skip "compare -f md: the why-line under the table" "$why"
	skip "compare -f json: the cell's why, CPU us/loop down beyond noise" \
	    "$why"
else
	check "compare: the why-line names CPU us/loop going down first" \
	    sh -c "grep -q '^  why: CPU us/loop [1-9][0-9][0-9] -> [0-9]\.' \
	    '$scratch/cmp.txt'"
	"$BYTEBENCH" compare -f md burn="$burn" sleep="$slp" >"$scratch/cmp.md"
	check "compare -f md: the why-line under the table" grep -q \
	    '^- Pipe Throughput, B/A: why: CPU us/loop' "$scratch/cmp.md"
	"$BYTEBENCH" compare -f json burn="$burn" sleep="$slp" >"$scratch/cmp.json"
	check "compare -f json: the cell's why, CPU us/loop down beyond noise" [ \
	    "$(python3 -c "
import json
c = json.load(open('$scratch/cmp.json'))
w = c['tables'][0]['rows'][0]['cells'][1]['why']
print(w[0]['counter'] == 'cpu_us_per_loop' and w[0]['to'] < w[0]['from']
    and w[0]['log_ratio'] < -w[0]['noise'] and len(w) <= 3)")" = True ]
fi

off=$(json off)
check "--counters off: no counters, level off" [ "$(py "$off" \
    'r["counters"]["level"] == "off" and all(p["counters"] is None and
    p["derived"] is None for p in t["passes"]) and t["derived"] is None')" \
    = True ]
"$BYTEBENCH" compare burn="$burn" off="$off" >"$scratch/cmp2.txt" 2>&1
check "compare against a report without counters: no why-line, exit 0" \
    sh -c "[ $? -eq 0 ] && grep -q '^Pipe Throughput' '$scratch/cmp2.txt' &&
    ! grep -q 'why' '$scratch/cmp2.txt'"
"$BYTEBENCH" compare "$scratch/off/"*-01 "$burn" >"$scratch/cmp3.txt" 2>&1
check "compare a text report with a JSON one: no why-line, exit 0" sh -c \
    "[ $? -eq 0 ] && ! grep -q 'why' '$scratch/cmp3.txt'"

noperf=$(json noperf)
check "perf refused: the run still succeeds with rusage counters" [ \
    "$(py "$noperf" 't["outcome"] == "ok" and "cpu_busy" in t["derived"]
    and "perf_csw" not in r["counters"]["available"]')" = True ]
check "perf refused: the report says what is missing and why" [ \
    "$(py "$noperf" '"perf_csw" in r["counters"]["missing"] and
    "perf_event_open" in r["counters"]["missing"]')" = True ]
unwrap "$(ls "$scratch/noperf/"*-01 | head -n 1)" >"$scratch/noperf.txt"
check "-v: the counters table and what is missing in the text report" \
    sh -c "grep -q '^Counters (median)  *busy' '$scratch/noperf.txt' &&
    grep -q '^Counters not available: .*perf_event_open' \
    '$scratch/noperf.txt'"
check "-v: the counters tables fit 80 columns" \
    [ "$(awk 'length > 80' "$scratch/noperf/"*-01 | wc -l)" -eq 0 ]
check "without -v: no counters table" sh -c \
    "! grep -q '^Counters' '$scratch/off/'*-01"

# Two real context1 reports (doc/why.md's demonstration, 3 passes kept of
# each): the why-line is exactly what the rule gives for them.
fx=tests/fixtures/compare
"$BYTEBENCH" compare "$fx/bb-counters-a.json" "$fx/bb-counters-b.json" \
    >"$scratch/fx.txt" 2>&1
check "fixtures: same-cpu against cross-cpu names what moved" sh -c "
    grep -A2 '^Pipe-based Context Switching ' '$scratch/fx.txt' | tr -s ' ' |
    tr '\n' '|' | grep -q '0.10x ?| why: preemptions/loop 0.85 -> 0.00, CPU us/loop 7.43 -> 60.1,| CPU busy 92% -> 58%|'"
"$BYTEBENCH" compare "$fx/bb-counters-a.json" "$fx/bb-counters-b.json" \
    "$fx/bb-counters-a.json" >"$scratch/fx3.txt" 2>&1
check "fixtures, three columns: the why-line under B's line only" sh -c "
    [ \$(grep -c '^    why: ' '$scratch/fx3.txt') -eq 1 ] &&
    grep -A1 '^  B .*B/A 0.10x ?\$' '$scratch/fx3.txt' | grep -q '^    why: '"
