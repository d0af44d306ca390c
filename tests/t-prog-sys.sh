#!/bin/sh
# t-prog-sys.sh - the system programs beyond the smoke run: usage and
# bad arguments, fstime's scratch files (normal end, interrupt, file size
# limit, full disk), context1's placement read back, looper's failures and
# stop rule, multi.sh's failures and clean-up, and the workload data.
. "$(dirname "$0")/lib.sh"

bin=$top/$PGMS
export UB_TESTDIR="$top/testdir"
unset UB_TMPDIR BENCH_READY_FD BENCH_START_FD BENCH_COPY BENCH_COPIES

# run PROG ARGS...: stdout in $scratch/out, stderr in $scratch/err, $rc.
run() {
	prog=$1
	shift
	"$bin/$prog" "$@" >"$scratch/out" 2>"$scratch/err" </dev/null
	rc=$?
}

# field KEY: the value of INFO|KEY|value in the last output.
info() { sed -n "s/^INFO|$1|//p" "$scratch/out"; }

# A fresh empty directory for one case.
newdir() {
	d=$(mktemp -d "$scratch/d.XXXXXX") || exit 1
	printf '%s\n' "$d"
}

# -h: usage on stdout, exit 0 (every program's command line is the
# harness's, src/lib/args.c).
for prog in pipe spawn syscall context1 fstime looper hanoi execl \
    whetstone-double arithoh double dhry2reg dhry2 ctxlat; do
	run "$prog" -h
	if [ "$rc" -eq 0 ] && grep -q "^usage: $prog " "$scratch/out"; then
		pass "$prog -h"
	else
		fail "$prog -h" "exit $rc: $(cat "$scratch/out")"
	fi
done

# Bad arguments: exit 2 with a usage line on stderr, for each case.
# Each case is one line: program, then its arguments.
bad=
while read -r prog args; do
	# shellcheck disable=SC2086
	run "$prog" $args
	if [ "$rc" -ne 2 ] || ! grep -q "^usage: $prog " "$scratch/err"; then
		bad="$bad [$prog $args: $rc]"
	fi
done <<'EOF'
pipe
pipe x
pipe 0
pipe -1
pipe 1 2
spawn
spawn 1x
syscall
syscall x mix
syscall 1 mi
syscall 1 mixx
syscall 1 mix extra
syscall -z 1
context1
context1 -p 1
context1 -p nowhere 1
context1 -p same 1
context1 1 2
context1 nan
fstime
fstime -t 1 -d /tmp -b 1024 -m 10
fstime -w -r -t 1 -d /tmp -b 1024 -m 10
fstime -w -t 0 -d /tmp -b 1024 -m 10
fstime -w -t 1 -b 1024 -m 10
fstime -w -t 1 -d /tmp -b 0 -m 10
fstime -w -t 1 -d /tmp -b 1024 -m abc
fstime -w -t 1 -d /tmp -b 4096 -m 2
fstime -w -t 1 -d /tmp -b 1024 -m 10 -p -1
fstime -w -t 1 -d /tmp -b 1024 -m 10 extra
looper
looper 1
looper x true
looper 0 true
looper -x 1 true
hanoi
hanoi 1 2
hanoi -p same-cpu 1
execl
execl 0
execl -n 1 1
execl -t 1 1
execl -n x -t 1 1
execl 1 2
whetstone-double
whetstone-double 1x
arithoh
arithoh -1
double 1 2
dhry2reg
dhry2reg 0
dhry2 x
EOF
if [ -z "$bad" ]; then
	pass "bad arguments: exit 2 and a usage line"
else
	fail "bad arguments: exit 2 and a usage line" "$bad"
fi

# fstime: no file left in its directory after a normal run.
d=$(newdir)
run fstime -w -t 1 -d "$d" -b 1024 -m 200 -p 0
if [ "$rc" -eq 0 ] && [ -z "$(ls -A "$d")" ]; then
	pass "fstime: nothing left after a run"
else
	fail "fstime: nothing left after a run" "exit $rc, left: $(ls -A "$d")"
fi

# ... nor after SIGINT or SIGTERM in the middle of a phase.  A background
# job of a non-interactive shell ignores SIGINT, so timeout sends it.
d=$(newdir)
timeout --preserve-status -s INT 0.5 "$bin/fstime" -w -t 3 -d "$d" \
    -b 1024 -m 200 -p 0 >/dev/null 2>&1
rc=$?
if [ "$rc" -eq 0 ]; then
	skip "fstime: nothing left after SIGINT" "SIGINT is ignored here"
elif [ -z "$(ls -A "$d")" ]; then
	pass "fstime: nothing left after SIGINT"
else
	fail "fstime: nothing left after SIGINT" "left: $(ls -A "$d")"
fi
d=$(newdir)
"$bin/fstime" -r -t 3 -d "$d" -b 1024 -m 200 -p 0 >/dev/null 2>&1 &
pid=$!
sleep 0.5
kill -TERM "$pid"
wait "$pid"
rc=$?
if [ "$rc" -ne 0 ] && [ -z "$(ls -A "$d")" ]; then
	pass "fstime: nothing left after SIGTERM"
else
	fail "fstime: nothing left after SIGTERM" \
	    "exit $rc, left: $(ls -A "$d")"
fi

# While it runs, its two files have names in its directory (as
# UnixBench's do; doc/fidelity.md, "File copies with the files kept by
# name"), and SIGHUP or SIGPIPE removes them as SIGTERM does.
for sig in HUP PIPE; do
	d=$(newdir)
	"$bin/fstime" -w -t 3 -d "$d" -b 1024 -m 200 -p 0 >/dev/null 2>&1 &
	pid=$!
	sleep 0.5
	named=$(ls -A "$d" | grep -c '^fstime\.')
	kill -"$sig" "$pid"
	wait "$pid"
	rc=$?
	if [ "$rc" -eq 0 ] && [ "$named" -eq 2 ]; then
		skip "fstime: named while running, nothing left after SIG$sig" \
		    "SIG$sig is ignored here"
	elif [ "$named" -eq 2 ] && [ "$rc" -ne 0 ] && [ -z "$(ls -A "$d")" ]; then
		pass "fstime: named while running, nothing left after SIG$sig"
	else
		fail "fstime: named while running, nothing left after SIG$sig" \
		    "named files $named, exit $rc, left: $(ls -A "$d")"
	fi
done

# fstime_limited NAME: checks the last run hit a limit the right way.
fstime_limited() {
	if [ "$rc" -eq 1 ] && grep -q '^ERROR|' "$scratch/out" &&
	    ! grep -q '^COUNT|' "$scratch/out" && [ -z "$(ls -A "$d")" ]; then
		pass "$1"
	else
		fail "$1" "exit $rc: $(cat "$scratch/out"), left: $(ls -A "$d")"
	fi
}

# A file size limit (64 blocks of 512 bytes): EFBIG, not a killing SIGXFSZ.
d=$(newdir)
(ulimit -f 64 && exec "$bin/fstime" -w -t 1 -d "$d" -b 1024 -m 2000 -p 0) \
    >"$scratch/out" 2>"$scratch/err"
rc=$?
fstime_limited "fstime: file size limit gives ERROR, exit 1, no file"

# A full file system: a 256 KiB tmpfs, where root may mount one.
d=$(newdir)
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=256k bbtest "$d" \
    2>/dev/null; then
	run fstime -c -t 1 -d "$d" -b 1024 -m 2000 -p 0
	fstime_limited "fstime: full disk gives ERROR, exit 1, no file"
	umount "$d"
else
	skip "fstime: full disk gives ERROR, exit 1, no file" \
	    "cannot mount a small tmpfs here"
fi

# cpus TEXT PREFIX: "P C" when TEXT is "PREFIXparent=P child=C".
cpus() {
	printf '%s\n' "$1" |
	    sed -n "s/^$2parent=\\([0-9]*\\) child=\\([0-9]*\\)\$/\\1 \\2/p"
}

# placed MODE NAME SAME: runs context1 -p MODE and checks that the pair
# ran where it was pinned, on one CPU (SAME = yes) or two (SAME = no).
placed() {
	run context1 -p "$1" 1
	p=$(cpus "$(info placement)" "$1 ")
	r=$(cpus "$(info ran_on)" "")
	same=no
	[ "${p% *}" = "${p#* }" ] && same=yes
	if [ "$rc" -eq 77 ]; then
		skip "$2" "$(head -n 1 "$scratch/err")"
	elif [ "$rc" -eq 0 ] && [ -n "$p" ] && [ "$p" = "$r" ] &&
	    [ "$same" = "$3" ]; then
		pass "$2"
	else
		why="exit $rc: placement '$(info placement)'"
		fail "$2" "$why, ran on '$(info ran_on)'"
	fi
}

# context1: the placement asked for is the one the processes ran on.
placed same-cpu "context1: same-cpu pins both to one CPU" yes
first=${p% *}
placed cross-cpu "context1: cross-cpu pins to two CPUs" no

# The second copy of a pass goes to another CPU when there are two.
if [ "$rc" -eq 0 ]; then
	BENCH_COPY=1 BENCH_COPIES=2 run context1 -p same-cpu 0.2
	p=$(info placement | sed -n 's/^same-cpu parent=\([0-9]*\) .*/\1/p')
	if [ "$rc" -eq 0 ] && [ -n "$p" ] && [ "$p" != "$first" ]; then
		pass "context1: copies spread over CPUs"
	else
		fail "context1: copies spread over CPUs" \
		    "exit $rc: copy 0 on $first, copy 1: $(info placement)"
	fi
fi

# Pinning that cannot be applied is a skip, said on stderr and in INFO.
if command -v taskset >/dev/null 2>&1 && taskset -c 0 true 2>/dev/null; then
	taskset -c 0 "$bin/context1" -p cross-cpu 1 >"$scratch/out" \
	    2>"$scratch/err"
	rc=$?
	if [ "$rc" -eq 77 ] && [ -s "$scratch/err" ] &&
	    info placement | grep -q unavailable; then
		pass "context1: cross-cpu on one CPU exits 77"
	else
		fail "context1: cross-cpu on one CPU exits 77" \
		    "exit $rc: $(cat "$scratch/out")"
	fi
else
	skip "context1: cross-cpu on one CPU exits 77" "no taskset"
fi

# looper: a failing run is an error, a missing command a skip.
run looper 1 false
if [ "$rc" -eq 1 ] && grep -q '^ERROR|' "$scratch/out" &&
    ! grep -q '^COUNT|' "$scratch/out"; then
	pass "looper: failing command gives ERROR, exit 1"
else
	fail "looper: failing command gives ERROR, exit 1" \
	    "exit $rc: $(cat "$scratch/out")"
fi
run looper 1 sh -c 'kill -KILL $$'
if [ "$rc" -eq 1 ] && grep -q '^ERROR|.*signal 9' "$scratch/out"; then
	pass "looper: killed command gives ERROR, exit 1"
else
	fail "looper: killed command gives ERROR, exit 1" \
	    "exit $rc: $(cat "$scratch/out")"
fi
run looper 1 no-such-command-bytebench
if [ "$rc" -eq 77 ] && grep -q 'not found' "$scratch/err"; then
	pass "looper: missing command exits 77"
else
	fail "looper: missing command exits 77" \
	    "exit $rc: $(cat "$scratch/err")"
fi

# The workload's stdout never reaches looper's stdout.
run looper 0.3 echo 'COUNT|999|1|x'
if [ "$rc" -eq 0 ] && [ "$(grep -c '^COUNT|' "$scratch/out")" -eq 1 ] &&
    grep -q '^COUNT|[0-9]*|60|lpm$' "$scratch/out" &&
    grep -q '^COUNT|999|1|x$' "$scratch/err"; then
	pass "looper: workload output goes to stderr"
else
	fail "looper: workload output goes to stderr" "$(cat "$scratch/out")"
fi

# A run still going when time is up is waited for but not counted, and
# the interval ends when time was up: one run of 1.5 s in a 1 s test.
# (The clock starts just after the alarm is armed, so a loaded machine
# reads a hair under 1 s: 0.999975 in CI's clang step.)
marks=$scratch/marks
run looper 1 sh -c "echo start >>'$marks' && sleep 1.5 && echo end >>'$marks'"
count=$(sed -n 's/^COUNT|\([0-9]*\)|.*/\1/p' "$scratch/out")
time=$(sed -n 's/^TIME|//p' "$scratch/out")
if [ "$rc" -eq 0 ] && [ "$count" = 0 ] &&
    [ "$(grep -c start "$marks")" -eq 1 ] &&
    [ "$(grep -c end "$marks")" -eq 1 ] &&
    awk -v t="$time" 'BEGIN { exit !(t >= 0.9 && t < 1.45) }'; then
	pass "looper: the run in flight at the end is waited for, not counted"
else
	fail "looper: the run in flight at the end is waited for, not counted" \
	    "exit $rc, count $count, time $time, marks $(cat "$marks")"
fi

# multi.sh: bad arguments, a failing copy, and no file left behind.
bad=
for args in "" 0 -1 x 1x; do
	# shellcheck disable=SC2086
	"$bin/multi.sh" $args >/dev/null 2>&1
	[ $? -eq 2 ] || bad="$bad [$args]"
done
MULTI_SH_WORK_FACTOR=x "$bin/multi.sh" 1 >/dev/null 2>&1
[ $? -eq 2 ] || bad="$bad [factor x]"
if [ -z "$bad" ]; then
	pass "multi.sh: bad arguments exit 2"
else
	fail "multi.sh: bad arguments exit 2" "not 2:$bad"
fi
UB_TMPDIR=$scratch/missing "$bin/multi.sh" 2 >/dev/null 2>&1
rc1=$?
UB_TESTDIR=$scratch/missing "$bin/multi.sh" 1 >/dev/null 2>&1
rc2=$?
if [ "$rc1" -ne 0 ] && [ "$rc2" -ne 0 ]; then
	pass "multi.sh: a failing copy fails the run"
else
	fail "multi.sh: a failing copy fails the run" "exits $rc1 $rc2"
fi
d=$(newdir)
UB_TMPDIR=$d "$bin/multi.sh" 3 >/dev/null 2>&1
rc1=$?
UB_TMPDIR=$d MULTI_SH_WORK_FACTOR=3 "$bin/multi.sh" 2 >/dev/null 2>&1
rc2=$?
t=$(newdir)
TMPDIR=$t "$bin/multi.sh" 2 >/dev/null 2>&1
rc3=$?
if [ "$rc1$rc2$rc3" = 000 ] && [ -z "$(ls -A "$d")" ] &&
    [ -z "$(ls -A "$t")" ]; then
	pass "multi.sh: copies run and leave nothing behind"
else
	fail "multi.sh: copies run and leave nothing behind" \
	    "exits $rc1 $rc2 $rc3, left: $(ls -A "$d" "$t")"
fi

# The workload data.
if command -v dc >/dev/null 2>&1; then
	out=$(dc "$top/testdir/dc.dat" 2>&1 | tr -d '\\\n')
	case $out in
	1.41421356237309504880168872420969807856967187537694807317667973799*)
		pass "dc.dat: dc prints sqrt(2) and exits" ;;
	*) fail "dc.dat: dc prints sqrt(2) and exits" "got '$out'" ;;
	esac
else
	skip "dc.dat: dc prints sqrt(2) and exits" "no dc"
fi
lines=$(wc -l <"$top/testdir/large.txt")
hits=$(grep -c gimp "$top/testdir/large.txt")
if [ "$lines" -eq 10000 ] && [ "$hits" -eq 1000 ]; then
	pass "large.txt: 10000 lines, 1000 with gimp"
else
	fail "large.txt: 10000 lines, 1000 with gimp" "$lines lines, $hits hits"
fi
if (cd "$scratch" && ${CC:-cc} -c -o cctest.o "$top/testdir/cctest.c") \
    >"$scratch/err" 2>&1 && [ ! -s "$scratch/err" ]; then
	pass "cctest.c: compiles without a message"
else
	fail "cctest.c: compiles without a message" \
	    "$(head -n 3 "$scratch/err")"
fi
size=$(wc -c <"$top/testdir/sort.src")
if [ "$size" -gt 8000 ] && [ "$size" -lt 9000 ] &&
    grep -q the "$top/testdir/sort.src"; then
	pass "sort.src: about 8.5 KB with lines for grep"
else
	fail "sort.src: about 8.5 KB with lines for grep" "$size bytes"
fi
