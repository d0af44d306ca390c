#!/bin/sh
# quick-bias.sh - the per-test bias of quick mode on this machine: for each
# test and copies value, K alternations of a default pass (./Run -i 1: one
# pass of the test's own duration, fstime with its pauses) and a quick run
# (./Run -Q: 5 passes of 1 or 2 s), one right after the other, so that a
# change of the machine reaches both.  For alternation j the ratio is the
# median of the quick passes' rates over the default pass's rate; the
# test's bias is the median of its K ratios.  Prints one line per test
# and copies value (bias, the lowest and highest ratio) and marks those
# beyond 3%.  Not part of `make test`: about 40 minutes for the index at
# one copies value with K = 3 on 2 CPUs.
#
# Usage: tests/bench/quick-bias.sh [-k K] [-c N]... [test ...]
#   -k K    alternations per test (default 3)
#   -c N    a copies value (repeatable; default 1)
#   test    tests to measure (default: the tests of the group "index")
# The reports are kept in $UB_RESULTDIR (default: a new directory under
# ${TMPDIR:-/tmp}); the table is also written to bias.txt there.
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 1
k=3
copies=
while [ $# -gt 0 ]; do
	case $1 in
	-k)
		case ${2:-x} in
		*[!0-9]* | 0 | "")
			echo "quick-bias: -k needs a count" >&2
			exit 2
			;;
		esac
		k=$2
		shift 2
		;;
	-c)
		case ${2:-x} in
		*[!0-9]* | 0 | "")
			echo "quick-bias: -c needs a number of copies" >&2
			exit 2
			;;
		esac
		copies="$copies $2"
		shift 2
		;;
	-*)
		echo "quick-bias: unknown option $1" >&2
		exit 2
		;;
	*)
		break
		;;
	esac
done
copies=${copies:-1}
if ! command -v python3 >/dev/null 2>&1; then
	echo "quick-bias: needs python3 to read the JSON reports" >&2
	exit 2
fi
run=$top/Run
tests=$*
if [ -z "$tests" ]; then
	tests=$("$run" -l | awk '$1 == "index" && NF > 1 {
	    for (i = 2; i <= NF; i++) printf "%s ", $i; exit }')
fi
if [ -z "$tests" ]; then
	echo "quick-bias: no tests (is bytebench built?)" >&2
	exit 2
fi
dir=${UB_RESULTDIR:-$(mktemp -d "${TMPDIR:-/tmp}/quick-bias.XXXXXX")}
mkdir -p "$dir" || exit 1
echo "quick-bias: reports in $dir" >&2

for c in $copies; do
	for t in $tests; do
		j=1
		while [ "$j" -le "$k" ]; do
			echo "quick-bias: $c x $t, alternation $j of $k" >&2
			UB_RESULTDIR=$dir/default-$c-$t-$j "$run" -qq -i 1 \
			    -c "$c" -f json "$t" || echo "quick-bias: default" \
			    "run of $t failed" >&2
			UB_RESULTDIR=$dir/quick-$c-$t-$j "$run" -qq -Q \
			    -c "$c" -f json "$t" || echo "quick-bias: quick" \
			    "run of $t failed" >&2
			j=$((j + 1))
		done
	done
done

python3 - "$dir" "$k" "$copies" "$tests" <<'EOF' | tee "$dir/bias.txt"
import glob, json, statistics, sys

top, k, copies, tests = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), \
    sys.argv[4].split()

def rates(kind, c, t, j):
    files = glob.glob("%s/%s-%s-%s-%d/*.json" % (top, kind, c, t, j))
    if not files:
        return []
    rep = json.load(open(files[0]))
    out = []
    for run in rep.get("runs", []):
        for test in run.get("tests", []):
            if test.get("name") == t:
                out += [p["rate"] for p in test.get("passes", [])
                        if p.get("outcome") == "ok" and p.get("rate")]
    return out

print("%6s  %-18s %3s  %7s  %7s  %7s" % ("copies", "test", "k", "bias",
      "lowest", "highest"))
for c in copies:
    for t in tests:
        ratios = []
        for j in range(1, k + 1):
            d, q = rates("default", c, t, j), rates("quick", c, t, j)
            if d and q:
                ratios.append(statistics.median(q) / statistics.median(d))
        if not ratios:
            print("%6s  %-18s %3d  (no ratio: a run failed)" % (c, t, 0))
            continue
        b = statistics.median(ratios)
        print("%6s  %-18s %3d  %7.3f  %7.3f  %7.3f%s" % (c, t, len(ratios),
              b, min(ratios), max(ratios),
              "  beyond 3%" if abs(b - 1) > 0.03 else ""))
EOF
