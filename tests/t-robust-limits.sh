#!/bin/sh
# t-robust-limits.sh - the runner under tight resource limits: a small
# address space (ulimit -v) may leave scratch behind, but never where the
# next run cannot remove it.
. "$(dirname "$0")/lib.sh"

fake_bin "limits" pipe spawn
printf '* count 1 1 lps 1\n' >"$scratch/spec"
export FAKE_SPEC="$scratch/spec"

# A memory limit: at some sizes the runner starts its passes but cannot
# open a directory to remove its scratch (fdopendir: ENOMEM).  Whatever
# a run left, the next run without the limit removes.
if sanitized || foreign "$BYTEBENCH"; then
	skip "ulimit -v" "a sanitizer's or qemu's address space is larger"
else
	v=3000
	while [ $v -le 9000 ]; do
		(
			ulimit -v $v 2>/dev/null || exit
			UB_RESULTDIR=$scratch/resv "$BYTEBENCH" -q -c 2 -i 1 \
			    pipe spawn >/dev/null 2>&1
		)
		v=$((v + 250))
	done
	UB_RESULTDIR=$scratch/resv "$BYTEBENCH" -q -c 1 -i 1 pipe \
	    >/dev/null 2>&1
	left=$(ls -A "$scratch/tmp")
	check "ulimit -v: the next run removes what a run left ($left)" \
	    [ -z "$left" ]
fi

# Too few file descriptors: refused before any test runs, in one line
# that gives the limit and the need (exit status 2, no result file), and
# the same line through ./Run.  The runner's own descriptors are counted
# as they are when it starts (a caller may leave some open).
for n in 8 12; do
	# No redirection under the limit: the shell's own may fail there.
	(
		ulimit -n $n || exit 3
		UB_RESULTDIR=$scratch/resn exec "$BYTEBENCH" -q -c 2 -i 1 \
		    pipe spawn
	) >"$scratch/n.out" 2>"$scratch/n.err"
	rc=$?
	[ $rc -eq 3 ] && continue
	check "ulimit -n $n: exit status 2 (got $rc)" [ "$rc" -eq 2 ]
	check "ulimit -n $n: one line gives the limit and the need" sh -c \
	    "[ \$(wc -l <'$scratch/n.err') -eq 1 ] &&
	    grep -q 'file descriptor.* $n.* needs [0-9]' '$scratch/n.err'"
	check "ulimit -n $n: nothing run, no result file" sh -c \
	    "[ ! -s '$scratch/n.out' ] && [ -z \"\$(ls -A '$scratch/resn' 2>/dev/null)\" ]"
done

# Through ./Run (a copy beside this runner, built): at 11 a shell has no
# descriptor left at 10 and above, where it keeps what a redirection
# saves; the runner's line must still come out.
tree=$scratch/tree
mkdir -p "$tree/pgms" "$tree/src" "$tree/build"
cp Run "$tree/Run"
: >"$tree/Makefile"
ln -s "$BYTEBENCH" "$tree/pgms/bytebench"
ln -s "$FAKE" "$tree/pgms/pipe"
ln -s "$FAKE" "$tree/pgms/spawn"
sleep 1
: >"$tree/build/run.stamp"
# Descriptors at 10 and above handed down to this script leave a shell
# under that limit no room even for its script: it cannot start Run.
inherited=$(ls /proc/self/fd 2>/dev/null | awk '$1 >= 10' | head -n 1)
rc=3
if [ ! -d /proc/self/fd ] || [ -n "$inherited" ]; then
	skip "./Run under ulimit -n 11" "descriptors from 10 up inherited here, or no /proc"
else
	(
		ulimit -n 11 || exit 3
		unset UB_TMPDIR # Run makes its tmp/, with a redirection
		UB_RESULTDIR=$scratch/resr exec "$tree/Run" -q -c 2 -i 1 pipe \
		    spawn
	) >"$scratch/r.out" 2>"$scratch/r.err"
	rc=$?
fi
if [ $rc -ne 3 ]; then
	check "./Run under ulimit -n 11: exit status 2 (got $rc)" [ "$rc" -eq 2 ]
	check "./Run under ulimit -n 11: the runner's line on stderr" grep -q \
	    'file descriptor.* 11.* needs [0-9]' "$scratch/r.err"
fi

# A small stack (ulimit -s): refused at once in one line, never a crash
# part-way (the runner's frames take some tens of KiB).
if sanitized || foreign "$BYTEBENCH"; then
	skip "ulimit -s" "a sanitizer's or qemu's stack use differs"
else
	for s in 32 64; do
		(
			ulimit -s $s || exit 3
			UB_RESULTDIR=$scratch/ress exec "$BYTEBENCH" -q -c 1 \
			    -i 1 pipe
		) >"$scratch/s.out" 2>"$scratch/s.err"
		rc=$?
		[ $rc -eq 3 ] && continue
		check "ulimit -s $s: exit status 2 (got $rc), one line" sh -c \
		    "[ $rc -eq 2 ] && [ \$(wc -l <'$scratch/s.err') -eq 1 ] &&
		    grep -q 'stack size limit is $s KiB (ulimit -s).* needs' \
		    '$scratch/s.err'"
	done
fi
