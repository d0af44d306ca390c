#!/bin/sh
# usage2man.sh VERSION < USAGE > bytebench.1 - the man page is USAGE itself,
# set as preformatted text under a .TH header, so the two never disagree.
printf '.TH BYTEBENCH 1 "" "bytebench %s" "User Commands"\n' "$1"
printf '.SH NAME\nbytebench \\- the BYTE UNIX benchmark suite in portable C\n'
printf '.SH DESCRIPTION\n.nf\n'
sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
printf '.fi\n'
