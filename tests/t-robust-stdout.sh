#!/bin/sh
# t-robust-stdout.sh - standard output that cannot take the report (a
# full device, closed, a pipe nobody reads): the run says so in one line
# on stderr and exits 1; the result files are still whole, and nothing
# meant for stdout goes into a file the runner opened.
. "$(dirname "$0")/lib.sh"

fake_bin "stdout" pipe spawn
printf '* count 7 1 lps 1\n' >"$scratch/spec"
export FAKE_SPEC="$scratch/spec"

# whole NAME DIR: the run's text report and JSON in DIR are whole.
whole() {
	rep=$(ls "$2"/*-01 2>/dev/null)
	check "$1: the text report file is whole" grep -q \
	    '^Pipe Throughput  *7\.0 lps' "$rep"
	check "$1: the JSON is whole" sh -c \
	    "'$BYTEBENCH' compare '$rep.json' '$rep.json' >/dev/null 2>&1"
	check "$1: no stray output in the result files" sh -c \
	    "[ \$(cat '$rep'* | grep -c '^Pipe Throughput  *7') -eq 1 ]"
}

# stdout NAME ARGS...: a run with stdout as the caller set it.
stdout() {
	name=$1
	shift
	UB_RESULTDIR=$scratch/$name "$BYTEBENCH" -q -c 1 -i 1 -f text,json \
	    "$@" pipe 2>"$scratch/$name.err"
	echo $? >"$scratch/$name.rc"
}

check_run() {
	rc=$(cat "$scratch/$1.rc")
	check "$1: exit status 1 (got $rc)" [ "$rc" -eq 1 ]
	check "$1: one line on stderr says so" sh -c \
	    "[ \$(grep -c 'standard output' '$scratch/$1.err') -eq 1 ]"
	whole "$1" "$scratch/$1"
}

if [ -w /dev/full ]; then
	stdout full >/dev/full
	check_run full
	stdout fulljson --json - >/dev/full
	check_run fulljson
	for a in -l -h --version --dry-run; do
		"$BYTEBENCH" $a pipe >/dev/full 2>"$scratch/l.err"
		rc=$?
		check "$a: exit status 1 (got $rc), one line on stderr" sh -c \
		    "[ $rc -eq 1 ] && [ \$(grep -c 'standard output' '$scratch/l.err') -eq 1 ]"
	done
else
	skip "stdout: /dev/full" "no /dev/full here"
fi
stdout closed >&-
check_run closed
# A pipe whose reader has gone: SIGPIPE would end the runner silently.
stdout pipe | true
check_run pipe
