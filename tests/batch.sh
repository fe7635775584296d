#!/bin/sh
# Batch runs (doc/batch.md): an in-process seed sweep that reports a
# failing seed and goes on, and the GNU parallel example of doc/batch.md on
# a small sweep, whose files must equal the sweep's. The parallel part is
# skipped (not failed) where GNU parallel is not installed.
set -u
BIN=${OROGEN_BIN:-$(pwd)/src/cli/orogen}  # absolute: the parallel part runs elsewhere
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-batch.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { if [ "$2" -eq 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fails=$((fails + 1)); fi; }

mkdir "$tmp/sweep" "$tmp/sweep/island-3.png"   # seed 3 cannot be written
out=$("$BIN" export --seeds 1-4 --set island.cells=2000 --size 256x256 \
    --map "$tmp/sweep/island-{seed}.png" --stats "$tmp/sweep/island-{seed}.json" 2>&1)
st=$?
[ $st -eq 1 ] ; check "a sweep with a failing seed exits 1" $?
echo "$out" | grep -q "^orogen: seed 3: cannot write $tmp/sweep/island-3.png" &&
    echo "$out" | grep -q "^orogen: 1 of 4 seeds failed" && [ "$(echo "$out" | wc -l)" -eq 2 ]
check "one line for the failing seed, one summary" $?
for s in 1 2 4; do
    [ -s "$tmp/sweep/island-$s.png" ] && grep -q "\"seed\": $s," "$tmp/sweep/island-$s.json" ||
        { echo "# seed $s missing"; fails=$((fails + 1)); }
done
[ ! -e "$tmp/sweep/island-3.json" ] ; check "the other seeds are written, seed 3 not at all" $?
out=$("$BIN" export --seeds 1-4 --map "$tmp/sweep/x.png" 2>&1); st=$?
[ $st -eq 2 ] && echo "$out" | grep -q "has no {seed}" ; check "{seed} missing is a usage error" $?
# A missing output folder is made (one level, as --bundle makes its own),
# also one named with {seed}; one whose parent is missing is one error
# before the first seed, not one per seed; {seed} without --seeds is a
# usage error, not a file named x{seed}.png.
"$BIN" export --seeds 1-2 --set island.cells=300 --map "$tmp/made/island-{seed}.png" \
    --stats "$tmp/sweep/m{seed}/s.json" --size 32x32 &&
    [ -s "$tmp/made/island-2.png" ] && [ -s "$tmp/sweep/m2/s.json" ]
check "--seeds makes a missing output folder, also out/{seed}/" $?
out=$("$BIN" export --seeds 1-6 --set island.cells=300 --map "$tmp/nosuch/deeper/island-{seed}.png" \
    --stats "$tmp/sweep/n-{seed}.json" 2>&1); st=$?
[ $st -eq 1 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && [ ! -e "$tmp/sweep/n-1.json" ] &&
    echo "$out" | grep -q "^orogen: --map '$tmp/nosuch/deeper/island-{seed}.png': cannot make the folder $tmp/nosuch/deeper: No such file or directory (no seed written)$"
check "an output folder whose parent is missing: one line, no seed written" $?
out=$(cd "$tmp/sweep" && "$BIN" export --set island.cells=300 --map 'x{seed}.png' 2>&1); st=$?
[ $st -eq 2 ] && [ ! -e "$tmp/sweep/x{seed}.png" ] &&
    echo "$out" | grep -q "{seed} in an output name needs --seeds"
check "{seed} without --seeds is refused" $?

if command -v parallel >/dev/null 2>&1; then
    mkdir "$tmp/out"
    # doc/batch.md, "GNU parallel", with the sweep's seeds and this folder
    (cd "$tmp" && seq 1 8 | parallel --will-cite -j 2 \
        "$BIN" export --seed {} --set island.cells=2000 --size 256x256 \
            --map out/island-{}.png --stats out/island-{}.json)
    check "GNU parallel example" $?
    [ "$(ls "$tmp/out" | wc -l)" -eq 16 ] ; check "16 files from 8 processes" $?
    ok=0
    for s in 1 2 4; do
        cmp -s "$tmp/out/island-$s.png" "$tmp/sweep/island-$s.png" || ok=1
    done
    check "parallel maps equal the in-process sweep's" $ok
else
    echo "ok - GNU parallel example # SKIP parallel not installed"
fi
exit $((fails > 0))
