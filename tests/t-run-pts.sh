#!/bin/sh
# t-run-pts.sh - the PTS profile's install script, run as PTS runs it
# (in a HOME of its own, the tarball beside it) with stand-ins for the
# tarball's Run and make: it records make's exit status and writes the
# wrapper `bytebench`, which runs Run with -q -i 1, one copy per CPU
# PTS counts (NUM_CPU_CORES; nproc outside PTS), the option asked for and
# BYTEBENCH_PTS_ARGS, its report to LOG_FILE and its exit status to
# ~/test-exit-status.  (With the real PTS and tarball: tests/pts-profile.sh.)
. "$(dirname "$0")/lib.sh"

profile=$top/contrib/pts/bytebench-1.0.0
name=$(sed -n 's/^tar -xzf \(.*\)\.tar\.gz$/\1/p' "$profile/install.sh")
home=$scratch/home
mkdir -p "$home/src/$name" "$scratch/bin"

# Run: its arguments, one a line, as the report; exits 3 when asked.
cat >"$home/src/$name/Run" <<'STUB'
#!/bin/sh
printf '%s\n' "$@"
[ "${STUB_RC:-0}" -eq 0 ] || exit "$STUB_RC"
STUB
chmod +x "$home/src/$name/Run"
tar -czf "$home/$name.tar.gz" -C "$home/src" "$name"
printf '#!/bin/sh\nexit 0\n' >"$scratch/bin/make"
chmod +x "$scratch/bin/make"

(cd "$home" && HOME=$home PATH=$scratch/bin:$PATH NUM_CPU_CORES=2 \
    sh "$profile/install.sh") >"$scratch/install.out" 2>&1
check "install: make's status 0 recorded, the wrapper written" sh -c "
    [ \"\$(cat '$home/install-exit-status')\" = 0 ] && [ -x '$home/bytebench' ]"

# wrapper LOG [VAR=VALUE...]: runs the wrapper with option index, in an
# environment without the variables it reads but those given.
wrapper() {
	log=$1
	shift
	(
		unset NUM_CPU_CORES BYTEBENCH_PTS_ARGS STUB_RC
		cd "$home" && env HOME="$home" LOG_FILE="$log" "$@" ./bytebench index
	)
}
wrapper "$scratch/pts.log" NUM_CPU_CORES=7 BYTEBENCH_PTS_ARGS='--duration 1'
check "NUM_CPU_CORES=7: -q -i 1 -c 7, the extra options, then the option" \
    [ "$(tr '\n' ' ' <"$scratch/pts.log")" = "-q -i 1 -c 7 --duration 1 index " ]
check "the run's status 0 in test-exit-status" \
    [ "$(cat "$home/test-exit-status")" = 0 ]

cpus=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)
wrapper "$scratch/plain.log" STUB_RC=3
check "outside PTS: one copy per CPU nproc counts ($cpus)" \
    [ "$(tr '\n' ' ' <"$scratch/plain.log")" = "-q -i 1 -c $cpus index " ]
check "a failed run's status in test-exit-status" \
    [ "$(cat "$home/test-exit-status")" = 3 ]
