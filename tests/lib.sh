# lib.sh - sourced by every tests/t-*.sh script.  Each check prints one line
# "PASS: name", "FAIL: name: why" or "SKIP: name: why"; tests/run.sh counts them.
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
BUILD=${BUILD:-build}
PGMS=${PGMS:-pgms}
FAKE=$top/$BUILD/tests/fake
BYTEBENCH=$top/$PGMS/bytebench

pass() { printf 'PASS: %s\n' "$1"; }
fail() { printf 'FAIL: %s: %s\n' "$1" "$2"; }
skip() { printf 'SKIP: %s: %s\n' "$1" "$2"; }

# check NAME COMMAND...: passes when COMMAND exits 0.
check() {
	name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name" "command failed: $*"; fi
}

# A private scratch directory, removed when the script exits.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/bytebench-t.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
