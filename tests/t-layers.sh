#!/bin/sh
# t-layers.sh - the runner's layers depend one way.  Each folder of
# src/runner is a layer; a file there may include the headers of its own
# layer and of the layers below it, never of one above (main.c, on top,
# may include any).  The order, lowest first, is declared once, here; a
# folder not in it, or a layer without its folder, fails too.
. "$(dirname "$0")/lib.sh"

order="model score write plan exec compare"

# check_tree DIR: prints one line "FILE: includes LAYER/... above LAYER"
# for each include against the order, and one for each folder or layer
# that the order and DIR disagree on.
check_tree() {
	for l in $order; do
		[ -d "$1/$l" ] || echo "$l: declared, but there is no $1/$l"
	done
	for d in "$1"/*/; do
		l=$(basename "$d")
		case " $order " in *" $l "*) ;; *)
			echo "$1/$l: a folder that is no layer of the order" ;;
		esac
	done
	grep -H '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[a-z_]*/' \
	    "$1"/*/*.[ch] 2>/dev/null |
	awk -v order="$order" '
	BEGIN { n = split(order, o, " "); for (i = 1; i <= n; i++) rank[o[i]] = i }
	{
		file = $0; sub(/:.*/, "", file)
		k = split(file, p, "/"); own = p[k - 1]
		inc = $0; sub(/^[^"]*"/, "", inc); sub(/\/.*/, "", inc)
		if (!(inc in rank))
			printf "%s: includes %s/..., no layer of the order\n", file, inc
		else if (rank[inc] > rank[own])
			printf "%s: includes %s/..., above %s\n", file, inc, own
	}'
}

# The check catches what it is for: a fixture tree with an include
# upwards, one of an unknown folder and a stray folder.
fix=$scratch/layers
for l in $order; do mkdir -p "$fix/$l"; done
mkdir -p "$fix/misc"
printf '#include "model/a.h"\n#include "exec/b.h"\n' >"$fix/score/x.c"
printf '#include "misc/c.h"\n' >"$fix/exec/y.h"
printf '#include "score/x.h"\n#include "plan/z.h"\n' >"$fix/exec/z.c"
out=$(check_tree "$fix")
if [ "$(printf '%s\n' "$out" | grep -c .)" -eq 3 ] &&
    printf '%s\n' "$out" | grep -q 'score/x.c: includes exec/..., above score' &&
    printf '%s\n' "$out" | grep -q 'exec/y.h: includes misc/...' &&
    printf '%s\n' "$out" | grep -q 'misc: a folder that is no layer'; then
	pass "layers: the check finds includes upwards and unknown folders"
else
	fail "layers: the check on a fixture tree" "$(printf '%s' "$out" | tr '\n' '|')"
fi

out=$(check_tree src/runner)
if [ -z "$out" ]; then
	pass "layers: src/runner's includes point down ($order)"
else
	fail "layers: src/runner's includes" "$(printf '%s' "$out" | tr '\n' '|')"
fi
