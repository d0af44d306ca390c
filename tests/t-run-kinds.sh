#!/bin/sh
# t-run-kinds.sh - the header's CPU lines and --per-core-type against the
# fake program: the usual blocks, then one 1-copy block for each kind of
# core this machine has, its copy pinned to one CPU of that kind (the fake
# logs its affinity), said in the report and the JSON.
. "$(dirname "$0")/lib.sh"

fake_bin "per core type" pipe
echo '* count 1 1 lps 1' >"$scratch/spec"
export FAKE_SPEC="$scratch/spec"

res=$scratch/res
FAKE_ENVLOG=$scratch/envlog runb "$res" -q -i 1 -c 1 --per-core-type \
    --json "$scratch/r.json" pipe
check "per core type: exit 0" [ "$rc" -eq 0 ]

# The kinds the header names: "one kind" or "K kinds".
cpus=$(grep '^   CPUs: ' "$rep")
case $cpus in
*', one kind: '*) kinds=1 ;;
*' kinds'*) kinds=$(echo "$cpus" | sed 's/.*online[^,]*, \([0-9]*\) kinds.*/\1/') ;;
*) kinds=0 ;;
esac
check "per core type: header names the kinds" [ "$kinds" -ge 1 ]
check "per core type: a topology line" grep -q '^   Topology: ' "$rep"

blocks=$(grep -c '^Benchmark Run: ' "$rep")
check "per core type: one block a kind after -c 1" [ "$blocks" -eq $((kinds + 1)) ]
pinned=$(grep -c 'running 1 parallel copy of tests, pinned to CPU [0-9]*$' "$rep")
check "per core type: each kind's block says where" [ "$pinned" -eq "$kinds" ]
check "per core type: and of which kind" \
    [ "$(grep -c '^Kind of core: .* (--per-core-type)$' "$rep")" -eq "$kinds" ]
if [ "$kinds" -eq 1 ]; then
	check "per core type: one kind said as such" \
	    grep -q '^Kind of core: the one here, ' "$rep"
fi

# The copies of the -c 1 block ran anywhere, the pinned ones on one CPU:
# the one the report names.
first=$(sed -n 1p "$scratch/envlog")
last=$(tail -n 1 "$scratch/envlog")
cpu=$(sed -n 's/.*, pinned to CPU \([0-9]*\)$/\1/p' "$rep" | tail -n 1)
check "per core type: the pinned copy on one CPU" \
    sh -c "echo '$last' | grep -q ' cpus=1 first=$cpu '"
if [ "$(getconf _NPROCESSORS_ONLN)" -gt 1 ]; then
	check "per core type: the usual copy unpinned" \
	    sh -c "! echo '$first' | grep -q ' cpus=1 '"
fi
check "per core type: JSON block pinned" \
    grep -q "\"pinned_cpu\": $cpu," "$scratch/r.json"
check "per core type: JSON usual block not" \
    grep -q '"pinned_cpu": null,' "$scratch/r.json"
# Each 1-copy pass records the CPU its copy started and ended on; the
# pinned ones, the CPU they were pinned to.
check "per core type: the CPUs of each 1-copy pass recorded" \
    [ "$(grep -c '"cpu_start": [0-9]*, "cpu_end": [0-9]*' "$scratch/r.json")" -eq \
    $((kinds + 1)) ]
check "per core type: the pinned pass on its CPU" \
    grep -q "\"cpu_start\": $cpu, \"cpu_end\": $cpu}" "$scratch/r.json"

# compare keeps the pinned blocks out of the 1-copy column: the JSON and
# the text report of the run are two one-run groups with one 1-copy
# column each, not two runs.
"$BYTEBENCH" compare "$scratch/r.json" "$rep" >"$scratch/cmp" 2>&1
check "per core type: compare reads no second run" \
    sh -c "! grep -q ' #2' '$scratch/cmp'"
check "per core type: compare's 1-copy columns" \
    sh -c "grep -q '^1 copy' '$scratch/cmp' && ! grep -q '/1 ' '$scratch/cmp'"

# Bad input: the option takes no value.
runb "$scratch/res2" --per-core-type=1 pipe
check "per core type: a value refused" [ "$rc" -eq 2 ]
