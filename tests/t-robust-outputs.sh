#!/bin/sh
# t-robust-outputs.sh - a named output (-f FMT=PATH, --json PATH) is
# decided before any test runs: a path created or replaced (a link itself,
# never what it leads to), or a descriptor the runner was given
# (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N, a link to one)
# written to directly, or refused in one line with exit 2: a directory, a
# device, a FIFO, a link that leads nowhere, standard input.  As root
# every run is in a private mount namespace with a /dev of its own (the
# machine's /dev/stdout is writable by root): its links must stay links.
. "$(dirname "$0")/lib.sh"

fake_bin "named outputs" pipe spawn
export FAKE_SPEC="$scratch/fast"
printf '* count 7 1 lps 1\n' >"$FAKE_SPEC"
res=$scratch/res
json='"schema": "bytebench-report/1"'

# bb ARGS...: the runner; as root in a private mount namespace with
# $dev bind-mounted on /dev (exit 125 when that cannot be made).
dev=$scratch/dev
mkdir "$dev"
ln -s /proc/self/fd "$dev/fd"
for f in 0:stdin 1:stdout 2:stderr; do
	ln -s "/proc/self/fd/${f%%:*}" "$dev/${f#*:}"
done
if [ "$(id -u)" -eq 0 ]; then
	if ! command -v unshare >/dev/null 2>&1 ||
	    ! mknod "$dev/null" c 1 3 2>/dev/null ||
	    ! unshare -m sh -c 'mount --make-rprivate / &&
	        mount --bind "$0" /dev' "$dev" 2>/dev/null; then
		skip "named outputs" "root without a private mount namespace"
		exit 0
	fi
	chmod 666 "$dev/null"
	bb() {
		unshare -m sh -c 'mount --make-rprivate / &&
		    mount --bind "$0" /dev || exit 125
		    exec "$@"' "$dev" "$BYTEBENCH" "$@"
	}
else
	bb() { "$BYTEBENCH" "$@"; }
fi
devlinks=$(ls -l "$dev" | sed 's/.* \([a-z]* -> \)/\1/')

# A descriptor's link: through /proc where there is one, else /dev/fd.
if [ -e /proc/self/fd/1 ]; then proc=/proc/self/fd; else proc=/dev/fd; fi

# to_stdout NAME PATH: -f text,json=PATH with stdout a file; the JSON in
# that file, the link (when PATH is one) still a link.
to_stdout() {
	bb -q -c 1 -i 1 -f "text,json=$2" spawn \
	    >"$scratch/o" 2>"$scratch/e"
	orc=$?
	check "$1: written to standard output, rc 0" sh -c "
	    [ $orc -eq 0 ] && grep -q '$json' '$scratch/o' &&
	    ! grep -q '^Process Creation' '$scratch/o' &&
	    { [ ! -L '$2' ] || [ -n \"\$(readlink '$2')\" ]; }"
}
export UB_RESULTDIR=$res
to_stdout "/dev/fd/1" /dev/fd/1
to_stdout "/dev/stdout" /dev/stdout
to_stdout "$proc/1" "$proc/1"
ln -s "$proc/1" "$scratch/out-link"
to_stdout "a link of the user's to $proc/1" "$scratch/out-link"
check "a link to $proc/1: still that link" \
    [ "$(readlink "$scratch/out-link")" = "$proc/1" ]
bb -q -c 1 -i 1 --json /dev/fd/1 spawn 2>/dev/null | cat >"$scratch/o"
check "--json /dev/fd/1 with stdout a pipe: the JSON" grep -q "$json" \
    "$scratch/o"

bb -q -c 1 -i 1 -f json=/dev/stderr spawn >"$scratch/o" \
    2>"$scratch/e"
orc=$?
check "/dev/stderr: written to standard error, rc 0" sh -c "
    [ $orc -eq 0 ] && grep -q '$json' '$scratch/e' &&
    ! grep -q '$json' '$scratch/o'"
bb -q -c 1 -i 1 -f "json=$proc/3" spawn >"$scratch/o" \
    2>"$scratch/e" 3>"$scratch/three"
orc=$?
check "$proc/3 open on a file: written to descriptor 3, rc 0" sh -c "
    [ $orc -eq 0 ] && grep -q '$json' '$scratch/three'"

# refused NAME PATH [WHY]: exit 2, one line (naming WHY), no test run, no
# result file, the path as it was.
refused() {
	before=$(ls -la "$2" 2>&1)
	rm -rf "$res"
	bb -q -c 1 -i 1 -f "text,json=$2" spawn \
	    >"$scratch/o" 2>"$scratch/e" </dev/null
	orc=$?
	after=$(ls -la "$2" 2>&1)
	check "$1: refused before the run, in one line, left as it was" sh -c "
	    [ $orc -eq 2 ] && [ \$(wc -l <'$scratch/e') -eq 1 ] &&
	    grep -q -- '${3:-cannot write}' '$scratch/e' &&
	    [ -z \"\$(ls '$res' 2>/dev/null)\" ] && [ ! -s '$scratch/o' ] &&
	    [ '$before' = '$after' ]"
}
mkdir "$scratch/dir"
refused "a directory" "$scratch/dir" "directory"
refused "a device" /dev/null "not a plain file"
ln -s /dev/null "$scratch/null-link"
refused "a link to a device" "$scratch/null-link" "not a plain file"
mkfifo "$scratch/fifo"
refused "a FIFO" "$scratch/fifo" "not a plain file"
ln -s "$scratch/nothing/there" "$scratch/dangling"
refused "a dangling link" "$scratch/dangling" "leads nowhere"
ln -s "$scratch/loop" "$scratch/loop"
refused "a link loop" "$scratch/loop" "leads nowhere"
refused "a descriptor not open" "$proc/9" "no such descriptor"
refused "a descriptor not open, through /dev/fd" /dev/fd/9 \
    "no such descriptor"
: >"$scratch/stdin-file"
bb -q -c 1 -i 1 -f "json=$proc/0" spawn >"$scratch/o" \
    2>"$scratch/e" <"$scratch/stdin-file"
orc=$?
check "standard input: refused in one line" sh -c "
    [ $orc -eq 2 ] && [ \$(wc -l <'$scratch/e') -eq 1 ] &&
    grep -q 'standard input' '$scratch/e' && [ ! -s '$scratch/stdin-file' ]"
bb -q -c 1 -i 1 -f json=/dev/stdout spawn >&- 2>"$scratch/e"
orc=$?
check "/dev/stdout closed: refused in one line" sh -c "
    [ $orc -eq 2 ] && [ \$(wc -l <'$scratch/e') -eq 1 ] &&
    grep -q 'no such descriptor\\|not open for writing' '$scratch/e'"
bb -q -c 1 -i 1 -f "json=$proc/3" spawn >"$scratch/o" 2>"$scratch/e" \
    3<"$scratch/stdin-file"
orc=$?
check "a descriptor open read-only: refused in one line" sh -c "
    [ $orc -eq 2 ] && [ \$(wc -l <'$scratch/e') -eq 1 ] &&
    grep -q 'not open for writing' '$scratch/e'"

# A link of the user's to a file is itself replaced, its target kept.
echo KEEP >"$scratch/target"
ln -s "$scratch/target" "$scratch/link"
bb -q -c 1 -i 1 -f "json=$scratch/link" spawn >/dev/null 2>&1
orc=$?
check "a link to a file: the link replaced, the file kept" sh -c "
    [ $orc -eq 0 ] && [ ! -L '$scratch/link' ] &&
    grep -q '$json' '$scratch/link' && [ \"\$(cat '$scratch/target')\" = KEEP ]"

check "the private /dev: its links still links" \
    [ "$(ls -l "$dev" | sed 's/.* \([a-z]* -> \)/\1/')" = "$devlinks" ]
