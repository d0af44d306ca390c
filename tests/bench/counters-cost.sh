#!/bin/sh
# counters-cost.sh - does collecting the resource counters change the
# numbers?  For each test (default: pipe context1 spawn syscall) it runs
# ROUNDS rounds of one single-copy pass with --counters off, on and all,
# the order rotated each round so drift hits all three alike, and prints
# per test the median score of each setting, the median of the per-round
# ratios on/off and all/off with their range, and the spread of the off
# runs themselves (their max/min) as the noise to judge them by.  Needs
# an idle machine; not part of `make test`.
#
# Usage: tests/bench/counters-cost.sh [-r ROUNDS] [-d SECONDS] [test...]
#   -r ROUNDS   rounds per test (default 8)
#   -d SECONDS  duration of each pass (default 5)
# About ROUNDS x 3 x (SECONDS + 1) s per test: 10 minutes by default.
# The reports are kept in $UB_RESULTDIR (default: a new directory under
# ${TMPDIR:-/tmp}).
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 1
rounds=8
secs=5
while [ $# -gt 0 ]; do
	case $1 in
	-r | -d)
		case ${2:-x} in
		*[!0-9]* | 0 | "")
			echo "counters-cost: $1 needs a whole number" >&2
			exit 2
			;;
		esac
		if [ "$1" = -r ]; then rounds=$2; else secs=$2; fi
		shift 2
		;;
	-*)
		echo "usage: counters-cost.sh [-r ROUNDS] [-d SECONDS]" \
		    "[test...]" >&2
		exit 2
		;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || set -- pipe context1 spawn syscall
bench=$top/pgms/bytebench
if [ ! -x "$bench" ]; then
	echo "counters-cost: $bench not built: run make first" >&2
	exit 2
fi
out=${UB_RESULTDIR:-$(mktemp -d "${TMPDIR:-/tmp}/counters-cost.XXXXXX")} ||
	exit 1
mkdir -p "$out" || exit 1
unset UB_OUTPUT_FILE_NAME

# score DIR: the test's score in the JSON report in DIR.
score() {
	awk '/"score": [0-9]/ { sub(/.*"score": /, ""); sub(/,.*/, "");
	    print; exit }' "$1"/*.json
}

# run TEST LEVEL ROUND: one pass; appends "ROUND LEVEL SCORE" to the data.
run() {
	dir=$out/$1-$2-$3
	UB_RESULTDIR=$dir "$bench" -q -c 1 -i 1 --duration "$secs" -f json \
	    --counters "$2" "$1" >/dev/null 2>&1
	s=$(score "$dir")
	if [ -z "$s" ]; then
		echo "counters-cost: $1 --counters $2 gave no score" >&2
		exit 1
	fi
	echo "$3 $2 $s" >>"$out/$1.data"
}

echo "counters-cost: $rounds rounds of $secs s passes; reports in $out"
printf '%-9s %12s %12s %12s  %-22s %-22s %s\n' test off on all \
    "on/off median [range]" "all/off median [range]" "off max/min"
for t in "$@"; do
	: >"$out/$t.data"
	r=1
	while [ "$r" -le "$rounds" ]; do
		case $((r % 3)) in
		0) order="off on all" ;;
		1) order="on all off" ;;
		*) order="all off on" ;;
		esac
		for level in $order; do
			run "$t" "$level" "$r"
		done
		r=$((r + 1))
	done
	awk -v t="$t" '
	function median(a, n,    i, j, x) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
				x = a[j]; a[j] = a[j - 1]; a[j - 1] = x
			}
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	{ v[$1, $2] = $3; if ($1 > n) n = $1 }
	END {
		for (i = 1; i <= n; i++) {
			off[i] = v[i, "off"]; on[i] = v[i, "on"]
			all[i] = v[i, "all"]
			ron[i] = v[i, "on"] / v[i, "off"]
			rall[i] = v[i, "all"] / v[i, "off"]
		}
		lo = hi = off[1]
		for (i = 1; i <= n; i++) {
			if (off[i] < lo) lo = off[i]
			if (off[i] > hi) hi = off[i]
		}
		mo = median(off, n); mn = median(on, n); ma = median(all, n)
		qon = median(ron, n); qall = median(rall, n)
		printf "%-9s %12.1f %12.1f %12.1f  %.3f [%.3f..%.3f]" \
		    "    %.3f [%.3f..%.3f]     %.3f\n", t, mo, mn, ma, qon,
		    ron[1], ron[n], qall, rall[1], rall[n], hi / lo
	}' "$out/$t.data"
done
echo "A ratio whose range holds 1.000, or whose median is within the off"
echo "runs' own spread (off max/min), is within noise."
