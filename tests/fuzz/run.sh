#!/bin/sh
# Run every fuzz target (build.sh) for SECONDS on a copy of its corpus,
# two at a time: run.sh SRCDIR FUZZDIR SECONDS. Fails on any finding
# (crash, sanitizer report, leak, broken property, timeout, out of memory);
# the input is kept as FUZZDIR/findings/TARGET/crash-* and should be added
# to tests/fuzz/corpus/TARGET/ once fixed. Prints each target's runs and
# peak memory.
set -u
src=$1 dir=$2 secs=${3:-60}
targets=${FUZZ_TARGETS:-dem preset recipe numbers}
status=0
one() {
    t=$1
    rm -rf "$dir/work/$t" "$dir/findings/$t"
    mkdir -p "$dir/work/$t" "$dir/findings/$t"
    cp "$src/tests/fuzz/corpus/$t/"* "$dir/work/$t/"
    ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        "$dir/fuzz_$t" -max_total_time="$secs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$dir/findings/$t/" "$dir/work/$t" \
        >"$dir/fuzz_$t.log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/fuzz_$t.log")
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$dir/fuzz_$t.log")
    if [ $rc -eq 0 ]; then
        echo "fuzz_$t: ${runs:-?} inputs in ${secs}s, peak ${rss:-?} MB, no finding"
    else
        echo "fuzz_$t: FINDING (status $rc) after ${runs:-?} inputs:"
        grep -E "ERROR|SUMMARY|property failed|runtime error|Test unit written" "$dir/fuzz_$t.log" | head -8
    fi
    return $rc
}
set -- $targets
while [ $# -gt 0 ]; do
    one "$1" & p1=$!
    p2=""
    if [ $# -gt 1 ]; then one "$2" & p2=$!; fi
    wait $p1 || status=1
    [ -n "$p2" ] && { wait "$p2" || status=1; }
    shift; [ $# -gt 0 ] && shift
done
exit $status
