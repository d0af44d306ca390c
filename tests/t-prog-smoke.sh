#!/bin/sh
# t-prog-smoke.sh - runs every smoke run of the catalog (`bytebench -l --smoke`:
# "test unit program arguments...", each about a second) and checks the
# protocol: exit 0 (77: skipped), exactly one COUNT line with a positive
# count in the row's unit, and no ERROR line.  Every test of `bytebench
# -l` must have one.  Then the runner runs every test with the row's own
# arguments, expanded by the runner (a short pass each), and every copy
# must end ok or skipped, in the row's unit.
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
while read -r test unit line; do
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
	said=$(printf '%s\n' "$out" | sed -n 's/^COUNT|[^|]*|[^|]*|//p')
	if [ "$rc" -ne 0 ]; then
		fail "$name" "$prog exited $rc: $out $(head -n 3 "$dir/stderr")"
	elif [ "$counts" -ne 1 ]; then
		fail "$name" "$counts COUNT lines: $out"
	elif printf '%s\n' "$out" | grep -q '^ERROR|'; then
		fail "$name" "ERROR line: $out"
	elif ! awk -v v="$value" 'BEGIN { exit !(v + 0 > 0) }'; then
		fail "$name" "count not positive: $out"
	elif [ "$said" != "$unit" ]; then
		fail "$name" "unit $said, the catalog's $unit"
	elif [ -n "$(left_behind "$dir" "$args")" ]; then
		fail "$name" "left files behind: $(left_behind "$dir" "$args")"
	else
		pass "$name"
	fi
done <"$runs"

# The real arguments: every test through the runner, which expands the
# row's arguments itself; the log shows each copy's command, outcome and
# the unit it printed, and each test's score with the catalog's unit.
# The runner finds the programs in a directory of links to them, where
# fstime is given quick mode's options before the row's own (no settling
# pauses, 0.1 s of priming), as the runner does with --quick, which takes
# no --duration.
res=$scratch/all
bin=$scratch/bin
mkdir -p "$res" "$bin"
for p in "$top/$PGMS"/*; do
	ln -s "$p" "$bin/"
done
rm -f "$bin/fstime"
printf '#!/bin/sh\nexec "%s" -p 0 -P 0.1 "$@"\n' "$top/$PGMS/fstime" \
    >"$bin/fstime"
chmod 755 "$bin/fstime"
UB_RESULTDIR=$res UB_OUTPUT_FILE_NAME=all UB_TMPDIR=$scratch UB_BINDIR=$bin \
    "$BYTEBENCH" -qq --duration 0.2 -i 1 -c 1 -f log all 2>"$res/stderr"
log=$res/all.log
if [ ! -s "$log" ]; then
	fail "smoke: every test through the runner" "no log: $(head -n 3 "$res/stderr")"
	exit 0
fi
bad=$(grep '^copy [0-9]*: ' "$log" | grep -v -E '^copy [0-9]+: (ok|skipped),')
check "smoke: every test through the runner: each copy ok or skipped" \
    [ -z "$bad" ]
[ -z "$bad" ] || printf '%s\n' "$bad" | head -n 5
check "smoke: the runner expanded every argument (no @ left)" \
    sh -c "! grep '^  command: .*@' '$log'"
# The unit each copy printed against its program's catalog unit (from
# -l --smoke: the tests of one program share their unit).
wrong=$(awk 'NR == FNR { unit[$3] = $2; next }
    /^  command: / { p = $2; sub(/.*\//, "", p) }
    /^  count .* unit / { u = $0; sub(/.* unit /, "", u); sub(/,.*/, "", u)
	if (!(p in unit) || unit[p] != u) print p ": " u " (catalog: " unit[p] ")" }' \
    "$runs" "$log" | sort -u)
check "smoke: each program printed its catalog unit${wrong:+: $wrong}" [ -z "$wrong" ]
ran=$(grep -c '^==> ' "$log")
check "smoke: the runner ran every test" [ "$ran" -ge "$(listed_tests | wc -l)" ]
