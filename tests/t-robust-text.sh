#!/bin/sh
# t-robust-text.sh - text the runner does not control (a host name, the
# scratch and results paths, a program's output) reaches the console, the
# text report and the .log without a control character a terminal would
# act on, and a newline in it never splits a line of the report.
. "$(dirname "$0")/lib.sh"

fake_bin "hostile text" pipe spawn
esc=$(printf '\033')
bel=$(printf '\007')
# spawn prints a line of escapes and no result (its row says so).
printf 'spawn:* garbage ]2;%s[31mred%s\n* count 1 1 lps 1\n' \
    "$esc" "$bel" >"$scratch/spec"
export FAKE_SPEC="$scratch/spec"

# controls FILE...: prints the lines with ESC, BEL or another C0 control
# but tab (none expected).
controls() {
	LC_ALL=C grep -n "$(printf '[\001-\010\013-\037\177]')" "$@"
}

# Scratch and results directories whose names hold ESC, BEL and a newline.
odd="x${esc}]0;owned${bel}
y"
mkdir -p "$scratch/tmp/$odd" "$scratch/res/$odd"
UB_TMPDIR=$scratch/tmp/$odd runb "$scratch/res/$odd" -c 1 -i 1 pipe spawn
for r in "$scratch/res/$odd"/*-01; do :; done
check "odd paths: the run finished" sh -c '[ "$1" -eq 1 ] && [ -f "$2" ]' \
    sh "$rc" "$r"
if controls "$scratch/stdout" "$scratch/stderr" "$r" "$r.log" >"$scratch/bad"
then
	fail "odd paths: no control character on the console, text, log" \
	    "$(head -n 3 "$scratch/bad")"
else
	pass "odd paths: no control character on the console, text, log"
fi
check "odd paths: the scratch line of the log is one line" grep -q \
    '^scratch files: .*x?\]0;owned??y ' "$r.log"

# A host name with a newline, ESC and BEL (root, a private UTS namespace).
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null 2>&1 &&
    command -v python3 >/dev/null 2>&1 &&
    unshare -u true 2>/dev/null; then
	cat >"$scratch/sethost.py" <<'EOS'
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
name = sys.argv[1].encode()
if libc.sethostname(name, len(name)) != 0:
    sys.exit("sethostname failed")
os.execvp(sys.argv[2], sys.argv[2:])
EOS
	UB_RESULTDIR=$scratch/res-host unshare -u python3 "$scratch/sethost.py" \
	    "ev
il${esc}[31m${bel}" "$BYTEBENCH" -c 1 -i 1 pipe spawn \
	    >"$scratch/stdout" 2>"$scratch/stderr"
	rc=$?
	for r in "$scratch/res-host"/*-01; do :; done
	check "host name: the run finished" sh -c "[ $rc -eq 1 ] && [ -f '$r' ]"
	if controls "$scratch/stdout" "$r" "$r.log" >"$scratch/bad"; then
		fail "host name: no control character on the console, text, log" \
		    "$(head -n 3 "$scratch/bad")"
	else
		pass "host name: no control character on the console, text, log"
	fi
	check "host name: the header line is whole" grep -q \
	    '^   System: ev?il?\[31m?: ' "$r"
	check "host name: compare reads the text report" sh -c \
	    "'$BYTEBENCH' compare '$r' '$r.json' >/dev/null"
else
	skip "host name" "needs root, unshare and python3"
fi

# -v prints each command: a program directory with ESC in its name.
oddbin="$scratch/bin${esc}[31m"
mkdir -p "$oddbin"
ln -s "$FAKE" "$oddbin/pipe"
UB_BINDIR=$oddbin runb "$scratch/res-v" -v -c 1 -i 1 pipe
if controls "$scratch/stdout" "$scratch/stderr" >"$scratch/bad"; then
	fail "-v: no control character in the commands shown" \
	    "$(head -n 3 "$scratch/bad")"
else
	pass "-v: no control character in the commands shown"
fi
check "-v: the command was shown" grep -q 'bin?\[31m/pipe' \
    "$scratch/stdout" "$scratch/stderr"
