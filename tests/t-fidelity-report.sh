#!/bin/sh
# t-fidelity-report.sh - tests/bench/fidelity.sh --report on a work folder
# made here (no UnixBench needed): the runner-level table's index ratio,
# the ratio's interval with one pair ("-", not a number), and the list of
# whole runs in the order they ran, each with the hypervisor's steal from
# its CPU times before and after ("?" once when they are missing).
. "$(dirname "$0")/lib.sh"

w=$scratch/work
mkdir -p "$w/out"
# settings PAIRS: what fidelity.sh keeps of a runner-level run.
settings() {
	printf "%s='%s'\n" cc cc opt -O2 secs 5 pairs "$1" runner 1 \
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
