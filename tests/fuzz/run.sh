#!/bin/sh
# run.sh - builds the libFuzzer target of compare's report readers with
# clang (ASan, UBSan, LeakSanitizer) into build-fuzz/, checks every saved
# regression input, then fuzzes for SECONDS (default 30) from a seed corpus
# of tests/fixtures/compare.  Exits non-zero on a crash, hang or leak; the
# input that caused it is left in build-fuzz/artifacts/.
# usage: tests/fuzz/run.sh [SECONDS]      CLANG=clang-14 to pick the compiler
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
secs=${1:-30}
out=${FUZZ_BUILD:-build-fuzz}
clang=${CLANG:-clang}
bin=$out/fuzz_reports

if ! command -v "$clang" >/dev/null 2>&1; then
	echo "run.sh: $clang not found (clang with libFuzzer is needed)" >&2
	exit 2
fi
mkdir -p "$out/corpus" "$out/seed" "$out/artifacts"
$clang -g -O1 -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=undefined -std=c11 -D_POSIX_C_SOURCE=200809L \
    -Isrc/lib -Isrc/runner -o "$bin" tests/fuzz/fuzz_reports.c \
    src/runner/compare/*.c src/runner/write/escape.c \
    src/runner/write/json_writer.c src/runner/write/json_read.c \
    src/runner/write/textwrap.c \
    src/runner/score/explain.c src/runner/score/interval.c \
    src/runner/score/between.c src/runner/plan/optable.c \
    src/runner/model/catalog.c src/runner/model/counters.c \
    src/runner/model/plain.c src/runner/model/near.c \
    src/runner/model/report.c src/lib/parse.c \
    src/lib/file.c src/lib/text.c -lm

# Seeds: each small fixture behind the byte that picks its reader.
for f in tests/fixtures/compare/*; do
	[ -f "$f" ] && [ "$(wc -c <"$f")" -le 16000 ] || continue
	case $f in
	*.json) sel='\001' ;;
	*) sel='\000' ;;
	esac
	{ printf "$sel"; cat "$f"; } >"$out/seed/$(basename "$f")"
done

# Inputs that once failed must pass (each is run once).
if [ -n "$(ls tests/fuzz/regress 2>/dev/null)" ]; then
	"$bin" -runs=1 tests/fuzz/regress/*
fi

exec "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
    -max_len=16384 -dict=tests/fuzz/reports.dict \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
    "$out/corpus" "$out/seed"
