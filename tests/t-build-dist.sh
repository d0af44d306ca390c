#!/bin/sh
# t-build-dist.sh - `make dist`: the same commit gives the same tarball, which
# holds the committed tree (less contrib/pts) under bytebench-VERSION/;
# the PTS profile beside it names that tarball by its SHA-256 and size and
# agrees with the Makefile's VERSION.  (Installing and running the profile
# with the real PTS is tests/pts-profile.sh, run by .ci/run.)
. "$(dirname "$0")/lib.sh"

if ! command -v git >/dev/null 2>&1 ||
    ! git -C "$top" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	skip "dist" "not a git checkout"
	exit 0
fi
version=$(sed -n 's/^VERSION = //p' "$top/Makefile")
tarname=bytebench-$version

make -s -C "$top" dist DISTDIR="$scratch/a" >"$scratch/out" 2>"$scratch/err"
rc=$?
make -s -C "$top" dist DISTDIR="$scratch/b" >/dev/null 2>&1
tarball=$scratch/a/$tarname.tar.gz
check "dist: makes $tarname.tar.gz" sh -c "[ $rc -eq 0 ] && [ -s '$tarball' ]"
check "dist: reproducible" cmp -s "$tarball" "$scratch/b/$tarname.tar.gz"

tar -tzf "$tarball" | sed "s|^$tarname/||" | grep -v '/$' | grep . | sort \
    >"$scratch/listed"
git -C "$top" ls-tree -r --name-only HEAD | grep -v '^contrib/pts/' | sort >"$scratch/tracked"
check "dist: HEAD's files but contrib/pts, under $tarname/" \
    cmp -s "$scratch/listed" "$scratch/tracked"
check "dist: owner 0, no build output" sh -c "
    ! tar -tvzf '$tarball' | awk '{ print \$2 }' | grep -qv '^root/root\$' &&
    ! tar -tzf '$tarball' | grep -q -e '/pgms/bytebench\$' -e '/build/'"

sha=$(sha256sum "$tarball" 2>/dev/null | cut -d ' ' -f 1)
size=$(wc -c <"$tarball" | tr -d ' ')
check "dist: prints the SHA-256 and the size" sh -c "
    grep -q '^  SHA-256: $sha\$' '$scratch/out' &&
    grep -q '^  size:    $size bytes\$' '$scratch/out'"
for p in "$scratch"/a/pts/*/; do
	[ -d "$p" ] || continue
	n=$(basename "$p")
	check "dist: $n downloads.xml names the tarball" sh -c "
	    grep -q '<SHA256>$sha</SHA256>' '$p/downloads.xml' &&
	    grep -q '<FileSize>$size</FileSize>' '$p/downloads.xml' &&
	    grep -q '<FileName>$tarname.tar.gz</FileName>' '$p/downloads.xml'"
	check "dist: $n is of version $version" sh -c "
	    grep -q '<AppVersion>$version</AppVersion>' '$p/test-definition.xml' &&
	    grep -q 'tar -xzf $tarname.tar.gz' '$p/install.sh' &&
	    [ \$(grep -c '$tarname' '$p/install.sh') -eq 3 ]"
done
check "dist: profiles written" [ -f "$scratch/a/pts/bytebench-1.0.0/test-definition.xml" ]
