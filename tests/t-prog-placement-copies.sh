#!/bin/sh
# t-prog-placement-copies.sh - one meaning of a placement for context1 and
# ctxlat (src/lib/place.c): for each copy number (BENCH_COPY) both programs
# put the pair on the same CPUs; with two or more usable CPUs, same-cpu puts
# copies 0 and 1 on different CPUs (copies spread before they share); a
# copy number near the environment's limit (2^30) is placed without
# overflow (the sanitize build stops on one).
. "$(dirname "$0")/lib.sh"

c1=$top/$PGMS/context1
cl=$top/$PGMS/ctxlat
if [ ! -x "$c1" ] || [ ! -x "$cl" ]; then
	skip "placement of copies" "context1 or ctxlat not built"
	exit 0
fi

# where PLACEMENT COPY: "CPU CPU", the pair's CPUs as context1 reports
# them, then as ctxlat does; empty when a program failed or skipped.
where() {
	a=$(BENCH_COPY=$2 "$c1" -p "$1" 0.02 2>/dev/null |
	    sed -n "s/^INFO|placement|$1 parent=\([0-9]*\) child=\([0-9]*\)\$/\1 \2/p")
	b=$(BENCH_COPY=$2 "$cl" -p "$1" -k 1 -r 1 0.02 2>/dev/null |
	    sed -n -e "s/^INFO|placement|same-cpu cpu \([0-9]*\)\$/\1 \1/p" \
	    -e "s/^INFO|placement|cross-cpu cpus \([0-9]*\) \([0-9]*\)\$/\1 \2/p")
	echo "$a|$b"
}

BENCH_COPY=0 "$c1" -p same-cpu 0.02 >/dev/null 2>&1
if [ $? -eq 77 ]; then
	skip "placement of copies" "no affinity control here"
	exit 0
fi

ncpu=$(nproc 2>/dev/null || echo 1)
places=same-cpu
[ "$ncpu" -ge 2 ] && places="same-cpu cross-cpu"
for p in $places; do
	for copy in 0 1 2 3 1073741824; do
		w=$(where "$p" "$copy")
		if [ -n "${w%%|*}" ] && [ "${w%%|*}" = "${w#*|}" ]; then
			pass "placement: $p copy $copy, one place for both ($w)"
		else
			fail "placement: $p copy $copy, one place for both" \
			    "context1|ctxlat: '$w'"
		fi
	done
done

if [ "$ncpu" -lt 2 ]; then
	skip "placement: copies spread" "fewer than 2 usable CPUs"
	exit 0
fi
w0=$(where same-cpu 0)
w1=$(where same-cpu 1)
if [ "${w0#*|}" != "${w1#*|}" ] && [ -n "${w1#*|}" ]; then
	pass "placement: same-cpu copies 0 and 1 on different CPUs ($w0, $w1)"
else
	fail "placement: same-cpu copies 0 and 1 on different CPUs" \
	    "copy 0 '$w0', copy 1 '$w1'"
fi
