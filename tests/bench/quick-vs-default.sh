#!/bin/sh
# quick-vs-default.sh - runs the default index and the quick index on this
# machine (./Run, then ./Run --quick, with the same extra arguments, e.g.
# -c 1) and prints both index scores with their 95% intervals, whether the
# default score lies within the quick run's interval, both wall times and
# the ratios.  Not part of `make test`: a default run takes about half an
# hour per copies value.
#
# Usage: tests/bench/quick-vs-default.sh [--default REPORT] [--quick-runs N]
#            [Run arguments...]
#   --default REPORT  compare with this earlier default report (text)
#                     instead of running one; its wall time is the sum of
#                     its "Benchmark Run" blocks
#   --quick-runs N    N quick runs one after another (default 1), each
#                     compared with the default run
# The reports are kept in $UB_RESULTDIR (default: a new directory under
# ${TMPDIR:-/tmp}).
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 1
given=
nquick=1
while [ $# -gt 0 ]; do
	case $1 in
	--default)
		[ $# -ge 2 ] && [ -s "$2" ] || {
			echo "quick-vs-default: --default needs a report" >&2
			exit 2
		}
		given=$2
		shift 2
		;;
	--quick-runs)
		case ${2:-x} in
		*[!0-9]* | 0 | "")
			echo "quick-vs-default: --quick-runs needs a count" >&2
			exit 2
			;;
		esac
		nquick=$2
		shift 2
		;;
	*) break ;;
	esac
done
out=${UB_RESULTDIR:-$(mktemp -d "${TMPDIR:-/tmp}/quick-vs-default.XXXXXX")} ||
	exit 1
mkdir -p "$out" || exit 1
export UB_RESULTDIR="$out"
unset UB_OUTPUT_FILE_NAME

# run NAME ARGS...: one run into $out/NAME, its wall seconds in $secs.
run() {
	name=$1
	shift
	start=$(date +%s)
	UB_OUTPUT_FILE_NAME=$name "$top/Run" -q "$@"
	status=$?
	secs=$(($(date +%s) - start))
	if [ ! -s "$out/$name" ]; then
		echo "quick-vs-default: $name run wrote no report" >&2
		exit 1
	fi
	[ "$status" -eq 0 ] ||
	    echo "quick-vs-default: $name run: some test failed" >&2
}

# scores FILE: "copies score low high" per block (low high "-" unknown).
scores() {
	awk '
	/running [0-9]+ parallel cop/ {
		for (i = 1; i <= NF; i++)
			if ($i == "running") copies = $(i + 1)
	}
	/^System Benchmarks Index Score/ {
		if (score != "") print copies, score, "-", "-"
		score = $NF
		next
	}
	score != "" && /95% interval:/ {
		print copies, score, $(NF - 2), $NF
		score = ""
		next
	}
	score != "" { print copies, score, "-", "-"; score = "" }
	END { if (score != "") print copies, score, "-", "-" }' "$1"
}

# block_seconds FILE: the seconds of the report's "Benchmark Run: DAY MON
# DD YYYY HH:MM:SS - HH:MM:SS" blocks, added up (a block past midnight
# counts a day less).
block_seconds() {
	awk '/^Benchmark Run: / {
		split($7, a, ":"); split($9, b, ":")
		s = (b[1] * 3600 + b[2] * 60 + b[3]) - \
		    (a[1] * 3600 + a[2] * 60 + a[3])
		sum += s < 0 ? s + 86400 : s
	}
	END { print sum + 0 }' "$1"
}

# mmss SECONDS
mmss() {
	printf '%d:%02d' $(($1 / 60)) $(($1 % 60))
}

# Build first so that no timing includes it.
make -C "$top" -s >/dev/null || exit 1
if [ -n "$given" ]; then
	cp "$given" "$out/default" || exit 1
	tdef=$(block_seconds "$out/default")
	dsay="$given, its blocks"
else
	run default "$@"
	tdef=$secs
	dsay="$out/default"
fi
scores "$out/default" >"$out/default.scores"
k=1
while [ "$k" -le "$nquick" ]; do
	run "quick$k" --quick "$@"
	eval "tq$k=\$secs"
	scores "$out/quick$k" >"$out/quick$k.scores"
	k=$((k + 1))
done

echo "load at the end: $(uptime | sed 's/.*load average/load average/')"
echo "default: $dsay"
echo "quick: $out/quick1 ... quick$nquick"
echo
printf '%-6s %-7s %-28s %-28s %-7s %s\n' run copies \
    "default (95% interval)" "quick (95% interval)" "q/d" \
    "default within quick's interval"
k=1
while [ "$k" -le "$nquick" ]; do
	paste -d ' ' "$out/default.scores" "$out/quick$k.scores" |
	    awk -v run="quick$k" '
	{
		within = ($7 == "-") ? "unknown" : \
		    (($2 + 0 >= $7 + 0 && $2 + 0 <= $8 + 0) ? "yes" : "no")
		printf "%-6s %-7s %-28s %-28s %-7.4f %s\n", run, $1,
		    sprintf("%s (%s to %s)", $2, $3, $4),
		    sprintf("%s (%s to %s)", $6, $7, $8), $6 / $2, within
	}'
	k=$((k + 1))
done
echo
k=1
while [ "$k" -le "$nquick" ]; do
	eval "tq=\$tq$k"
	awk -v d="$tdef" -v q="$tq" -v k="$k" -v dm="$(mmss "$tdef")" \
	    -v qm="$(mmss "$tq")" 'BEGIN {
		printf "wall time: default %s, quick%d %s, ratio %.3f " \
		    "(quick %.1f times faster)\n", dm, k, qm, q / d, d / q
	}'
	k=$((k + 1))
done
