#!/bin/sh
# t-build-options-doc.sh - USAGE and doc/bytebench.1 document exactly the
# options of the tables -h prints (plan/options.c, compare/cli.c), and the
# same exit statuses as -h.
. "$(dirname "$0")/lib.sh"

if [ ! -x "$BYTEBENCH" ]; then
	skip "options documented" "$BYTEBENCH not built"
	exit 0
fi

# names: the option names of each item line on stdin: its words up to the
# first that does not begin with '-', commas dropped; sorted, one a line.
names() {
	tr ',' ' ' | awk '{ for (i = 1; i <= NF && $i ~ /^-/; i++) print $i }' |
	    sort -u
}

# section FILE START END: the lines from the one matching START to the
# next one matching END (either excluded).
section() {
	awk -v s="$2" -v e="$3" '$0 ~ s { on = 1; next } on && $0 ~ e { exit }
	    on' "$1"
}

# man_items: the item line after each .TP of the roff on stdin, as text.
man_items() {
	awk 'tp { print; tp = 0 } /^\.TP/ { tp = 1 }' |
	    sed -e 's/^\.[A-Z]* //' -e 's/\\-/-/g' -e 's/"//g'
}

"$BYTEBENCH" -h >"$scratch/help" 2>&1
"$BYTEBENCH" compare -h >"$scratch/chelp" 2>&1
grep '^  -' "$scratch/help" | names >"$scratch/run.h"
grep '^  -' "$scratch/chelp" | names >"$scratch/compare.h"
section USAGE '^OPTIONS' '^[A-Z]' | grep '^    -' | names >"$scratch/run.usage"
section USAGE '^COMPARE' '^[A-Z]' | grep '^    -' | names \
    >"$scratch/compare.usage"
section doc/bytebench.1 '^\.SH OPTIONS' '^\.S[HS]' | man_items | names \
    >"$scratch/run.man"
section doc/bytebench.1 '^\.SS compare' '^\.S[HS]' | man_items | names \
    >"$scratch/compare.man"

# same KIND DOC: the options of -h (KIND run or compare) and of DOC agree.
same() {
	if [ ! -s "$scratch/$1.h" ]; then
		fail "$1 options in $2" "-h lists no options"
	elif cmp -s "$scratch/$1.h" "$scratch/$1.$2"; then
		pass "$1 options in $2: the same as -h"
	else
		fail "$1 options in $2" "$(diff "$scratch/$1.h" "$scratch/$1.$2" |
		    sed -n 's/^</not documented:/p; s/^>/not in the table:/p' |
		    tr '\n' ' ')"
	fi
}
for kind in run compare; do
	for doc in usage man; do
		same "$kind" "$doc"
	done
done

# The exit statuses: -h's "Exit status:" paragraph, USAGE's EXIT STATUS
# and the man page's, each status and the words of status 1 that name a
# file not written.
codes() {
	tr '\n' ' ' | sed 's/; /\n/g; s/: /\n/g' |
	    sed -n 's/^ *\([0-9][0-9+n]*\) .*/\1/p' | sort -u
}
section "$scratch/help" '^Exit status:' '^$' >"$scratch/exit.h"
grep '^Exit status:' "$scratch/help" | cat - "$scratch/exit.h" | codes \
    >"$scratch/codes.h"
section USAGE '^EXIT STATUS' '^[A-Z]' >"$scratch/exit.usage"
codes <"$scratch/exit.usage" >"$scratch/codes.usage"
section doc/bytebench.1 '^\.SH EXIT STATUS' '^\.SH' >"$scratch/exit.man"
man_items <"$scratch/exit.man" | tr -d ' ' | sort -u >"$scratch/codes.man"
check "-h: exit statuses 0 1 2 3 128+n" \
    [ "$(tr '\n' ' ' <"$scratch/codes.h")" = "0 1 128+n 2 3 " ]
for doc in usage man; do
	check "exit statuses of $doc: those of -h" \
	    cmp -s "$scratch/codes.h" "$scratch/codes.$doc"
	check "exit status 1 in $doc: a file not written" \
	    grep -q 'could not be' "$scratch/exit.$doc"
done

# The man page reads as it is in the tree (man -l doc/bytebench.1): no
# placeholder left for make install to fill.
check "doc/bytebench.1: no @PLACEHOLDER@" \
    sh -c "! grep -n '@[A-Z_]*@' doc/bytebench.1"

# What the number means, said in each place a user looks first: the
# baseline machine scores 10, and higher is better.
for doc in "$scratch/help" USAGE doc/bytebench.1 README; do
	check "what an index means in ${doc##*/}" sh -c \
	    "tr '\n' ' ' <'$doc' | sed 's/\\\\f[BIR]//g' |
	    grep -qi 'SPARCstation 20-61.*higher is better\|higher is better.*SPARCstation 20-61'"
done
