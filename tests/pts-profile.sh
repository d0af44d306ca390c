#!/bin/sh
# pts-profile.sh PTS [DISTDIR] - installs and runs the bytebench profile
# (contrib/pts) with the real Phoronix Test Suite and checks that what PTS
# records equals the N-copy figures of bytebench's own reports, and that
# PTS records the test programs' compiler flags.  Not part of `make test`
# (it needs PTS, PHP and minutes): .ci/run runs it.
#
# PTS is a phoronix-test-suite tarball or unpacked directory (10.8.6 was
# used: php-cli, php-xml, php-zip and unzip needed).  DISTDIR holds what
# `make dist DISTDIR=...` made (the tarball and pts/); without it the
# script runs `make dist` itself.  Run it as a user other than root (as
# root PTS waits for the network); it works offline: the tarball goes into
# PTS's download cache.  HOME is a private scratch directory.
# BYTEBENCH_PTS_ARGS (default "--duration 1") is handed to Run by the
# profile's wrapper; KEEP=1 leaves the working directory (PTS's files, its log) in place.
# Prints PASS/FAIL lines like the other tests; exits 1 on a failure.
set -u
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: tests/pts-profile.sh PTS-TARBALL-OR-DIR [DISTDIR]" >&2
	exit 2
fi
if [ "$(id -u)" -eq 0 ]; then
	echo "pts-profile.sh: run it as a user other than root (PTS as root" \
	    "waits for the network)" >&2
	exit 2
fi
top=$(cd "$(dirname "$0")/.." && pwd)
pts_src=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/bytebench-pts.XXXXXX") || exit 1
if [ -n "${KEEP:-}" ]; then
	echo "pts-profile.sh: working in $work (KEEP set: left there)"
else
	trap 'rm -rf "$work"' EXIT
fi
failed=0
pass() { printf 'PASS: %s\n' "$1"; }
fail() { printf 'FAIL: %s: %s\n' "$1" "$2"; failed=1; }

. "$(dirname "$0")/pts-dist.sh"
pts_dist pts-profile.sh "${2:-}" "$work" || exit $?

if [ -d "$pts_src" ]; then
	pts=$pts_src
else
	mkdir "$work/pts-src" && tar -xzf "$pts_src" -C "$work/pts-src" || exit 1
	pts=$(ls -d "$work"/pts-src/*/ | head -n 1)
fi
pts=${pts%/}/phoronix-test-suite
[ -x "$pts" ] || { echo "pts-profile.sh: no $pts" >&2; exit 2; }

# A private PTS home (PTS takes the home directory from the password
# file; PTS_USER_PATH_OVERRIDE and the three directories of its user
# configuration below move it): the profile as local/, the tarball in the
# download cache.
HOME=$work/home
user=$HOME/.phoronix-test-suite
PTS_USER_PATH_OVERRIDE=$user/
export HOME PTS_USER_PATH_OVERRIDE
mkdir -p "$user/test-profiles/local" "$user/download-cache"
cp -R "$profile" "$user/test-profiles/local/"
cp "$tarball" "$user/download-cache/"

export BYTEBENCH_PTS_ARGS="${BYTEBENCH_PTS_ARGS---duration 1}"
# PTS_IGNORE_MODULES: no modules, among them the result viewer, whose
# web server's workers PTS 10.8.6 leaves running after every command.
export FORCE_TIMES_TO_RUN=1 TEST_RESULTS_NAME=bytebench-pts \
    TEST_RESULTS_IDENTIFIER=check NO_COLOR=1 PTS_IGNORE_MODULES=1
log=$work/pts.log
{
	"$pts" enterprise-setup
	o=PhoronixTestSuite/Options
	"$pts" user-config-set $o/Networking/NoInternetCommunication=TRUE \
	    $o/Installation/EnvironmentDirectory="$user/installed-tests/" \
	    $o/Installation/CacheDirectory="$user/download-cache/" \
	    $o/Testing/ResultsDirectory="$user/test-results/" \
	    $o/BatchMode/SaveResults=TRUE $o/BatchMode/OpenBrowser=FALSE \
	    $o/BatchMode/UploadResults=FALSE \
	    $o/BatchMode/PromptForTestIdentifier=FALSE \
	    $o/BatchMode/PromptForTestDescription=FALSE \
	    $o/BatchMode/PromptSaveName=FALSE \
	    $o/BatchMode/RunAllTestCombinations=TRUE \
	    $o/BatchMode/Configured=TRUE
} >"$log" 2>&1 </dev/null

if "$pts" batch-install "local/$name" >>"$log" 2>&1 </dev/null &&
    [ -x "$user/installed-tests/local/$name/bytebench" ]; then
	pass "pts: installs local/$name from the make dist tarball, offline"
else
	fail "pts: install" "$(tail -n 30 "$log")"
	exit 1
fi
tree=$(ls -d "$user/installed-tests/local/$name"/bytebench-*/ | head -n 1)

# The flags PTS recorded are those of the test programs.
opt=$(sed -n 's/^opt=//p' "$tree/pgms/build.info")
recorded=$(tr ',' '\n' <"$user/installed-tests/local/$name/pts-install.json" |
    sed -n 's/.*"compiler-options": *"\([^"]*\)".*/\1/p' | head -n 1)
missing=
for f in $opt; do
	case " $recorded " in *" $f "*) ;; *) missing="$missing $f" ;; esac
done
if [ -n "$recorded" ] && [ -z "$missing" ]; then
	pass "pts: records the programs' flags ($recorded)"
else
	fail "pts: compiler flags" "recorded '$recorded', the build used '$opt'"
fi

"$pts" batch-run "local/$name" >>"$log" 2>&1 </dev/null
composite=$user/test-results/bytebench-pts/composite.xml
if [ ! -f "$composite" ]; then
	fail "pts: run" "no results; $(tail -n 30 "$log")"
	exit 1
fi

# What PTS recorded: "ARGUMENTS VALUE" a result.
php -r '
	$x = simplexml_load_file($argv[1]);
	foreach ($x->Result as $r)
		foreach ($r->Data->Entry as $e)
			echo trim($r->Arguments), " ", trim($e->Value), "\n";
' "$composite" >"$work/recorded"

# What the reports say: the N-copy figure of the option's test (the
# number before its unit on the last line with that unit) or the last
# index score.
# report PATTERN: the last report of a single-test run (not the whole
# index) with a line matching PATTERN; with "index", the last whole one.
report() {
	for r in "$tree"/results/*-[0-9][0-9]; do
		if [ "$1" = index ]; then
			grep -q '^System Benchmarks Index Values' "$r" && echo "$r"
		elif ! grep -q '^System Benchmarks Index Values' "$r" &&
		    grep -q "$1" "$r"; then
			echo "$r"
		fi
	done | tail -n 1
}
for opt in dhry2reg whetstone-double syscall pipe index; do
	case $opt in
	index) rep=$(report index) ;;
	dhry2reg) rep=$(report '^Dhrystone 2 using register variables ') ;;
	whetstone-double) rep=$(report '^Double-Precision Whetstone ') ;;
	syscall) rep=$(report '^System Call Overhead ') ;;
	pipe) rep=$(report '^Pipe Throughput ') ;;
	esac
	if [ -z "$rep" ]; then
		fail "pts: $opt" "no bytebench report"
		continue
	fi
	case $opt in
	index) want=$(awk '/Index Score/ { v = $NF } END { print v }' "$rep") ;;
	whetstone-double) want=$(awk '/ MWIPS / { v = $(NF - 5) }
	    END { print v }' "$rep") ;;
	*) want=$(awk '/ lps / { v = $(NF - 5) } END { print v }' "$rep") ;;
	esac
	copies=$(sed -n 's/.*running \([0-9]*\) parallel cop.*/\1/p' "$rep" |
	    tail -n 1)
	got=$(awk -v a="$opt" '$1 == a { print $2 }' "$work/recorded")
	if [ -n "$got" ] && [ -n "$want" ] &&
	    awk -v g="$got" -v w="$want" 'BEGIN { exit !(g + 0 == w + 0) }'; then
		pass "pts: $opt recorded $got, the $copies-copy figure of $(basename "$rep")"
	else
		fail "pts: $opt" "PTS recorded '$got', the report has '$want'"
	fi
done
left=$(ps -u "$(id -u)" -o pid= -o args= | grep -F "${pts%/*}/pts-core" | grep -v grep)
if [ -z "$left" ]; then
	pass "pts: no PTS process left behind"
else
	fail "pts: processes left behind" "$left"
fi
exit $failed
