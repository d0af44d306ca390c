#!/bin/sh
# t-build-tree-paths.sh - no tracked file names a path of a development machine:
# a project checkout under /work, root's or a developer's home directory.
# Made-up paths of tests and examples live under /home/user/ or /home/me/.
. "$(dirname "$0")/lib.sh"

if ! command -v git >/dev/null 2>&1 || ! git rev-parse --git-dir \
    >/dev/null 2>&1; then
	skip "no development paths in the tree" "not a git checkout"
	exit 0
fi
# The patterns are split so that this file does not match them.
w='/wor''k/' r='/roo''t/' h='/hom''e/'
found=$(git ls-files -z | xargs -0 grep -n -I -E "$w|$r|$h" -- 2>/dev/null |
    grep -v -E "$h(user|me)/" | head -n 5)
if [ -n "$found" ]; then
	fail "no development paths in the tree" "$(printf '%s\n' "$found" |
	    tr '\n' ' ')"
else
	pass "no development paths in the tree"
fi
