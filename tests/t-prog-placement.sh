#!/bin/sh
# t-prog-placement.sh - ./Run --placement with the real context1 (and ctxlat),
# one pass of 1 s each: the choice reaches the program, is recorded in the
# report header, the log and JSON, and the CPUs the program says its two
# processes ran on follow it; the default stays unpinned.  cross-cpu is
# skipped with fewer than two usable CPUs.
. "$(dirname "$0")/lib.sh"

if [ ! -x "$BYTEBENCH" ] || [ ! -x "$top/$PGMS/context1" ]; then
	skip "placement end to end" "$BYTEBENCH or context1 not built"
	exit 0
fi

unset LC_ALL UB_OUTPUT_FILE_NAME UB_OUTPUT_CSV UB_BINDIR
UB_TMPDIR=$scratch
export UB_TMPDIR

# runb NAME ARGS...: one 1 s pass into $scratch/NAME; report in $rep.
runb() {
	UB_RESULTDIR=$scratch/$1
	export UB_RESULTDIR
	shift
	"$BYTEBENCH" -q -c 1 -i 1 --duration 1 "$@" >"$scratch/out" 2>&1
	rc=$?
	rep=$(ls "$UB_RESULTDIR"/*-01 2>/dev/null)
	[ "$rc" -eq 0 ] && [ -n "$rep" ]
}

# flat FILE: the JSON file without spaces and newlines.
flat() { tr -d ' \n' <"$1"; }

# score FILE: context1's score in the text report.
score() {
	sed -n 's/^Pipe-based Context Switching  *\([0-9.]*\) lps.*/\1/p' "$1"
}

# ran_on FILE: "PARENT CHILD", the CPUs context1 reported in its INFO.
ran_on() {
	flat "$1" |
	    sed -n 's/.*"ran_on":"parent=\([0-9]*\)child=\([0-9]*\)".*/\1 \2/p'
}

# recorded NAME PLACEMENT HOW: header, log command and JSON say PLACEMENT
# for context1 (HOW: "--placement" or "default").
recorded() {
	if grep -q "^   Placement: context1 $2 ($3)\$" "$rep" &&
	    grep -q "context1 -p $2 1\$" "$rep.log" &&
	    flat "$rep.json" |
	    grep -q "\"name\":\"context1\",.*\"placement\":\"$2\"" &&
	    { [ "$3" = default ] ||
	    flat "$rep.json" | grep -q "\"settings\":{.*\"placement\":\"$2\""; }
	then
		pass "placement: $1 recorded in header, log and JSON"
	else
		fail "placement: $1 recorded in header, log and JSON" \
		    "$(grep -i placement "$rep" "$rep.log" | head -3)"
	fi
}

if runb same --placement same-cpu context1; then
	recorded same-cpu same-cpu --placement
	set -- $(ran_on "$rep.json")
	if [ $# -eq 2 ] && [ "$1" = "$2" ]; then
		pass "placement: same-cpu ran on one CPU ($1)"
	else
		fail "placement: same-cpu ran on one CPU" "ran_on: $*"
	fi
	same=$(score "$rep")
else
	fail "placement: same-cpu run" "exit $rc: $(cat "$scratch/out")"
fi

if runb default context1; then
	recorded default unpinned default
else
	fail "placement: default run" "exit $rc: $(cat "$scratch/out")"
fi

if [ "$(nproc 2>/dev/null || echo 1)" -lt 2 ]; then
	skip "placement: cross-cpu" "fewer than 2 usable CPUs"
	exit 0
fi
if runb cross --placement cross-cpu context1; then
	recorded cross-cpu cross-cpu --placement
	set -- $(ran_on "$rep.json")
	if [ $# -eq 2 ] && [ "$1" != "$2" ]; then
		pass "placement: cross-cpu ran on two CPUs ($1, $2)"
	else
		fail "placement: cross-cpu ran on two CPUs" "ran_on: $*"
	fi
	cross=$(score "$rep")
	if [ -n "$same" ] && [ -n "$cross" ] && [ "$same" != "$cross" ]; then
		pass "placement: two results recorded ($same and $cross lps)"
	else
		fail "placement: two results recorded" "'$same' '$cross'"
	fi
else
	fail "placement: cross-cpu run" "exit $rc: $(cat "$scratch/out")"
fi

# ctxlat takes the same choice in place of its own default.
if runb lat --placement cross-cpu latency; then
	cpus=$(sed -n "s/^Placement: cross-cpu cpus \([0-9]*\) \([0-9]*\)\$/\1 \2/p" \
	    "$rep")
	set -- $cpus
	if grep -q '^   Placement: ctxlat cross-cpu (--placement)$' "$rep" &&
	    grep -q 'ctxlat -p cross-cpu 1$' "$rep.log" &&
	    [ $# -eq 2 ] && [ "$1" != "$2" ]; then
		pass "placement: ctxlat cross-cpu recorded, CPUs $1 and $2"
	else
		fail "placement: ctxlat cross-cpu recorded" "$cpus"
	fi
else
	fail "placement: ctxlat cross-cpu run" "exit $rc: $(cat "$scratch/out")"
fi
