#!/bin/sh
# t-compare-groups.sh - compare's groups of runs and the verdict between
# them, on the seed's FreeBSD post (tests/fixtures/compare/freebsd-seed.txt:
# 7.0 twice at 490.2 and 489.5, then 7.1 487.0, 7.2 479.5, 8.0-RC1 474.4,
# every test scaled as its index score), LABEL= groups, --no-group,
# --min-change, --fail-below by the group rule and the JSON numbers.
. "$(dirname "$0")/lib.sh"

fx=tests/fixtures/compare
seed=$fx/freebsd-seed.txt
out=$scratch/out
err=$scratch/err

if [ ! -x "$BYTEBENCH" ]; then
	skip "compare groups" "no runner at $BYTEBENCH"
	exit 0
fi

cmp() {
	"$BYTEBENCH" compare "$@" >"$out" 2>"$err"
	rc=$?
}

has() {
	if grep -F -q -e "$2" "${3:-$out}"; then
		pass "$1"
	else
		fail "$1" "no \"$2\" in: $(head -c 900 "${3:-$out}")"
	fi
}

# score ID: the Index Score line of column ID (one-by-one layout).
score() {
	grep -A 6 -F 'System Benchmarks Index Score' "$out" | grep "^  $1 "
}

# By hand: the 7.0 group's geometric mean is sqrt(490.2 x 489.5) =
# 489.85, s = |ln(490.2/489.5)|/sqrt 2 = 0.00101 (0.10%); one run on the
# other side: se = s sqrt(1 + 1/2) = 0.001238, dof 1, t = 12.706, half
# width 0.01572 of ln ratio.  7.1: ln(487.0/489.85) = -0.0058, inside:
# within.  7.2: ln(479.5/489.85) = -0.0214, 0.964 to 0.994: beyond.
# 8.0-RC1: ln(474.4/489.85) = -0.0320, 0.953 to 0.984: beyond (3.2% > 1%).
cmp $seed
check "seed: exit 0" [ "$rc" -eq 0 ]
has "seed: the two 7.0 runs are one group" \
    "A  FreeBSD 7.0-RELEASE: 2 runs (the table shows their geometric means)"
has "seed: the key lists the group's runs" "A2 freebsd-seed #2: UnixBench 5.1.2"
has "seed: 7.1 is a column of its own" "B  freebsd-seed #3: UnixBench 5.1.2, FreeBSD 7.1-RELEASE"
check "seed: the group's geometric mean" sh -c "grep -A 1 -F 'System Benchmarks Index Score' '$out' | grep -q '^  A *489.8\$'"
has "seed: the run-to-run spread quoted" \
    "A: 2 runs; run-to-run spread 0.10% (System Benchmarks Index Score)"
check "seed: 7.1 within (~)" sh -c "grep -A 4 -F 'System Benchmarks Index Score' '$out' | grep -q '^  B .*B/A 0.99x ~\$'"
check "seed: 7.2 beyond (no mark)" sh -c "grep -A 4 -F 'System Benchmarks Index Score' '$out' | grep -q '^  C .*C/A 0.98x\$'"
check "seed: 8.0-RC1 beyond (no mark)" sh -c "grep -A 4 -F 'System Benchmarks Index Score' '$out' | grep -q '^  D .*D/A 0.97x\$'"
has "seed: 7.1 in words" "B/A: no change beyond run-to-run noise"
tr '\n' ' ' <"$out" | tr -s ' ' >"$scratch/flat"
has "seed: 8.0-RC1's interval" \
    "D/A: beyond run-to-run noise: System Benchmarks Index Score 0.97x (0.953 to 0.984)" "$scratch/flat"
has "seed: 7.2's interval" "Index Score 0.98x (0.964 to 0.994)" "$scratch/flat"
has "seed: the assumption said" \
    "D has one run: A's run-to-run spread is taken for both" "$scratch/flat"
check "seed: no '?' left" sh -c "! grep -q 'x ?' '$out'"
check "seed: fits 80 columns" [ "$(awk 'length > 80' "$out" | wc -l)" -eq 0 ]

cmp -f md $seed
has "seed md: the words under the table" \
    "- D/A: beyond run-to-run noise: System Benchmarks Index Score 0.97x (0.953 to 0.984)"

cmp -f json $seed
check "seed json: the interval's numbers" sh -c "grep -q '\"between\": {\"runs_first\": 2, \"runs\": 1, \"ratio\": 0.96846' '$out'"
has "seed json: the assumption" "\"assumed\": \"first column's spread for both\""
has "seed json: the group's runs" '"runs": 2, "run_labels": ["freebsd-seed #1", "freebsd-seed #2"]'

cmp --fail-below 0.975 $seed
check "fail-below by the group rule: exit 3" [ "$rc" -eq 3 ]
has "fail-below: 8.0-RC1 named" "System Benchmarks Index Score (1 copy): D/A 0.97x, below 0.97x and beyond noise" "$err"
check "fail-below: 7.2 (0.979) is not below" sh -c "! grep -q 'C/A' '$err'"

cmp --min-change 5 $seed
has "--min-change 5: 3% is no real change" "D/A: no change beyond run-to-run noise"
cmp --min-change x $seed
check "--min-change x: exit 2" [ "$rc" -eq 2 ]
has "--min-change x: said why" "--min-change needs a percentage" "$err"

cmp --no-group $seed
check "--no-group: five columns" [ "$(score '[A-E]' | wc -l)" -eq 5 ]
has "--no-group: one run a side said" "run-to-run noise unknown: one run a side"

# LABEL=: the two 7.0 runs of two files named "old".
sed -n '/first run/,/second run/p' $seed >"$scratch/a.txt"
sed -n '/second run/,/FreeBSD 7.1:/p' $seed >"$scratch/b.txt"
sed -n '/FreeBSD 8.0-RC1:/,$p' $seed >"$scratch/c.txt"
cmp old="$scratch/a.txt" old="$scratch/b.txt" new="$scratch/c.txt"
has "LABEL=: one group of two files" "A  old: 2 runs"
has "LABEL=: the other" "B  new: UnixBench 5.1.2, FreeBSD 8.0-RC1"
