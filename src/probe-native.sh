#!/bin/sh
# probe-native.sh CC - prints "-march=native -mtune=native" when CC builds
# for this machine and accepts those flags (it compiles an empty file with
# them), else nothing.  Never fails.  A cross compiler that takes them
# (zig cc) would tune for this machine's CPU, not the target's: zig cc
# for aarch64-macos then stops on its own code ("unknown AArch64 fixup
# kind"), so a compiler whose target's system or machine (probe-system.sh)
# is known and not this one's gets none.
# It compiles to an object only: a compiler wrapper that records the last
# command producing a program (the Phoronix Test Suite's) never takes the
# probe, which runs whenever make reads the Makefile, for the build.
cc=${1:-cc}
here=$(dirname "$0")
# shellcheck disable=SC2046
set -- $(sh "$here/probe-system.sh" "$cc") $(sh "$here/probe-system.sh" --here)
for pair in "$1 $3" "$2 $4"; do
	case $pair in
	*other*) ;;
	*) [ "${pair% *}" = "${pair#* }" ] || exit 0 ;;
	esac
done
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
