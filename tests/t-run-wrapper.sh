#!/bin/sh
# t-run-wrapper.sh - the ./Run shell wrapper against a hostile or careless
# setting, on a copy of Run in a scratch tree with a stand-in `make` (a
# script that says it is GNU Make) and a stand-in runner: a planted link
# at the build stamp, SIGTERM during the build, a PATH without grep, and
# an empty UB_BINDIR.
. "$(dirname "$0")/lib.sh"

tree=$scratch/tree
tools=$scratch/tools
mkdir -p "$tree/src" "$tree/pgms" "$tools"
cp Run "$tree/Run"
: >"$tree/Makefile"
: >"$tree/src/x.c"
# The stand-in runner prints what it was given.
cat >"$tree/pgms/bytebench" <<'EOS'
#!/bin/sh
echo "runner UB_BINDIR=${UB_BINDIR-unset}[${UB_BINDIR+set}]"
echo "built=${BYTEBENCH_BUILT-none}"
EOS
# The stand-in make (also as gmake): --version says GNU Make; a build logs its pid and
# start, then ends at once, or with MAKE_SLOW set waits (a SIGTERM is
# logged and ends it after a short clean-up).
cat >"$tools/make" <<EOS
#!/bin/sh
case \$1 in --version) echo 'GNU Make 4.3'; exit 0 ;; esac
echo "\$\$" >"$scratch/make.pid"
echo build >>"$scratch/make.log"
[ -n "\${MAKE_SLOW-}" ] || exit 0
trap 'echo term >>"$scratch/make.log"; sleep 1; echo done >>"$scratch/make.log"; exit 143' TERM
sleep 30 &
wait \$!
EOS
chmod 755 "$tree/Run" "$tree/pgms/bytebench" "$tools/make"
ln -s make "$tools/gmake"
export PATH="$tools:$PATH"
unset UB_BINDIR UB_TMPDIR MAKE_SLOW

# 1. A link planted at the build stamp is replaced, never written through.
echo precious >"$scratch/victim"
mkdir -p "$tree/build"
ln -s "$scratch/victim" "$tree/build/run.stamp"
sleep 1
touch "$tree/src/x.c"
"$tree/Run" -h >"$scratch/out" 2>&1
check "stamp: a planted link is not followed" sh -c "
    [ \"\$(cat '$scratch/victim')\" = precious ] &&
    [ -f '$tree/build/run.stamp' ] && [ ! -L '$tree/build/run.stamp' ] &&
    grep -q '^build' '$scratch/make.log' && grep -q '^runner' '$scratch/out'"

# A build is said, with its time, and the runner told of it (to let the
# machine settle); -qq says nothing; no build, nothing told, whatever the
# environment held.
check "build: Run says it builds and how long it took" sh -c "
    grep -q '^Run: rebuilding what changed \\.\\.\\.\$' '$scratch/out' &&
    grep -q '^Run: built in [1-9][0-9]* s\$' '$scratch/out' &&
    grep -q '^built=[1-9][0-9]*\$' '$scratch/out'"
touch "$tree/src/x.c"
"$tree/Run" -qq >"$scratch/out" 2>&1
check "build: -qq says nothing of it" sh -c "
    ! grep -q '^Run:' '$scratch/out' && grep -q '^built=[1-9]' '$scratch/out'"
BYTEBENCH_BUILT=5 "$tree/Run" -h >"$scratch/out" 2>&1
check "no build: the runner is told of none" sh -c "
    ! grep -q '^Run:' '$scratch/out' && grep -q '^built=none\$' '$scratch/out'"

# 9. A signal to Run during the build (SIGTERM, and the others that end
# a process, such as SIGQUIT and SIGUSR1): make gets SIGTERM, Run waits
# for it and exits 128 + the signal.  A background job of a script has
# SIGQUIT ignored, which a shell cannot trap: env restores it.
dflt=
env --default-signal true 2>/dev/null && dflt=--default-signal
for name in TERM QUIT USR1; do
	num=$(signum "$name")
	[ "$name" = QUIT ] && [ -z "$dflt" ] && continue
	rm -f "$tree/build/run.stamp" "$scratch/make.log" "$scratch/make.pid"
	MAKE_SLOW=1 env $dflt "$tree/Run" -h >"$scratch/out" 2>&1 &
	run=$!
	wait_for "$scratch/make.pid"
	sleep 0.2
	mk=$(cat "$scratch/make.pid")
	kill -s "$name" "$run"
	wait "$run"
	rc=$?
	if running "$mk"; then
		kill -TERM "$mk"
		fail "SIG$name during the build: make ended before Run" \
		    "make $mk runs"
	else
		pass "SIG$name during the build: make ended before Run"
	fi
	check "SIG$name during the build: make was told and cleaned up" \
	    sh -c "grep -q '^term' '$scratch/make.log' &&
	    grep -q '^done' '$scratch/make.log'"
	check "SIG$name during the build: Run exits $((128 + num)) (got $rc), runs nothing" \
	    sh -c "[ $rc -eq $((128 + num)) ] && ! grep -q '^runner' '$scratch/out'"
done

# A PATH without grep: Run does not need it to find GNU make.
nogrep=$scratch/nogrep
mkdir -p "$nogrep"
for t in dirname find head mkdir sed rm mv; do
	p=$(command -v "$t") && ln -s "$p" "$nogrep/$t"
done
ln -s "$tools/make" "$nogrep/make"
rm -f "$tree/build/run.stamp" "$scratch/make.log"
PATH=$nogrep "$tree/Run" -h >"$scratch/out" 2>&1
rc=$?
check "no grep: GNU make still found, the build and runner run" sh -c "
    [ $rc -eq 0 ] && grep -q '^build' '$scratch/make.log' &&
    grep -q '^runner' '$scratch/out'"

# An empty UB_BINDIR reaches the runner as set and empty (it refuses it).
UB_BINDIR= "$tree/Run" -h >"$scratch/out" 2>&1
check "empty UB_BINDIR passed on as given" grep -q \
    '^runner UB_BINDIR=\[set\]$' "$scratch/out"
