#!/bin/sh
# The fuzz corpus as a regression suite (issue 15): every file of
# tests/fuzz/corpus/TARGET goes through TARGET's LLVMFuzzerTestOneInput in
# the replay build (tests/fuzz/replay_TARGET: driver_main.c and the normal
# compiler, or the sanitizer build). A crash, a sanitizer report or a broken
# property (fuzz_assert aborts) fails and names the input. Crashes found by
# make fuzz-run go into the corpus once fixed, and stay tested here.
set -u
src=${OROGEN_SRCDIR:-$(dirname "$0")/../..}
fails=0
runs=0
for t in dem preset recipe numbers; do
    prog=tests/fuzz/replay_$t
    [ -x "$prog" ] || { echo "no $prog (make check builds it)"; exit 99; }
    n=0
    for f in "$src/tests/fuzz/corpus/$t"/*; do
        [ -f "$f" ] || continue
        n=$((n + 1))
        if ! out=$("$prog" "$f" 2>&1) || ! printf '%s\n' "$out" | grep -q '^1 inputs run$'; then
            echo "FAIL - $t: $(basename "$f")"
            printf '%s\n' "$out" | tail -5 | sed 's/^/    | /'
            fails=$((fails + 1))
        fi
    done
    [ $n -gt 0 ] || { echo "FAIL - $t: empty corpus"; fails=$((fails + 1)); }
    echo "ok - $t: $n corpus inputs replayed"
    runs=$((runs + n))
done
echo "$runs inputs, $fails failed"
[ $fails -eq 0 ]
