#!/bin/sh
# t-robust-passes.sh - passes that would give wrong numbers or leave
# processes behind: a program without the start barrier and without a
# TIME line (timed from its fork), a copy stopped during its pass (the
# pass is not a measurement: the test fails and says so), a grandchild
# that leaves the pass's process group with setsid (killed at the end of
# the pass on Linux, where the runner is a child subreaper).
. "$(dirname "$0")/lib.sh"

fake_bin "hostile passes" pipe spawn

# rate REPORT TITLE: the number on TITLE's row of the text report.
rate() {
	sed -n "s/^$2  *\\([0-9.]*\\) lps.*/\\1/p" "$1"
}

# 5. No barrier, no TIME line: 10 loops in about 1 s is about 10 lps.
printf 'pipe:* sleep 1000 count 10 1 lps\n* count 1 1 lps 1\n' \
    >"$scratch/nobarrier"
FAKE_NO_BARRIER=1 FAKE_SPEC=$scratch/nobarrier runb "$scratch/res5" -q \
    -c 1 -i 1 pipe
r=$(rate "$rep" "Pipe Throughput")
check "no barrier: timed from the fork (about 10 lps, not 10 / 0 s)" \
    awk -v r="$r" 'BEGIN { exit !(r != "" && r > 4 && r <= 10.01) }'
check "no barrier: the log's time is the sleep" grep -q \
    'time 1\.[0-9]* s' "$rep.log"

# 6. A copy stopped (SIGSTOP) for a second during its pass.
printf 'pipe:* sleep 1500 count 10 1 lps\n* count 1 1 lps 1\n' \
    >"$scratch/slow"
rm -f "$scratch/envlog"
FAKE_ENVLOG=$scratch/envlog FAKE_SPEC=$scratch/slow \
    UB_RESULTDIR=$scratch/res6 "$BYTEBENCH" -q -c 1 -i 1 pipe spawn \
    >"$scratch/out6" 2>&1 &
runner=$!
wait_for "$scratch/envlog"
sleep 0.3
copy=$(sed -n 's/.* pgid=\([0-9]*\)$/\1/p' "$scratch/envlog" | head -n 1)
kill -STOP "$copy"
sleep 1
kill -CONT "$copy"
reap_bg "$runner" "$scratch/res6"
check "stopped: exit status 1" [ "$rc" -eq 1 ]
check "stopped: the test is marked, with why" grep -q \
    '^Pipe Throughput  *failed lps  *(stopped for [0-9.]* s' "$rep"
check "stopped: the run went on" grep -q '^Process Creation  *1\.0 lps' \
    "$rep"

# 7. The runner stopped with its copy (kill -STOP runner, SIGTSTP to the
# copy), the copy continued first: the runner never sees it stopped, only
# continued (still running when the runner goes on) or not at all (ended
# by then).  Either way the pass is no measurement; nor is it when the
# runner alone was stopped (Ctrl-Z): it could not watch or time its copy.
for when in running:0.5:stopped ended:1.5:the.runner.was.stopped \
    alone:0.5:the.runner.was.stopped; do
	why=${when##*:}
	stop=${when#*:}
	stop=${stop%:*}
	when=${when%%:*}
	rm -f "$scratch/envlog"
	FAKE_ENVLOG=$scratch/envlog FAKE_SPEC=$scratch/slow \
	    UB_RESULTDIR=$scratch/res7$when "$BYTEBENCH" -q -c 1 -i 1 pipe \
	    spawn >"$scratch/out7" 2>&1 &
	runner=$!
	wait_for "$scratch/envlog"
	sleep 0.3
	copy=$(sed -n 's/.* pgid=\([0-9]*\)$/\1/p' "$scratch/envlog" | head -n 1)
	kill -STOP "$runner"
	[ "$when" = alone ] || kill -TSTP "$copy"
	sleep "$stop"
	[ "$when" = alone ] || kill -CONT "$copy"
	[ "$when" = ended ] && sleep 1
	kill -CONT "$runner"
	reap_bg "$runner" "$scratch/res7$when"
	check "runner stopped too, copy $when: exit status 1" [ "$rc" -eq 1 ]
	check "runner stopped too, copy $when: the test is marked" sh -c \
	    "tr -s '\n ' '  ' <'$rep' | grep -q 'Pipe Throughput *failed lps *($why during the pass'"
done

# 8. A grandchild in a session of its own.
pids=$scratch/pids
printf 'pipe:* detach %s count 1 1 lps 1\n* count 1 1 lps 1\n' "$pids" \
    >"$scratch/detach"
FAKE_SPEC=$scratch/detach runb "$scratch/res8" -q -c 2 -i 1 pipe
if [ "$(uname -s)" != Linux ] || foreign "$BYTEBENCH"; then
	if foreign "$BYTEBENCH"; then
		skip "setsid grandchild" "built for another machine: qemu-user refuses PR_SET_CHILD_SUBREAPER (EINVAL)"
	else
		skip "setsid grandchild" "caught on Linux only (a child subreaper)"
	fi
	for p in $(cat "$pids" 2>/dev/null); do kill -9 "$p"; done
	exit 0
fi
left=
for p in $(cat "$pids" 2>/dev/null); do
	running "$p" && left="$left $p" && kill -9 "$p"
done
check "setsid grandchild: two were started" \
    [ "$(wc -l <"$pids" 2>/dev/null)" -eq 2 ]
check "setsid grandchild: none left after the run" [ -z "$left" ]
check "setsid grandchild: the run ended well" [ "$rc" -eq 0 ]
