#!/bin/sh
# t-build-link.sh - each benchmark program links only the libraries it uses, as
# UnixBench's do: -lm for whetstone-double alone, -lpthread for ctxlat
# alone.  A library a program does not use is still loaded by every exec
# where the linker keeps it (clang's default, without --as-needed): one
# more shared object to open, map and relocate in every link of execl's
# chain: 66 page faults an exec instead of UnixBench's 57, and 0.88 of
# UnixBench's execs a second with clang on the project's VM (0.97 after).
# Checked twice: in the link commands make would run (any compiler), and
# in the built programs' dynamic sections where readelf can read them.
. "$(dirname "$0")/lib.sh"

# The programs and the libraries each may name; every other program none.
own_libs() {
	case $1 in
	whetstone-double) echo m ;;
	ctxlat) echo pthread ;;
	*) echo '' ;;
	esac
}
progs="execl spawn context1 pipe syscall dhry2reg dhry2 looper fstime hanoi
int double arithoh whetstone-double ctxlat"

# The link commands, from make -n into an empty build: "-o P/NAME.tmp...".
p=$scratch/p
# shellcheck disable=SC2046
make -n -B BUILD="$scratch/b" PGMS="$p" $(for n in $progs; do echo "$p/$n"; done) \
    >"$scratch/cmds" 2>&1
for n in $progs; do
	line=$(grep -- "-o $p/$n\\.tmp" "$scratch/cmds" | head -n 1)
	libs=$(printf '%s\n' "$line" | awk '{ for (i = 1; i <= NF; i++)
	    if ($i == "-lm" || $i == "-lpthread") { printf "%s%s", s, substr($i, 3); s = " " } }')
	if [ -z "$line" ]; then
		fail "link: $n" "no link command in make -n (see the Makefile)"
		continue
	fi
	check "link: $n names -l${libs:-(none)} of -lm/-lpthread" \
	    [ "x$libs" = "x$(own_libs "$n")" ]
done

# The built programs: no NEEDED entry of libm or libpthread but their own.
if ! command -v readelf >/dev/null 2>&1; then
	skip "link: the built programs' libraries" "no readelf"
	exit 0
fi
for n in $progs; do
	f=$PGMS/$n
	[ -f "$f" ] && readelf -d "$f" >"$scratch/dyn" 2>/dev/null || continue
	grep -q NEEDED "$scratch/dyn" || continue # static: nothing loaded
	want=$(own_libs "$n")
	got=$(awk '/NEEDED/ && /\[libm\.so/ { printf "%sm", s; s = " " }
	    /NEEDED/ && /\[libpthread\.so/ { printf "%spthread", s; s = " " }' "$scratch/dyn")
	# glibc 2.34 and later and musl have no libpthread of their own.
	ok=0
	[ -z "$got" ] || [ "$got" = "$want" ] && ok=1
	check "link: built $n loads ${got:-neither libm nor libpthread}" [ $ok = 1 ]
done
