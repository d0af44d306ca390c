#!/bin/sh
# t-robust-tidy.sh - a run removes only what killed runs provably left:
# files of every name shape the tidying knows (a claimed result name, a
# report's temporary file beside it, a pass's scratch directory), made by
# the user with any other content, mode or mark, survive a run; what a run
# killed with SIGKILL left is still removed.
. "$(dirname "$0")/lib.sh"

fake_bin "tidy" pipe spawn
printf 'pipe:* sleep 2500 count 5 1 lps 1\n* count 7 1 lps 1\n' \
    >"$scratch/slow"
export FAKE_SPEC="$scratch/slow"
res=$scratch/res
tmp=$scratch/tmp
mkdir -p "$res"

# mine NAME TEXT MODE: a user's file in $res.
mine() {
	printf '%s' "$2" >"$res/$1"
	chmod "$3" "$res/$1"
}

# Claimed result names, every suffix: empty and mode 0400 (what a claim
# was before it carried its mark), some text, 0400 with text.
for s in "" .log .json .html .csv .md; do
	mine "lab-2025-01-01-01$s" "" 0400
	mine "lab-2025-01-01-02$s" "IMPORTANT" 0644
	mine "lab-2025-01-01-03$s" "IMPORTANT" 0400
	mine "lab-2025-01-01-0001$s" "" 0400
done
# Temporary names of a report: a backup, six letters and digits after
# .tmp., empty, mode 0400, beside a user's claim-like file or alone.
mine "notes-2025-01-01-01.tmp.backup" "IMPORTANT" 0644
mine "lab-2025-01-01-01.json.tmp.v2abcd" "IMPORTANT" 0644
mine "lab-2025-01-01-01.tmp.Ab12Cd" "" 0400
mine "lab-2025-01-01-03.html.tmp.ZZZZZZ" "{\"half" 0400
mine "lab-2025-01-01-09.json.tmp.Ab12Cd" "" 0600
# The mark a run writes into its claims and lock files, in a file of the
# wrong mode, and (as root) in one of another user's.
mark='bytebench: in use by a run in progress
'
mine "lab-2025-01-01-09.json" "$mark" 0644
mine "lab-2025-01-01-10.json" "$mark" 0400
if [ "$(id -u)" -eq 0 ]; then
	chown 65534 "$res/lab-2025-01-01-10.json"
else
	rm "$res/lab-2025-01-01-10.json"
fi
# A claim's name as a FIFO (never opened), as a link to a marked file
# elsewhere, as a directory; a temporary name as a link.
mkfifo "$res/lab-2025-01-01-05.json"
printf '%s' "$mark" >"$scratch/marked"
chmod 0400 "$scratch/marked"
ln -s "$scratch/marked" "$res/lab-2025-01-01-06.json"
mkdir "$res/lab-2025-01-01-07.json"
ln -s "$scratch/marked" "$res/lab-2025-01-01-06.json.tmp.Ab12Cd"
# Scratch directories: the pass's name with a lock file (empty, or with
# text), its name as a plain file.
for d in bytebench.abcdef bytebench.ABC123 bytebench.Zz0099; do
	mkdir -p "$tmp/$d/c0"
	echo IMPORTANT >"$tmp/$d/c0/data"
done
: >"$tmp/bytebench.abcdef/lock"
echo IMPORTANT >"$tmp/bytebench.ABC123/lock"
printf '%s' "$mark" >"$tmp/bytebench.Zz0099/lock"
if [ "$(id -u)" -eq 0 ]; then
	chown -R 65534 "$tmp/bytebench.Zz0099"
else
	rm -r "$tmp/bytebench.Zz0099"
fi
echo IMPORTANT >"$tmp/bytebench.zzzzzz"
# list: the user's files, their modes, owners and sizes.
list() {
	(cd "$res" && ls -la lab-* notes-* && cd "$tmp" && ls -laR &&
	    ls -l "$scratch/marked") |
	    sed 's/ [A-Z][a-z][a-z] .* / /'
}
before=$(list)

runb "$res" -q -c 1 -i 1 -f text,json spawn
after=$(list)
check "look-alikes: every user file and directory survives a run" \
    [ "$before" = "$after" ]
if [ "$before" != "$after" ]; then
	printf '%s\n' "$before" >"$scratch/before"
	printf '%s\n' "$after" | diff "$scratch/before" - | head -n 10 |
	    sed 's/^/    /'
fi
check "look-alikes: the run says it removed nothing" sh -c "
    [ $rc -eq 0 ] && ! grep -q 'stopped run' '$scratch/stderr'"

# A run killed with SIGKILL: what it left (claims, scratch) and a
# temporary file beside one of its claims (the moment is too short to
# hit) go; the look-alikes stay.
killed_run "$res" -q -c 1 -i 1 -f text,json pipe
# The first run's two reports (-01), the killed run's two claims (-02).
claim=$(ls "$res" | grep -v '^lab-\|^notes-' | grep '\.json$' | sort |
    tail -n 1)
echo '{"half' >"$res/$claim.tmp.Ab12Cd"
left=$(($(ls "$res" | grep -vc '^lab-\|^notes-') - 2))
runb "$res" -q -c 1 -i 1 -f text,json spawn
# The next run takes the name the claims held.
check "killed run: its claims and temporary file removed, said so" sh -c "
    [ $left -eq 3 ] && [ -n '$claim' ] && grep -q Process '$res/$claim' &&
    [ ! -e '$res/$claim.tmp.Ab12Cd' ] &&
    grep -q 'stopped run left: 3 unfinished result files in .*, 1 scratch directory' \
    '$scratch/stderr'"
after=$(list)
check "killed run: the look-alikes still there" [ "$before" = "$after" ]
