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
