#!/bin/sh
# t-report-fidelity.sh - tests/bench/fidelity.sh --report on a work folder
# made here (no UnixBench needed): the runner-level table's index ratio,
# the ratio's interval with one pair ("-", not a number), and the list of
# whole runs in the order they ran, each with the hypervisor's steal from
# its CPU times before and after ("?" once when they are missing); the
# per-program table's A/A columns (each UnixBench run against its run of
# the pair before) and its verdict ("cannot decide" where UnixBench moves
# against itself more than the tolerance).
. "$(dirname "$0")/lib.sh"

w=$scratch/work
mkdir -p "$w/out"
# settings PAIRS [RUNNER [SECS]]: what fidelity.sh keeps of a run
# (runner-level unless RUNNER is 0; SECS is -t, none by default).
settings() {
	printf "%s='%s'\n" cc cc opt -O2 secs "${3-5}" pairs "$1" runner "${2-1}" \
	    copies ' 1' only '' pin '' trees /nowhere/bytebench \
	    revs ' abc1234' settle 30 >"$w/settings"
}
settings 1
# rows FILE INDEX: a run's rows, one test and the index score.
rows() {
	printf '1|System Call Overhead|%s\n1|Index Score|%s\n' "$2" "$2" >"$w/out/$1"
}
rows rows.ub.1 1000.0
rows rows.b1.1 950.0
# user nice system idle iowait irq softirq steal: 100 of 1000 is steal.
printf '100 0 100 700 0 0 0 100 0 0\n200 0 200 1400 0 0 0 200 0 0\n' \
    >"$w/out/cpu.ub.1"

sh tests/bench/fidelity.sh --report "$w" >"$scratch/one" 2>&1
index=$(grep '^Index Score' "$scratch/one")
check "fidelity --report: the index row says 0.950" \
    sh -c 'printf "%s\n" "$1" | grep -q " 0\.950 "' sh "$index"
check "fidelity --report: one pair has no interval (-)" \
    sh -c 'printf "%s\n" "$1" | grep -q " - " &&
        ! printf "%s\n" "$1" | grep -q 1000000000' sh "$index"
check "fidelity --report: UnixBench's run has 10.0% steal" \
    grep -q '^  pair 1  UnixBench  1000.0 .*steal 10\.0%$' "$scratch/one"
check "fidelity --report: a run without CPU times has steal ? once" \
    grep -q '^  pair 1  bytebench  950.0 .*steal ?$' "$scratch/one"

# Two pairs: the second ran bytebench first.
settings 2
rows rows.ub.2 1000.0
rows rows.b1.2 1040.0
sh tests/bench/fidelity.sh --report "$w" >"$scratch/two" 2>&1
check "fidelity --report: two pairs, the index ratio their median 0.995" \
    grep -q '^Index Score .* 0\.995 ' "$scratch/two"
order=$(sed -n 's/^  pair \([0-9]\)  \([A-Za-z]*\) .*/\1 \2/p' "$scratch/two" |
    tr '\n' ',')
check "fidelity --report: the runs listed in the order they ran" \
    [ "$order" = "1 UnixBench,1 bytebench,2 bytebench,2 UnixBench," ]

# Per program, five pairs, no -t.  dhry2reg: UnixBench steady (A/A 0.990
# to 1.010, +/- 1.2%), bytebench 4% slower: OFF.  syscall: UnixBench moves
# by 25% from one run to the next (A/A +/- 33.1%), bytebench the same
# rates: ratio 1.000, yet the pairs cannot decide 3%.
rm -f "$w/out/"*
settings 5 0 ''
# rates NAME UB... -- BB...: the rates of each pair, and their ratios.
rates() {
	n=$1
	shift
	: >"$w/out/$n.ub"
	while [ "$1" != -- ]; do
		echo "$1" >>"$w/out/$n.ub"
		shift
	done
	shift
	printf '%s\n' "$@" >"$w/out/$n.b1"
	paste "$w/out/$n.b1" "$w/out/$n.ub" |
		awk '{ printf "%.6f\n", $1 / $2 }' >"$w/out/$n.ratio1"
}
rates dhry2reg 100 101 100 101 100 -- 96 97 96 97 96
rates syscall 100 120 90 115 95 -- 100 120 90 115 95
sh tests/bench/fidelity.sh --report "$w" >"$scratch/aa" 2>&1
check "fidelity --report: per program, UnixBench's pass lengths without -t" \
    grep -q "^Per program: 5 pairs of runs, UnixBench's pass lengths" "$scratch/aa"
check "fidelity --report: A/A spread and +/- of a steady UnixBench" \
    grep -q '^dhry2reg .* 0\.990-1\.010 *1\.2%  *3%  OFF$' "$scratch/aa"
check "fidelity --report: A/A wider than the tolerance: cannot decide" \
    grep -q '^syscall .* 1\.000 .* 0\.750-1\.278 *33\.1%  *3%  cannot decide$' \
    "$scratch/aa"
