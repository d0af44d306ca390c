#!/bin/sh
# PTS install script: unpacks the release tarball and builds it.  PTS
# records the flags of the last compiler command of the build that makes a
# program as the test's flags, so the runner and the host tools are built
# first and the test programs last.  The wrapper `bytebench` runs one
# option with one copy per CPU (the count PTS gives its tests in
# NUM_CPU_CORES, which a user lowers by setting NUM_CPU_CORES or
# PTS_NPROC for PTS; nproc outside PTS) and -i 1 (PTS repeats the run itself);
# extra Run options come from BYTEBENCH_PTS_ARGS (e.g. "--duration 1" to
# try the profile out: such a report says it is not comparable).
tar -xzf bytebench-0.1.0.tar.gz
cd bytebench-0.1.0 || exit 1
jobs=${NUM_CPU_CORES:-1}
make -s -j"$jobs" pgms/bytebench pgms/build.info testdir/large.txt &&
    make -s -j"$jobs" programs
echo $? >~/install-exit-status
cd ~ || exit 1
cat >bytebench <<'WRAPPER'
#!/bin/sh
cd bytebench-0.1.0 || exit 1
copies=${NUM_CPU_CORES:-$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)}
./Run -q -i 1 -c "$copies" $BYTEBENCH_PTS_ARGS "$@" >"$LOG_FILE"
echo $? >~/test-exit-status
WRAPPER
chmod +x bytebench
