#!/bin/sh
# t-smoke.sh - runs every smoke run of the catalog (`bytebench -l --smoke`:
# "test program arguments...", each about a second) and checks the
# protocol: exit 0 (77: skipped), exactly one COUNT line with a positive
# count, and no ERROR line.  Every test of `bytebench -l` must have one.
. "$(dirname "$0")/lib.sh"

# Files in the scratch directory other than the stderr file and those the
# command line itself names (e.g. the compiler's output).
left_behind() {
	ls -A "$1" | while read -r f; do
		case " $2 " in
		*" $1/$f "*) ;;
		*) [ "$f" = stderr ] || printf '%s\n' "$f" ;;
		esac
	done
}

# The tests that -l lists: the lines of its "Tests:" paragraph.
listed_tests() {
	"$BYTEBENCH" -l | awk '/^Tests:/ { on = 1; next } /^$/ { on = 0 }
	    on { print $1 }'
}

runs=$scratch/smoke.runs
if ! "$BYTEBENCH" -l --smoke >"$runs" || [ ! -s "$runs" ]; then
	fail "smoke: bytebench -l --smoke" "listed no runs"
	exit 0
fi
missing=$(listed_tests | while read -r t; do
	awk -v t="$t" '$1 == t { found = 1 } END { exit !found }' "$runs" ||
	    printf '%s ' "$t"
done)
if [ -n "$missing" ]; then
	fail "smoke: every test has a smoke run" "none for: $missing"
else
	pass "smoke: every test has a smoke run"
fi

export UB_TESTDIR="$top/testdir" UB_BINDIR="$top/$PGMS"
while read -r test line; do
	dir=$(mktemp -d "$scratch/run.XXXXXX")
	args=$(printf '%s\n' "$line" | sed -e "s|@TMP|$dir|g" \
	    -e "s|@DATA|$top/testdir|g" -e "s|@BIN|$top/$PGMS|g")
	prog=${args%% *}
	name="smoke: $test: $line"
	# shellcheck disable=SC2086
	out=$(cd "$dir" && UB_TMPDIR="$dir" timeout 60 "$top/$PGMS/"$args 2>"$dir/stderr")
	rc=$?
	if [ "$rc" -eq 77 ]; then
		skip "$name" "$(head -n 1 "$dir/stderr")"
		continue
	fi
	counts=$(printf '%s\n' "$out" | grep -c '^COUNT|')
	value=$(printf '%s\n' "$out" | sed -n 's/^COUNT|\([^|]*\)|.*/\1/p')
	if [ "$rc" -ne 0 ]; then
		fail "$name" "$prog exited $rc: $out $(head -n 3 "$dir/stderr")"
	elif [ "$counts" -ne 1 ]; then
		fail "$name" "$counts COUNT lines: $out"
	elif printf '%s\n' "$out" | grep -q '^ERROR|'; then
		fail "$name" "ERROR line: $out"
	elif ! awk -v v="$value" 'BEGIN { exit !(v + 0 > 0) }'; then
		fail "$name" "count not positive: $out"
	elif [ -n "$(left_behind "$dir" "$args")" ]; then
		fail "$name" "left files behind: $(left_behind "$dir" "$args")"
	else
		pass "$name"
	fi
done <"$runs"
