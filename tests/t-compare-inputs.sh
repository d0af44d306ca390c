#!/bin/sh
# t-compare-inputs.sh - compare on a results directory as the runner
# leaves it: a quick, a default and two --duration runs, each with its
# text report, JSON, pass log, web page, CSV and Markdown.  The runner's
# other files are recognised and refused with the file to give instead;
# the text report and the JSON of one run are one run; a directory reads
# the reports in it, each run once, in groups of how they were made.
. "$(dirname "$0")/lib.sh"

progs="dhry2reg whetstone-double execl fstime pipe context1 spawn syscall looper"
# shellcheck disable=SC2086 # one program name a word
fake_bin "compare inputs" $progs
printf '* count 7 1 lps 1\n' >"$scratch/spec"
export FAKE_SPEC="$scratch/spec"
res=$scratch/results
all=text,log,json,html,csv,md
runb "$res" -qq --no-warnings -f $all -Q -c 1 -c 2
runb "$res" -qq --no-warnings -f $all -i 1 -c 1 -c 2
runb "$res" -qq --no-warnings -f $all -i 1 -c 1 -c 2 --duration 1
runb "$res" -qq --no-warnings -f $all -i 1 -c 1 -c 2 --duration 1
runb "$res" -qq --no-warnings -f $all -i 1 -c 1 -c 2 --duration 1 syscall pipe
r1=$(ls "$res"/*-01.json)
r1=${r1%.json}
r2=${r1%-01}-02
check "four runs written" [ -f "${r1%-01}-04.json" ]

out=$scratch/out
err=$scratch/err
cmp() {
	"$BYTEBENCH" compare "$@" >"$out" 2>"$err"
	rc=$?
}

# refused NAME FILE KIND GIVE: compare FILE exits 2 with one line saying
# what FILE is and which file to give instead, and prints no table.
refused() {
	cmp "$2"
	if [ "$rc" -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
	    grep -q -F "$2 is the $3 of run $r1; compare $4" "$err" &&
	    [ ! -s "$out" ]; then
		pass "refused: $1"
	else
		fail "refused: $1" "exit $rc: $(head -c 300 "$err")"
	fi
}
refused "the pass log" "$r1.log" "pass log" "$r1.json"
refused "the web page" "$r1.html" "web page" "$r1.json"
refused "the CSV" "$r1.csv" "CSV table" "$r1.json"
refused "the Markdown report" "$r1.md" "Markdown report" "$r1.json"

cmp "$r1.log" "$r2.json"
check "a .log beside a JSON of another run: exit 2" [ "$rc" -eq 2 ]

# The natural glob: every file of two runs.
cmp "$r1"* "$r2"*
check "glob of two runs: exit 0" [ "$rc" -eq 0 ]
check "glob of two runs: two runs in the key" \
    [ "$(grep -c '^[A-Z]  ' "$out")" -eq 2 ]
check "glob of two runs: the JSON read, the text report once" \
    sh -c "grep -q 'quick run' '$out' && ! grep -q '#2' '$out'"
check "glob of two runs: what was left out, one line each" \
    [ "$(wc -l <"$err")" -le 6 ]
check "glob of two runs: fits 80 columns" \
    [ "$(awk 'length > 80' "$out" | wc -l)" -eq 0 ]

cmp "$r1" "$r1.json"
check "text and JSON of one run: one column" sh -c "[ $rc -eq 0 ] &&
    [ \$(grep -c '^[A-Z]  ' '$out') -eq 1 ]"

# A directory: the reports in it.
cmp "$res"
check "directory: exit 0" [ "$rc" -eq 0 ]
check "directory: each run once (3 columns: the three --duration runs one group)" \
    [ "$(grep -c '^[A-Z]  ' "$out")" -eq 3 ]
check "directory: fits 80 columns" \
    [ "$(awk 'length > 80' "$out" | wc -l)" -eq 0 ]
# Groups named by what sets them apart; a group's value says how many of
# its runs it comes from; its index only over runs of the same tests.
key=$(sed -n '/^A  /,/^B  /p' "$out" | tr '\n' ' ' | tr -s ' ')
check "directory: the quick run said so" \
    sh -c "echo '$key' | grep -q '^A .*quick run'"
check "directory: the groups' names differ" \
    [ "$(grep '^[A-Z]  ' "$out" | cut -d: -f1 | sort -u | wc -l)" -eq 3 ]
check "directory: the --duration group named so" \
    sh -c "grep '^C  ' '$out' | grep -q -e '--duration'"
check "directory: a test of 2 of the group's 3 runs says so" \
    sh -c "grep -A 3 '^Dhrystone' '$out' | grep -q '^  C .*(2 of 3 runs)'"
check "directory: a test of all 3 runs says nothing" \
    sh -c "grep -A 3 '^System Call Overhead' '$out' | grep '^  C ' | grep -v -q 'of 3'"
check "directory: the group index over its 2 full runs" \
    sh -c "grep -A 3 '^System Benchmarks Index Score' '$out' | grep -q '^  C .*(2 of 3 runs)'"
"$BYTEBENCH" compare -f json "$res" >"$scratch/dir.json" 2>/dev/null
check "directory, json: a cell says of how many runs" \
    grep -q '"runs": 2, "of_runs": 3' "$scratch/dir.json"
check "directory: no partial index in the group's" \
    sh -c "! grep -A 3 '^System Benchmarks Index Score' '$out' | grep '^  C ' | grep -q ' p\$'"

mkdir "$scratch/empty"
cmp "$scratch/empty"
check "empty directory: exit 2, one line" sh -c "[ $rc -eq 2 ] &&
    [ \$(wc -l <'$err') -eq 1 ] && grep -q 'no report' '$err'"

# The machine's own speed: two runs whose CPU time per loop halves in
# every test (the fake burns 40 ms of CPU a pass, then 20 ms): said once
# above the table, no why-line a test.
for ms in 40 20; do
	printf '* burn %s count 7 1 lps 1\n' $ms >"$scratch/spec"
	runb "$scratch/speed" -qq --no-warnings -f json -i 1 -c 1 \
	    syscall pipe spawn execl dhry2reg
done
out=$scratch/out
err=$scratch/err
cmp "$scratch/speed"
check "machine speed: said once" [ "$(grep -c 'ran faster' "$out")" -eq 1 ]
check "machine speed: above the table" sh -c "
    [ \$(grep -n 'ran faster' '$out' | cut -d: -f1) -lt \$(grep -n '^1 copy' '$out' | cut -d: -f1) ]"
tr '\n' ' ' <"$out" | tr -s ' ' >"$scratch/flat"
# (CPU time: a sanitizer's start-up or a busy machine adds to both runs,
# so only the direction and the tests are checked.)
check "machine speed: the measure" \
    grep -q 'CPU time per loop fell in [45] of 5 tests, by [1-9][0-9]*% (median)' "$scratch/flat"
check "machine speed: no why-line a test" sh -c "! grep -q 'why:' '$out'"
