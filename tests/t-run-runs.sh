#!/bin/sh
# t-run-runs.sh - `Run --runs K` against the fake program: K whole runs in one
# set of result files (the text report holds each run and their summary:
# each run's score, the geometric mean, the spread between runs; the JSON
# keeps every run, the last in "runs", the others in "repetitions"),
# --runs 1 is the run of today byte for byte, -Q and --precision, bad
# values, and compare grouping a --runs report's runs (text and JSON).
. "$(dirname "$0")/lib.sh"

fake_bin "runs end to end" pipe syscall spawn context1

# pipe moves from run to run: 100000, 121000 (one pass each, -i 1).
cat >"$scratch/spec" <<EOF
pipe:* cycle $scratch/pipe.n 100000 121000
syscall:*:mix count 150000 1 lps 1
* count 1000 1 lps 1
EOF
export FAKE_SPEC="$scratch/spec"

runb "$scratch/r2" -q -c 1 -i 1 --runs 2 --settle 0 pipe syscall
if [ "$rc" -ne 0 ] || [ -z "$rep" ]; then
	fail "--runs 2 of the fakes" "rc $rc: $err"
	exit 0
fi
check "--runs 2: each run is a report in the text" \
    [ "$(grep -c '^Benchmark Run:' "$rep")" -eq 2 ]
check "--runs 2: the summary says the runs and the settle" grep -q \
    "^2 runs, 0 s of settle before each: each run's score, their geometric\$" "$rep"
# pipe: runs 100000, 121000: geometric mean 110000, s.d. of ln =
# ln(1.21)/sqrt(2) = 13.48%.
check "--runs 2: pipe's runs, mean and spread" grep -q \
    '^  runs 100000.0 121000.0; mean 110000.0; spread 13.48%$' "$rep"
check "--runs 2: syscall's spread 0" grep -q \
    '^  runs 150000.0 150000.0; mean 150000.0; spread 0.00%$' "$rep"
check "--runs 2: the index score's runs" sh -c \
    "grep -A 1 '^System Benchmarks Index Score\$' '$rep' | grep -q '^  runs '"
check "--runs 2: the HTML plots every pass of every run (2 x 2)" sh -c \
    "grep -q '<h2>2 runs, 0 s of settle before each</h2>' '$rep.html' &&
    [ \$(grep -c '^<circle' '$rep.html') -eq 4 ]"
check "--runs 2: the HTML's pass of pipe in run 2: 121000 / 110500 (the median)" \
    grep -q '<title>Pipe Throughput, run 2: +9.5%</title>' "$rep.html"
check "--runs 2: the HTML table of the runs" grep -q \
    '<td class="n">100000.0</td><td class="n">121000.0</td><td class="n">110000.0</td><td class="n">13.48%</td>' "$rep.html"
check "--runs 2: the HTML's table of the runs scrolls in its own box (a page of 400 px does not scroll sideways)" \
    sh -c "grep -A 1 '^<div class=\"scroll\"><table>\$' '$rep.html' |
    grep -q '^<tr><th>Copies</th><th>Test</th><th>Run 1</th>'"
json=$rep.json
check "--runs 2: JSON settings say 2 runs" sh -c \
    "tr -d '\n ' <'$json' | grep -q '\"runs\":2,\"settle_s\":0}'"
check "--runs 2: JSON keeps the first run in repetitions" sh -c \
    "tr -d '\n ' <'$json' | grep -q '\"repetitions\":\[{\"runs\":\[{\"copies\":1,'"
check "--runs 2: the first run's pipe in JSON" sh -c \
    "tr -d '\n ' <'$json' | grep -q '\"repetitions\".*\"score\":100000'"

"$BYTEBENCH" compare "$json" >"$scratch/cmp" 2>&1
check "compare: the JSON's runs are one group" grep -q \
    ': 2 runs (the table shows their geometric means)$' "$scratch/cmp"
"$BYTEBENCH" compare "$rep" >"$scratch/cmp" 2>&1
check "compare: the text report's runs are one group" grep -q \
    ': 2 runs (the table shows their geometric means)$' "$scratch/cmp"
cp "$rep" "$scratch/text-report" # beside its JSON: one run, read once
"$BYTEBENCH" compare "$json" "$scratch/text-report" >"$scratch/cmp" 2>&1
check "compare: two --runs reports of one system, two groups" \
    [ "$(grep -c ': 2 runs (the table' "$scratch/cmp")" -eq 2 ]

# --runs 1 writes what a run without it writes: the same report but for
# the times and the machine's load (the fakes give the same numbers;
# no counters: the kernel's differ).
: >"$scratch/pipe.n"
runb "$scratch/one" -q --no-warnings --counters off -c 1 -i 1 pipe
a=$rep
: >"$scratch/pipe.n"
runb "$scratch/one1" -q --no-warnings --counters off -c 1 -i 1 --runs 1 pipe
b=$rep
# untimed FILE: FILE without its clock times, dates and load.
untimed() {
	tr ',' '\n' <"$1" | sed -e '/load average\|Benchmark Run:/d' \
	    -e '/"start"\|"end"\|"uptime"\|"load"\|_s": /d' -e '/^ *[0-9.]*\]*$/d'
}
check "--runs 1: the text report as without it" sh -c \
    "[ -n '$a' ] && [ -n '$b' ] && [ -z \"\$(diff '$a' '$b' |
    grep '^[<>]' | grep -v 'load average\|Benchmark Run:')\" ]"
untimed "$a.json" >"$scratch/ja"
untimed "$b.json" >"$scratch/jb"
check "--runs 1: the JSON as without it" cmp -s "$scratch/ja" "$scratch/jb"

runb "$scratch/q" -q -Q -c 1 --runs 2 --settle 0 pipe syscall
check "-Q --runs 2: two quick runs and the summary" sh -c \
    "[ $rc -eq 0 ] && [ \"\$(grep -c '^Benchmark Run:' '$rep')\" -eq 2 ] &&
    grep -q '^2 runs, 0 s' '$rep'"
runb "$scratch/p" -q -c 1 --precision 20 --budget 30 --runs 2 --settle 0 pipe
check "--precision --runs 2: two runs and the summary" sh -c \
    "[ $rc -eq 0 ] && [ \"\$(grep -c '^Benchmark Run:' '$rep')\" -eq 2 ] &&
    grep -q '^2 runs, 0 s' '$rep'"

"$BYTEBENCH" --dry-run -c 1 -i 1 --duration 10 pipe >"$scratch/one.dry"
"$BYTEBENCH" --dry-run -c 1 -i 1 --duration 10 --runs 3 --settle 20 pipe \
    >"$scratch/dry"
one=$(sed -n 's/.*estimated time: 0:\([0-9]*\)$/\1/p' "$scratch/one.dry")
check "--dry-run --runs 3: the time of three runs and settles" grep -q \
    "^--runs 3: that 3 times, 20 s of settle before each; in all: 1:$(printf '%02d' $((3 * (one + 20) - 60)))\$" \
    "$scratch/dry"
runb "$scratch/bad" --runs 0 pipe
check "--runs 0: exit 2, said why" sh -c "[ $rc -eq 2 ] &&
    grep -q 'runs needs a number of runs from 1 to 100' '$scratch/stderr'"
runb "$scratch/bad" --settle 5 pipe
check "--settle alone: exit 2" sh -c "[ $rc -eq 2 ] &&
    grep -q -- '--settle goes with --runs' '$scratch/stderr'"
