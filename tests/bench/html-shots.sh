#!/bin/sh
# html-shots.sh - screenshots of an HTML report in headless Chromium, to
# look at by eye: at 1200 and 400 CSS pixels wide, light; the same with a
# dark preference (--force-dark-mode: prefers-color-scheme is dark); at
# 1200 and 400 with Chromium's forced dark mode (the browser recolours a
# light page itself); and the page printed to PDF (the browser's default
# paper, US Letter here; the tables' headers should repeat on every page).
# Not part of `make test`: Chromium is large (Debian: apt-get install
# chromium).
#
# Usage: tests/bench/html-shots.sh [-r REPORT.html] OUTDIR
#   -r REPORT.html  the page to show (default: the writers' test report,
#                   made by build/tests/test_writers -o, hostile strings
#                   and all)
# Writes into OUTDIR (made if missing): light-1200.png, light-400.png,
# dark-1200.png, dark-400.png, forced-1200.png, forced-400.png, print.pdf;
# prints each path.  Exit 2 on bad usage or a missing Chromium, 1 when a
# shot was not written.
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 1
report=
while [ $# -gt 0 ]; do
	case $1 in
	-r)
		[ $# -ge 2 ] || { echo "html-shots: -r needs a file" >&2; exit 2; }
		report=$2
		shift 2
		;;
	-*)
		echo "usage: tests/bench/html-shots.sh [-r REPORT.html] OUTDIR" >&2
		exit 2
		;;
	*)
		break
		;;
	esac
done
if [ $# -ne 1 ]; then
	echo "usage: tests/bench/html-shots.sh [-r REPORT.html] OUTDIR" >&2
	exit 2
fi
out=$1
browser=
for b in chromium chromium-browser google-chrome; do
	if command -v "$b" >/dev/null 2>&1; then
		browser=$b
		break
	fi
done
if [ -z "$browser" ]; then
	echo "html-shots: no Chromium (Debian: apt-get install chromium)" >&2
	exit 2
fi
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd) || exit 2
work=$(mktemp -d "${TMPDIR:-/tmp}/html-shots.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
if [ -z "$report" ]; then
	if [ ! -x "$top/build/tests/test_writers" ]; then
		echo "html-shots: build/tests/test_writers not built (make)" >&2
		exit 2
	fi
	"$top/build/tests/test_writers" -o "$work" >/dev/null
	report=$work/writers.html
fi
if [ ! -f "$report" ]; then
	echo "html-shots: $report: no such file" >&2
	exit 2
fi
url=file://$(cd "$(dirname "$report")" && pwd)/$(basename "$report")

# shot FILE [FLAG...]: one Chromium run that writes OUTDIR/FILE (a fresh
# profile each time, so no setting carries over); prints its path.
status=0
shot() {
	file=$1
	shift
	"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
	    --user-data-dir="$work/profile-$file" "$@" "$url" \
	    >"$work/$file.log" 2>&1
	if [ -s "$out/$file" ]; then
		echo "$out/$file"
	else
		echo "html-shots: $file not written:" >&2
		tail -n 5 "$work/$file.log" >&2
		status=1
	fi
}
# png NAME WIDTH [FLAG...]: a screenshot, tall enough for the page (a
# narrow one is longer); the blank below the page is left in.
png() {
	name=$1
	width=$2
	shift 2
	shot "$name.png" --window-size="$width,$((width < 800 ? 5000 : 3000))" \
	    --screenshot="$out/$name.png" "$@"
}
png light-1200 1200
png light-400 400
png dark-1200 1200 --force-dark-mode
png dark-400 400 --force-dark-mode
png forced-1200 1200 --blink-settings=forceDarkModeEnabled=true
png forced-400 400 --blink-settings=forceDarkModeEnabled=true
shot print.pdf --no-pdf-header-footer --print-to-pdf="$out/print.pdf"
exit $status
