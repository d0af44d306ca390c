# lib.sh - sourced by every tests/t-*.sh script.  Each check prints one line
# "PASS: name", "FAIL: name: why" or "SKIP: name: why"; tests/run.sh counts them.
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
BUILD=${BUILD:-build}
PGMS=${PGMS:-pgms}
FAKE=$top/$BUILD/tests/fake
BYTEBENCH=$top/$PGMS/bytebench

pass() { printf 'PASS: %s\n' "$1"; }
fail() { printf 'FAIL: %s: %s\n' "$1" "$2"; }
skip() { printf 'SKIP: %s: %s\n' "$1" "$2"; }

# check NAME COMMAND...: passes when COMMAND exits 0.
check() {
	name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name" "command failed: $*"; fi
}

# foreign FILE: true when FILE is a program for another machine than this
# shell's (its ELF class, byte order or machine differ from /bin/sh's), as
# in a cross build run under qemu-user through binfmt_misc.
elf_id() { { od -An -tx1 -j4 -N2 "$1" && od -An -tx1 -j18 -N2 "$1"; } 2>/dev/null; }
foreign() { [ "$(elf_id "$1")" != "$(elf_id /bin/sh)" ]; }

# sanitized: true in `make sanitize`'s build (ASan's start-up costs every
# process thousands of page faults and milliseconds of CPU).
sanitized() { grep -qx 'kind=sanitize' "$top/$PGMS/build.info" 2>/dev/null; }

# claims DIR: the claims in DIR (files holding a run's mark).
claims() {
	grep -l -x 'bytebench: in use by a run in progress' "$1"/* 2>/dev/null
}

# A private scratch directory, removed when the script exits.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/bytebench-t.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT

# fake_bin NAME PROGRAM...: the end-to-end set-up.  Skips the script (as
# NAME) unless the fake program and the runner are built; then makes $bin,
# a program directory whose PROGRAMs are links to the fake, and
# $scratch/tmp, and points the runner at them and at the tree's test data
# with a clean environment (the runner's own default, testdir/ beside its
# directory, is the tree's only when PGMS is pgms).
fake_bin() {
	if [ ! -x "$FAKE" ] || [ ! -x "$BYTEBENCH" ]; then
		skip "$1" "$FAKE or $BYTEBENCH not built"
		exit 0
	fi
	shift
	bin=$scratch/bin
	mkdir -p "$bin" "$scratch/tmp"
	for p in "$@"; do
		ln -s "$FAKE" "$bin/$p"
	done
	unset LC_ALL UB_OUTPUT_FILE_NAME UB_OUTPUT_CSV UB_RESULTDIR
	export UB_BINDIR="$bin" UB_TMPDIR="$scratch/tmp" UB_TESTDIR="$top/testdir"
}

# runb RESULTDIR ARGS...: runs the runner with its results in RESULTDIR;
# sets rc, out (its stdout), err (its stderr) and rep (the first report).
runb() {
	UB_RESULTDIR=$1
	export UB_RESULTDIR
	shift
	"$BYTEBENCH" "$@" >"$scratch/stdout" 2>"$scratch/stderr"
	rc=$?
	out=$(cat "$scratch/stdout")
	err=$(cat "$scratch/stderr")
	rep=$(ls "$UB_RESULTDIR"/*-01 2>/dev/null)
}

# results_line FILE: the Results line of FILE (a run's stderr) as one
# line, its paths joined again where they went on one a line.
results_line() {
	awk '/^Results:/ { p = 1; printf "%s", $0; next }
	    p && /^         [^ ]/ { sub(/^ +/, " "); printf "%s", $0; next }
	    p { exit } END { print "" }' "$1"
}

# signum NAME: the number of signal NAME on this system, empty if none.
signum() {
	n=1
	while [ $n -lt 65 ]; do
		[ "$(kill -l $n 2>/dev/null)" = "$1" ] && echo $n && return
		n=$((n + 1))
	done
}

# wait_for FILE [S]: returns when FILE exists and is not empty (at most
# S seconds, 10 by default).
wait_for() {
	n=0
	while [ ! -s "$1" ] && [ $n -lt $((${2:-10} * 10)) ]; do
		sleep 0.1
		n=$((n + 1))
	done
}

# running PID: the process exists and has not ended (a zombie has).
running() {
	st=$(ps -o stat= -p "$1" 2>/dev/null) && [ -n "$st" ] &&
	    [ "${st#Z}" = "$st" ]
}

# reap_bg PID RESULTDIR: waits for a runner started in the background;
# sets rc (its exit status) and rep (its first report in RESULTDIR).
reap_bg() {
	wait "$1"
	rc=$?
	rep=$(ls "$2"/*-01 2>/dev/null)
}

# unwrap FILE: the text report FILE with each wrapped line's going-on
# lines (indented 10 spaces, write/textwrap.h's TEXT_GO_ON) joined to it
# by one space, so that a test's row is one line again.
unwrap() {
	awk '/^          [^ ]/ { sub(/^ +/, ""); line = line " " $0; next }
	    NR > 1 { print line } { line = $0 } END { if (NR) print line }' "$1"
}

# killed_run RESULTDIR ARGS...: starts the runner with ARGS, its results
# in RESULTDIR, and kills it with SIGKILL once its first test started,
# then that test's copies: what a run killed mid-way leaves.
killed_run() {
	rm -f "$scratch/envlog"
	kres=$1
	shift
	FAKE_ENVLOG=$scratch/envlog UB_RESULTDIR=$kres "$BYTEBENCH" "$@" \
	    >/dev/null 2>&1 &
	wait_for "$scratch/envlog"
	sleep 0.3
	kill -KILL $!
	wait $! 2>/dev/null
	pg=$(sed -n 's/.* pgid=\([0-9]*\)$/\1/p' "$scratch/envlog" | head -n 1)
	[ -n "$pg" ] && kill -KILL -"$pg" 2>/dev/null
}

# ro_run SRC DIR CMD...: runs CMD with the tree SRC seen read-only at DIR
# (DIR = SRC when not root).  Exit 125: no way to make it read-only here;
# 126: a write still succeeded.
ro_run() {
	if [ "$(id -u)" -eq 0 ]; then
		unshare -m sh -c '
		    mount --bind "$1" "$2" 2>/dev/null &&
		    mount -o remount,bind,ro "$2" 2>/dev/null || exit 125
		    touch "$2/.write-test" 2>/dev/null && exit 126
		    shift 2
		    exec "$@"' sh "$@"
		return
	fi
	src=$1
	shift 2
	chmod -R a-w "$src"
	if touch "$src/.write-test" 2>/dev/null; then
		rc=126
	else
		"$@"
		rc=$?
	fi
	chmod -R u+w "$src"
	return $rc
}

# ran NAME RC: passes for 0; says why for the rest.
ran() {
	case $2 in
	0) pass "$1" ;;
	125) skip "$1" "cannot make a tree read-only here" ;;
	126) fail "$1" "the read-only tree was writable" ;;
	*) fail "$1" "exit $2: $(tail -n 3 "$scratch/err" | tr '\n' ' ')" ;;
	esac
}

# checkout_copy DIR: the files of a built checkout that Run uses (Run,
# pgms/, testdir/, the build stamp) copied into DIR.
checkout_copy() {
	mkdir -p "$1/pgms" "$1/testdir" "$1/src" "$1/build"
	cp -p Run Makefile "$1/" && cp -p "$PGMS"/* "$1/pgms/" &&
	    cp -p testdir/* "$1/testdir/"
	touch "$1/build/run.stamp"
}
