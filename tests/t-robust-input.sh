#!/bin/sh
# t-robust-input.sh - the runner against misbehaving input and programs: bad
# input and setups refused before any work (beyond t-run-basic.sh's table),
# limits checked up front with their numbers, tests that crash, hang (with
# grandchildren), print nothing or are missing, planted symbolic links in
# the results and scratch directories, and hostile text in every format.
. "$(dirname "$0")/lib.sh"
# What this script mounts below $scratch goes with it, however it ends.
trap 'for m in $(awk -v s="$scratch/" "index(\$2, s) == 1 { print \$2 }" \
    /proc/mounts 2>/dev/null); do umount "$m"; done; rm -rf "$scratch"' EXIT

fake_bin "robust" dhry2reg syscall pipe context1 spawn execl fstime looper \
    hanoi
printf '* count 1 1 lps 1\n' >"$scratch/good"
export FAKE_SPEC="$scratch/good"

# alive PID: the process exists and is not a zombie.
alive() {
	st=$(ps -o stat= -p "$1" 2>/dev/null) && [ -n "$st" ] &&
	    [ "${st#Z}" = "$st" ]
}

# refused NAME WANT CMD...: CMD (the runner, with UB_RESULTDIR=$res set by
# the caller) exits 2 with one stderr line containing WANT, starts no
# program (the fake logs every start to FAKE_ENVLOG), prints nothing on
# stdout and leaves $res and the scratch directory as they were.
refused() {
	name=$1 want=$2
	shift 2
	before=$(ls -A "$res" 2>/dev/null | wc -l)
	rm -f "$scratch/envlog"
	FAKE_ENVLOG=$scratch/envlog "$@" >"$scratch/stdout" 2>"$scratch/stderr"
	rc=$?
	if [ "$rc" -ne 2 ]; then
		fail "refused: $name" "exit status $rc: $(cat "$scratch/stderr")"
	elif [ "$(wc -l <"$scratch/stderr")" -ne 1 ] ||
	    ! grep -q -- "$want" "$scratch/stderr"; then
		fail "refused: $name" "stderr: $(cat "$scratch/stderr")"
	elif [ -s "$scratch/stdout" ] || [ -e "$scratch/envlog" ]; then
		fail "refused: $name" "something ran or printed"
	elif [ "$(ls -A "$res" 2>/dev/null | wc -l)" -ne "$before" ] ||
	    [ -n "$(ls -A "$scratch/tmp")" ]; then
		fail "refused: $name" "wrote something"
	else
		pass "refused: $name"
	fi
}

# Bad input that t-run-basic.sh's table does not have.
res=$scratch/never
for args in "pipe -i" "pipe --placement" "pipe --duration" "pipe -f" \
    "pipe nosuchgroup" "-c 2 -c 0 pipe" "-c 1x pipe" "-i 99999999999 pipe" \
    "-- -c pipe"; do
	# shellcheck disable=SC2086
	refused "bad input: $args" . env UB_RESULTDIR="$res" "$BYTEBENCH" \
	    $args
done
: >"$scratch/afile"
refused "scratch directory is a file" "scratch directory" \
    env UB_RESULTDIR="$res" UB_TMPDIR="$scratch/afile" "$BYTEBENCH" pipe
refused "results directory below a file" "results directory" \
    env UB_RESULTDIR="$scratch/afile/sub" "$BYTEBENCH" pipe
refused "program directory missing" "program directory" \
    env UB_RESULTDIR="$res" UB_BINDIR="$scratch/nonexistent" \
    "$BYTEBENCH" pipe
refused "empty UB_BINDIR" "UB_BINDIR is empty" \
    env UB_RESULTDIR="$res" UB_BINDIR= "$BYTEBENCH" pipe
long=$scratch/tmp/$(printf '%04000d' 0)
refused "UB_TMPDIR too long" "scratch directory name too long" \
    env UB_RESULTDIR="$res" UB_TMPDIR="$long" "$BYTEBENCH" pipe
for factor in abc 0 -1 0x2 ''; do
	refused "MULTI_SH_WORK_FACTOR='$factor'" "MULTI_SH_WORK_FACTOR" \
	    env UB_RESULTDIR="$res" MULTI_SH_WORK_FACTOR="$factor" \
	    "$BYTEBENCH" pipe
done
refused "a test name with a newline, on one line" "unknown test" \
    env UB_RESULTDIR="$res" "$BYTEBENCH" "$(printf 'pi\npe')"

# A results directory that exists but cannot be written: read-only for
# everyone where root can mount a read-only file system, else mode 555.
res=$scratch/ro
mkdir -p "$res"
if [ "$(id -u)" -eq 0 ]; then
	mount -t tmpfs -o ro,size=64k bbro "$res" 2>/dev/null && ro=mount
else
	chmod 555 "$res" && ro=chmod
fi
if [ -n "${ro:-}" ]; then
	refused "results directory not writable" "not writable" \
	    env UB_RESULTDIR="$res" "$BYTEBENCH" pipe
	[ "$ro" = mount ] && umount "$res"
	chmod 755 "$res"
else
	skip "refused: results directory not writable" \
	    "cannot make a read-only directory here"
fi

# Limits, up front with the numbers: the process limit (root's count is
# checked even though root may exceed it), memory, scratch space.
res=$scratch/never
if command -v prlimit >/dev/null 2>&1; then
	refused "copies beyond RLIMIT_NPROC" \
	    "50 copies do not fit the process limit (room for [0-9]* more" \
	    prlimit --nproc=5 env UB_RESULTDIR="$res" "$BYTEBENCH" -c 50 pipe
else
	skip "refused: copies beyond RLIMIT_NPROC" "prlimit not installed"
fi
mem_kib=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2>/dev/null)
pid_max=$(cat /proc/sys/kernel/pid_max 2>/dev/null)
if [ -n "$mem_kib" ] && [ -n "$pid_max" ] &&
    [ $((mem_kib / 256 + 1000)) -lt $((pid_max - 2000)) ]; then
	refused "copies beyond memory" "copies need at least [0-9]* MiB" \
	    env UB_RESULTDIR="$res" "$BYTEBENCH" -c $((mem_kib / 256 + 1000)) \
	    pipe
else
	skip "refused: copies beyond memory" \
	    "the process limit comes first on this machine"
fi
# A memory cgroup's limit counts, where root can make one (v2 or v1).
cg=
for try in /sys/fs/cgroup:memory.max \
    /sys/fs/cgroup/memory:memory.limit_in_bytes; do
	dir=${try%:*}/bytebench-t.$$
	file=${try#*:}
	{ [ -z "$cg" ] && mkdir "$dir" 2>/dev/null; } || continue
	if [ -f "$dir/$file" ] && echo 67108864 >"$dir/$file" 2>/dev/null; then
		cg=$dir
	else
		rmdir "$dir"
	fi
done
if [ -n "$cg" ]; then
	# shellcheck disable=SC2016
	refused "copies beyond the memory cgroup's limit" \
	    "300 copies need at least 75 MiB of memory (256 KiB each); 64 MiB may be used here" \
	    sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$cg" \
	    env UB_RESULTDIR="$res" "$BYTEBENCH" -c 300 pipe
	rmdir "$cg"
else
	skip "refused: copies beyond the memory cgroup's limit" \
	    "cannot make a memory cgroup here"
fi
mnt=$scratch/small
mkdir -p "$mnt"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=5m bbsmall "$mnt" \
    2>/dev/null; then
	refused "scratch space short for fsdisk" \
	    "fsdisk needs 16000 KiB of scratch space per copy, 16000 KiB for 1 copy, but $mnt has [0-9]* KiB free" \
	    env UB_RESULTDIR="$res" UB_TMPDIR="$mnt" "$BYTEBENCH" -c 1 fsdisk
	refused "scratch space short for two copies" \
	    "8000 KiB for 2 copies" \
	    env UB_RESULTDIR="$res" UB_TMPDIR="$mnt" "$BYTEBENCH" -c 1 -c 2 \
	    pipe fstime
	UB_TMPDIR=$mnt runb "$scratch/res-room" -q -c 1 -i 1 fstime pipe
	check "scratch space enough for one fstime copy: runs" [ "$rc" -eq 0 ]
	umount "$mnt"
else
	skip "scratch space checks" "not root or cannot mount a tmpfs"
fi

# Misbehaving programs: a hang ignoring SIGTERM whose grandchild ignores
# it too (watchdog: SIGTERM, SIGKILL after the grace), a grandchild left
# behind by a program that ended well, nothing printed, a bare non-zero
# exit, a missing program.  The row says what happened, the run goes on.
pids=$scratch/pids
cat >"$scratch/misbehave" <<EOF
pipe:* orphan $pids stubborn
spawn:* orphan $pids count 3 1 lps 1
execl:* exit 0
syscall:* exit 3
* count 1 1 lps 1
EOF
rm "$bin/context1"
FAKE_SPEC=$scratch/misbehave runb "$scratch/res-mis" -c 1 -i 1 \
    --duration 0.1 pipe spawn execl syscall context1 hanoi
ln -s "$FAKE" "$bin/context1"
report=$(ls "$scratch"/res-mis/*-01 2>/dev/null)
[ -n "$report" ] && unwrap "$report" >"$scratch/res-mis.rows" &&
    report=$scratch/res-mis.rows
check "misbehaving: exit status 1" [ "$rc" -eq 1 ]
check "misbehaving: hang ignoring SIGTERM timed out" grep -q \
    '^Pipe Throughput  *timed out lps   (timed out after' "$report"
check "misbehaving: its run went on, ended well" grep -q \
    '^Process Creation  *3\.0 lps' "$report"
check "misbehaving: nothing printed is no result" grep -q \
    '^Execl Throughput  *no result lps   (no COUNT line)$' "$report"
check "misbehaving: non-zero exit is a failure" grep -q \
    '^System Call Overhead  *failed lps' "$report"
check "misbehaving: missing program named in the row" grep -q \
    '^Pipe-based Context Switching  *missing lps   (not built: .*/context1)$' \
    "$report"
check "misbehaving: the last test ran" grep -q \
    '^Recursion Test -- Tower of Hanoi  *1\.0 lps' "$report"
check "misbehaving: index partial" grep -q 'Partial' "$report"
check "misbehaving: two grandchildren were started" \
    [ "$(wc -l <"$pids" 2>/dev/null)" -eq 2 ]
left=
for p in $(cat "$pids" 2>/dev/null); do
	alive "$p" && left="$left $p" && kill -9 "$p"
done
check "misbehaving: no grandchild left (timed out or ended well)" \
    [ -z "$left" ]
check "misbehaving: scratch removed" [ -z "$(ls -A "$scratch/tmp")" ]

# Planted links.  Results: the first names are links to a victim (one
# dangling): the run takes the next free name and never writes through
# them.  UB_OUTPUT_FILE_NAME with a planted link replaces the link.
runb "$scratch/res-name" -q -c 1 -i 1 -f text pipe
base=$(ls "$scratch/res-name" | sed -n 's/-01$//p')
res=$scratch/res-links
mkdir -p "$res"
echo precious >"$scratch/victim"
ln -s "$scratch/victim" "$res/$base-01"
ln -s "$scratch/victim" "$res/$base-02.html"
ln -s "$scratch/victim-new" "$res/$base-03.json"
ln -s "$scratch/victim-new" "$res/fixed.log"
runb "$res" -q -c 1 -i 1 pipe
check "links: results go to the first name with no link" sh -c "
    [ $rc -eq 0 ] && [ -f '$res/$base-04' ] && [ ! -L '$res/$base-04' ] &&
    [ -s '$res/$base-04.json' ] && [ ! -e '$res/$base-01.log' ]"
check "links: the victims untouched, none created" sh -c "
    [ \"\$(cat '$scratch/victim')\" = precious ] &&
    [ ! -e '$scratch/victim-new' ] && [ -L '$res/$base-01' ]"
UB_OUTPUT_FILE_NAME=fixed runb "$res" -q -c 1 -i 1 pipe
check "links: UB_OUTPUT_FILE_NAME replaces a planted .log link" sh -c "
    [ $rc -eq 0 ] && [ -s '$res/fixed.log' ] && [ ! -L '$res/fixed.log' ] &&
    [ ! -e '$scratch/victim-new' ]"

# Scratch: a program leaves a link to a directory of someone else's files
# in its scratch directory; cleaning up removes the link, not the files.
mkdir -p "$scratch/victimdir"
echo precious >"$scratch/victimdir/file"
printf '* link %s count 1 1 lps 1\n' "$scratch/victimdir" >"$scratch/link"
FAKE_SPEC=$scratch/link runb "$scratch/res-scr" -q -c 2 -i 1 pipe
check "links: a link left in scratch is removed, not followed" sh -c "
    [ $rc -eq 0 ] && [ -s '$scratch/victimdir/file' ] &&
    [ -z \"\$(ls -A '$scratch/tmp')\" ]"

# Hostile text from a program (ERROR line and stderr) in every format.
esc=$(printf '\033')
cr=$(printf '\r')
cat >"$scratch/hostile" <<EOF
pipe:* error <script>alert(1)</script> a|b,c "q" \\x ${esc}[31m red${cr}over &amp;
spawn:* skip </td><b>x</b>,"y"|z ${esc}]0;title${cr}
* count 1 1 lps 1
EOF
FAKE_SPEC=$scratch/hostile runb "$scratch/res-host" -c 1 -i 1 \
    -f text,log,json,html,csv,md pipe spawn syscall
r=$(ls "$scratch"/res-host/*-01 2>/dev/null)
check "hostile: run finished (exit 1)" [ "$rc" -eq 1 ]
check "hostile: HTML has no tag from the program" sh -c "
    ! grep -q '<script>\|<b>x\|</td><b>' '$r.html' &&
    grep -q '&lt;script&gt;' '$r.html'"
check "hostile: no control character on the console, in text, HTML, JSON, CSV, md" sh -c "
    ! printf '%s\n' \"\$1\" | grep -q \"[$esc$cr]\" &&
    ! grep -q \"[$esc$cr]\" '$r' '$r.html' '$r.json' '$r.csv' '$r.md'" \
    sh "$out"
unwrap "$r" >"$scratch/res-host.rows"
check "hostile: text row is one row (wrapped within 80 columns)" sh -c "
    [ \$(grep -c '^Pipe Throughput  *failed' '$scratch/res-host.rows') -eq 1 ] &&
    grep '^Pipe Throughput  *failed' '$scratch/res-host.rows' |
    grep -q 'alert(1)' && [ \$(awk 'length > 80' '$r' | wc -l) -eq 0 ]"
if command -v python3 >/dev/null 2>&1; then
	check "hostile: JSON parses, CSV rows have the header's field count" \
	    python3 -c '
import csv, json, sys
json.load(open(sys.argv[1]))
rows = list(csv.reader(open(sys.argv[2], newline="")))
sys.exit(not rows or any(len(x) != len(rows[0]) for x in rows))' \
	    "$r.json" "$r.csv"
else
	skip "hostile: JSON and CSV parse" "python3 not installed"
fi
check "hostile: JSON read back by compare" sh -c \
    "'$BYTEBENCH' compare '$r.json' '$r.json' >/dev/null"

# Test data missing: a test whose input file (named in its arguments, or
# read by its script: multi.sh's sort.src) cannot be read does not run;
# its row says so in place of a number and the run goes on.
mkdir -p "$scratch/nodata"
rm -f "$scratch/envlog"
FAKE_ENVLOG=$scratch/envlog UB_TESTDIR=$scratch/nodata \
    runb "$scratch/resnodata" -q -c 1 -i 1 dc grep C shell1 hanoi
unwrap "$rep" >"$scratch/nodata.rows"
check "no test data: exit status 1" [ "$rc" -eq 1 ]
for t in 'Dc: sqrt(2) to 99 decimal places|dc.dat' \
    'Grep a large file (system.s grep)|large.txt' \
    'C Compiler Throughput|cctest.c' 'Shell Scripts (1 concurrent)|sort.src'; do
	check "no test data: ${t%|*}: not run, its input named" grep -q \
	    "^${t%|*}  *missing lpm  *(cannot read its input $scratch/nodata/${t#*|}" \
	    "$scratch/nodata.rows"
done
check "no test data: none of them started, the run went on" sh -c \
    "[ \$(wc -l <'$scratch/envlog') -eq 1 ] &&
    grep -q '^Recursion Test -- Tower of Hanoi  *1\.0 lps' '$scratch/nodata.rows'"
# An empty input (or a directory in its place) is no better: GNU dc
# would count empty runs.
mkdir -p "$scratch/emptydata/dc.dat"
: >"$scratch/emptydata/large.txt"
UB_TESTDIR=$scratch/emptydata runb "$scratch/resempty" -q -c 1 -i 1 dc grep
unwrap "$rep" >"$scratch/empty.rows"
check "empty test data: dc and grep not run, each input named" sh -c "
    grep -q '^Dc: .*  *missing lpm  *(its input $scratch/emptydata/dc.dat is not a file' '$scratch/empty.rows' &&
    grep -q '^Grep .*  *missing lpm  *(its input $scratch/emptydata/large.txt is empty' '$scratch/empty.rows'"
