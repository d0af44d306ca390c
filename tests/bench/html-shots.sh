#!/bin/sh
# html-shots.sh - screenshots of an HTML report in headless Chromium, to
# look at by eye: at 1280 and 400 CSS pixels wide, light; the same with a
# dark preference (--force-dark-mode: prefers-color-scheme is dark); at
# 1280 and 400 with Chromium's forced dark mode (the browser recolours a
# light page itself); and the page printed to PDF (the browser's default
# paper, US Letter here; the tables' headers should repeat on every page).
# Headless Chromium lays a page out at least 500 pixels wide whatever its
# window, so the 400-pixel shots show the report in a 400-pixel frame of a
# page of its own, and the script prints how wide the report is there: a
# width over 400 is a page that scrolls sideways on a phone (exit 1).
# Not part of `make test`: Chromium is large (Debian: apt-get install
# chromium).
#
# Usage: tests/bench/html-shots.sh [-r REPORT.html] OUTDIR
#   -r REPORT.html  the page to show (default: the writers' test report,
#                   made by build/tests/test_writers -o, hostile strings
#                   and all)
# Writes into OUTDIR (made if missing): light-1280.png, light-400.png,
# dark-1280.png, dark-400.png, forced-1280.png, forced-400.png, print.pdf;
# prints each path and the report's width at 400 pixels.  Exit 2 on bad
# usage or a missing Chromium, 1 when a shot was not written or the report
# is wider than 400 pixels.
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
	    --user-data-dir="$work/profile-$file" "$@" "${page:-$url}" \
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
	h=3000
	[ "$width" -ge 800 ] || h=$((tall + 16))
	shot "$name.png" --window-size="$width,$h" \
	    --screenshot="$out/$name.png" "$@"
}
# frame HEIGHT: a page holding the report in a frame 400 pixels wide and
# HEIGHT tall; once the frame is loaded its script writes the report's own
# width and height into the body's data-size.
frame() {
	cat >"$work/frame.html" <<EOF
<!DOCTYPE html>
<html><body style="margin:0">
<iframe id="r" src="$url" style="width:400px;height:$1px;border:0"></iframe>
<script>
document.getElementById("r").onload = function () {
	var d = this.contentDocument;
	document.body.setAttribute("data-size",
	    d.documentElement.scrollWidth + " " + d.body.scrollHeight);
};
</script>
</body></html>
EOF
}
# The report's size at 400 pixels, from the frame's page as Chromium
# leaves it.
frame 1000
size=$("$browser" --headless --no-sandbox --disable-gpu \
    --allow-file-access-from-files --virtual-time-budget=5000 \
    --user-data-dir="$work/profile-size" --dump-dom "file://$work/frame.html" \
    2>/dev/null | sed -n 's/.*data-size="\([0-9]*\) \([0-9]*\)".*/\1 \2/p')
wide=${size% *}
tall=${size#* }
if [ -z "$size" ]; then
	echo "html-shots: the report's width at 400 pixels not read" >&2
	status=1
	tall=5000
elif [ "$wide" -gt 400 ]; then
	echo "at 400 pixels the report is $wide pixels wide: it scrolls sideways"
	status=1
else
	echo "at 400 pixels the report is $wide pixels wide: no sideways scroll"
fi
frame $((tall + 16))

png light-1280 1280
png dark-1280 1280 --force-dark-mode
png forced-1280 1280 --blink-settings=forceDarkModeEnabled=true
page=file://$work/frame.html
png light-400 400
png dark-400 400 --force-dark-mode
png forced-400 400 --blink-settings=forceDarkModeEnabled=true
page=
shot print.pdf --no-pdf-header-footer --print-to-pdf="$out/print.pdf"
exit $status
