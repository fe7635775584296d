#!/bin/sh
# Tiles past one machine (issue 24 item 5, doc/batch.md): a 4x4 tiling of
# an 8192^2 heightmap of the Front Range DEM built with GNU parallel, one
# tile per process as a Slurm array would run them, whose r16 tiles
# stitched together equal the single export byte for byte, and whose PNG
# tiles say their window. Sizes past 65537 (2^16 + 1), and tiles past one
# file's limit, are refused up front with one line.
# Without GNU parallel (Debian package parallel, in quickstart's PKGS) the
# parallel part is skipped when not root, and fails as root (quickstart
# would have installed it).
set -u
BIN=${OROGEN_BIN:-$(pwd)/src/cli/orogen}  # absolute: the tiles are made elsewhere
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
DEM=${OROGEN_TEST_DATA:-$(pwd)/tests/data}/srtmgl3_front_range_144.png
case $DEM in /*) ;; *) DEM=$(pwd)/$DEM ;; esac
[ -x "$BIN" ] || { echo "no orogen binary at $BIN"; exit 99; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-tiles.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { if [ "$2" -eq 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fails=$((fails + 1)); fi; }

# refused up front: one line, nothing written, before the DEM is read
refused() { # description, message pattern, arguments... (a usage error: exit 2)
    _d=$1 _pat=$2
    shift 2
    _out=$(cd "$tmp" && "$BIN" export --dem "$DEM" "$@" 2>&1)
    _st=$?
    [ $_st -eq 2 ] && [ "$(printf '%s\n' "$_out" | wc -l)" -eq 1 ] &&
        printf '%s\n' "$_out" | grep -q -- "$_pat" && [ -z "$(ls -A "$tmp")" ]
    _r=$?
    [ $_r -eq 0 ] || echo "#   got $_st: $_out"
    check "$_d" $_r
}
refused "a tiled heightmap past 65537: one line" "outside 1..65537 per side, tiled or not" \
    --size 65538x65538 --tiles 8x8 --heightmap h.png
refused "tiles past a heightmap file's 32768: one line" \
    "heightmap 65537x65537 in --tiles 2x2: a tile of 32769x32769, past 32768 per side" \
    --size 65537x65537 --tiles 2x2 --tile-overlap 1 --heightmap h.png
refused "an untiled heightmap past 32768 names --tiles" "(up to 65537 with --tiles)" \
    --size 40000x40000 --raw h.r16
refused "map tiles past a map file's 16384: one line" \
    "map 65537x65537 in --tiles 4x4: a tile of 16385x16385, past 16384 per side" \
    --map-size 65537x65537 --tiles 4x4 --tile-overlap 1 --map m.png

if ! command -v parallel >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then
        echo "not ok - GNU parallel is missing (./quickstart installs the parallel package)"
        exit 1
    fi
    echo "# skip: GNU parallel is not installed (Debian package parallel); $fails failed"
    [ $fails -eq 0 ] || exit 1
    exit 77
fi

# The single export, then the 16 tiles, one process each.
mkdir "$tmp/one" "$tmp/tiles"
"$BIN" export --dem "$DEM" --size 8192x8192 --raw "$tmp/one/h.r16"
check "the single 8192^2 r16" $?
for y in 0 1 2 3; do for x in 0 1 2 3; do echo "$x,$y"; done; done >"$tmp/list"
parallel --will-cite -j 2 --joblog "$tmp/jobs.log" -a "$tmp/list" \
    "$BIN" export --dem "$DEM" --size 8192x8192 --tiles 4x4 --tile {} \
    --raw "$tmp/tiles/h.r16" --heightmap "$tmp/tiles/h.png"
check "16 parallel processes, one tile each, all exit 0" $?
[ "$(awk 'NR > 1 && $7 == 0' "$tmp/jobs.log" | wc -l)" -eq 16 ]
check "the job log has 16 successful tiles" $?

# Stitch: each r16 tile row (2048 samples, 4096 bytes) as a line of hex,
# four tiles pasted side by side are the single export's rows.
same=0
for ty in 0 1 2 3; do
    for tx in 0 1 2 3; do
        od -An -v -tx1 -w4096 "$tmp/tiles/h_x${tx}_y${ty}.r16" | tr -d ' ' >"$tmp/t$tx.txt"
    done
    paste -d '\0' "$tmp/t0.txt" "$tmp/t1.txt" "$tmp/t2.txt" "$tmp/t3.txt" >"$tmp/rows.txt"
    od -An -v -tx1 -w16384 -j $((ty * 2048 * 16384)) -N $((2048 * 16384)) "$tmp/one/h.r16" |
        tr -d ' ' | cmp -s - "$tmp/rows.txt" && [ "$(wc -l <"$tmp/rows.txt")" -eq 2048 ] &&
        same=$((same + 1))
done
[ $same -eq 4 ]
check "the 16 tiles stitched equal the single export, byte for byte ($same of 4 tile rows)" $?
grep -a -q "orogen:window.6144,2048 2048x2048 of 8192x8192" "$tmp/tiles/h_x3_y1.png"
check "a PNG tile names its window of the whole raster" $?
[ -z "$(ls -A "$tmp/tiles" | grep -v '^h_x[0-3]_y[0-3]\.\(png\|r16\)$')" ] &&
    [ "$(ls -A "$tmp/tiles" | wc -l)" -eq 32 ]
check "32 files and no temporary left" $?

echo "# $fails failed"
[ $fails -eq 0 ]
