#!/bin/sh
# probe-native.sh CC - prints "-march=native -mtune=native" when CC accepts
# those flags (it compiles an empty file with them), else nothing.  Never fails.
cc=${1:-cc}
tmp=$(mktemp -d 2>/dev/null) || exit 0
trap 'rm -rf "$tmp"' EXIT
printf 'int main(void) { return 0; }\n' > "$tmp/p.c"
flags=
for f in -march=native -mtune=native; do
	if $cc $f -o "$tmp/p" "$tmp/p.c" >/dev/null 2>&1; then
		flags="$flags $f"
	fi
done
printf '%s\n' "${flags# }"
