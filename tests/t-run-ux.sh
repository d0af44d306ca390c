#!/bin/sh
# t-run-ux.sh - the runner's commands as people use them, against the fake
# program: --label and --comment stored and used by compare, a format to a
# named file or to stdout, --dry-run, UB_OUTPUT_CSV with -f, -l with the
# baselines, names that are not tests.
. "$(dirname "$0")/lib.sh"

fake_bin "ux end to end" pipe spawn

printf '%s\n' '* count 100 1 lps 1' >"$scratch/spec"
export FAKE_SPEC="$scratch/spec"

# --label and --comment: in the text header, the JSON, the HTML and the
# Markdown, and compare
# names the column by the label.
res=$scratch/label
runb "$res" -c 1 -i 1 -f text,json,html,md --label "before upgrade" \
    --comment "BIOS 1.2" pipe
check "--label: exit 0" [ "$rc" -eq 0 ]
check "--label: in the HTML's title and page" sh -c "
    grep -q '^<title>bytebench: before upgrade (.*)</title>\$' '$rep.html' &&
    grep -q '^<p><strong>Label:</strong> before upgrade</p>\$' '$rep.html'"
check "--label and --comment: in the Markdown" sh -c "
    grep -q '^Label: before upgrade\$' '$rep.md' &&
    grep -q '^Comment: BIOS 1.2\$' '$rep.md'"
check "--label: in the text header" grep -q '^   Label: before upgrade$' "$rep"
check "--comment: in the text header" grep -q '^   Comment: BIOS 1.2$' "$rep"
check "--label: in the JSON" grep -q '^  "label": "before upgrade",$' "$rep.json"
check "--comment: in the JSON" grep -q '^  "comment": "BIOS 1.2",$' "$rep.json"
cp "$rep" "$scratch/text-report" # beside its JSON: one run, read once
"$BYTEBENCH" compare "$rep.json" "$scratch/text-report" >"$scratch/cmp" 2>&1
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
before=$(ls "$res")
runb "$res" -c 1 -i 1 -f json=- pipe
check "-f json=-: stdout is the JSON alone" sh -c "
    head -c 1 '$scratch/stdout' | grep -q '{' &&
    tail -n 1 '$scratch/stdout' | grep -q '^}\$'"
check "-f json=-: the text report on stderr" \
    grep -q 'Pipe Throughput' "$scratch/stderr"
check "-f json=-: the result files as well, as --json - (USAGE: also)" \
    sh -c "[ \"\$(ls '$res' | wc -l)\" -eq \$((\$(echo '$before' | wc -l) + 4)) ]"
res=$scratch/also
runb "$res" -c 1 -i 1 -f "text,json=$scratch/also.json" pipe
check "-f text,json=F: F and the results' text and JSON" sh -c "
    [ -f '$scratch/also.json' ] && [ -f '$rep' ] && [ -f '$rep.json' ] &&
    [ ! -f '$rep.html' ]"
runb "$res" -c 1 -i 1 --json "$scratch/nodir/out.json" pipe
check "--json into a missing directory: exit 2 before the run" sh -c "
    [ $rc -eq 2 ] && grep -q 'nodir' '$scratch/stderr' &&
    [ ! -s '$scratch/stdout' ]"
runb "$res" -f json=- --json - pipe
check "two formats to stdout: refused" [ "$rc" -eq 2 ]
# ... and so are two items that would make one path (the run starts in
# $scratch: a file of that name must not appear there).
here=$(pwd)
cd "$scratch" || exit 1
runb "$res" -c 1 -i 1 -f json=-,text=- pipe
cd "$here" || exit 1
check "-f json=-,text=-: refused, no file of that name" sh -c "
    [ $rc -eq 2 ] && grep -q 'must be the last item' '$scratch/stderr' &&
    [ ! -e '$scratch/-,text=-' ]"

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
    grep -q '^2 tests at 1 and 2 copies; estimated time: [0-9]' \
    "$scratch/stdout"
check "--dry-run: nothing written" sh -c "[ -z \"\$(ls '$res' 2>/dev/null)\" ]"
runb "$res" --dry-run --quick
check "--dry-run --quick: the quick plan" grep -q 'quick mode' "$scratch/stdout"
runb "$res" --dry-run -c 1 pipe
check "--dry-run -c 1: one copy" \
    grep -q '^1 test at 1 copy; estimated time' "$scratch/stdout"

# -l: the tests, the groups and every index with its baselines.
"$BYTEBENCH" -l >"$scratch/list" 2>&1
check "-l: the UnixBench index with its method" \
    grep -q '^System Benchmarks index (unixbench, index method 1):$' "$scratch/list"
check "-l: a baseline" \
    grep -q '^  dhry2reg  *116700\.0 lps   Dhrystone 2 using register variables$' \
    "$scratch/list"
check "-l: the BYTE Release 3 baselines" \
    grep -q '^  dhry2  *22366\.3 lps ' "$scratch/list"
check "-l: index method explained" grep -q 'scores$' "$scratch/list"
check "-l: fits 80 columns" [ "$(awk 'length > 80' "$scratch/list" | wc -l)" -eq 0 ]
check "-l: a long group goes on under its members" grep -q \
    '^                     .*shell8$' "$scratch/list"
"$BYTEBENCH" compare -h >"$scratch/chelp" 2>&1
check "compare -h: fits 80 columns" [ "$(awk 'length > 80' "$scratch/chelp" | wc -l)" -eq 0 ]

# Names that are not tests: the graphics tests said to be left out, a
# misspelt name gets the nearest ones; one line, exit 2, nothing run.
for name in gindex 2d 3d graphics 2d-rects ubgears; do
	runb "$scratch/names" "$name"
	check "$name: not part of bytebench, and why" sh -c "[ $rc -eq 2 ] &&
	    [ \$(wc -l <'$scratch/stderr') -eq 1 ] &&
	    grep -q 'graphics tests .* are not part of bytebench: they need an X server' '$scratch/stderr' &&
	    grep -q -- '-l lists' '$scratch/stderr'"
done
runb "$scratch/names" pipee
check "a misspelt name gets the nearest" \
    grep -q 'unknown test or group: pipee (nearest: pipe); -l lists them all' \
    "$scratch/stderr"
runb "$scratch/names" shel
check "a short name gets those it begins" \
    grep -q '(nearest: shell1, shell8, shell16, shell)' "$scratch/stderr"
check "nothing run for a bad name" sh -c "[ ! -d '$scratch/names' ] ||
    [ -z \"\$(ls '$scratch/names')\" ]"

# -h: every option, named as the command people type.
"$BYTEBENCH" -h >"$scratch/help" 2>&1
check "-h: the installed name by default" grep -q '^usage: bytebench ' "$scratch/help"
BYTEBENCH_COMMAND=./Run "$BYTEBENCH" -h >"$scratch/help2" 2>&1
check "-h: ./Run when Run started it" grep -q '^usage: \./Run ' "$scratch/help2"
for opt in '-i n' 'default 10' '--label' '--comment' '--json' '--dry-run' \
    'compare \[option \.\.\.\]' 'compare -h' 'LABEL=' 'fmt=PATH' \
    '-l \[--smoke\]' 'SPARCstation 20-61' 'higher is' 'doc/bytebench.1'; do
	check "-h mentions $opt" grep -q -e "$opt" "$scratch/help"
done
check "-h: fits 80 columns" [ "$(awk 'length > 80' "$scratch/help" | wc -l)" -eq 0 ]

# The text report fits a mail: header lines (CPU flags, the compiler) and
# warnings wrapped at 80 columns; one spread warning per copies value.
printf '%s\n' 'pipe:* count 100 1 lps 1' 'spawn:* count 100 1 lps 1' \
    >"$scratch/spec2"
res=$scratch/wrap
FAKE_SPEC=$scratch/spec2 runb "$res" -c 1 -i 1 --duration 0.01 \
    --comment "$(printf '%064d' 0)" pipe spawn
check "report: no line over 80 columns" \
    [ "$(awk 'length > 80' "$rep" | wc -l)" -eq 0 ]
check "report: a wrapped warning goes on under its text" \
    grep -q '^Warning: every test ran 0.01 s per pass instead of its own duration: not$' "$rep"
check "report: the continuation is indented" \
    grep -q '^         comparable with standard runs$' "$rep"
check "report: the 64-byte comment kept whole" \
    grep -q "^   Comment: $(printf '%064d' 0)\$" "$rep"

# Scratch files on tmpfs: the file tests measure memory, said in a warning.
if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] &&
    shm=$(mktemp -d /dev/shm/bytebench-t.XXXXXX 2>/dev/null); then
	ln -s "$FAKE" "$bin/fstime"
	printf '%s\n' '* rate 100 KBps' >"$scratch/spec3"
	FAKE_SPEC=$scratch/spec3 UB_TMPDIR=$shm runb "$scratch/shm" -c 1 -i 1 \
	    --duration 0.01 fsbuffer
	check "scratch on tmpfs: warned" grep -q \
	    "\"the scratch directory $shm is on tmpfs: the file tests measure memory, not a disk" \
	    "$rep.json"
	FAKE_SPEC=$scratch/spec3 runb "$scratch/disk" -c 1 -i 1 \
	    --duration 0.01 fsbuffer
	check "scratch elsewhere: no such warning" \
	    sh -c "! grep -q 'is on tmpfs' '$rep'"
	rm -rf "$shm"
else
	skip "scratch on tmpfs" "no tmpfs at /dev/shm"
fi
