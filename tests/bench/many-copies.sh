#!/bin/sh
# many-copies.sh - what the runner itself costs with many copies: for each
# N (default 256 and 512) it runs ROUNDS runs of one test with -c N
# against the fake program (each copy prints its result at once and
# exits, so nearly all the time is the runner's), and prints per N the
# median of: the run's wall time; the wall time outside the passes (the
# run's, less each pass's longest copy); the CPU seconds of the runner
# itself (the run's and its children's, from GNU time, less what the
# copies used, from the JSON's counters); and the same per copy started.
# Needs `make check-build` (the fake), GNU time and python3; not part of
# `make test`, and it asserts nothing.
#
# Usage: tests/bench/many-copies.sh [-r ROUNDS] [-i PASSES] [N...]
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 1
rounds=3
passes=3
while getopts r:i: opt; do
	case $opt in
	r) rounds=$OPTARG ;;
	i) passes=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
for v in "$rounds" "$passes"; do
	case $v in
	*[!0-9]* | 0* | "")
		echo "many-copies: -r and -i need whole numbers from 1" >&2
		exit 2
		;;
	esac
done
[ $# -gt 0 ] || set -- 256 512
fake=$top/${BUILD:-build}/tests/fake
runner=$top/${PGMS:-pgms}/bytebench
if [ ! -x "$fake" ] || [ ! -x "$runner" ]; then
	echo "many-copies: build first (make check-build)" >&2
	exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/many-copies.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" "$work/tmp"
ln -s "$fake" "$work/bin/pipe"
echo '* count 1 1 lps 1' >"$work/spec"
export FAKE_SPEC="$work/spec" UB_BINDIR="$work/bin" UB_TMPDIR="$work/tmp" \
    UB_SETTLE=0

printf '%6s %8s %10s %10s %12s %10s\n' copies wall_s outside_s \
    runner_cpu cpu_ms/copy rounds
for n in "$@"; do
	r=1
	while [ "$r" -le "$rounds" ]; do
		out=$work/res-$n-$r
		/usr/bin/time -f '%e %U %S' -o "$out.time" "$runner" -q \
		    -i "$passes" --duration 1 --no-warnings --counters on \
		    -c "$n" --json "$out.json" pipe >/dev/null 2>"$out.err" ||
		    { cat "$out.err" >&2; exit 1; }
		r=$((r + 1))
	done
	python3 - "$work" "$n" "$rounds" <<'EOF'
import json, statistics, sys
work, n, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
walls, outside, cpu, per = [], [], [], []
for r in range(1, rounds + 1):
    base = "%s/res-%d-%d" % (work, n, r)
    wall, user, sys_ = map(float, open(base + ".time").read().split()[-3:])
    report = json.load(open(base + ".json"))
    passes_wall = copies_cpu = started = 0.0
    for block in report["runs"]:
        for test in block["tests"]:
            for p in test["passes"]:
                copies = p.get("copies") or []
                started += len(copies)
                passes_wall += max((c["wall_s"] for c in copies), default=0)
                for c in copies:
                    k = c.get("counters") or {}
                    copies_cpu += k.get("user_s", 0) + k.get("system_s", 0)
    walls.append(wall)
    outside.append(wall - passes_wall)
    cpu.append(user + sys_ - copies_cpu)
    per.append(1000 * (user + sys_ - copies_cpu) / max(started, 1))
m = statistics.median
print("%6d %8.2f %10.2f %10.2f %12.3f %10d" %
      (n, m(walls), m(outside), m(cpu), m(per), rounds))
EOF
done
