#!/bin/sh
# t-robust-build-stop.sh - a SIGTERM or SIGHUP to ./Run while it builds
# leaves no temporary file of the build (NAME.tmp.PID, NAME.tmp.PID.d)
# behind: each recipe removes its own once its compiler has ended.  The
# compiler is a wrapper that holds the first object's compile open.  And
# `make dist` stopped while it packs leaves no scratch directory.
. "$(dirname "$0")/lib.sh"

if ! command -v cc >/dev/null 2>&1; then
	skip "build stop" "no cc"
	exit 0
fi
# slowcc: cc, then for an object under a temporary name a mark and a wait.
cat >"$scratch/slowcc" <<'EOF'
#!/bin/sh
cc "$@" || exit
case " $* " in
*" -c "*.tmp.*) echo compiled >"$MARK" && sleep 2 ;;
esac
EOF
chmod 755 "$scratch/slowcc"
# The builds below take CC from the environment: a CC given to the make
# that runs this script (make CC=gcc test) would reach them in MAKEFLAGS.
unset MAKEFLAGS MFLAGS MAKELEVEL

# stop SIG: a fresh copy of the sources, ./Run in it stopped by SIG once
# the first object is compiled; what the build left.
stop() {
	co=$scratch/co-$1
	mkdir -p "$co/pgms"
	cp -R Run Makefile src testdir "$co/" && cp pgms/*.sh "$co/pgms/"
	rm -f "$scratch/mark"
	MARK=$scratch/mark CC=$scratch/slowcc "$co/Run" -q --dry-run pipe \
	    >/dev/null 2>"$scratch/err-$1" &
	run=$!
	# A loaded machine's probes and first compile: up to a minute.
	wait_for "$scratch/mark" 60
	kill -"$1" "$run"
	wait "$run"
	rc=$?
	left=$(find "$co" -name '*.tmp.*' | head -n 3)
	check "SIG$1 during ./Run's build: no temporary file left, exit $rc" \
	    sh -c "[ -e '$scratch/mark' ] && [ -z '$left' ] && [ $rc -ne 0 ]"
}

# (SIGINT: a background job of this shell ignores it.)
stop TERM
# A signal ignored on entry stays ignored (nohup ./Run goes on, as it should).
if [ "$(sh -c 'kill -HUP $$; echo ignored' 2>/dev/null)" = ignored ]; then
	skip "SIGHUP during ./Run's build" "SIGHUP ignored here (nohup)"
else
	stop HUP
fi

# make dist, its gzip held open, stopped by SIGTERM (as make passes it on).
if git rev-parse --git-dir >/dev/null 2>&1; then
	mkdir -p "$scratch/bin" "$scratch/dist-tmp"
	printf '#!/bin/sh\necho packing >"$MARK"\nsleep 2\nexec gzip "$@"\n' \
	    >"$scratch/bin/gzip"
	sed -i "s|exec gzip|exec $(command -v gzip)|" "$scratch/bin/gzip"
	chmod 755 "$scratch/bin/gzip"
	rm -f "$scratch/mark"
	MARK=$scratch/mark TMPDIR=$scratch/dist-tmp PATH=$scratch/bin:$PATH \
	    make -s dist DISTDIR="$scratch/dist" >/dev/null 2>&1 &
	d=$!
	wait_for "$scratch/mark" 60
	kill -TERM "$d"
	wait "$d" 2>/dev/null # make ends by the signal, which sh reports
	rc=$?
	check "SIGTERM during make dist: no scratch directory left, exit $rc" \
	    sh -c "[ -e '$scratch/mark' ] && [ $rc -ne 0 ] &&
	    [ -z \"\$(ls -A '$scratch/dist-tmp')\" ]"
else
	skip "make dist stopped" "not a git checkout"
fi
