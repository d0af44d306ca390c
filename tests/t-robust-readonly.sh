#!/bin/sh
# t-robust-readonly.sh - a checkout the user cannot write (a read-only
# bind mount as root, chmod a-w otherwise; as root also a checkout of
# root's run by another user) runs with UB_RESULTDIR and $TMPDIR
# elsewhere even when its tmp/ and results/ are there from earlier runs;
# and the directories the runner is given that are files, not
# directories, are named as such before any work.
. "$(dirname "$0")/lib.sh"

if [ ! -x "$PGMS/pipe" ] || [ ! -x "$BYTEBENCH" ]; then
	skip "read-only" "$PGMS/pipe or $BYTEBENCH not built"
	exit 0
fi
unset UB_BINDIR UB_TESTDIR UB_RESULTDIR UB_TMPDIR UB_OUTPUT_FILE_NAME
chmod 755 "$scratch"
co=$scratch/checkout
checkout_copy "$co"
mkdir -p "$co/tmp" "$co/results"
tmp=$scratch/tmpdir
mkdir -p "$tmp"
chmod 1777 "$tmp"

UB_RESULTDIR=$scratch/res TMPDIR=$tmp ro_run "$co" "$co" "$co/Run" -q -c 1 \
    -i 1 --duration 1 pipe >"$scratch/out" 2>"$scratch/err"
rc=$?
ran "Run: a read-only checkout with its tmp/, dirs elsewhere" $rc
check "Run: scratch in \$TMPDIR, said so" sh -c "
    grep -q '^Run: cannot write in $co/tmp' '$scratch/err' &&
    grep -q '^   Scratch files: $tmp ' '$scratch'/res/*-01"

# Another user than the checkout's owner: tmp/ there but not theirs.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	mkdir -p "$scratch/res-nobody"
	chown 65534 "$scratch/res-nobody"
	UB_RESULTDIR=$scratch/res-nobody TMPDIR=$tmp setpriv --reuid=65534 \
	    --regid=65534 --clear-groups "$co/Run" -q -c 1 -i 1 --duration 1 \
	    pipe >"$scratch/out" 2>"$scratch/err"
	rc=$?
	check "Run: another user, the checkout's tmp/ not theirs: runs" sh -c "
	    [ $rc -eq 0 ] && grep -q '^Run: cannot write in $co/tmp' \
	    '$scratch/err' && grep -q '^   Scratch files: $tmp ' \
	    '$scratch'/res-nobody/*-01"
else
	skip "Run: another user" "not root or no setpriv"
fi

# notdir NAME VAR: VAR naming a file is refused before any work, in one
# line that says it is not a directory.
: >"$scratch/file"
notdir() {
	env UB_BINDIR="$top/$PGMS" "$2=$scratch/file" "$BYTEBENCH" -q -c 1 \
	    -i 1 --duration 1 pipe >"$scratch/out" 2>"$scratch/err"
	rc=$?
	check "$1 a file: 'not a directory', one line, exit 2" sh -c "
	    [ $rc -eq 2 ] && [ \$(wc -l <'$scratch/err') -eq 1 ] &&
	    grep -q 'not a directory' '$scratch/err' && [ ! -s '$scratch/file' ]"
}
notdir UB_RESULTDIR UB_RESULTDIR
notdir UB_TMPDIR UB_TMPDIR
notdir UB_TESTDIR UB_TESTDIR
notdir UB_BINDIR UB_BINDIR
notdir "TMPDIR (no UB_TMPDIR)" TMPDIR
