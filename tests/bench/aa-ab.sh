#!/bin/sh
# aa-ab.sh - does compare's verdict between groups of runs (doc/compare.md)
# hold on this machine?  A/A: 2K whole runs of one build, one after
# another with a settle before each, alternately labelled A and B; compare
# A=... B=... should call (almost) nothing different: each test or index
# score it calls beyond run-to-run noise is a false alarm (expected: about
# 5% of the tests or fewer, no index).  --ab: the same, but every B run is
# pinned to one CPU (taskset -c 0), a known change for runs of 2 copies
# (-c 2): compare must find it every time (the N copies index of B below
# A, beyond noise).  Repeated N times; one line per repetition and the sums.
# Not part of `make test`: K = 3 quick runs a side is about 2 x 3 x 2.5
# minutes per repetition for the index on 2 CPUs; run it on an idle machine.
#
# Usage: tests/bench/aa-ab.sh [-k K] [-n N] [--settle S] [--ab] [RUN-OPTION...]
#   -k K        runs a side (default 3)
#   -n N        repetitions (default 3)
#   --settle S  before each run: sync and S seconds (default 10)
#   --ab        B runs under taskset -c 0 (give -c 2 among the run options)
#   RUN-OPTION  options and tests for ./Run (default: -Q, the quick index)
# The reports are kept in $UB_RESULTDIR (default: a new directory under
# ${TMPDIR:-/tmp}); the table is also written to aa-ab.txt there.
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 1
k=3
n=3
settle=10
ab=0
die() {
	echo "aa-ab: $*" >&2
	exit 2
}
count() {
	case ${2:-x} in
	*[!0-9]* | "") die "$1 needs a whole number, not '${2:-}'" ;;
	esac
}
while [ $# -gt 0 ]; do
	case $1 in
	-k) count -k "${2:-}"; [ "$2" -ge 1 ] || die "-k needs 1 or more"; k=$2; shift 2 ;;
	-n) count -n "${2:-}"; [ "$2" -ge 1 ] || die "-n needs 1 or more"; n=$2; shift 2 ;;
	--settle) count --settle "${2:-}"; settle=$2; shift 2 ;;
	--ab) ab=1; shift ;;
	--) shift; break ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || set -- -Q
command -v python3 >/dev/null 2>&1 || die "needs python3 to read compare's JSON"
[ $ab = 0 ] || command -v taskset >/dev/null 2>&1 || die "--ab needs taskset"
run=$top/Run
bb=$top/pgms/bytebench
[ -x "$bb" ] || die "no runner at $bb: build it first (make)"
dir=${UB_RESULTDIR:-$(mktemp -d "${TMPDIR:-/tmp}/aa-ab.XXXXXX")}
mkdir -p "$dir" || exit 1
echo "aa-ab: $((2 * k * n)) runs of ./Run $*; reports in $dir" >&2

rep=1
while [ "$rep" -le "$n" ]; do
	i=1
	files=
	while [ "$i" -le $((2 * k)) ]; do
		side=A
		pin=
		if [ $((i % 2)) = 0 ]; then
			side=B
			[ $ab = 0 ] || pin="taskset -c 0"
		fi
		out=$dir/rep$rep/$side-$i
		mkdir -p "$out" || exit 1
		sync
		[ "$settle" = 0 ] || sleep "$settle"
		echo "aa-ab: repetition $rep of $n, run $i of $((2 * k)) ($side)" >&2
		# shellcheck disable=SC2086 # pin is a command and its arguments
		UB_RESULTDIR=$out $pin "$run" -qq -f json "$@" >/dev/null ||
		    echo "aa-ab: run $i of repetition $rep failed" >&2
		for f in "$out"/*.json; do
			[ -f "$f" ] && files="$files $side=$f"
		done
		i=$((i + 1))
	done
	# shellcheck disable=SC2086 # one argument per report, no spaces in them
	"$bb" compare $files >"$dir/rep$rep.txt" 2>&1
	# shellcheck disable=SC2086
	"$bb" compare -f json $files >"$dir/rep$rep.json"
	rep=$((rep + 1))
done

python3 - "$dir" "$n" "$ab" <<'EOF' | tee "$dir/aa-ab.txt"
import json, sys

top, n, ab = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
print("%-4s %6s %6s %7s %7s  %s" % ("rep", "tests", "beyond", "indexes",
      "beyond", "index B/A (95% interval)"))
sums = [0, 0, 0, 0]
for rep in range(1, n + 1):
    try:
        doc = json.load(open("%s/rep%d.json" % (top, rep)))
    except (OSError, ValueError):
        print("%-4d (no comparison)" % rep)
        continue
    c = [0, 0, 0, 0]
    said = []
    for table in doc["tables"]:
        if len(table["columns"]) < 2:
            continue
        for row in table["rows"]:
            cell = row["cells"][1]
            if not cell or cell.get("ratio") is None:
                continue
            i = 2 if row["kind"] == "index" else 0
            c[i] += 1
            c[i + 1] += cell.get("noise") == "beyond"
            b = cell.get("between")
            if row["kind"] == "index" and b:
                said.append("%s %.3f (%.3f-%.3f)%s" % (table["copies"],
                    b["ratio"], b["low"], b["high"],
                    "" if b["verdict"] == "within" else " beyond"))
    sums = [s + x for s, x in zip(sums, c)]
    print("%-4d %6d %6d %7d %7d  %s" % (rep, c[0], c[1], c[2], c[3],
          "; ".join(said)))
print("%-4s %6d %6d %7d %7d  %s" % ("all", sums[0], sums[1], sums[2],
      sums[3], "(a known change: every index beyond)" if ab else
      "false alarms: %.1f%% of tests" % (100.0 * sums[1] / max(sums[0], 1))))
EOF
