#!/bin/sh
# tst.sh - one copy of the shell workload: sort the input, od the sorted
# file through a numeric sort, grep it through tee and wc, remove the four
# files.  Usage: tst.sh input workdir (workdir private, see multi.sh).
if [ $# -ne 2 ]; then
	echo "usage: tst.sh input workdir" >&2
	exit 2
fi
in=$1
t=$2/tst.$$
sort <"$in" >"$t.sort" || exit 1
od "$t.sort" | sort -n -k 1 >"$t.od" || exit 1
grep the "$t.sort" | tee "$t.grep" | wc >"$t.wc" || exit 1
rm "$t.sort" "$t.grep" "$t.od" "$t.wc"
