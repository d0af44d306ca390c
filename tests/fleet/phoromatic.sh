#!/bin/sh
# phoromatic.sh PTS [DISTDIR] - a fleet run with the real Phoronix Test
# Suite: a Phoromatic server and two clients, each its own Unix user and
# PTS user path, in a network namespace of their own (loopback only).  An
# account is made through the server's web forms (curl), a suite of the
# bytebench profile's shortest option (System Call) is built there, a
# benchmark ticket sends it to both clients, and the script checks that
# the server holds both results, each with the value of that client's own
# bytebench report.  Not part of `make test`: .ci/run runs it.
#
# Run it as root (it makes the users and the namespace; PTS runs as the
# users).  PTS is a phoronix-test-suite tarball or unpacked directory
# (10.8.6 was used: php-cli, php-xml, php-zip, php-sqlite3, curl).
# DISTDIR holds what `make dist DISTDIR=...` made; without it the script
# runs `make dist` itself.  Everything it starts, the users and the
# namespace are removed on exit, also on a signal, and the script checks
# that nothing is left.  WAIT (default 600) bounds each wait in seconds.
# Prints PASS/FAIL lines; exits 1 on a failure.
set -u
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: tests/fleet/phoromatic.sh PTS-TARBALL-OR-DIR [DISTDIR]" >&2
	exit 2
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "phoromatic.sh: run it as root (it makes users and a network" \
	    "namespace; PTS runs as those users)" >&2
	exit 2
fi
for c in ip useradd userdel runuser setsid curl php; do
	command -v $c >/dev/null 2>&1 ||
	    { echo "phoromatic.sh: $c is needed" >&2; exit 2; }
done
top=$(cd "$(dirname "$0")/../.." && pwd)
pts_src=$1
wait_max=${WAIT:-600}
tag=bbf$$
ns=$tag
users="${tag}s ${tag}a ${tag}b"
port=8640
work=$(mktemp -d /tmp/bytebench-fleet.XXXXXX) || exit 1
chmod 755 "$work"
failed=0
pass() { printf 'PASS: %s\n' "$1"; }
fail() { printf 'FAIL: %s: %s\n' "$1" "$2"; failed=1; }

# kill_user U: ends the process groups this script started as U, then any
# process left of U (a user only this script has).
kill_user() {
	[ -f "$work/$1/pgid" ] &&
	    kill -TERM -- "-$(cat "$work/$1/pgid")" 2>/dev/null
	i=0
	while [ $i -lt 10 ] && [ -n "$(ps -u "$1" -o pid= 2>/dev/null)" ]; do
		sleep 1
		i=$((i + 1))
	done
	for p in $(ps -u "$1" -o pid= 2>/dev/null); do
		kill -KILL "$p" 2>/dev/null
	done
}
cleanup() {
	trap - EXIT INT TERM HUP
	exec 3>&-
	[ -n "${KEEP:-}" ] && echo "phoromatic.sh: KEEP set: $work left"
	for u in $users; do
		id "$u" >/dev/null 2>&1 || continue
		kill_user "$u"
		i=0
		while [ $i -lt 20 ] && [ -n "$(ps -u "$u" -o pid= 2>/dev/null)" ]; do
			sleep 1
			i=$((i + 1))
		done
		[ -n "$(ps -u "$u" -o pid= 2>/dev/null)" ] &&
		    procs="${procs:-} processes of $u;"
		uids="${uids:-} $(id -u "$u")"
		userdel "$u" 2>/dev/null
	done
	ip netns del "$ns" 2>/dev/null
	[ -z "${KEEP:-}" ] && rm -rf "$work"
	left=${procs:-}
	for u in $users; do
		id "$u" >/dev/null 2>&1 && left="$left user $u;"
	done
	ip netns list | grep -qw "$ns" && left="$left namespace $ns;"
	[ -z "${KEEP:-}" ] && [ -e "$work" ] && left="$left $work;"
	for i in ${uids:-}; do
		f=$(find /tmp /var/tmp /dev/shm -xdev -uid "$i" 2>/dev/null |
		    head -n 3)
		[ -n "$f" ] && left="$left files of uid $i: $f;"
	done
	if [ -z "$left" ]; then
		pass "fleet: no process, user, namespace or file left behind"
	else
		fail "fleet: left behind" "$left"
	fi
	exit $failed
}
trap cleanup EXIT
trap 'failed=1; exit' INT TERM HUP

. "$top/tests/pts-dist.sh"
pts_dist phoromatic.sh "${2:-}" "$work" || exit $?
if [ -d "$pts_src" ]; then
	mkdir "$work/pts-src" && cp -R "$pts_src" "$work/pts-src/" || exit 1
else
	mkdir "$work/pts-src" && tar -xzf "$pts_src" -C "$work/pts-src" || exit 1
fi
pts=$(ls -d "$work"/pts-src/*/ | head -n 1)
pts=${pts%/}/phoronix-test-suite
[ -x "$pts" ] || { echo "phoromatic.sh: no $pts" >&2; exit 2; }
chmod -R a+rX "$work/pts-src"

ip netns add "$ns" || exit 1
ip netns exec "$ns" ip link set lo up || exit 1
for u in $users; do
	useradd -M -d "$work/$u" -s /bin/sh "$u" || exit 1
	mkdir -p "$work/$u/pts/test-profiles/local" \
	    "$work/$u/pts/download-cache" "$work/$u/tmp"
	cp -R "$profile" "$work/$u/pts/test-profiles/local/"
	cp "$tarball" "$work/$u/pts/download-cache/"
	chown -R "$u:" "$work/$u"
done

# as U CMD...: CMD as user U in the namespace, with U's private PTS home
# and temporary directory (PTS's launcher makes one a command; a Java
# that PTS asks for its version would leave /tmp/hsperfdata_U).
as() {
	u=$1
	shift
	ip netns exec "$ns" runuser -u "$u" -- env HOME="$work/$u" \
	    TMPDIR="$work/$u/tmp" JAVA_TOOL_OPTIONS=-XX:-UsePerfData \
	    PTS_USER_PATH_OVERRIDE="$work/$u/pts/" NO_COLOR=1 \
	    BYTEBENCH_PTS_ARGS="--duration 1" FORCE_TIMES_TO_RUN=1 "$@"
}
# setup U: PTS's configuration for U, offline, batch mode.
setup() {
	o=PhoronixTestSuite/Options
	p=$work/$1/pts
	as "$1" "$pts" enterprise-setup
	as "$1" "$pts" user-config-set $o/Networking/NoInternetCommunication=TRUE \
	    $o/Installation/EnvironmentDirectory="$p/installed-tests/" \
	    $o/Installation/CacheDirectory="$p/download-cache/" \
	    $o/Testing/ResultsDirectory="$p/test-results/" \
	    $o/Server/PhoromaticStorage="$p/phoromatic/" \
	    $o/Server/AdvertiseServiceZeroConf=FALSE \
	    $o/Server/AdvertiseServiceOpenBenchmarkRelay=FALSE \
	    $o/BatchMode/SaveResults=TRUE $o/BatchMode/OpenBrowser=FALSE \
	    $o/BatchMode/UploadResults=FALSE $o/BatchMode/Configured=TRUE
}
# start U IN LOG CMD...: CMD as U in a process group of its own (its id
# in U's home), stdin from IN.
start() {
	u=$1 in=$2 log=$3
	shift 3
	as "$u" setsid sh -c 'echo $$ >"$0"; exec "$@"' "$work/$u/pgid" "$@" \
	    <"$in" >"$log" 2>&1 &
}
# until_true SECONDS CMD...: runs CMD every 5 s until it succeeds.
until_true() {
	t=$1
	shift
	while [ "$t" -gt 0 ]; do
		"$@" && return 0
		sleep 5
		t=$((t - 5))
	done
	return 1
}
for u in $users; do
	setup "$u" >"$work/$u.setup.log" 2>&1 </dev/null
done

# The server waits on its stdin: a pipe this script holds open.
srv=${tag}s
mkfifo "$work/server.in" && exec 3<>"$work/server.in"
start "$srv" "$work/server.in" "$work/server.log" env PHOROMATIC_HTTP_PORT=$port \
    PTS_WEBSOCKET_PORT=$((port + 1)) "$pts" start-phoromatic-server
url=http://127.0.0.1:$port
# web PAGE [CURL-ARGS]: a page of the server, with the session's cookie.
web() {
	p=$1
	shift
	ip netns exec "$ns" curl -s -m 60 --noproxy '*' -b "$work/jar" \
	    -c "$work/jar" "$url/?$p" "$@"
}
if until_true 120 web main -o /dev/null; then
	pass "fleet: Phoromatic server answers on 127.0.0.1:$port"
else
	fail "fleet: server" "$(tail -n 20 "$work/server.log")"
	exit 1
fi

# The account: the registration form, then the login form.
web register -d register_username=bytebench -d register_password=fleet-pw1 \
    -d register_password_confirm=fleet-pw1 \
    -d register_email=fleet@localhost.invalid -o "$work/register.html"
web login -d username=bytebench -d password=fleet-pw1 -o "$work/login.html"
web systems -o "$work/systems.html"
account=$(sed -n 's/.*phoromatic\.connect [^<]*\/\([A-Z0-9]*\)<.*/\1/p' \
    "$work/systems.html" | head -n 1)
if [ -n "$account" ]; then
	pass "fleet: account made through the web forms (account $account)"
else
	fail "fleet: account" "no account ID on the systems page"
	exit 1
fi
# New systems approved as they connect; the install command run before
# a benchmark (the clients install the profile from their own cache).
web settings -d account_settings_update=1 -d AutoApproveNewSystems=yes \
    -d RunInstallCommand=yes -o /dev/null

# The suite: the profile's System Call option.
web build_suite -d suite_title=bytebench-fleet -d suite_version=1.0.0 \
    -d suite_description=bytebench-syscall -d "test_add[]=local/$name" \
    -d "test_prefix[]=test_option_1_" -d test_option_1_test=syscall \
    -d "test_option_1_test_selected=Test: System Call" \
    -o "$work/suite.html"
if grep -q 'Saved As' "$work/suite.html"; then
	pass "fleet: suite of local/$name (System Call) built on the server"
else
	fail "fleet: suite" "$(sed 's/<[^>]*>/ /g' "$work/suite.html" | tr -s ' \n' ' ' | head -c 300)"
	exit 1
fi

for c in a b; do
	start "$tag$c" /dev/null "$work/client-$c.log" "$pts" phoromatic.connect \
	    "127.0.0.1:$port/$account"
done
systems() {
	web benchmark -o "$work/benchmark.html"
	ids=$(tr '>' '\n' <"$work/benchmark.html" |
	    sed -n 's/.*name="run_on_systems\[\]" value="\([^"]*\)".*/\1/p')
	[ "$(echo "$ids" | grep -c .)" -ge 2 ]
}
if until_true "$wait_max" systems; then
	pass "fleet: both clients connected and approved ($(echo $ids))"
else
	fail "fleet: clients" "$(tail -n 5 "$work"/client-*.log)"
	exit 1
fi
suite=$(tr '>' '\n' <"$work/benchmark.html" |
    sed -n 's/.*<option value="\(bytebench-fleet[^"]*\)".*/\1/p' | head -n 1)
set -- -d benchmark_title=bytebench-fleet -d benchmark_identifier=fleet-run \
    -d suite_to_run="$suite" -d benchmark_description=fleet \
    -d PTS_CONCURRENT_TEST_RUNS=0 -d TOTAL_LOOP_TIME=0
for id in $ids; do
	set -- "$@" -d "run_on_systems[]=$id"
done
web benchmark "$@" -o "$work/ticket.html"

# The results the server stored, one composite.xml an upload.
results() {
	n=$(find "$work/$srv/pts/phoromatic" -name composite.xml 2>/dev/null |
	    wc -l)
	[ "$n" -ge 2 ]
}
if until_true "$wait_max" results; then
	pass "fleet: the server holds two results of ticket $suite"
else
	fail "fleet: results" "$(tail -n 8 "$work"/client-*.log)"
	exit 1
fi
got=$(find "$work/$srv/pts/phoromatic" -name composite.xml -exec php -r '
	$x = simplexml_load_file($argv[1]);
	foreach ($x->Result as $r)
		foreach ($r->Data->Entry as $e)
			echo trim($e->Value), "\n";
' {} \; | sort)
for c in a b; do
	rep=$(ls "$work/$tag$c"/pts/installed-tests/local/"$name"/bytebench-*/results/*-[0-9][0-9] 2>/dev/null |
	    tail -n 1)
	want=$(awk '/ lps / { v = $(NF - 5) } END { print v }' "$rep" 2>/dev/null)
	if [ -n "$want" ] && echo "$got" |
	    awk -v w="$want" '$1 + 0 == w + 0 { f = 1 } END { exit !f }'; then
		pass "fleet: client $c's System Call figure $want is on the server"
	else
		fail "fleet: client $c" "report '$want', server has: $(echo $got)"
	fi
done
exit $failed
