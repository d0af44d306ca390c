# fidelity-runner.sh - the --runner mode of fidelity.sh, which sources it:
# whole index runs of UnixBench's ./Run and of bytebench's runner, in
# alternating pairs (runner_level), and their table (runner_table: each
# test's result and the index scores, then each run with its steal).  It
# uses fidelity.sh's settings ($work, $trees, $pairs, $copies, $only,
# $pin, $settle, $ub, $me) and its shared functions (fail, heading, row,
# tree_label); it does nothing when sourced.

# index_rows REPORT: "copies|title|result" for every index row, and
# "copies|Index Score|score" for each copies block of a text report.
index_rows() {
	awk '/running [0-9]+ parallel cop/ {
		for (i = 1; i <= NF; i++) if ($i == "running") c = $(i + 1)
	    }
	    /^System Benchmarks (Index Values|Partial Index)/ { on = 1; next }
	    /^System Benchmarks Index Score/ { print c "|Index Score|" $NF; on = 0; next }
	    on && NF >= 4 && $NF ~ /^[0-9.]+$/ && $(NF - 1) ~ /^[0-9.]+$/ {
		t = $0; sub(/ +[0-9.]+ +[0-9.]+ +[0-9.]+ *$/, "", t)
		print c "|" t "|" $(NF - 1)
	    }' "$1"
}

# cpu_times: the machine's CPU times, the first line of /proc/stat without
# its name (user nice system idle iowait irq softirq steal ...); nothing
# where there is no /proc/stat.
cpu_times() {
	[ ! -r /proc/stat ] || sed -n '1s/^cpu  *//p' /proc/stat
}

# before_run NAME, after_run NAME: around one whole run: sync and $settle
# seconds of idle before it; the CPU times before and after it in
# $work/out/cpu.NAME (for its steal, run_list).
before_run() {
	sync
	[ "$settle" = 0 ] || sleep "$settle"
	cpu_times >"$work/out/cpu.$1"
}
after_run() {
	cpu_times >>"$work/out/cpu.$1"
}

# steal FILE: the share of the machine's CPU time that the hypervisor took
# (steal) between the two lines of FILE (cpu_times), as "4.2%"; "?" when
# FILE has no two lines.
steal() {
	if [ ! -f "$1" ]; then
		printf '?'
		return
	fi
	awk 'NR == 1 { for (i = 1; i <= 8; i++) a[i] = $i }
	    NR == 2 { for (i = 1; i <= 8; i++) t += $i - a[i]; s = $8 - a[8] }
	    END { if (NR == 2 && t > 0) printf "%.1f%%", 100 * s / t; else printf "?" }' "$1"
}

# run_list: each whole run's index scores and steal, in the order they ran.
run_list() {
	echo
	echo "Each run, in order: its index scores (copies: $(printf '%s' "$copies" |
	    sed 's/^ *//; s/ /, /g')) and the share of the machine's CPU"
	echo "time that the hypervisor took over the run (steal):"
	i=1
	bb=
	for _ in $trees; do
		bb="$bb b$i"
		i=$((i + 1))
	done
	p=1
	while [ $p -le "$pairs" ]; do
		# Odd pairs ran UnixBench first (runner_level).
		if [ $((p % 2)) = 1 ]; then names="ub$bb"; else names="$bb ub"; fi
		for r in $names; do
			[ -f "$work/out/rows.$r.$p" ] || continue
			case $r in
			ub) label=UnixBench ;;
			*) label=$(tree_label "${r#b}") ;;
			esac
			printf '  pair %-2s %-10s %-22s steal %s\n' "$p" "$label" \
			    "$(grep -F '|Index Score|' "$work/out/rows.$r.$p" |
			        cut -d'|' -f3 | tr '\n' ' ')" \
			    "$(steal "$work/out/cpu.$r.$p")"
		done
		p=$((p + 1))
	done
}

# run_ub PAIR, run_bb PAIR: one run of each runner, its index rows (see
# index_rows) in $work/out/rows.ub.PAIR or rows.bI.PAIR.
run_ub() {
	echo "$me: pair $1: UnixBench ./Run$cargs -i 1 $what" >&2
	before_run "ub.$1"
	# shellcheck disable=SC2086
	(cd "$ub" && UB_RESULTDIR=$ub/results $pin ./Run $cargs -i 1 $what) \
	    </dev/null >"$work/out/run.ub.$1" 2>&1
	after_run "ub.$1"
	index_rows "$work/out/run.ub.$1" >"$work/out/rows.ub.$1"
	[ -s "$work/out/rows.ub.$1" ] ||
		fail "UnixBench's Run gave no index (see $work/out/run.ub.$1)"
}
run_bb() {
	i=1
	for t in $trees; do
		echo "$me: pair $1: bytebench$cargs -i 1 $what ($t)" >&2
		before_run "b$i.$1"
		# shellcheck disable=SC2086
		(UB_BINDIR=$work/b$i/pgms UB_TMPDIR=$work/b$i/tmp \
		    UB_TESTDIR=$t/testdir UB_RESULTDIR=$work/b$i/results \
		    UB_OUTPUT_FILE_NAME=run.$1 $pin "$work/b$i/pgms/bytebench" \
		    -q -f text $cargs -i 1 $what) </dev/null \
		    >"$work/out/run.b$i.$1.console" 2>&1
		after_run "b$i.$1"
		index_rows "$work/b$i/results/run.$1" >"$work/out/rows.b$i.$1"
		[ -s "$work/out/rows.b$i.$1" ] ||
			fail "bytebench gave no index (see $work/out/run.b$i.$1.console)"
		i=$((i + 1))
	done
}

runner_level() {
	cargs=
	for c in $copies; do cargs="$cargs -c $c"; done
	what=${only:-index}
	p=1
	while [ $p -le "$pairs" ]; do
		# Odd pairs start with UnixBench, even ones with bytebench.
		if [ $((p % 2)) = 1 ]; then
			run_ub $p && run_bb $p
		else
			run_bb $p && run_ub $p
		fi
		p=$((p + 1))
	done
}

runner_table() {
	cargs=
	for c in $copies; do cargs="$cargs -c $c"; done
	what=${only:-index}
	heading "Runner level: $pairs alternating pairs of ./Run$cargs -i 1 $what"
	for c in $copies; do
		echo
		echo "$c cop$([ "$c" = 1 ] && echo y || echo ies):"
		row 40 test
		grep "^$c|" "$work/out/rows.ub.1" | cut -d'|' -f2 | while read -r title; do
			tol=3
			case $title in
			Pipe-based* | Shell*) tol=5 ;;
			esac
			i=1
			for _ in $trees; do
				: >"$work/out/u" && : >"$work/out/b" && : >"$work/out/q"
				p=1
				while [ $p -le "$pairs" ]; do
					u=$(grep -F "$c|$title|" "$work/out/rows.ub.$p" | cut -d'|' -f3)
					b=$(grep -F "$c|$title|" "$work/out/rows.b$i.$p" | cut -d'|' -f3)
					if [ -n "$u" ] && [ -n "$b" ]; then
						echo "$u" >>"$work/out/u"
						echo "$b" >>"$work/out/b"
						awk -v b="$b" -v u="$u" 'BEGIN { printf "%.6f\n", b / u }' >>"$work/out/q"
					fi
					p=$((p + 1))
				done
				if [ -s "$work/out/q" ]; then
					row 40 "$title" "$(tree_label $i)" "$work/out/u" \
					    "$work/out/b" "$work/out/q" "$tol"
				else
					printf '%-40s %-9s missing\n' "$title" "$(tree_label $i)"
				fi
				i=$((i + 1))
			done
		done
	done
	run_list
}
