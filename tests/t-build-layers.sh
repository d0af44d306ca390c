#!/bin/sh
# t-build-layers.sh - the runner's layers depend one way.  Each folder of
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

# Files that call each other, and a header that promises what a layer above
# it defines (tests/uses.awk): a fixture tree with a circle of three files,
# a pair that is none (one way only) and a model header declaring an exec
# function.
uses() {
	(cd "$1" && find . -name '*.[ch]' | sed 's|^\./||' | sort |
	    xargs awk -v mode="$2" -v order="$order" -f "$top/tests/uses.awk")
}
fix=$scratch/uses
mkdir -p "$fix/model" "$fix/exec" "$fix/lib"
printf 'int\na_f(void)\n{\n\treturn b_f();\n}\n' >"$fix/exec/a.c"
printf 'int\nb_f(void)\n{\n\treturn c_f(); /* a_f() */\n}\n' >"$fix/exec/b.c"
printf 'int\nc_f(void)\n{\n\treturn a_f() + m_f();\n}\n' >"$fix/exec/c.c"
printf 'int\nm_f(void)\n{\n\treturn 0;\n}\n' >"$fix/model/m.c"
printf 'int m_f(void);\nint a_f(void);\n' >"$fix/model/m.h"
out=$(uses "$fix" circle)
if [ "$(printf '%s\n' "$out" | grep -c '^circle')" -eq 1 ] &&
    printf '%s\n' "$out" | grep -qx 'circle: exec/a.c exec/b.c exec/c.c' &&
    ! printf '%s\n' "$out" | grep -q 'b.c -> exec/a.c\|m.c'; then
	pass "layers: the check finds a circle of files and no more"
else
	fail "layers: the circle check on a fixture tree" "$(printf '%s' "$out" | tr '\n' '|')"
fi
out=$(uses "$fix" decl)
if [ "$out" = "model/m.h: declares a_f(), defined in exec/a.c above it" ]; then
	pass "layers: the check finds a header declaring a function of a layer above"
else
	fail "layers: the declaration check on a fixture tree" "$(printf '%s' "$out" | tr '\n' '|')"
fi

out=$(uses src circle)
if [ -z "$out" ]; then
	pass "layers: no two files of src/ call each other, directly or through a chain"
else
	fail "layers: circles of files in src/" "$(printf '%s' "$out" | tr '\n' '|')"
fi
out=$(cd src && find lib runner -name '*.[ch]' | sort |
    xargs awk -v mode=decl -v order="$order" -f "$top/tests/uses.awk")
if [ -z "$out" ]; then
	pass "layers: no header declares a function of a layer above its own"
else
	fail "layers: headers promising a layer above" "$(printf '%s' "$out" | tr '\n' '|')"
fi

# score/ computes: it reads no file, clock or environment and writes
# nothing (what it needs is measured in exec/ or plan/ and handed in).
io='fopen|fdopen|open|openat|read|write|fread|fwrite|fgets|printf|fprintf|puts|fputs|getrusage|sysconf|getenv|time|clock_gettime|gettimeofday|bench_now|file_read_small|opendir'
out=$(grep -nE "(^|[^A-Za-z0-9_])($io)[[:space:]]*\(" src/runner/score/*.c)
if [ -z "$out" ]; then
	pass "layers: score/ does no I/O"
else
	fail "layers: I/O in score/" "$(printf '%s' "$out" | tr '\n' '|')"
fi
