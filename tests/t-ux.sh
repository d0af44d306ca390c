#!/bin/sh
# t-ux.sh - the runner's commands as people use them, against the fake
# program: --label and --comment stored and used by compare, a format to a
# named file or to stdout, --dry-run, UB_OUTPUT_CSV with -f, -l with the
# baselines, names that are not tests.
. "$(dirname "$0")/lib.sh"

fake_bin "ux end to end" pipe spawn

printf '%s\n' '* count 100 1 lps 1' >"$scratch/spec"
export FAKE_SPEC="$scratch/spec"

# --label and --comment: in the text header and the JSON, and compare
# names the column by the label.
res=$scratch/label
runb "$res" -c 1 -i 1 --label "before upgrade" --comment "BIOS 1.2" pipe
check "--label: exit 0" [ "$rc" -eq 0 ]
check "--label: in the text header" grep -q '^   Label: before upgrade$' "$rep"
check "--comment: in the text header" grep -q '^   Comment: BIOS 1.2$' "$rep"
check "--label: in the JSON" grep -q '^  "label": "before upgrade",$' "$rep.json"
check "--comment: in the JSON" grep -q '^  "comment": "BIOS 1.2",$' "$rep.json"
"$BYTEBENCH" compare "$rep.json" "$rep" >"$scratch/cmp" 2>&1
check "--label: compare names both the JSON and the text report by it" \
    sh -c "grep -q '^A  before upgrade: ' '$scratch/cmp' &&
    grep -q '^B  before upgrade #2: ' '$scratch/cmp'"
runb "$res" -c 1 -i 1 --label "$(printf 'a\tb')" pipe
check "--label: a control character refused, exit 2, one line" sh -c "
    [ $rc -eq 2 ] && [ \$(wc -l <'$scratch/stderr') -eq 1 ]"

# A format to a named file, or to stdout with nothing else there.
res=$scratch/named
runb "$res" -c 1 -i 1 --json "$scratch/out.json" pipe
check "--json FILE: written" grep -q '"schema": "bytebench-report/1"' \
    "$scratch/out.json"
check "--json FILE: the result files too" [ -f "$rep.json" ]
runb "$res" -c 1 -i 1 --json "$scratch/out.json" pipe
check "--json FILE: an explicitly named file is replaced" sh -c "
    [ $rc -eq 0 ] && [ \$(grep -c '\"schema\"' '$scratch/out.json') -eq 1 ]"
runb "$res" -c 1 -i 1 -f json=- pipe
check "-f json=-: stdout is the JSON alone" sh -c "
    head -c 1 '$scratch/stdout' | grep -q '{' &&
    tail -n 1 '$scratch/stdout' | grep -q '^}\$'"
check "-f json=-: the text report on stderr" \
    grep -q 'Pipe Throughput' "$scratch/stderr"
check "-f json=-: no result files (-f gave none)" \
    sh -c "[ -z \"\$(ls '$res' | grep -v -- '-01')\" ]"
runb "$res" -c 1 -i 1 --json "$scratch/nodir/out.json" pipe
check "--json into a missing directory: exit 2 before the run" sh -c "
    [ $rc -eq 2 ] && grep -q 'nodir' '$scratch/stderr' &&
    [ ! -s '$scratch/stdout' ]"
runb "$res" -f json=- --json - pipe
check "two formats to stdout: refused" [ "$rc" -eq 2 ]

# UB_OUTPUT_CSV=true adds the CSV file to the formats of -f.
res=$scratch/csv
UB_OUTPUT_CSV=true runb "$res" -c 1 -i 1 -f text pipe
check "UB_OUTPUT_CSV with -f text: both written" \
    sh -c "[ -f '$rep' ] && [ -f '$rep.csv' ] && [ ! -f '$rep.json' ]"

# --dry-run: the plan and its time, nothing run, nothing written.
res=$scratch/dry
runb "$res" --dry-run -c 1 -c 2 -i 4 pipe spawn
check "--dry-run: exit 0" [ "$rc" -eq 0 ]
check "--dry-run: a line per test and copies, with its passes" sh -c "
    grep -q '^     2  pipe  *4  0:10\$' '$scratch/stdout' &&
    grep -q '^     2  spawn  *1  ' '$scratch/stdout' &&
    [ \$(grep -c '^  *[12]  [ps]' '$scratch/stdout') -eq 4 ]"
check "--dry-run: the estimated time" \
    grep -q 'estimated time: [0-9]' "$scratch/stdout"
check "--dry-run: nothing written" sh -c "[ -z \"\$(ls '$res' 2>/dev/null)\" ]"
runb "$res" --dry-run --quick
check "--dry-run --quick: the quick plan" grep -q 'quick mode' "$scratch/stdout"
