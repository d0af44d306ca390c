#!/bin/sh
# t-prog-latency.sh - ./Run latency with the real ctxlat, 3 passes of 1 s: the
# test line in us, the latency table (min <= avg <= max, positive) and its
# method under it, the placement in the header and the command, JSON's
# unit and lower_is_better, the highest time dropped, and compare saying
# lower is better.
. "$(dirname "$0")/lib.sh"

if [ ! -x "$BYTEBENCH" ] || [ ! -x "$top/$PGMS/ctxlat" ]; then
	skip "latency end to end" "$BYTEBENCH or ctxlat not built"
	exit 0
fi

unset LC_ALL UB_OUTPUT_FILE_NAME UB_OUTPUT_CSV UB_BINDIR
UB_RESULTDIR=$scratch/res
UB_TMPDIR=$scratch
export UB_RESULTDIR UB_TMPDIR
"$BYTEBENCH" -q -c 1 -i 3 --duration 1 latency >"$scratch/out" 2>&1
rc=$?
rep=$(ls "$UB_RESULTDIR"/*-01 2>/dev/null)
if [ "$rc" -ne 0 ] || [ -z "$rep" ]; then
	fail "latency: run" "exit $rc: $(cat "$scratch/out")"
	exit 0
fi
pass "latency: run"

if grep -q '^Context Switch Latency  *[0-9][0-9.]* us  *([0-9][0-9.]* s, 2 samples)$' \
    "$rep"; then
	pass "latency: test line in us, 2 of 3 passes kept"
else
	fail "latency: test line in us, 2 of 3 passes kept" \
	    "$(grep '^Context' "$rep")"
fi

# The min, avg and max rows: the four time columns positive and ordered.
if awk '$1 == "min" || $1 == "avg" || $1 == "max" {
		if (NF != 7) bad = 1
		for (i = 2; i <= 5; i++) {
			v[$1, i] = $i
			if (!($i + 0 > 0)) bad = 1
		}
		n++
	}
	END {
		for (i = 2; i <= 5; i++)
			if (v["min", i] + 0 > v["avg", i] + 0 ||
			    v["avg", i] + 0 > v["max", i] + 0) bad = 1
		exit bad || n != 3
	}' "$rep"; then
	pass "latency: min <= avg <= max, positive"
else
	fail "latency: min <= avg <= max, positive" \
	    "$(grep -E '^(min|avg|max) ' "$rep")"
fi
if grep -q '^                   w/32 procs   per proc$' "$rep" &&
    grep -q '^     proc thread  proc thread  proc thread$' "$rep"; then
	pass "latency: the 1998 header"
else
	fail "latency: the 1998 header" "$(grep -B2 '^min ' "$rep")"
fi
if grep -q '^Method: token over two pipes' "$rep" &&
    grep -q '^Placement: same-cpu cpu [0-9]' "$rep" &&
    grep -q '^Priority: ' "$rep" && grep -q '^Combined: ' "$rep"; then
	pass "latency: method, placement and priority under it"
else
	fail "latency: method, placement and priority under it" "missing"
fi
if grep -q '^   Placement: ctxlat same-cpu (default)$' "$rep" &&
    grep -q 'ctxlat -p same-cpu 1$' "$rep.log"; then
	pass "latency: default placement in header and command"
else
	fail "latency: default placement in header and command" \
	    "$(grep -i placement "$rep" | head -2)"
fi

json=$rep.json
want='"name":"ctxlat","title":"ContextSwitchLatency","unit":"us",'
want=$want'"lower_is_better":true,"placement":"same-cpu"'
if tr -d ' \n' <"$json" | grep -q "$want"; then
	pass "latency: JSON unit, lower_is_better, placement"
else
	fail "latency: JSON unit, lower_is_better, placement" \
	    "$(grep -A5 '"ctxlat"' "$json" | head -6)"
fi
# The dropped pass is the slowest: its count is the highest of the three.
if tr -d ' \n' <"$json" | sed 's/"count":/\n/g' |
    sed -n 's/^\([0-9.e+-]*\),.*"kept":\(true\|false\).*/\1 \2/p' |
    awk '{ c[NR] = $1; k[NR] = $2 } END {
		if (NR != 3) exit 1
		for (i = 1; i <= 3; i++)
			if (k[i] == "false") d = i
		for (i = 1; i <= 3; i++)
			if (i != d && c[i] + 0 > c[d] + 0) exit 1
		exit d == 0
	}'; then
	pass "latency: the highest time dropped"
else
	fail "latency: the highest time dropped" "$(grep '"kept"' "$json")"
fi

# The text report first: its row says what the unit means.  (A copy: the
# text report beside its own JSON is one run, read once from the JSON.)
cp "$rep" "$scratch/text-report"
"$BYTEBENCH" compare "$scratch/text-report" "$json" >"$scratch/cmp" 2>&1
if grep -q '^Context Switch Latency  *us ' "$scratch/cmp" &&
    grep -q '(where lower is$' "$scratch/cmp"
then
	pass "latency: compare knows lower is better (JSON and text)"
else
	fail "latency: compare knows lower is better (JSON and text)" \
	    "$(cat "$scratch/cmp")"
fi
