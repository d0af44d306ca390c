#!/bin/sh
# t-robust-install.sh - `make install` and `make uninstall` with install
# paths make cannot keep whole (a space, a tab, a quote, a shell or glob
# character) or a relative PREFIX: refused in one line before anything
# is built, written or removed; a file named like a word of such a path
# is left as it was.
. "$(dirname "$0")/lib.sh"

# try GOAL NAME VAR=VALUE...: runs make GOAL with the assignments; the
# files precious and precious-2 beside the paths must survive, nothing
# may appear in $scratch or the tree but them, and make must say why in
# one line and fail.
try() {
	goal=$1
	name=$2
	shift 2
	echo PRECIOUS >"$scratch/a"
	echo PRECIOUS >"$scratch/b"
	: >"$scratch/out"
	: >"$scratch/err"
	before=$(ls -A "$scratch" "$top")
	make -s BUILD="$BUILD" PGMS="$PGMS" "$@" "$goal" >"$scratch/out" \
	    2>"$scratch/err"
	mrc=$?
	# Not ours: make's note that a make run by a script under make -j
	# cannot share its parent's jobs (.ci/run's cross builds).
	grep -v 'jobserver unavailable' "$scratch/err" >"$scratch/err.own"
	mv "$scratch/err.own" "$scratch/err"
	after=$(ls -A "$scratch" "$top")
	check "$goal: $name: refused in one line, nothing touched" sh -c "
	    [ $mrc -ne 0 ] && [ \$(cat '$scratch/err' | wc -l) -eq 1 ] &&
	    grep -q 'PREFIX and DESTDIR' '$scratch/err' &&
	    [ \"\$(cat '$scratch/a' '$scratch/b')\" = 'PRECIOUS
PRECIOUS' ] && [ '$(echo "$before" | cksum)' = \
	    '$(echo "$after" | cksum)' ]"
}

for goal in uninstall install; do
	try $goal "a space in DESTDIR" DESTDIR="$scratch/a b" PREFIX=/opt/x
	try $goal "a space in PREFIX" PREFIX="$scratch/a $scratch/b"
	try $goal "a tab in DESTDIR" DESTDIR="$scratch/a	b"
	try $goal "a quote in DESTDIR" DESTDIR="$scratch/a'b"
	try $goal "a glob in PREFIX" PREFIX="$scratch/*"
	try $goal "a semicolon in PREFIX" PREFIX="/x;rm $scratch/a"
	try $goal "a relative PREFIX" PREFIX=opt/x
done

# A plain DESTDIR and PREFIX still install and uninstall (the whole check
# is t-build-install.sh's), after an install under another PREFIX: the
# man page names this one's documents.
for p in /opt/a /opt/b-1.0; do
	make -s BUILD="$BUILD" PGMS="$PGMS" DESTDIR="$scratch/dest$p" \
	    PREFIX=$p install >"$scratch/out" 2>&1 || break
done
irc=$?
man=$scratch/dest/opt/b-1.0/opt/b-1.0/share/man/man1/bytebench.1
check "install: a second PREFIX, the man page names its documents" sh -c "
    [ $irc -eq 0 ] && grep -q '^\.I /opt/b-1\.0/share/doc/bytebench\$' '$man'"
dest=$scratch/dest/opt/b-1.0
make -s BUILD="$BUILD" PGMS="$PGMS" DESTDIR="$dest" PREFIX=/opt/b-1.0 \
    uninstall >>"$scratch/out" 2>&1
irc=$?
check "install and uninstall: a plain path with - . _ still works" sh -c "
    [ $irc -eq 0 ] && [ -z \"\$(find '$dest' -type f)\" ]"
