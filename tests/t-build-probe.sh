#!/bin/sh
# t-build-probe.sh - the build's probes of the compiler (src/probe-system.sh,
# src/probe-native.sh): the system and machine a compiler builds for, and
# -march=native only for a compiler that builds for this machine.  A
# compiler for another system or machine is this machine's compiler with
# its predefined macros changed (-U/-D), as a cross compiler's would be.
. "$(dirname "$0")/lib.sh"

hostcc=${HOSTCC:-cc}
here=$(sh src/probe-system.sh --here)

# One case a line: what the compiler is given | the system and machine
# expected ("here" for this machine's) | native: yes (gcc and clang take
# -march=native on x86-64), no, or any (as the compiler accepts).  Cases for a system or machine other than this one's
# are for Linux on x86-64, where the macros to change are known.
cases="| here | yes
-U__linux__ -D__NetBSD__ | netbsd ${here#* } | no
-U__x86_64__ -U__amd64__ -D__aarch64__ | ${here% *} aarch64 | no
-U__x86_64__ -U__amd64__ -D__bytebench_unknown__ | ${here% *} other | any"
printf '%s\n' "$cases" | while IFS='|' read -r flags want native; do
	flags=$(echo $flags)
	want=$(echo $want)
	native=$(echo $native)
	[ "$want" = here ] && want=$here
	name="probe: '$hostcc${flags:+ $flags}'"
	if [ -n "$flags" ] && [ "$here" != "linux x86_64" ]; then
		skip "$name" "cases of other systems are for Linux on x86-64"
		continue
	fi
	got=$(sh src/probe-system.sh "$hostcc $flags")
	if [ "$got" = "$want" ]; then
		pass "$name builds for $want"
	else
		fail "$name builds for $want" "probe-system.sh printed '$got'"
	fi
	flagsgot=$(sh src/probe-native.sh "$hostcc $flags")
	case $native in
	yes) [ "$here" != "linux x86_64" ] ||
	    check "$name: -march=native for this machine" \
	    test "$flagsgot" = "-march=native -mtune=native" ;;
	no) check "$name: no -march=native for another machine" \
	    test -z "$flagsgot" ;;
	# Unknown names never take the flags away: the compiler decides.
	any) check "$name: -march=native as the compiler accepts it" \
	    test "$flagsgot" = "$(sh src/probe-native.sh "$hostcc")" ;;
	esac
done

