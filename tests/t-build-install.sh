#!/bin/sh
# t-build-install.sh - `make install` into a DESTDIR puts the command, programs,
# data and man page in place; the installed command runs from a read-only
# tree, from another directory, writing results to ./results (or
# UB_RESULTDIR) and scratch files to $TMPDIR; `make uninstall` leaves the
# tree as it was.  Also ./Run from a read-only checkout.  Read-only means
# a read-only bind mount in a private mount namespace when root (chmod
# does not stop root), chmod a-w otherwise; each run first checks that a
# write there really fails.
. "$(dirname "$0")/lib.sh"

if [ ! -f doc/bytebench.1 ]; then
	skip "install" "no doc/bytebench.1"
	exit 0
fi
if [ ! -f "src/programs/pipe.c" ]; then
	skip "install" "src/programs/pipe.c not written yet"
	exit 0
fi
unset UB_BINDIR UB_TESTDIR UB_RESULTDIR UB_TMPDIR UB_OUTPUT_FILE_NAME
chmod 755 "$scratch"

# A DESTDIR with the directories a system already has.
dest=$scratch/dest
mkdir -p "$dest/usr/local/bin" "$dest/usr/local/libexec" \
    "$dest/usr/local/share/man/man1" "$dest/usr/local/other"
echo keep >"$dest/usr/local/bin/other-tool"
before=$(cd "$dest" && find . | sort)

make -s BUILD="$BUILD" PGMS="$PGMS" PREFIX=/usr/local DESTDIR="$dest" \
    install >"$scratch/out" 2>"$scratch/err"
check "install: make install into a DESTDIR" [ $? -eq 0 ]
lib=$dest/usr/local/libexec/bytebench
data=$dest/usr/local/share/bytebench/testdir
check "install: the bytebench command" [ -x "$dest/usr/local/bin/bytebench" ]
check "install: runner and programs" sh -c "[ -x '$lib/bytebench' ] &&
    [ -x '$lib/pipe' ] && [ -x '$lib/dhry2reg' ] && [ -f '$lib/multi.sh' ] &&
    grep -q '^kind=' '$lib/build.info'"
check "install: test data" sh -c "[ -s '$data/large.txt' ] &&
    [ -f '$data/dc.dat' ] && [ -f '$data/cctest.c' ]"
man=$dest/usr/local/share/man/man1/bytebench.1
check "install: the man page, with the version" \
    grep -q '^\.TH BYTEBENCH 1 "" "bytebench [0-9]' "$man"
for sec in NAME SYNOPSIS DESCRIPTION OPTIONS ENVIRONMENT FILES \
    'EXIT STATUS' EXAMPLES 'SEE ALSO'; do
	check "install: man page section $sec" grep -q "^\.SH $sec\$" "$man"
done
check "install: the man page names the installed command" \
    sh -c "grep -q '^\.B bytebench\$' '$man' && ! grep -q '\./Run' '$man' &&
    ! grep -q '@[A-Z]*@' '$man'"
check "install: the documents it refers to" sh -c "
    grep -q '/usr/local/share/doc/bytebench' '$man' &&
    ! grep -q '^\.IR* doc/' '$man' && ! grep -q 'in the source tree' '$man' &&
    [ -f '$dest/usr/local/share/doc/bytebench/compare.md' ] &&
    [ -f '$dest/usr/local/share/doc/bytebench/README' ]"
check "install: the command knows its tree" grep -q \
    '/usr/local/libexec/bytebench' "$dest/usr/local/bin/bytebench"

# The installed command, run where it was installed to (root: the staged
# tree mounted read-only over /usr/local; else a second install under a
# prefix of its own), from a directory of the user's.
work=$scratch/work
tmp=$scratch/tmpdir
mkdir -p "$work" "$tmp"
if [ "$(id -u)" -eq 0 ]; then
	src=$dest/usr/local
	dir=/usr/local
else
	src=$scratch/prefix
	dir=$src
	make -s BUILD="$BUILD" PGMS="$PGMS" PREFIX="$src" install \
	    >/dev/null 2>&1 || fail "install: under a prefix" "make failed"
fi
cd "$work" || exit 1
TMPDIR=$tmp ro_run "$src" "$dir" "$dir/bin/bytebench" -c 1 -i 1 \
    --duration 1 pipe >"$scratch/out" 2>"$scratch/err"
rc=$?
ran "installed: runs from a read-only tree" "$rc"
if [ "$rc" -eq 0 ]; then
	report=$(ls "$work"/results/*-01 2>/dev/null)
	check "installed: results in ./results" sh -c "[ -n '$report' ] &&
	    grep -q '^Pipe Throughput  *[0-9]' '$report'"
	check "installed: scratch files in \$TMPDIR, removed" sh -c "
	    grep -q '^   Scratch files: $tmp ' '$report' &&
	    [ -z \"\$(ls -A '$tmp')\" ]"
	UB_RESULTDIR=$scratch/res UB_TMPDIR=$work ro_run "$src" "$dir" \
	    "$dir/bin/bytebench" -q -c 1 -i 1 --duration 1 pipe \
	    >"$scratch/out" 2>"$scratch/err"
	check "installed: UB_RESULTDIR and UB_TMPDIR" sh -c "
	    grep -q '^   Scratch files: $work ' '$scratch'/res/*-01"
	# An empty UB_BINDIR is refused, as ./Run's runner refuses it.
	ro_run "$src" "$dir" env UB_BINDIR= "$dir/bin/bytebench" --dry-run \
	    pipe >"$scratch/out" 2>"$scratch/err"
	rc=$?
	check "installed: an empty UB_BINDIR refused, one line, exit 2" sh -c "
	    [ $rc -eq 2 ] && [ \$(wc -l <'$scratch/err') -eq 1 ] &&
	    grep -q 'UB_BINDIR is empty' '$scratch/err'"
fi
cd "$top" || exit 1

make -s BUILD="$BUILD" PGMS="$PGMS" PREFIX=/usr/local DESTDIR="$dest" \
    uninstall >"$scratch/out" 2>"$scratch/err"
after=$(cd "$dest" && find . | sort)
check "uninstall: the tree as before the install" [ "$before" = "$after" ]
if [ "$before" != "$after" ]; then
	printf '%s\n' "$before" >"$scratch/before"
	printf '%s\n' "$after" | diff "$scratch/before" - | head -n 10 |
	    sed 's/^/    /'
fi

# ./Run from a read-only checkout, built, from another directory, with
# the result and scratch directories elsewhere: a checkout's files that
# Run uses (Run, pgms/, testdir/, the build stamp).
co=$scratch/checkout
checkout_copy "$co"
cd "$work" || exit 1
UB_RESULTDIR=$scratch/res-co UB_TMPDIR=$tmp ro_run "$co" "$co" \
    "$co/Run" -q -c 1 -i 1 --duration 1 pipe >"$scratch/out" 2>"$scratch/err"
rc=$?
ran "Run: from a read-only checkout, dirs elsewhere" $rc
if [ "$rc" -eq 0 ]; then
	check "Run: results where UB_RESULTDIR says" sh -c "
	    grep -q '^Pipe Throughput  *[0-9]' '$scratch'/res-co/*-01 &&
	    grep -q '^   Scratch files: $tmp ' '$scratch'/res-co/*-01"
	UB_RESULTDIR=$scratch/res-co2 TMPDIR=$tmp ro_run "$co" "$co" \
	    "$co/Run" -q -c 1 -i 1 --duration 1 pipe >"$scratch/out" \
	    2>"$scratch/err"
	check "Run: no tmp/ in a read-only checkout, \$TMPDIR said so" sh -c "
	    grep -q '^Run: cannot create $co/tmp' '$scratch/err' &&
	    grep -q '^   Scratch files: $tmp ' '$scratch'/res-co2/*-01"
fi
