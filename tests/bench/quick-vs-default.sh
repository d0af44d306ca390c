#!/bin/sh
# quick-vs-default.sh - runs the default index and the quick index on this
# machine (./Run, then ./Run --quick, with the same extra arguments, e.g.
# -c 1) and prints both index scores with their 95% intervals, both wall
# times and the ratios.  Not part of `make test`: a default run takes about
# half an hour per copies value.  Usage: tests/bench/quick-vs-default.sh
# [Run arguments...]; the reports are kept in $UB_RESULTDIR (default: a new
# directory under ${TMPDIR:-/tmp}).
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 1
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

# Build first so that neither timing includes it.
make -C "$top" -s >/dev/null || exit 1
run default "$@"
tdef=$secs
run quick --quick "$@"
tq=$secs

echo "load at the end: $(uptime | sed 's/.*load average/load average/')"
echo "reports: $out/default, $out/quick"
echo
scores "$out/default" >"$out/default.scores"
scores "$out/quick" >"$out/quick.scores"
printf '%-7s %-28s %-28s %-8s %s\n' copies "default (95% interval)" \
    "quick (95% interval)" "q/d" "default within quick's interval"
paste -d ' ' "$out/default.scores" "$out/quick.scores" | awk '
{
	within = ($7 == "-") ? "unknown" : \
	    (($2 + 0 >= $7 + 0 && $2 + 0 <= $8 + 0) ? "yes" : "no")
	printf "%-7s %-28s %-28s %-8.4f %s\n", $1,
	    sprintf("%s (%s to %s)", $2, $3, $4),
	    sprintf("%s (%s to %s)", $6, $7, $8), $6 / $2, within
}'
echo
awk -v d="$tdef" -v q="$tq" 'BEGIN {
	printf "wall time: default %d:%02d, quick %d:%02d, ratio %.3f " \
	    "(quick %.1f times faster)\n", d / 60, d % 60, q / 60, q % 60,
	    q / d, d / q
}'
