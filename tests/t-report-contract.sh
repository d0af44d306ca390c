#!/bin/sh
# t-report-contract.sh - the report contract (doc/report-contract.md): a
# real run of the four tests of the PTS profile with -q, read the way the
# harnesses that run UnixBench read it (PTS, mmtests, PerfKitBenchmarker,
# lkp-tests, CloudHarmony, Linaro, Yardstick, avocado), must give the
# figures of the run's CSV file; stdout is the report and nothing else; -qq
# and --silent print nothing; the results line on stderr names every file
# in full.
. "$(dirname "$0")/lib.sh"

if [ ! -x "$BYTEBENCH" ] || [ ! -x "$top/$PGMS/dhry2reg" ]; then
	skip "report contract" "$BYTEBENCH or the programs not built"
	exit 0
fi
unset LC_ALL UB_OUTPUT_FILE_NAME UB_OUTPUT_CSV UB_TESTDIR
export UB_BINDIR="$top/$PGMS" UB_TMPDIR="$scratch"

runb "$scratch/res" -q -f text,log,json,html,csv -c 1 -c 2 -i 1 \
    --duration 0.3 dhry2reg whetstone-double syscall pipe
stdout=$scratch/stdout
csv=$rep.csv
if [ "$rc" -ne 0 ] || [ ! -f "$csv" ]; then
	fail "contract: the run" "exit $rc: $err"
	exit 0
fi

# csv ROW COLUMN: a figure of the CSV (row 1: 1 copy, row 2: 2 copies;
# a column by its title, "score" for the last one) as %.1f.
csv() {
	awk -F, -v row="$1" -v col="$2" '
	    NR == 1 { for (i = 1; i <= NF; i++) at[$i] = i; next }
	    NR == row + 1 { printf "%.1f\n", $(col == "score" ? NF : at[col]) }
	' "$csv"
}
# same NAME GOT WANT: a harness's reading equals the figure.
same() {
	if [ -n "$3" ] && [ "$2" = "$3" ]; then
		pass "$1"
	else
		fail "$1" "read '$2', the run has '$3'"
	fi
}
d1=$(csv 1 'Dhrystone 2 using register variables')
w2=$(csv 2 'Double-Precision Whetstone')
s2=$(csv 2 'System Call Overhead')
p1=$(csv 1 'Pipe Throughput')
p2=$(csv 2 'Pipe Throughput')
score1=$(csv 1 score)
score2=$(csv 2 score)

# -q: the report on stdout, byte for byte; nothing else there.
check "contract: -q stdout is the text report, nothing more" cmp -s \
    "$stdout" "$rep"
check "contract: -q shows no progress" sh -c "! grep -q elapsed '$stdout' &&
    ! grep -q elapsed '$scratch/stderr'"
# The results line: on stderr, every file by its whole path.
line=$(results_line "$scratch/stderr")
check "contract: results line names each file in full" sh -c "
    [ '$line' = 'Results: $rep $rep.log $rep.json $rep.html $rep.csv' ]"
check "contract: every named file exists" sh -c '
    for f in $1; do [ "$f" = Results: ] || [ -s "$f" ] || exit 1; done' \
    sh "$line"

# PTS (pts/byte): the number before "lps" (or "MWIPS") on the last line
# that holds that token.
pts() { grep -- "$1" "$stdout" | tail -n 1 |
    awk -v t="$1" '{ for (i = 2; i <= NF; i++) if ($i == t) print $(i - 1) }'; }
same "contract: PTS lps is the N-copy figure of the last lps test" \
    "$(pts lps)" "$s2"
same "contract: PTS MWIPS is the N-copy Whetstone" "$(pts MWIPS)" "$w2"
# The PTS profile's index option: the last field of the last score line.
same "contract: PTS index option reads the N-copy score" \
    "$(grep 'Index Score' "$stdout" | tail -n 1 | awk '{ print $NF }')" \
    "$score2"

# mmtests (ExtractUnixbenchcommon.pm): an index row is the title and
# three numbers; the second is the result.  Every such line is a sample.
n='\([0-9.][0-9.]*\)'
mm=$(sed -n "s/^Pipe Throughput  *$n  *$n  *$n.*/\\2/p" "$stdout" |
    tr '\n' ' ')
same "contract: mmtests reads one sample per copies value" "$mm" "$p1 $p2 "

# PerfKitBenchmarker: sections from "Benchmark Run:"; "running N parallel
# cop(y|ies)"; test lines "Title  value unit (t s, n samples)".
pkb=$(awk '/^Benchmark Run:/ { s++ }
    s == 2 && /running [0-9]+ parallel cop/ {
	for (i = 1; i <= NF; i++) if ($i == "parallel") c = $(i - 1) }
    s == 2 && /^Pipe Throughput +[-+]?[0-9]*\.?[0-9]+ [A-Za-z]+ +\([0-9.]+ s, [0-9]+ samples\)$/ {
	print c, $3, $4 }' "$stdout")
same "contract: PKB reads the 2-copy section's copies and test line" \
    "$pkb" "2 $p2 lps"

# lkp-tests (stats/unixbench): the last line matching
# ^System Benchmarks Index Score .* NUMBER$.
same "contract: lkp-tests reads the last score" "$(sed -n \
    's/^System Benchmarks Index Score .* \([0-9.][0-9.]*\)$/\1/p' \
    "$stdout" | tail -n 1)" "$score2"

# CloudHarmony (lib/parse.php): the first number after each "Index Score";
# the first is the score, the second the multicore one.
ch=$(awk '{ p = index($0, "Index Score"); if (!p) next
    n = split(substr($0, p + 11), w, " ")
    for (i = 1; i <= n; i++) if (w[i] ~ /^[0-9.]+$/) { print w[i]; break } }' \
    "$stdout" | tr '\n' ' ')
same "contract: CloudHarmony reads score and multicore score" "$ch" \
    "$score1 $score2 "
check "contract: CloudHarmony sees parallel copies" grep -q \
    'running  *2  *parallel copies' "$stdout"

# Linaro (automated/linux/unixbench): test lines by
# "[0-9.]+ [a-zA-Z]+ +\([0-9.]+ s,", value $(NF-5); index rows by three
# decimals, index $NF; the score by "System Benchmarks Index Score", $NF.
check "contract: Linaro finds exactly the test lines" sh -c "
    [ \$(grep -Ec '[0-9.]+ [a-zA-Z]+ +\\([0-9.]+ s,' '$stdout') -eq 8 ]"
same "contract: Linaro reads a test value" "$(grep -E \
    '^Dhrystone.*[0-9.]+ [a-zA-Z]+ +\([0-9.]+ s,' "$stdout" | head -n 1 |
    awk '{ print $(NF - 5) }')" "$d1"
check "contract: Linaro finds exactly the index rows" sh -c "
    [ \$(grep -Ec '[0-9]+\\.[0-9] +[0-9]+\\.[0-9] +[0-9]+\\.[0-9]' '$stdout') -eq 8 ]"
same "contract: Linaro reads the scores" "$(grep \
    'System Benchmarks Index Score' "$stdout" | awk '{ print $NF }' |
    tr '\n' ' ')" "$score1 $score2 "

# Yardstick: the 7th field of the first and the last line with "Score"
# (the word positions of UnixBench's partial score line).
same "contract: Yardstick reads single and parallel scores" "$(awk \
    '/Score/ { print $7 }' "$stdout" | sed -n '1p;$p' | tr '\n' ' ')" \
    "$score1 $score2 "

# avocado-misc-tests (perf/unixbench.py): after the header line, from the
# first line with "Dhrystone" to a blank line, words[-6] is the value;
# the score is the last word of the first score line.
av=$(awk '/BYTE UNIX Benchmarks/ { h = 1 } h && /Dhrystone/ { p = 1 }
    p && NF == 0 { exit } p && NF >= 6 && /^Pipe/ { print $(NF - 5) }' \
    "$stdout")
same "contract: avocado reads the 1-copy block's value" "$av" "$p1"
same "contract: avocado reads the first score" "$(grep \
    'System Benchmarks Index Score' "$stdout" | head -n 1 |
    awk '{ print $NF }')" "$score1"

# After the last score (and its interval) only the scaling section and
# warnings: nothing a harness above could take for a value.
tail_lines=$(awk '/Index Score/ { n = NR } { l[NR] = $0 }
    END { for (i = n + 1; i <= NR; i++) print l[i] }' "$stdout")
check "contract: after the last score the scaling, for every test" sh -c '
    printf "%s\n" "$1" | grep -q "^Scaling from 1 copy to 2: " &&
    [ $(printf "%s\n" "$1" |
        grep -Ec "^[A-Z].* +[0-9]+\.[0-9][0-9]( +(below 1|above 2))?$") \
        -eq 5 ]' sh "$tail_lines"
check "contract: after the last score only scaling and warnings" sh -c '
    printf "%s\n" "$1" | grep -v -e "^Warning: " -e "^         [^ ]" -e "^$" \
        -e "^ *95% interval: [0-9.]* to [0-9.]*$" -e "^Scaling from 1 copy " \
        -e "^[A-Z].* \{1,\}[0-9]\{1,\}\.[0-9][0-9]\(  \(below 1\|above 2\)\)\{0,1\}$" \
        -e "^  [^ ]" -e "^\(below 1\|above 2\): " |
        grep -q . && exit 1
    printf "%s\n" "$1" | grep -Eq \
        "[0-9.]+ *(lps|lpm|KBps|MWIPS)|Score|[0-9]\.[0-9] +[0-9.]+ +[0-9]" &&
        exit 1
    exit 0' sh "$tail_lines"

# -qq and --silent: nothing on stdout or stderr, the files still written.
for opt in -qq --silent; do
	runb "$scratch/res$opt" "$opt" -f text -c 1 -i 1 --duration 0.1 pipe
	check "contract: $opt prints nothing, writes the report" sh -c "
	    [ $rc -eq 0 ] && [ ! -s '$scratch/stdout' ] &&
	    [ ! -s '$scratch/stderr' ] && [ -s '$rep' ]"
done

# A format sent to a named file is written into the results as well, and
# both are on the results line.
runb "$scratch/res-named" -q -f text,md="$scratch/named.md" -c 1 -i 1 \
    --duration 0.1 pipe
check "contract: results line names a -f FMT=PATH file" sh -c "
    [ -s '$scratch/named.md' ] && [ \"$(results_line "$scratch/stderr")\" = \
    'Results: $rep $rep.md $scratch/named.md' ]"

# Without -q, off a terminal: progress on stderr, stdout the report.
runb "$scratch/res-default" -f text -c 1 -i 1 --duration 0.1 pipe
check "contract: default off a terminal, stdout is the rule and the report" \
    sh -c "[ $rc -eq 0 ] && sed -n 2p '$scratch/stdout' | grep -qx '=\{72\}' &&
    tail -n +3 '$scratch/stdout' | cmp -s - '$rep' &&
    grep -q '^1 x Pipe Throughput' '$scratch/stderr' &&
    ! grep -q '^=====' '$scratch/stderr'"

# The full index (every program the fake, printing 1 lps): the score
# line PerfKitBenchmarker matches only on a full index, and its index rows.
fake_bin "contract: full index" dhry2reg whetstone-double syscall pipe \
    context1 spawn execl fstime looper
echo '* count 1 1 lps 1' >"$scratch/spec"
FAKE_SPEC=$scratch/spec runb "$scratch/res-full" -q -f text -c 1 -i 1 index
pkb=$(tr '\n' '\036' <"$scratch/stdout" | grep -o \
    "$(printf '\036')System Benchmarks Index Score[[:space:]][[:space:]]*[0-9.]*" |
    tr -d '\036' | awk '{ print $NF }')
same "contract: PKB reads the full index's score" "$pkb" \
    "$(awk '/Index Score/ { print $NF }' "$rep")"
check "contract: PKB finds the 12 index rows" sh -c "[ \$(grep -Ec \
    '^[A-Z][A-Za-z0-9_()-][A-Za-z0-9_() -]* +[0-9.]+ +[0-9.]+ +[0-9.]+$' \
    '$scratch/stdout') -eq 12 ]"
