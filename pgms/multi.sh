#!/bin/sh
# multi.sh - the shell workload: K background copies of tst.sh on the sort
# input at once; waits for all and exits 1 when any copy failed.
# Usage: multi.sh K.  Files go to $UB_TMPDIR, which the runner makes private
# to the run; without it, to a private mktemp -d directory removed at exit.
# MULTI_SH_WORK_FACTOR=n (default 1) repeats the input n times, as in
# UnixBench 6.0: a different test, only comparable with the same factor.
usage() {
	echo "usage: multi.sh copies (a positive integer)" >&2
	exit 2
}
case ${1-} in '' | *[!0-9]* | 0 | 0*) usage ;; esac
factor=${MULTI_SH_WORK_FACTOR:-1}
case $factor in '' | *[!0-9]* | 0 | 0*) usage ;; esac

case $0 in */*) bindir=${0%/*} ;; *) bindir=${UB_BINDIR:-.} ;; esac
input=${UB_TESTDIR:-$bindir/../testdir}/sort.src
if [ ! -r "$input" ]; then
	echo "multi.sh: cannot read $input" >&2
	exit 1
fi

own=
if [ -n "${UB_TMPDIR-}" ]; then
	work=$UB_TMPDIR
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/multi.XXXXXX") || exit 1
	own=$work
	trap 'rm -rf "$own"' EXIT
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 143' TERM
fi

if [ "$factor" -gt 1 ]; then
	inputs=
	i=0
	while [ "$i" -lt "$factor" ]; do
		inputs="$inputs $input"
		i=$((i + 1))
	done
	alt=$work/sort.src-alt.$$
	# shellcheck disable=SC2086
	cat $inputs >"$alt" || exit 1
	input=$alt
fi

pids=
i=0
while [ "$i" -lt "$1" ]; do
	/bin/sh "$bindir/tst.sh" "$input" "$work" &
	pids="$pids $!"
	i=$((i + 1))
done
status=0
for pid in $pids; do
	wait "$pid" || status=1
done
if [ "$factor" -gt 1 ]; then
	rm -f "$alt"
fi
exit "$status"
