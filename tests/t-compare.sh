#!/bin/sh
# t-compare.sh - `bytebench compare` on the fixtures of tests/fixtures/compare:
# text reports of UnixBench and bytebench (plain, collapsed, several in one
# file, partial, pasted in a mail), JSON reports with passes, and bad input
# (missing, no report, truncated): one line naming the file, exit 2, the
# other files still shown; groups of runs and the verdict between them.
# Every fuzz regression input must not crash.
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

# flat: $out as one line, runs of spaces one, in $scratch/flat.
flat() {
	tr '\n' ' ' <"$out" | tr -s ' ' >"$scratch/flat"
}

# first TITLE PATTERN: passes when the first line for TITLE matches the
# basic regular expression PATTERN.
first() {
	grep -F -e "$1" "$out" | head -n 1 | grep -q -e "$2"
}

# row TITLE: the line of the table(s) for TITLE.
row() {
	grep -F -e "$1" "$out"
}

cmp $fx/ub513-linux.txt $fx/bb-linux.txt
check "two text reports: exit 0" [ "$rc" -eq 0 ]
check "two text reports: nothing on stderr" [ ! -s "$err" ]
has "two text reports: 1 copy table" "1 copy"
has "two text reports: N copies table with its copies" "N copies: A 2, B 2"
has "labels: the file name, then what the report is" \
    "A  ub513-linux: UnixBench 5.1.3, Linux 6.1.0-13-amd64 on debian, 2026-11-29"
has "labels: the second report" "B  bb-linux: bytebench 0.1.0, Linux 6.6.3-amd64"
check "two reports fit 80 columns" [ "$(awk 'length > 80' "$out" | wc -l)" -eq 0 ]
has "the index score row" "System Benchmarks Index Score"
has "footnote: noise unknown for text reports" "noise unknown"
has "footnote: all text reports, no file names repeated" \
    "?    noise unknown: text reports, without passes."
check "single and N copies never mixed: two Dhrystone rows" \
    [ "$(row 'Dhrystone 2 using register variables' | wc -l)" -eq 2 ]

# UnixBench against bytebench: the suites' difference said once, above
# the tables, with its measured size; no row marked for it (every test
# here was measured against UnixBench); a change between groups smaller
# than that size is never real.
cmp $fx/ub513-linux.txt $fx/bb-linux.txt
check "suites: said once" [ "$(grep -ci 'suites differ' "$out")" -eq 1 ]
check "suites: said above the tables" sh -c "
    [ \$(grep -in 'suites differ' '$out' | cut -d: -f1) -lt \$(grep -n '^1 copy' '$out' | cut -d: -f1) ]"
flat
has "suites: the measured size" "agree within about 3%" "$scratch/flat"
check "suites: no row marked !" sh -c "! grep -q 'x ?!\$' '$out' && ! grep -q 'B/A!' '$out'"
check "suites: rows still compared" \
    sh -c "grep -F 'Dhrystone 2 using register variables' '$out' | grep -q '1.05x ?\$'"

# scaled F FILE: the text report FILE with each result and index times F.
scaled() {
	awk -v f="$1" '
	/ (lps|lpm|KBps|MWIPS) / {
		for (i = 1; i < NF; i++)
			if ($(i + 1) ~ /^(lps|lpm|KBps|MWIPS)$/ && $i ~ /^[0-9.]+$/)
				$i = sprintf("%.1f", $i * f)
		print; next
	}
	/Index Score/ { $NF = sprintf("%.1f", $NF * f); print; next }
	NF >= 4 && $NF ~ /^[0-9]+[.][0-9]$/ && $(NF - 1) ~ /^[0-9]+[.][0-9]$/ &&
	    $(NF - 2) ~ /^[0-9]+[.][0-9]$/ {
		$NF = sprintf("%.1f", $NF * f)
		$(NF - 1) = sprintf("%.1f", $(NF - 1) * f)
	}
	{ print }' "$2"
}
scaled 1.003 $fx/ub513-linux.txt >"$scratch/ub2.txt"
scaled 0.980 $fx/bb-linux.txt >"$scratch/bb1.txt"
scaled 0.983 $fx/bb-linux.txt >"$scratch/bb2.txt"
cmp ub=$fx/ub513-linux.txt ub="$scratch/ub2.txt" bb="$scratch/bb1.txt" bb="$scratch/bb2.txt"
check "suites, 2.9% between groups: not real (under the suites' 3%)" \
    first 'System Benchmarks Index Score' '1.03x ~$'
has "suites, 2.9%: no change beyond noise" "B/A: no change beyond run-to-run noise"
scaled 1.003 $fx/bb-linux.txt >"$scratch/bb2.txt"
cmp ub=$fx/ub513-linux.txt ub="$scratch/ub2.txt" bb=$fx/bb-linux.txt bb="$scratch/bb2.txt"
check "suites, 5% between groups: real" \
    first 'System Benchmarks Index Score' '1.05x$'

cmp $fx/bb-linux.txt $fx/bb-collapsed.txt
check "collapsed spacing reads the same numbers" \
    sh -c "[ \"\$(grep -c '1.00x ?\$' '$out')\" -eq 26 ]"

cmp $fx/several.txt
check "several reports in one file: exit 0" [ "$rc" -eq 0 ]
has "several: FreeBSD 7.0" "A  several #1: UnixBench 5.1.3, FreeBSD 7.0-RELEASE on bsdbox, 2009-03-02"
has "several: FreeBSD 8.0" "D  several #4: UnixBench 5.1.3, FreeBSD 8.0-RELEASE"
check "several: more than two runs, one test after another" \
    sh -c "grep -A 4 -F 'System Benchmarks Index Score' '$out' | head -n 5 | grep -q '^  D .* D/A 1.15x ?\$'"
check "several: four columns, three ratios" \
    sh -c "[ \"\$(grep -A 4 -F 'Pipe Throughput' '$out' | head -n 5 | grep -o 'x ?' | wc -l)\" -eq 3 ]"
check "several: fits 80 columns" [ "$(awk 'length > 80' "$out" | wc -l)" -eq 0 ]

# md_widest: the most text in one row of $out's Markdown tables (the
# cells' text, pipes and padding not counted; a no-break space counts 2).
md_widest() {
	awk -F'|' '/^\|/ { w = 0
		for (i = 2; i < NF; i++) { c = $i; gsub(/^ +| +$/, "", c); w += length(c) }
		if (w > m) m = w } END { print m + 0 }' "$out"
}
# ratios: how many ratios $out shows.
ratios() {
	grep -o '[0-9]\.[0-9][0-9]x' "$out" | wc -l
}
cmp $fx/several.txt $fx/ub513-linux.txt
n_text=$(ratios)
cmp -f md $fx/several.txt $fx/ub513-linux.txt
check "md, 5 runs: a ratio and its mark never wrap apart (no-break space)" \
    sh -c "grep -q '1.15x$(printf '\302\240')?' '$out' && ! grep -q 'x [?~!]' '$out'"
check "md, 5 runs: at most 100 columns of text a row (GitHub's page): $(md_widest)" \
    [ "$(md_widest)" -le 100 ]
check "md, 5 runs: every ratio of the text output ($n_text)" [ "$(ratios)" -eq "$n_text" ]
has "md, 5 runs: every value" "| 130457421.8 |"
cmp -f md $fx/bb-a.json $fx/bb-b.json
check "md, 2 runs: one table a copies group" \
    [ "$(grep -c '^| Test | unit | bb-a | bb-b | bb-b/bb-a |$' "$out")" -eq 2 ]

# One file name from two directories: the directory tells them apart
# (name #2 is the second report inside one file).
mkdir -p "$scratch/old" "$scratch/new"
cp $fx/bb-a.json "$scratch/old/run.json"
cp $fx/bb-b.json "$scratch/new/run.json"
cmp "$scratch/old/run.json" "$scratch/new/run.json"
has "same name, two directories: the first" "A  old/run: bytebench"
has "same name, two directories: the second" "B  new/run: bytebench"

cmp $fx/blog.txt
check "blog paste: exit 0" [ "$rc" -eq 0 ]
check "blog paste: pipe 3% faster after" \
    sh -c "grep -F 'Pipe Throughput' '$out' | grep -q '1.03x ?'"
check "blog paste: partial index marked" \
    sh -c "grep -F 'Index Score' '$out' | grep -q '(partial)'"

cmp $fx/partial.txt $fx/ub513-linux.txt
check "partial against full index: not compared" \
    sh -c "grep -F 'Index Score' '$out' | head -n 1 | grep -q ' n/a\$'"
check "partial against full: side by side, the partial index as p" \
    sh -c "grep -q '^System Benchmarks Index Score  *586.6 p  *1143.2  *n/a\$' '$out'"
has "partial against full: p explained" "p    a partial index: some of its tests did not run."
has "partial against full index: said why" "partial and full index"

# A pasted index table alone (no header, no copies line) is one copy, and
# the key says that this was assumed.
cmp $fx/ub513-linux.txt $fx/index-only.txt
check "index table alone: exit 0" [ "$rc" -eq 0 ]
check "index table alone: no table of unknown copies" \
    sh -c "! grep -q 'copies unknown' '$out'"
check "index table alone: compared, one copy" \
    first 'Pipe Throughput' ' 1358024.6  *1.10x'

flat
has "index table alone: the assumption in the key" \
    "B index-only: copies not given: taken as 1" "$scratch/flat"

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
    sh -c "grep -F 'Dhrystone' '$out' | head -n 1 | grep -q '1.00x ~\$'"
check "json: pipe 10% faster, beyond noise" \
    sh -c "grep -F 'Pipe Throughput' '$out' | head -n 1 | grep -q '1.10x\$'"
check "json: lower is better: 5.1 us -> 4.0 us is 1.29x" \
    sh -c "grep -F 'Context Switch Latency' '$out' | head -n 1 | grep -q ' us .*1.29x\$'"
has "json: lower is better explained" "(where lower is"
check "json: a failed test says so" \
    sh -c "grep -F 'Shell Scripts (16 concurrent)' '$out' | grep -q failed"
has "json: ~ in plain words" "~    within run-to-run noise at 95%"
check "json: no formula in the text output" sh -c "! grep -q Welch '$out'"
check "json: same runs are comparable: no ! mark" sh -c "! grep -q '!' '$out'"

# One run a side whose own records show other work on the machine (its
# warnings: other processes' CPU, steal, load at start): noise unknown,
# with the reason, not beyond.
sed 's/"CPU frequency scaling is on (schedutil)"/"other processes used 0.94 CPUs on average during the tests (most during 1 x Pipe Throughput: 1.10)"/' \
    $fx/bb-b.json >"$scratch/busy.json"
cmp $fx/bb-a.json "$scratch/busy.json"
check "busy run: pipe 10% faster, noise unknown" \
    first 'Pipe Throughput' '1.10x ?$'
flat
has "busy run: the reason" \
    "B's run recorded other work: other processes used 0.94 CPUs on average during the tests" "$scratch/flat"
cmp -f json $fx/bb-a.json "$scratch/busy.json"
has "busy run, json: the column's record" '"disturbed": "other processes used 0.94 CPUs'

cmp -f md before=$fx/ub513-linux.txt $fx/bb-a.json
has "md: a key with the user's label" "- **A** before: UnixBench 5.1.3"
has "md: right-aligned numbers" "---:|"
has "md: the index score row in bold" "| **System Benchmarks Index Score** |"
has "md: the suites' difference above the table" \
    "Suites differ (UnixBench: A; bytebench: B): they measure the index the same way"
cmp -f md before=$fx/ub513-linux.txt after=$fx/bb-a.json
has "md: the table header names the runs by their labels" \
    "| Test | unit | before | after | after/before |"
cmp -f md $fx/bb-quick.json $fx/bb-a.json
check "md: the not-comparable reasons nested under the ! note" \
    grep -q '^  - B/A: A is a quick run' "$out"
cmp -h
check "compare -h: fits 80 columns" [ "$(awk 'length > 80' "$out" | wc -l)" -eq 0 ]

# A huge rate (1e308): its ratio stays a short number with its x, the
# text within 80 columns, the Markdown within 100 columns of text.
sed 's/"score": 32063709.756316803,/"score": 1e308,/' $fx/bb-a.json >"$scratch/huge.json"
cmp $fx/bb-b.json "$scratch/huge.json"
check "1e308: a short ratio with its x" \
    sh -c "grep -A 2 -F 'Dhrystone' '$out' | grep -q 'B/A [0-9.e+]*x[ ?~!]*\$'"
check "1e308: text within 80 columns" [ "$(awk 'length > 80' "$out" | wc -l)" -eq 0 ]
cmp -f md $fx/bb-b.json "$scratch/huge.json"
check "1e308: md within 100 columns of text: $(md_widest)" [ "$(md_widest)" -le 100 ]

cmp -f json $fx/bb-small.json $fx/blog.txt
has "json output: schema" '"schema": "bytebench-compare/1"'
has "json output: noise unknown for a text column" '"noise": "unknown"'

# Runs that are not comparable: a quick run, a reference build, a label
# and a comment stored in the report, a --duration run.
cmp $fx/bb-quick.json $fx/ub513-linux.txt
flat
has "quick against UnixBench: the key says quick run" "2026-11-30, quick run" \
    "$scratch/flat"
check "text: plain spaces only (no no-break space)" \
    sh -c "! grep -q '$(printf '\302\240')' '$out'"
check "quick against UnixBench: every ratio marked" \
    sh -c "! grep '[0-9]x' '$out' | grep -v -e 'x ?!\$' -e 'B against A'"
has "quick against UnixBench: why" "quick run, B is not"
cmp $fx/bb-a.json $fx/bb-reference.txt
has "stored label used" "B  laptop, reference build: bytebench 0.1.0"
has "stored comment in the key" "   after the BIOS update"
has "reference against default build: why" "builds differ (default, reference)"
sed 's/"duration_s": 0,/"duration_s": 2,/' $fx/bb-b.json >"$scratch/dur.json"
cmp $fx/bb-a.json "$scratch/dur.json"
flat
has "--duration run: why, in words" \
    "pass lengths differ: A's are each test's own (10 to 60 s), B's 2 s (--duration 2)" \
    "$scratch/flat"
cmp -f json $fx/bb-a.json "$scratch/dur.json"
has "json: why, plain spaces" "B's 2 s (--duration 2)\""
cmp $fx/bb-quick.json "$scratch/dur.json"
flat
has "quick against --duration: quick mode's passes, not 0 s" \
    "A is a quick run, B is not; pass lengths differ: A's are quick mode's (1 to 2 s), B's 2 s (--duration 2)" \
    "$scratch/flat"
cmp $fx/bb-quick.json $fx/bb-a.json
flat
has "quick against default: its passes in words" \
    "A is a quick run, B is not (5 passes of 1 to 2 s a test)" "$scratch/flat"
# The note never wraps a number away from its unit either, whatever the
# number's length.
bad=
for d in 1 12 123 1234 12345 123456; do
	sed "s/\"duration_s\": 0,/\"duration_s\": $d,/" $fx/bb-b.json >"$scratch/dd.json"
	cmp $fx/bb-a.json "$scratch/dd.json"
	if grep -q -e '^ *s[ ),]' -e '^ *s$' -e '--duration$' "$out"; then
		bad="$bad $d"
	fi
done
check "note: N s never wrapped apart${bad:+:$bad}" [ -z "$bad" ]
# The key never wraps between --duration, its number and its unit, nor
# inside "quick run", whatever the length before them.
bad=
for host in h hh hhh hhhh hhhhh hhhhhh hhhhhhh hhhhhhhh hhhhhhhhh hhhhhhhhhh \
    hhhhhhhhhhh hhhhhhhhhhhh hhhhhhhhhhhhh hhhhhhhhhhhhhh hhhhhhhhhhhhhhh; do
	sed -e "s/\"hostname\": \"[^\"]*\"/\"hostname\": \"$host\"/" \
	    -e 's/"quick": false/"quick": true/' "$scratch/dur.json" >"$scratch/dh.json"
	cmp $fx/bb-a.json "$scratch/dh.json"
	sed -n '/^B /,/^$/p' "$out" >"$scratch/key"
	if grep -q -e '--duration$' -e '--duration.2$' -e '^ *s$' -e '^ *s,' \
	    -e 'quick$' -e '^ *run' "$scratch/key"; then
		bad="$bad $host"
	fi
done
check "key: --duration 2 s and quick run never wrapped apart${bad:+:$bad}" [ -z "$bad" ]
cmp me=$fx/bb-a.json $fx/bb-reference.txt
has "LABEL= wins over the stored label" "A  me: bytebench"

# --fail-below: exit 3 and one line per ratio below it beyond noise.
cmp --fail-below 0.95 $fx/bb-a.json $fx/bb-b.json
check "--fail-below: no regression, exit 0" [ "$rc" -eq 0 ]
cmp $fx/bb-b.json $fx/bb-a.json --fail-below=0.95
check "--fail-below: pipe 10% slower, exit 3" [ "$rc" -eq 3 ]
has "--fail-below: names the test" \
    "compare: Pipe Throughput (1 copy): B/A 0.91x, below 0.95x and beyond noise" "$err"
check "--fail-below: Dhrystone within noise is not named" \
    sh -c "! grep -q Dhrystone '$err'"
cmp --fail-below 0.99 $fx/bb-linux.txt $fx/ub513-linux.txt
check "--fail-below: noise unknown counts" sh -c "[ $rc -eq 3 ] &&
    grep -q 'of unknown noise' '$err'"
cmp --fail-below abc $fx/bb-a.json
check "--fail-below: a bad ratio, exit 2, one line" sh -c "[ $rc -eq 2 ] &&
    [ \$(wc -l <'$err') -eq 1 ] && [ ! -s '$out' ]"
has "--fail-below abc: the range and the value" \
    "compare: --fail-below needs a ratio from 0.001 to 1000: abc" "$err"
cmp --no-group -h --bogus
check "-h then an unknown option: exit 2, as the run command" [ "$rc" -eq 2 ]

cmp $fx/truncated.txt $fx/ub513-linux.txt
check "truncated: exit 2" [ "$rc" -eq 2 ]
check "truncated: one line on stderr" [ "$(wc -l <"$err")" -eq 1 ]
has "truncated: names the file and the cut" \
    "truncated.txt: report 1, run 2 (2 copies): cut off" "$err"
has "truncated: the whole block and the other file still shown" \
    "B  ub513-linux: UnixBench"

cmp $fx/cut-before-index.txt
check "cut before the index: exit 2" [ "$rc" -eq 2 ]
has "cut before the index: said" "cut off before its index table" "$err"

cmp $scratch/missing.txt $fx/partial.txt
check "missing file: exit 2" [ "$rc" -eq 2 ]
has "missing file: named" "missing.txt: No such file or directory" "$err"
has "missing file: the other file shown" "System Call Overhead"

cmp $fx/ub41.txt
check "UnixBench 4.1: exit 2, one line" sh -c "[ $rc -eq 2 ] &&
    [ \$(wc -l <'$err') -eq 1 ] && [ ! -s '$out' ]"
has "UnixBench 4.1: said what it is" \
    "ub41.txt: a UnixBench 4.1.0 report: an older layout, not read" "$err"

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

# Groups of runs and the verdict between them, on the seed's FreeBSD post
# (freebsd-seed.txt: 7.0 twice at 490.2 and 489.5, then 7.1 487.0, 7.2
# 479.5, 8.0-RC1 474.4, each test of these scaled as its index score),
# LABEL=
# groups, --no-group, --min-change, --fail-below by the group rule, JSON.
seed=$fx/freebsd-seed.txt

# score ID: the Index Score line of column ID (one-by-one layout).
score() {
	grep -A 6 -F 'System Benchmarks Index Score' "$out" | grep "^  $1 "
}

# By hand: the 7.0 group's geometric mean is sqrt(490.2 x 489.5) =
# 489.85.  Its run-to-run spread is pooled over its 12 tests (their two
# runs differ by -2.2% to +2.3%, Whetstone not at all): s² = the mean of
# (ln ratio)²/2 = 8.996e-5, s = 0.95%, 12 degrees of freedom.  One run on
# the other side: se = s sqrt(1 + 1/2) = 0.011616, t(12) = 2.179, half
# width 0.02531 of ln ratio.  7.1: ln(487.0/489.85) = -0.0058 and 7.2:
# ln(479.5/489.85) = -0.0214 (0.954 to 1.004): within.  8.0-RC1:
# ln(474.4/489.85) = -0.0320, 0.944 to 0.993: beyond.
cmp $seed
check "seed: exit 0" [ "$rc" -eq 0 ]
has "seed: the two 7.0 runs are one group" \
    "A  FreeBSD 7.0-RELEASE: 2 runs (the table shows their geometric means)"
has "seed: the key lists the group's runs" "A2 freebsd-seed #2: UnixBench 5.1.2"
has "seed: 7.1 is a column of its own" "B  freebsd-seed #3: UnixBench 5.1.2, FreeBSD 7.1-RELEASE"
check "seed: the group's geometric mean" sh -c "grep -A 1 -F 'System Benchmarks Index Score' '$out' | grep -q '^  A *489.8\$'"
flat
has "seed: the pooled run-to-run spread quoted" \
    "A: 2 runs; run-to-run spread 0.95%, pooled over 12 tests (12 degrees of freedom)" "$scratch/flat"
check "seed: 7.1 within (~)" sh -c "grep -A 4 -F 'System Benchmarks Index Score' '$out' | grep -q '^  B .*B/A 0.99x ~\$'"
check "seed: 7.2 within (~)" sh -c "grep -A 4 -F 'System Benchmarks Index Score' '$out' | grep -q '^  C .*C/A 0.98x ~\$'"
check "seed: 8.0-RC1 beyond (no mark)" sh -c "grep -A 4 -F 'System Benchmarks Index Score' '$out' | grep -q '^  D .*D/A 0.97x\$'"
has "seed: 7.1 in words" "B/A: no change beyond run-to-run noise"
has "seed: 7.2 in words" "C/A: no change beyond run-to-run noise"
has "seed: 8.0-RC1's interval" \
    "D/A: beyond run-to-run noise: System Benchmarks Index Score 0.97x (0.944 to 0.993)" "$scratch/flat"
has "seed: the assumption said" \
    "D has one run: A's run-to-run spread is taken for both" "$scratch/flat"
check "seed: no '?' left" sh -c "! grep -q 'x ?' '$out'"
check "seed: fits 80 columns" [ "$(awk 'length > 80' "$out" | wc -l)" -eq 0 ]

cmp -f md $seed
has "seed md: the words under the table" \
    "- D/A: beyond run-to-run noise: System Benchmarks Index Score 0.97x (0.944 to 0.993)"

cmp -f json $seed
check "seed json: the interval's numbers" sh -c "grep -q '\"between\": {\"runs_first\": 2, \"runs\": 1, \"ratio\": 0.96846' '$out'"
has "seed json: the assumption" "\"assumed\": \"first column's spread for both\""
has "seed json: the group's runs" '"runs": 2, "run_labels": ["freebsd-seed #1", "freebsd-seed #2"]'
# Whetstone is 2736.1 in both 7.0 runs: no interval anywhere of zero width.
zero=$(tr -d '\n' <"$out" | grep -o '"low": [^,]*, "high": [^,]*' |
    awk -F'[:,]' '$2 + 0 == $4 + 0' | wc -l)
check "seed json: no interval of zero width ($zero)" [ "$zero" -eq 0 ]
check "seed json: intervals there to check" grep -q '"low": ' "$out"

cmp --fail-below 0.975 $seed
check "fail-below by the group rule: exit 3" [ "$rc" -eq 3 ]
has "fail-below: 8.0-RC1 named" "System Benchmarks Index Score (1 copy): D/A 0.97x, below 0.97x and beyond noise" "$err"
check "fail-below: 7.2 (0.979) is not below" sh -c "! grep -q 'C/A' '$err'"

cmp --min-change 5 $seed
has "--min-change 5: 3% is no real change" "D/A: no change beyond run-to-run noise"
cmp --min-change x $seed
check "--min-change x: exit 2" [ "$rc" -eq 2 ]
has "--min-change x: said why" \
    "--min-change needs a percentage from 0 to 100: x" "$err"

cmp --no-group $seed
check "--no-group: five columns" [ "$(score '[A-E]' | wc -l)" -eq 5 ]
has "--no-group: one run a side said" "run-to-run noise unknown: one run a side"

# LABEL=: the two 7.0 runs of two files named "old".
sed -n '/first run/,/second run/p' $seed >"$scratch/a.txt"
sed -n '/second run/,/FreeBSD 7.1:/p' $seed >"$scratch/b.txt"
sed -n '/FreeBSD 8.0-RC1:/,$p' $seed >"$scratch/c.txt"
cmp old="$scratch/a.txt" old="$scratch/b.txt" new="$scratch/c.txt"
has "LABEL=: one group of two files" "A  old: 2 runs"
has "LABEL=: the other" "B  new: UnixBench 5.1.2, FreeBSD 8.0-RC1"

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
