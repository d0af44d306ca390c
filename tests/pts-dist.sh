# pts-dist.sh - sourced by the scripts that run the PTS profile
# (tests/pts-profile.sh, tests/fleet/phoromatic.sh; kept beside the first
# when it is copied to run elsewhere): pts_dist ME DIR WORK
# sets dist, profile, name and tarball from DIR, what `make dist
# DISTDIR=DIR` made, or runs that make into WORK/dist when DIR is empty.
# Returns 1 when make fails, 2 after a line naming the problem when DIR
# has no tarball and pts/ profile.
pts_dist() {
	dist=$2
	if [ -z "$dist" ]; then
		dist=$3/dist
		(cd "$top" && make -s dist DISTDIR="$dist") || return 1
	fi
	profile=$(ls -d "$dist"/pts/bytebench-* 2>/dev/null | tail -n 1)
	tarball=$(ls "$dist"/bytebench-*.tar.gz 2>/dev/null | tail -n 1)
	if [ -z "$profile" ] || [ -z "$tarball" ]; then
		echo "$1: no tarball and pts/ in $dist (make dist)" >&2
		return 2
	fi
	name=$(basename "$profile")
}
