#!/bin/sh
# probe-native.sh CC - prints "-march=native -mtune=native" when CC accepts
# those flags (it compiles an empty file with them), else nothing.  Never fails.
# It compiles to an object only: a compiler wrapper that records the last
# command producing a program (the Phoronix Test Suite's) never takes the
# probe, which runs whenever make reads the Makefile, for the build.
cc=${1:-cc}
tmp=$(mktemp -d 2>/dev/null) || exit 0
trap 'rm -rf "$tmp"' EXIT
printf 'int main(void) { return 0; }\n' > "$tmp/p.c"
flags=
for f in -march=native -mtune=native; do
	if $cc $f -c -o "$tmp/p.o" "$tmp/p.c" >/dev/null 2>&1; then
		flags="$flags $f"
	fi
done
printf '%s\n' "${flags# }"
