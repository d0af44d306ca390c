#!/bin/sh
# t-robust-disk.sh - the real fstime through the runner when its scratch
# file system fills up (a small tmpfs, filled by a fake test that runs
# before it; root only) and when a file size limit is hit: the row says
# failed with fstime's ERROR, the scratch files are gone, the run goes on.
. "$(dirname "$0")/lib.sh"
# What this script mounts below $scratch goes with it, however it ends.
trap 'for m in $(awk -v s="$scratch/" "index(\$2, s) == 1 { print \$2 }" \
    /proc/mounts 2>/dev/null); do umount "$m"; done; rm -rf "$scratch"' EXIT

if [ ! -x "$FAKE" ] || [ ! -x "$BYTEBENCH" ] || [ ! -x "$PGMS/fstime" ]; then
	skip "disk" "$FAKE, $BYTEBENCH or $PGMS/fstime not built"
	exit 0
fi

bin=$scratch/bin
mkdir -p "$bin" "$scratch/tmp"
ln -s "$FAKE" "$bin/pipe"
ln -s "$FAKE" "$bin/spawn"
ln -s "$top/$PGMS/fstime" "$bin/fstime"
unset LC_ALL UB_OUTPUT_FILE_NAME UB_OUTPUT_CSV UB_TESTDIR
export UB_BINDIR="$bin"

# A full file system: 8 MiB, enough for fstime (4000 KiB) when the run is
# checked; the pipe test then fills it up to the last 64 KiB.
mnt=$scratch/mnt
mkdir -p "$mnt"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=8m bbfull "$mnt" \
    2>/dev/null; then
	mkdir "$mnt/tmp"
	printf 'pipe:* fill %s 8128 count 1 1 lps 1\n* count 1 1 lps 1\n' \
	    "$mnt/filler" >"$scratch/fill"
	FAKE_SPEC=$scratch/fill UB_TMPDIR=$mnt/tmp UB_RESULTDIR=$scratch/res1 \
	    "$BYTEBENCH" -q -c 1 -i 1 --duration 0.5 pipe fstime spawn \
	    >"$scratch/out" 2>&1
	rc=$?
	report=$(ls "$scratch"/res1/*-01 2>/dev/null)
	[ -n "$report" ] && unwrap "$report" >"$scratch/res1.rows" &&
	    report=$scratch/res1.rows
	check "disk full: exit status 1" [ "$rc" -eq 1 ]
	check "disk full: the filler ran first" [ -s "$mnt/filler" ]
	check "disk full: row says failed with fstime's error" grep -q \
	    '^File Copy 1024 bufsize 2000 maxblocks  *failed KBps  (.*No space left on device)$' \
	    "$report"
	check "disk full: the run went on" grep -q \
	    '^Process Creation  *1\.0 lps' "$report"
	check "disk full: scratch removed" [ -z "$(ls -A "$mnt/tmp")" ]
	umount "$mnt"
else
	skip "disk full" "not root or cannot mount a tmpfs"
fi

# A file size limit of 64 KiB: fstime gets EFBIG (it ignores SIGXFSZ).
if command -v prlimit >/dev/null 2>&1; then
	printf '* count 1 1 lps 1\n' >"$scratch/good"
	FAKE_SPEC=$scratch/good UB_TMPDIR=$scratch/tmp \
	    UB_RESULTDIR=$scratch/res2 prlimit --fsize=65536 "$BYTEBENCH" -q \
	    -c 1 -i 1 --duration 0.5 fstime spawn >"$scratch/out" 2>&1
	rc=$?
	report=$(ls "$scratch"/res2/*-01 2>/dev/null)
	[ -n "$report" ] && unwrap "$report" >"$scratch/res2.rows" &&
	    report=$scratch/res2.rows
	check "file size limit: exit status 1" [ "$rc" -eq 1 ]
	check "file size limit: row says failed with fstime's error" grep -q \
	    '^File Copy 1024 bufsize 2000 maxblocks  *failed KBps  (.*File too large)$' \
	    "$report"
	check "file size limit: the run went on" grep -q \
	    '^Process Creation  *1\.0 lps' "$report"
	check "file size limit: scratch removed" \
	    [ -z "$(ls -A "$scratch/tmp")" ]
else
	skip "file size limit" "prlimit not installed"
fi
