#!/bin/sh
# dist.sh VERSION OUTDIR [URL] - `make dist`: the release tarball
# OUTDIR/bytebench-VERSION.tar.gz of the committed tree, and beside it
# OUTDIR/pts/, the Phoronix Test Suite profiles of contrib/pts with their
# downloads.xml naming that tarball (its SHA-256, its size, and URL when
# given).  Prints the SHA-256 and the size.
#
# Reproducible: the same commit gives the same bytes.  The tarball holds
# the tree of HEAD without contrib/pts (so a commit that only records the
# tarball's SHA-256 in downloads.xml leaves the tarball as it was), every
# file dated SOURCE_DATE_EPOCH or else the time of the last commit outside
# contrib/pts, owned by 0, mode 644 or 755, compressed with gzip -n.
# Needs git; changes not committed are not in the tarball (it says so).
set -eu
version=$1
out=$2
url=${3:-}
name=bytebench-$version

if ! git rev-parse --verify -q HEAD >/dev/null 2>&1; then
	echo "dist: needs a git checkout with a commit (the tarball is made" \
	    "from HEAD)" >&2
	exit 2
fi
for p in contrib/pts/*/; do
	[ -d "$p" ] || continue
	if ! grep -q "<FileName>$name.tar.gz</FileName>" "$p/downloads.xml"; then
		echo "dist: ${p%/}/downloads.xml does not name $name.tar.gz" \
		    "(the Makefile's VERSION); update the profile" >&2
		exit 2
	fi
done
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
	echo "dist: uncommitted changes are not in the tarball (it is made" \
	    "from HEAD)" >&2
fi

epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct HEAD -- . \
    ':(exclude)contrib/pts')}
mkdir -p "$out"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bytebench-dist.XXXXXX")
# Removed however it ends: a signal (make passes SIGTERM on) exits first.
trap 'rm -rf "$tmp"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

# HEAD's tree less contrib/pts, as a commit of fixed date and author (the
# commit id goes into the tar header and the date into every file).
GIT_INDEX_FILE=$tmp/index git read-tree HEAD
GIT_INDEX_FILE=$tmp/index git rm -q -r --cached --ignore-unmatch contrib/pts
tree=$(GIT_INDEX_FILE=$tmp/index git write-tree)
commit=$(GIT_AUTHOR_NAME=bytebench GIT_AUTHOR_EMAIL=dist@bytebench \
    GIT_COMMITTER_NAME=bytebench GIT_COMMITTER_EMAIL=dist@bytebench \
    GIT_AUTHOR_DATE="@$epoch +0000" GIT_COMMITTER_DATE="@$epoch +0000" \
    git commit-tree "$tree" -m "$name" </dev/null)
git -c tar.umask=0022 archive --format=tar --prefix="$name/" "$commit" |
    gzip -n -9 >"$tmp/$name.tar.gz"
mv -f "$tmp/$name.tar.gz" "$out/$name.tar.gz"

tarball=$out/$name.tar.gz
size=$(wc -c <"$tarball" | tr -d ' ')
if command -v sha256sum >/dev/null 2>&1; then
	sha=$(sha256sum "$tarball" | cut -d ' ' -f 1)
elif command -v shasum >/dev/null 2>&1; then
	sha=$(shasum -a 256 "$tarball" | cut -d ' ' -f 1)
else
	sha=$(sha256 -q "$tarball")
fi

# The profiles, with downloads.xml filled in.
for p in contrib/pts/*/; do
	[ -d "$p" ] || continue
	dest=$out/pts/$(basename "$p")
	rm -rf "$dest"
	mkdir -p "$dest"
	cp -p "$p"* "$dest"/
	sed -e "s|<SHA256>[^<]*</SHA256>|<SHA256>$sha</SHA256>|" \
	    -e "s|<FileSize>[^<]*</FileSize>|<FileSize>$size</FileSize>|" \
	    -e "s|<URL>[^<]*</URL>|<URL>${url:-$name.tar.gz}</URL>|" \
	    "$p/downloads.xml" >"$dest/downloads.xml"
done

echo "$tarball"
echo "  SHA-256: $sha"
echo "  size:    $size bytes"
[ ! -d "$out/pts" ] || echo "  PTS profiles with this downloads.xml: $out/pts/"
