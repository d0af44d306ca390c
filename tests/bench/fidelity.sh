#!/bin/sh
# fidelity.sh - bytebench against the original UnixBench on this machine.
# Builds a copy of the given UnixBench tree and bytebench with the same
# compiler and flags, runs each of the 12 programs of the UnixBench index
# of both, one after the other, in pairs, and prints per test the median
# rates, the median and spread of the ratios (bytebench / UnixBench) and a
# verdict against the tolerance.  --runner compares whole index runs of the
# two runners instead.  Not part of `make test`: a clone has no UnixBench.
#
# Usage: tests/bench/fidelity.sh [-r N] [-t S] [--cc CC] [--tree DIR]...
#            [--tests LIST] [--pin CPUS] [-w DIR] UNIXBENCH
#        tests/bench/fidelity.sh --report DIR
#        tests/bench/fidelity.sh --runner [-r N] [-c N]... [--cc CC]
#            [--tree DIR]... [--pin CPUS] [--settle S] [-w DIR] UNIXBENCH
#   UNIXBENCH   a UnixBench 5.1/6.0 tree (its UnixBench/ folder or the one
#               above it) or its release tarball (.tar.gz); it is copied,
#               never changed
#   -r N        pairs of runs (default 5; with --runner 2)
#   -t S        seconds a run: the shell tests get 2*S; whetstone-double
#               always 10 (UnixBench's calibrates to 10 s); fstime adds its
#               fixed 15 s of priming and pauses.  Default: each test's
#               pass length in UnixBench's index (10 s; spawn, execl and
#               the file copies 30 s; the shell tests 60 s)
#   --cc CC     the compiler of both builds (default: $CC, else cc)
#   --tree DIR  a bytebench checkout to measure (default: this one);
#               repeat it to measure several, e.g. before and after a
#               change: each pair then runs UnixBench and every tree
#   --tests L   some of the 12 tests only (names, comma separated); with
#               --runner both runners run these instead of the index
#   --runner    UnixBench's `./Run -c N... -i 1 index` against bytebench's
#               runner with the same arguments, alternately; compares
#               each test's result and the index scores
#   -c N        copies for --runner, repeatable (default: -c 1 -c 2)
#   --settle S  with --runner: before each whole run, sync and S seconds
#               of idle (default 30), so that no run starts in the
#               writeback or the cleanup of the one before; on Linux the
#               table lists each run with the hypervisor's steal over it
#   --pin CPUS  run every run of both suites under `taskset -c CPUS`
#               (Linux): a test whose rate depends on where the scheduler
#               puts its processes, as context1's does, is then compared
#               in one placement, e.g. --pin 0 (both processes on one CPU)
#   --report DIR  print the tables of an earlier run from its work folder
#               DIR (after a change of this script, or of a run cut short)
#   -w DIR      where to build and run (default: a new folder under tmp/
#               of this checkout, on the file system the suite is on);
#               kept afterwards, with every run's output
# Each build uses bytebench's flags (-O3 -ffast-math and -march/-mtune
# native where the compiler takes them): UnixBench gets them through its
# UB_GCC_OPTIONS.  Each row's verdict says whether the median ratio is
# within the tolerance (3%; context1 and the shell tests 5%), and whether
# the pairs can tell at all: "cannot decide" where UnixBench against its
# own run of the pair before (A/A) moves more than the tolerance (row).
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 1
me=fidelity

die() {
	echo "$me: $*" >&2
	exit 2
}

count_arg() {
	case $2 in
	'' | *[!0-9]* | 0*) die "$1 needs a positive whole number, not '$2'" ;;
	esac
}

# now: the time of day in seconds, to the microsecond where date(1) or
# perl can tell it.
now() {
	t=$(date +%s.%N 2>/dev/null)
	case $t in
	*[!0-9.]* | '' | *.) perl -MTime::HiRes=time -e 'printf "%.6f\n", time' \
	    2>/dev/null || date +%s ;;
	*) echo "$t" ;;
	esac
}

# ub_run ARGS OUT: one run of a UnixBench program as its Run starts it (in
# testdir, with its UB_ variables and LANG, after a sync); prints the rate:
# COUNT / (TIME, else the wall time) * timebase, or COUNT for timebase 0.
ub_run() {
	sync
	start=$(now)
	# shellcheck disable=SC2086
	(cd "$ub/testdir" && UB_BINDIR=$ub/pgms UB_TMPDIR=$ub/tmp \
	    UB_TESTDIR=$ub/testdir UB_RESULTDIR=$ub/results LANG=en_US.utf8 \
	    exec $pin "$ub/pgms/"$1) </dev/null >"$2" 2>&1
	end=$(now)
	awk -F'|' -v wall="$(echo "$start $end" | awk '{ print $2 - $1 }')" '
	    $1 == "COUNT" { c = $2; tb = $3 }
	    $1 == "TIME" { t = $2 }
	    END {
		if (c == "") exit 1
		if (t == "") t = wall
		if (tb > 0) printf "%.4f\n", c / (t / tb); else printf "%.4f\n", c
	    }' "$2"
}

# bb_run TREE-INDEX NAME TITLE SECONDS OUT: one pass of test NAME by the
# tree's runner (its environment, locale and scoring); prints the rate
# from the text report.
bb_run() {
	(UB_BINDIR=$work/b$1/pgms UB_TMPDIR=$work/b$1/tmp \
	    UB_TESTDIR=$(printf '%s\n' "$trees" | sed -n "$1p")/testdir \
	    UB_RESULTDIR=$work/b$1/results UB_OUTPUT_FILE_NAME=${5##*/} \
	    $pin "$work/b$1/pgms/bytebench" -q -i 1 -c 1 -f text --duration "$4" \
	    --no-warnings "$2") </dev/null >"$5.console" 2>&1
	awk -v t="$3" 'index($0, t) == 1 {
		rest = substr($0, length(t) + 1)
		if (rest ~ /^ +[0-9.]+ +[A-Za-z]+ +\(/) {
			split(rest, a, " "); print a[1]; found = 1; exit
		}
	    } END { exit !found }' "$work/b$1/results/${5##*/}"
}

# stats FILE: of the numbers in FILE, "median min max".
stats() {
	sort -n "$1" | awk '{ v[NR] = $1 } END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%s %s %s\n", m, v[1], v[NR] }'
}

tree_label() {
	if [ "$ntrees" = 1 ]; then echo bytebench; else echo "tree $1"; fi
}

# heading TEXT: the table's title and the trees measured.
heading() {
	echo
	echo "$1, $cc $opt${pin:+, under $pin}"
	i=1
	for t in $trees; do
		echo "$(tree_label $i): $t ($(echo "$revs" | cut -d' ' -f$((i + 1))))"
		i=$((i + 1))
	done
}

# row WIDTH NAME LABEL UFILE BFILE QFILE TOL: a table row of the median
# rates in UFILE and BFILE, the median, least and greatest ratio in QFILE,
# the 95% interval of the ratio (the geometric mean of the ratios, t
# quantile of n-1 degrees of freedom; "-" with one pair), UnixBench
# against itself (A/A) and the verdict against TOL percent.
# A/A: each UnixBench run of UFILE (in the order of the pairs) against
# UnixBench's run of the pair before; its spread is the least and greatest
# of those ratios, and "A/A +/-" the half-width of the 95% interval that
# the noise they show gives the geometric mean of the pairs' ratios: with
# k pairs and r the root mean square of the A/A log ratios (k-1 of them),
# t * r / sqrt(k), t the quantile of k-1 degrees of freedom; "-" with one
# pair.  The verdict: "cannot decide" when that half-width is wider than
# TOL: UnixBench moves against itself more than the question asked, so no
# median of this many pairs answers it; else "ok" when the median ratio is
# within TOL; "OFF" when the whole interval is outside it; else "noisy":
# the pairs cannot tell, run more (-r).  The header with NAME "test".
row() {
	if [ "$2" = test ]; then
		printf "%-${1}s %-9s %13s %13s %7s %15s %15s %15s %7s %4s  %s\n" \
		    test suite UnixBench bytebench ratio "ratio spread" \
		    "95% interval" "A/A spread" "A/A +/-" tol verdict
		return
	fi
	# shellcheck disable=SC2046
	set -- "$@" $(stats "$6")
	awk -v w="$1" -v n="$2" -v l="$3" -v tol="$7" -v m="$8" -v lo="$9" \
	    -v hi="${10}" -v u="$(stats "$4" | cut -d' ' -f1)" \
	    -v b="$(stats "$5" | cut -d' ' -f1)" '
	    # t quantiles (95%, two-sided) of 1 to 30 degrees of freedom.
	    function tq(df) {
		if (df > 30) return 1.96 + 2.4 / df
		split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 " \
		    "2.228 2.201 2.179 2.160 2.145 2.131 2.120 2.110 2.101 " \
		    "2.093 2.086 2.080 2.074 2.069 2.064 2.060 2.056 2.052 " \
		    "2.048 2.045 2.042", q, " ")
		return q[df]
	    }
	    FNR == NR { ub[++nu] = $1; next }
	    { x[++k] = log($1); sum += x[k] }
	    END {
		mean = sum / k; ss = 0
		for (i = 1; i <= k; i++) ss += (x[i] - mean) ^ 2
		if (k < 2) { clo = 0; chi = 1e9 }
		else {
			h = tq(k - 1) * sqrt(ss / (k - 1) / k)
			clo = exp(mean - h); chi = exp(mean + h)
		}
		na = 0; sq = 0
		for (i = 2; i <= nu; i++) {
			if (ub[i - 1] <= 0 || ub[i] <= 0) continue
			a = ub[i] / ub[i - 1]
			if (na == 0 || a < amin) amin = a
			if (na == 0 || a > amax) amax = a
			sq += log(a) ^ 2; na++
		}
		aah = na < 1 ? -1 : exp(tq(na) * sqrt(sq / na) / sqrt(k)) - 1
		d = m - 1; if (d < 0) d = -d
		v = aah > tol / 100 ? "cannot decide" : d <= tol / 100 ? "ok" : \
		    (clo > 1 + tol / 100 || chi < 1 - tol / 100) ? "OFF" : "noisy"
		ci = k < 2 ? sprintf("%7s%-8s", "", "-") : sprintf("%7.3f-%-7.3f", clo, chi)
		aa = na < 1 ? sprintf("%7s%-8s", "", "-") : sprintf("%7.3f-%-7.3f", amin, amax)
		pm = na < 1 ? "-" : sprintf("%.1f%%", 100 * aah)
		printf "%-" w "s %-9s %13.1f %13.1f %7.3f %7.3f-%-7.3f %15s %15s %7s %3d%%  %s\n",
		    n, l, u, b, m, lo, hi, ci, aa, pm, tol, v }' "$4" "$6"
}

# one_ub NAME ARGS PAIR, one_bb NAME TITLE SECONDS PAIR: a run of each
# suite, its rate appended to $work/out/NAME.ub or NAME.bI.
one_ub() {
	o=$work/out/$1.ub.$3
	r=$(ub_run "$2" "$o") || fail "UnixBench $1 printed no result (see $o)"
	echo "$r" >>"$work/out/$1.ub"
}
one_bb() {
	i=1
	for _ in $trees; do
		o=$work/out/$1.b$i.$4
		b=$(bb_run "$i" "$1" "$2" "$3" "$o") ||
			fail "bytebench $1 gave no result (see $o.console)"
		echo "$b" >>"$work/out/$1.b$i"
		i=$((i + 1))
	done
}

fail() {
	echo "$me: $*" >&2
	exit 1
}

per_program() {
	printf '%s\n' "$TESTS" >"$work/tests.txt"
	while IFS='|' read -r name title args kind tol usecs; do
		[ -z "$only" ] || case " $only " in *" $name "*) ;; *) continue ;; esac
		s=$(dur "$kind" "$usecs")
		a=$(printf '%s' "$args" | sed "s|@S|$s|g; s|@TMP|$ub/tmp|g; s|@BIN|$ub/pgms|g")
		p=1
		while [ $p -le "$pairs" ]; do
			# Odd pairs start with UnixBench, even ones with bytebench.
			if [ $((p % 2)) = 1 ]; then
				one_ub "$name" "$a" $p && one_bb "$name" "$title" "$s" $p
			else
				one_bb "$name" "$title" "$s" $p && one_ub "$name" "$a" $p
			fi
			i=1
			for _ in $trees; do
				awk -v b="$(sed -n "${p}p" "$work/out/$name.b$i")" \
				    -v r="$(sed -n "${p}p" "$work/out/$name.ub")" \
				    'BEGIN { printf "%.6f\n", b / r }' >>"$work/out/$name.ratio$i"
				i=$((i + 1))
			done
			q=
			for f in "$work/out/$name.ratio"*; do
				q="$q $(sed -n "${p}p" "$f")"
			done
			echo "$me: $name pair $p: UnixBench $(sed -n "${p}p" "$work/out/$name.ub"), ratio$q" >&2
			p=$((p + 1))
		done
	done <"$work/tests.txt"
}

per_program_table() {
	if [ -n "$secs" ]; then
		len="$secs s (shell tests $((2 * secs)) s)"
	else
		len="UnixBench's pass lengths (10 s; spawn, execl, file copies 30 s; shell tests 60 s)"
	fi
	heading "Per program: $pairs pairs of runs, $len"
	row 17 test
	printf '%s\n' "$TESTS" | while IFS='|' read -r name title args kind tol _; do
		[ -f "$work/out/$name.ub" ] || continue
		i=1
		for _ in $trees; do
			row 17 "$name" "$(tree_label $i)" "$work/out/$name.ub" \
			    "$work/out/$name.b$i" "$work/out/$name.ratio$i" "$tol"
			i=$((i + 1))
		done
	done
}

# The --runner mode: runner_level, runner_table and what only they use.
. "$(dirname "$0")/fidelity-runner.sh"

# The 12 index tests: name|title|UnixBench arguments|duration|tolerance|
# seconds of a pass in an index run.  In the arguments @S is the duration,
# @TMP the scratch folder and @BIN the program folder; duration S is -t,
# W is 10 (whetstone-double takes none), F is -t (fstime), L is 2*-t;
# without -t each test gets the seconds of its pass in UnixBench's index.
TESTS='dhry2reg|Dhrystone 2 using register variables|dhry2reg @S|S|3|10
whetstone-double|Double-Precision Whetstone|whetstone-double|W|3|10
syscall|System Call Overhead|syscall @S|S|3|10
pipe|Pipe Throughput|pipe @S|S|3|10
context1|Pipe-based Context Switching|context1 @S|S|5|10
spawn|Process Creation|spawn @S|S|3|30
execl|Execl Throughput|execl @S|S|3|30
fstime|File Copy 1024 bufsize 2000 maxblocks|fstime -c -t @S -d @TMP -b 1024 -m 2000|F|3|30
fsbuffer|File Copy 256 bufsize 500 maxblocks|fstime -c -t @S -d @TMP -b 256 -m 500|F|3|30
fsdisk|File Copy 4096 bufsize 8000 maxblocks|fstime -c -t @S -d @TMP -b 4096 -m 8000|F|3|30
shell1|Shell Scripts (1 concurrent)|looper @S @BIN/multi.sh 1|L|5|60
shell8|Shell Scripts (8 concurrent)|looper @S @BIN/multi.sh 8|L|5|60'

pairs=
secs=
settle=30
cc=${CC:-cc}
trees=
only=
runner=0
copies=
pin=
report=
work=
ub_src=
while [ $# -gt 0 ]; do
	case $1 in
	-r | -t | -c | --cc | --tree | --tests | --pin | --settle | -w)
		[ $# -ge 2 ] || die "$1 needs a value"
		case $1 in
		-r) count_arg -r "$2"; pairs=$2 ;;
		-t) count_arg -t "$2"; secs=$2 ;;
		-c) count_arg -c "$2"; copies="$copies $2" ;;
		--cc) cc=$2 ;;
		--tree)
			[ -f "$2/Makefile" ] && [ -d "$2/src/programs" ] ||
				die "--tree $2: not a bytebench checkout"
			trees="$trees
$(cd "$2" && pwd)"
			;;
		--tests) only=$(printf '%s' "$2" | tr ',' ' ') ;;
		--settle)
			case $2 in
			'' | *[!0-9]*) die "--settle needs whole seconds, not '$2'" ;;
			esac
			settle=$2
			;;
		--pin)
			case $2 in
			'' | *[!0-9,-]*) die "--pin needs a CPU list such as 0 or 0-1, not '$2'" ;;
			esac
			pin="taskset -c $2"
			;;
		-w) work=$2 ;;
		esac
		shift 2
		;;
	--runner) runner=1; shift ;;
	--report)
		[ $# -ge 2 ] || die "$1 needs a value"
		[ -f "$2/settings" ] || die "--report $2: no settings file there (not a work folder of this script)"
		report=$(cd "$2" && pwd)
		shift 2
		;;
	-h | --help) sed -n '2,/^top=/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) die "unknown option $1 (-h for the usage)" ;;
	*)
		[ -z "$ub_src" ] || die "one UnixBench tree only"
		ub_src=$1
		shift
		;;
	esac
done
# --report: the tables of an earlier run's work folder, from its runs'
# output, as that run would print them now.
if [ -n "$report" ]; then
	work=$report
	# shellcheck disable=SC1091
	. "$work/settings" || die "--report: cannot read $work/settings"
	ntrees=$(printf '%s\n' "$trees" | wc -l)
	if [ "$runner" = 1 ]; then runner_table; else per_program_table; fi
	exit 0
fi
[ -n "$ub_src" ] || die "usage: fidelity.sh [options] UNIXBENCH (-h for more)"
# The UnixBench tree: its UnixBench/ folder holds Run and src/dhry_1.c.
case $ub_src in
*.tar.gz | *.tgz)
	tar -tzf "$ub_src" 2>/dev/null | grep -q 'UnixBench/src/dhry_1\.c$' ||
		die "$ub_src: not a UnixBench release tarball"
	;;
*)
	for d in "$ub_src" "$ub_src/UnixBench" ""; do
		[ -n "$d" ] || die "$ub_src: no UnixBench tree there (Run and src/dhry_1.c)"
		[ -f "$d/Run" ] && [ -f "$d/src/dhry_1.c" ] && break
	done
	ub_src=$d
	;;
esac
[ -n "$trees" ] || trees=$top
trees=$(printf '%s\n' "$trees" | sed '/^$/d')
ntrees=$(printf '%s\n' "$trees" | wc -l)
[ -n "$copies" ] || copies="1 2"
[ -n "$pairs" ] || { [ $runner = 1 ] && pairs=2 || pairs=5; }
for n in $only; do
	printf '%s\n' "$TESTS" | grep -q "^$n|" ||
		die "--tests: $n is not one of the 12 index tests"
done
command -v "$cc" >/dev/null 2>&1 || die "compiler $cc not found"
command -v make >/dev/null 2>&1 || die "make not found"
[ $runner = 0 ] || command -v perl >/dev/null 2>&1 ||
	die "--runner needs perl for UnixBench's Run"
[ -z "$pin" ] || $pin true 2>/dev/null ||
	die "--pin: '$pin true' fails here (no taskset, or no such CPU)"

# dur KIND: the duration argument of a test; est KIND: the seconds a run
# of it takes, roughly.
dur() {
	case $1 in
	W) echo 10 ;;
	*) [ -n "$secs" ] || { echo "$2"; return; } ;;
	esac
	case $1 in
	L) echo $((secs * 2)) ;;
	*) echo "$secs" ;;
	esac
}
est() {
	case $1 in
	W) echo 11 ;;
	F) echo $(($(dur "$@") + 15)) ;;
	*) dur "$@" ;;
	esac
}
# The estimate: a pass of each test in each copies value of each run
# (with UnixBench's 3 s pause before it), or each run of each pair.
est=0
ncopies=$(echo "$copies" | wc -w)
for row in $(printf '%s\n' "$TESTS" | cut -d'|' -f1,4,6); do
	n=${row%%|*}
	[ -z "$only" ] || case " $only " in *" $n "*) ;; *) continue ;; esac
	k=${row#*|}
	if [ $runner = 1 ]; then
		e=$(secs='' est "${k%|*}" "${row##*|}")
		est=$((est + pairs * (ntrees + 1) * ncopies * (e + 3)))
	else
		est=$((est + pairs * (ntrees + 1) * ($(est "${k%|*}" "${row##*|}") + 1)))
	fi
done
[ $runner = 0 ] || est=$((est + pairs * (ntrees + 1) * settle))

if [ -z "$work" ]; then
	mkdir -p "$top/tmp" || exit 1
	work=$(mktemp -d "$top/tmp/fidelity.XXXXXX") || exit 1
else
	[ ! -e "$work" ] || [ -z "$(ls -A "$work")" ] ||
		die "-w $work: not empty (nothing is overwritten)"
	mkdir -p "$work" || exit 1
	work=$(cd "$work" && pwd)
fi
echo "$me: work folder $work; about $(((est + 90) / 60)) minutes"

# The UnixBench copy: $work/ub is its UnixBench folder.
case $ub_src in
*.tar.gz | *.tgz)
	mkdir "$work/src" && tar -xzf "$ub_src" -C "$work/src" ||
		die "cannot unpack $ub_src"
	d=$(find "$work/src" -path '*UnixBench/src/dhry_1.c' | head -n 1)
	mv "${d%/src/dhry_1.c}" "$work/ub" && rm -rf "$work/src" || exit 1
	;;
*) cp -R "$ub_src" "$work/ub" || die "cannot copy $ub_src" ;;
esac
ub=$work/ub

# bytebench first: its build.info says the flags UnixBench gets.
i=0
opt=
for t in $trees; do
	i=$((i + 1))
	echo "$me: building bytebench $t with $cc"
	if ! make -s -C "$t" CC="$cc" BUILD="$work/b$i/build" \
	    PGMS="$work/b$i/pgms" all >"$work/b$i.build.log" 2>&1; then
		tail -n 20 "$work/b$i.build.log" >&2
		die "building $t failed (log: $work/b$i.build.log)"
	fi
	o=$(sed -n 's/^opt=//p' "$work/b$i/pgms/build.info")
	[ -z "$opt" ] || [ "$o" = "$opt" ] ||
		echo "$me: warning: $t builds with '$o', not '$opt'" >&2
	[ -n "$opt" ] || opt=$o
	mkdir -p "$work/b$i/tmp" "$work/b$i/results"
done
echo "$me: building UnixBench with $cc $opt"
if ! make -C "$ub" clean >/dev/null 2>&1 ||
    ! make -C "$ub" CC="$cc" UB_GCC_OPTIONS="$opt" all \
    >"$work/ub.build.log" 2>&1 || [ ! -x "$ub/pgms/dhry2reg" ]; then
	tail -n 20 "$work/ub.build.log" >&2
	die "building UnixBench failed (log: $work/ub.build.log)"
fi
grep -q -- "$opt" "$work/ub.build.log" ||
	die "UnixBench did not build with '$opt' (log: $work/ub.build.log)"
mkdir -p "$ub/tmp" "$ub/results" "$work/out"

# What --report needs to print this run's tables again.
revs=
for t in $trees; do
	revs="$revs $(git -C "$t" rev-parse --short HEAD 2>/dev/null || echo '?')"
done
setting() { printf "%s='%s'\n" "$1" "$(printf '%s' "$2" | sed "s/'/'\\\\''/g")"; }
{
	setting cc "$cc"; setting opt "$opt"; setting secs "$secs"
	setting pairs "$pairs"; setting runner "$runner"; setting copies "$copies"
	setting only "$only"; setting pin "$pin"; setting trees "$trees"
	setting revs "$revs"; setting settle "$settle"
} >"$work/settings"

if [ $runner = 1 ]; then
	runner_level
	runner_table
else
	per_program
	per_program_table
fi
echo
echo "Every run's output: $work/out"
