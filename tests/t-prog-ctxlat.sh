#!/bin/sh
# t-prog-ctxlat.sh - ctxlat: positive, ordered min <= avg <= max for each
# configuration, one valid COUNT line, placement really applied (the CPUs
# read back with sched_getcpu), no process left behind, bad arguments exit 2.
. "$(dirname "$0")/lib.sh"

# A private copy under a unique name, so that its processes (the pair's
# partner and the extras are forks of it) can be counted by name.
name=ctxlat-t$$
prog=$scratch/$name
cp "$top/$PGMS/ctxlat" "$prog" || exit 1
chmod 755 "$scratch"

# Processes named $name: all of them, or those not yet exited (zombies of
# a killed parent wait for whoever inherits them).
procs() { ps -A -o stat= -o comm= | awk -v n="$name" '$2 == n' | wc -l; }
live() {
	ps -A -o stat= -o comm= | awk -v n="$name" '$2 == n && $1 !~ /^Z/' |
	    wc -l
}
# spinning: how many of them are runnable now (the extras spin only in the
# loaded half of a run).
spinning() {
	ps -A -o stat= -o comm= | awk -v n="$name" '$2 == n && $1 ~ /^R/' |
	    wc -l
}

# info KEY: the value of INFO|KEY|value in $scratch/out.
info() { sed -n "s/^INFO|$1|//p" "$scratch/out"; }

# run ARGS...: runs the copy; stdout in $scratch/out, stderr in
# $scratch/err, exit status in $rc.
run() {
	"$prog" "$@" >"$scratch/out" 2>"$scratch/err"
	rc=$?
}

# ordered KEY...: each KEY.min/avg/max positive and ordered; prints why not.
ordered() {
	for k in "$@"; do
		awk -v k="$k" -v a="$(info "$k.min")" -v b="$(info "$k.avg")" \
		    -v c="$(info "$k.max")" 'BEGIN {
			if (a == "" || b == "" || c == "" || !(a + 0 > 0) ||
			    !(a + 0 <= b + 0) || !(b + 0 <= c + 0)) {
				printf "%s: %s %s %s\n", k, a, b, c
				exit 1
			}
		}' || return 1
	done
}

# pinned KEY CPU0 CPU1: the configuration ran on exactly those CPUs.
ran_on() {
	for k in proc thread proc.k thread.k; do
		[ "$(info "$k.cpus")" = "$1 $2" ] || {
			echo "$k.cpus: $(info "$k.cpus"), wanted $1 $2"
			return 1
		}
	done
}

bad=
for args in "" "1 2" "0" "-1" "abc" "-k 0 1" "-k x 1" "-k 1025 1" "-k" \
    "-r 0 1" "-r 1.5 1" "-p nowhere 1" "-p same 1" "-z 1"; do
	# shellcheck disable=SC2086
	"$prog" $args >/dev/null 2>&1
	[ $? -eq 2 ] || bad="$bad [$args]"
done
if [ -z "$bad" ]; then
	pass "ctxlat: bad arguments exit 2"
else
	fail "ctxlat: bad arguments exit 2" "not 2:$bad"
fi
if "$prog" -h 2>/dev/null | grep -q '^usage: ctxlat '; then
	pass "ctxlat: -h prints usage on stdout"
else
	fail "ctxlat: -h prints usage on stdout" "no usage line"
fi

# The default placement (same CPU) in a short run.
run -k 4 -r 3 1
count=$(grep -c '^COUNT|' "$scratch/out")
if [ "$rc" -ne 0 ]; then
	fail "ctxlat: short run" "exit $rc: $(cat "$scratch/out" "$scratch/err")"
elif [ "$count" -ne 1 ]; then
	fail "ctxlat: one COUNT line" "$count COUNT lines"
elif ! grep -Eq '^COUNT\|[0-9]+\.[0-9]+\|0\|us$' "$scratch/out"; then
	fail "ctxlat: one COUNT line" "$(grep '^COUNT|' "$scratch/out")"
elif ! awk -v c="$(sed -n 's/^COUNT|\([^|]*\)|.*/\1/p' "$scratch/out")" \
    -v a="$(info proc.avg)" 'BEGIN { d = c - a
	exit !(c > 0 && d < 0.001 && d > -0.001) }'; then
	fail "ctxlat: COUNT is proc.avg" "$(grep -e '^COUNT' -e avg "$scratch/out")"
else
	pass "ctxlat: one COUNT line, us per switch of the process pair"
	why=$(ordered proc thread proc.k thread.k) &&
	    pass "ctxlat: min <= avg <= max, positive, in all four" ||
	    fail "ctxlat: min <= avg <= max, positive, in all four" "$why"
	if [ -n "$(info per_proc.proc)" ] &&
	    [ -n "$(info per_proc.thread)" ] && [ "$(info extras)" = 4 ] &&
	    grep -q '^TIME|' "$scratch/out"; then
		pass "ctxlat: per-process slopes, extras and TIME reported"
	else
		fail "ctxlat: per-process slopes, extras and TIME reported" \
		    "$(cat "$scratch/out")"
	fi
	cpu=$(info placement | sed -n 's/^same-cpu cpu \([0-9][0-9]*\)$/\1/p')
	if [ -z "$cpu" ]; then
		fail "ctxlat: same-cpu pinned" "placement: $(info placement)"
	else
		why=$(ran_on "$cpu" "$cpu") &&
		    pass "ctxlat: same-cpu pinned, both sides on cpu $cpu" ||
		    fail "ctxlat: same-cpu pinned" "$why"
	fi
	if info priority | grep -Eq \
	    '^SCHED_FIFO ([0-9]+|not permitted \(.*\):) .*\(pair\), nice -?[0-9]+ \(extras\)$'; then
		pass "ctxlat: priority recorded: $(info priority)"
	else
		fail "ctxlat: priority recorded" "$(info priority)"
	fi
	if grep -q '^     proc thread  proc thread  proc thread$' \
	    "$scratch/err" && [ "$(grep -Ec '^(min|avg|max)  ' \
	    "$scratch/err")" -eq 3 ]; then
		pass "ctxlat: 1998 table on stderr"
	else
		fail "ctxlat: 1998 table on stderr" "$(cat "$scratch/err")"
	fi
fi
n=$(procs)
[ "$n" -eq 0 ] && pass "ctxlat: nothing left after a run" ||
    fail "ctxlat: nothing left after a run" "$n processes named $name"

ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
if [ "$ncpu" -lt 2 ]; then
	skip "ctxlat: cross-cpu" "one CPU"
else
	run -p cross-cpu -k 2 -r 2 0.4
	set -- $(info placement | sed -n 's/^cross-cpu cpus \([0-9]*\) \([0-9]*\)$/\1 \2/p')
	if [ "$rc" -ne 0 ]; then
		fail "ctxlat: cross-cpu" "exit $rc: $(cat "$scratch/err")"
	elif [ $# -ne 2 ] || [ "$1" = "$2" ]; then
		fail "ctxlat: cross-cpu" "placement: $(info placement)"
	else
		why=$(ran_on "$1" "$2") &&
		    pass "ctxlat: cross-cpu, sides on cpus $1 and $2" ||
		    fail "ctxlat: cross-cpu" "$why"
	fi
fi

if ! command -v taskset >/dev/null 2>&1 || [ "$ncpu" -lt 2 ]; then
	skip "ctxlat: placement within the affinity mask" "no taskset or one CPU"
else
	last=$((ncpu - 1))
	taskset -c "$last" "$prog" -k 2 -r 2 0.2 >"$scratch/out" 2>&1
	if [ $? -eq 0 ] && [ "$(info placement)" = "same-cpu cpu $last" ] &&
	    why=$(ran_on "$last" "$last"); then
		pass "ctxlat: same-cpu follows the affinity mask (cpu $last)"
	else
		fail "ctxlat: same-cpu follows the affinity mask" \
		    "$(cat "$scratch/out")"
	fi
	taskset -c 0 "$prog" -p cross-cpu 0.2 >"$scratch/out" 2>&1
	rc=$?
	[ "$rc" -eq 77 ] && pass "ctxlat: cross-cpu on one CPU exits 77" ||
	    fail "ctxlat: cross-cpu on one CPU exits 77" "exit $rc"
fi

run -p unpinned -k 2 -r 2 0.2
if [ "$rc" -eq 0 ] && [ "$(info placement)" = unpinned ] &&
    why=$(ordered proc thread proc.k thread.k); then
	pass "ctxlat: unpinned"
else
	fail "ctxlat: unpinned" "exit $rc: $why $(cat "$scratch/err")"
fi

# Interrupted in the w/K half (seconds 3 to 6), found by its four extras
# running rather than by a sleep, which a loaded machine can outlast:
# exit 1, all reaped.
"$prog" -k 4 -r 2 6 >"$scratch/out" 2>"$scratch/err" &
pid=$!
tries=0
while [ "$(spinning)" -lt 4 ] && [ "$tries" -lt 100 ]; do
	sleep 0.1
	tries=$((tries + 1))
done
before=$(live)
kill -INT "$pid"
wait "$pid"
rc=$?
n=$(procs)
if [ "$before" -lt 5 ]; then
	fail "ctxlat: SIGINT" "only $before processes while running"
elif [ "$rc" -ne 1 ] || ! grep -q '^ERROR|interrupted$' "$scratch/out"; then
	fail "ctxlat: SIGINT" "exit $rc: $(cat "$scratch/out")"
elif [ "$n" -ne 0 ]; then
	fail "ctxlat: SIGINT" "$n processes left of $before"
else
	pass "ctxlat: SIGINT mid-run stops and reaps all $before processes"
fi

# Killed outright: the extras notice their parent is gone and exit.
"$prog" -k 4 -r 2 3 >/dev/null 2>&1 &
pid=$!
sleep 2
kill -KILL "$pid"
wait "$pid" 2>/dev/null
tries=0
while [ "$(live)" -ne 0 ] && [ "$tries" -lt 30 ]; do
	sleep 0.1
	tries=$((tries + 1))
done
n=$(live)
[ "$n" -eq 0 ] && pass "ctxlat: SIGKILL leaves no running process" ||
    fail "ctxlat: SIGKILL leaves no running process" "$n still running"

# Without the right to real-time priority: said so, extras at nice 19.
if [ "$(id -u)" -ne 0 ] || ! command -v setpriv >/dev/null 2>&1; then
	skip "ctxlat: fallback priority" "needs root and setpriv"
else
	setpriv --reuid=65534 --regid=65534 --clear-groups "$prog" -k 2 -r 2 \
	    0.2 >"$scratch/out" 2>"$scratch/err"
	rc=$?
	if [ "$rc" -eq 0 ] && info priority | grep -q \
	    '^SCHED_FIFO not permitted (.*): nice -\{0,1\}[0-9]* (pair), nice 19 (extras)$'; then
		pass "ctxlat: fallback priority without permission"
	else
		fail "ctxlat: fallback priority without permission" \
		    "exit $rc: $(info priority) $(cat "$scratch/err")"
	fi
fi
