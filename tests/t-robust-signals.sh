#!/bin/sh
# t-robust-signals.sh - SIGINT, SIGTERM, SIGHUP and every other signal
# whose default action ends a process (SIGQUIT, SIGUSR1, SIGXCPU, ...)
# during a pass, and a double Ctrl-C: the runner stops every copy and
# grandchild (checked by process group), removes its scratch files and
# claims, writes the partial report (marked interrupted) and JSON that
# parses, and exits 128 + signal.
. "$(dirname "$0")/lib.sh"

if [ ! -x "$FAKE" ] || [ ! -x "$BYTEBENCH" ]; then
	skip "signals" "$FAKE or $BYTEBENCH not built"
	exit 0
fi
if ! command -v ps >/dev/null 2>&1; then
	skip "signals" "ps not installed"
	exit 0
fi

bin=$scratch/bin
mkdir -p "$bin" "$scratch/tmp"
for p in pipe spawn syscall; do
	ln -s "$FAKE" "$bin/$p"
done
unset LC_ALL UB_OUTPUT_FILE_NAME UB_OUTPUT_CSV UB_TESTDIR
export UB_BINDIR="$bin" UB_TMPDIR="$scratch/tmp"
# The signals the runner gets are not ignored, even under nohup.
dflt=
env --default-signal true 2>/dev/null && dflt=--default-signal

# lines FILE: the number of lines in FILE (0 when it does not exist).
lines() {
	if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi
}

# start NAME HANG: starts a run in the background (pid in $runner; its
# exit status goes to $d/rc when it ends) whose pipe test has two copies
# that each fork a grandchild and then do HANG (hang, or stubborn: SIGTERM
# ignored); returns when all four are up.
start() {
	d=$scratch/$1
	mkdir -p "$d"
	printf 'pipe:* orphan %s %s\n* count 1 1 lps 1\n' "$d/pids" "$2" \
	    >"$d/spec"
	(
		FAKE_SPEC=$d/spec FAKE_ENVLOG=$d/envlog UB_RESULTDIR=$d/res \
		    env $dflt sh -c 'echo $$ >"$0" && exec "$@"' "$d/pid" \
		    "$BYTEBENCH" -q -c 2 ${mode:--i 1} -f text,json spawn pipe \
		    syscall \
		    >"$d/out" 2>&1
		echo $? >"$d/rc"
	) &
	waiter=$!
	n=0
	while [ "$(lines "$d/pids")" -lt 2 ] && [ $n -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	runner=$(cat "$d/pid")
	sleep 0.2
}

# left NAME: prints the processes still in the run's process groups.
left() {
	groups=$(sed -n 's/.* pgid=\([0-9]*\)$/\1/p' "$scratch/$1/envlog" |
	    sort -u | tr '\n' ' ')
	ps -e -o pgid=,pid=,stat=,args= | awk -v g=" $groups" '
	    index(g, " " $1 " ") && $3 !~ /^Z/ { print }'
	for p in $(cat "$scratch/$1/pids"); do
		running "$p" && echo "grandchild $p"
	done
}

# finish NAME SIGNAL WANT: waits for the runner, then checks its exit
# status, processes, scratch, report and JSON.
finish() {
	wait "$waiter"
	d=$scratch/$1
	rc=$(cat "$d/rc")
	check "$1: exit status $3" [ "$rc" -eq "$3" ]
	check "$1: the pass had started" [ "$(lines "$d/pids")" -eq 2 ]
	rest=$(left "$1")
	if [ -n "$rest" ]; then
		fail "$1: no process of the run left" "$rest"
		for p in $(printf '%s\n' "$rest" | awk '{ print $2 }'); do
			kill -9 "$p" 2>/dev/null
		done
	else
		pass "$1: no process of the run left"
	fi
	check "$1: scratch removed" [ -z "$(ls -A "$scratch/tmp")" ]
	report=$(ls "$d"/res/*-01 2>/dev/null)
	# In quick mode's rounds every test has begun: none has all its passes.
	if [ -n "$mode" ]; then
		check "$1: report of tests begun, marked interrupted" sh -c "
		    grep -q '^Process Creation  *interrupted' '$report' &&
		    grep -q '^Pipe Throughput  *interrupted' '$report' &&
		    grep -q '^System Call Overhead  *interrupted' '$report' &&
		    grep -q '^Interrupted by signal $2' '$report'"
	else check "$1: partial report, marked interrupted" sh -c "
	    grep -q '^Process Creation  *2\.0 lps' '$report' &&
	    grep -q '^Pipe Throughput  *interrupted' '$report' &&
	    grep -q '^Interrupted by signal $2' '$report' &&
	    ! grep -q '^System Call' '$report'"
	fi
	check "$1: JSON marked interrupted" grep -q '"interrupted": *true' \
	    "$report.json"
	jsons="$jsons $1=$report.json"
	check "$1: JSON read back by compare" sh -c \
	    "'$BYTEBENCH' compare '$report.json' '$report.json' >/dev/null"
}

jsons=
for sg in INT TERM HUP QUIT USR1 USR2 ALRM VTALRM PROF XCPU IO PWR; do
	num=$(signum "$sg")
	[ -n "$num" ] || continue
	start "SIG$sg" hang
	kill -s "$sg" "$runner"
	finish "SIG$sg" "$num" $((128 + num))
	left=$(claims "$d/res")
	check "SIG$sg: no claim left" [ -z "$left" ]
done
# A real-time signal, where there are some (the first ones may be the C
# library's own).
# qemu-user gives the program other numbers for them than the shell's.
if foreign "$BYTEBENCH"; then
	skip SIGRTMIN5 "built for another machine: qemu-user maps real-time signals to other numbers"
elif num=$(signum RTMIN+5) && [ -n "$num" ]; then
	start SIGRTMIN5 hang
	kill -"$num" "$runner"
	finish SIGRTMIN5 "$num" $((128 + num))
fi

# Quick mode, in rounds: stopped in the first round.
mode=-Q
start quick hang
kill -s INT "$runner"
finish quick 2 130
mode=

# Double Ctrl-C: the copies ignore SIGTERM, so the first SIGINT leaves the
# runner waiting out its 2 s grace; the second kills them at once.
start double stubborn
kill -s INT "$runner"
sleep 0.3
check "double: still in the grace after one SIGINT" [ ! -e "$d/rc" ]
kill -s INT "$runner"
n=0
while [ ! -e "$d/rc" ] && [ $n -lt 10 ]; do
	sleep 0.1
	n=$((n + 1))
done
check "double: the second SIGINT ends the run at once (< 1 s)" \
    [ -e "$d/rc" ]
finish double 2 130

# nohup: a run started with SIGHUP ignored keeps going through a hangup.
if env --ignore-signal=HUP true 2>/dev/null; then
	d=$scratch/nohup
	mkdir -p "$d"
	printf 'pipe:* sleep 1000 count 7 1 lps 1\n* count 1 1 lps 1\n' \
	    >"$d/spec"
	FAKE_SPEC=$d/spec UB_RESULTDIR=$d/res env --ignore-signal=HUP \
	    "$BYTEBENCH" -q -c 1 -i 1 -f text pipe >/dev/null 2>&1 &
	runner=$!
	sleep 0.5
	kill -s HUP "$runner"
	wait "$runner"
	rc=$?
	check "nohup: an ignored SIGHUP stays ignored, the run completes" \
	    sh -c "[ $rc -eq 0 ] && grep -q '^Pipe Throughput  *7\.0 lps' $d/res/*-01"
else
	skip "nohup" "env --ignore-signal not supported"
fi

# Every JSON parses with a reader of another maker, where there is one.
if command -v python3 >/dev/null 2>&1; then
	# shellcheck disable=SC2086
	python3 - $jsons <<'EOF'
import json, sys
for arg in sys.argv[1:]:
    name, path = arg.split("=", 1)
    try:
        json.load(open(path))
        print("PASS: %s: JSON parses (python3)" % name)
    except Exception as e:
        print("FAIL: %s: JSON parses (python3): %s" % (name, e))
EOF
else
	skip "signals: JSON parses (python3)" "python3 not installed"
fi
