#!/bin/sh
# The CRS a reader sees in --vector's GeoJSON (src/io/vector/geojson.h),
# with ogrinfo as the oracle: a generated (flat) world is never read as
# longitude/latitude (EPSG:4326) but as a local engineering CRS, in metres
# when its scale is known; planets and geographic DEMs are EPSG:4326; a
# projected DEM keeps its CRS (Web Mercator here). Skips (77) when ogrinfo
# or gdal_translate is absent (quickstart installs gdal-bin).
set -u
BIN=${OROGEN_BIN:-src/cli/orogen}
DATA=${OROGEN_DATA:-data}
for t in ogrinfo gdal_translate; do
    command -v $t >/dev/null 2>&1 || { echo "$t not found: skipped"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-vcrs.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # description, status (0 = ok)
    if [ "$2" -eq 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fails=$((fails + 1)); fi
}
crs() { ogrinfo -so -al "$1" 2>/dev/null >"$1.txt"; }
asc=$DATA/dem/srtmgl3_front_range_144.asc

"$BIN" export --seed 3 --set island.cells=2000 --vector "$tmp/island.geojson" && crs "$tmp/island.geojson"
grep -q '^ENGCRS\["orogen local map' "$tmp/island.geojson.txt" &&
    ! grep -q 'EPSG",4326' "$tmp/island.geojson.txt"
check "island without scale: a local CRS, not EPSG:4326" $?
"$BIN" export --seed 3 --set island.cells=2000 --extent 20000 --vector "$tmp/m.geojson" &&
    crs "$tmp/m.geojson"
grep -q '^ENGCRS' "$tmp/m.geojson.txt" && grep -q 'LENGTHUNIT\["metre",1\]' "$tmp/m.geojson.txt" &&
    grep -q '^Extent: (0.000000, 0.000000) - (20000.000000, 20000.000000)' "$tmp/m.geojson.txt" &&
    ! grep -q 'EPSG",4326' "$tmp/m.geojson.txt"
check "island with --extent 20000: a local metric CRS over 0..20000 m" $?
"$BIN" export -g planet --seed 3 --set planet.points=4000 --vector "$tmp/p.geojson" && crs "$tmp/p.geojson"
grep -q 'ID\["EPSG",4326\]\]$' "$tmp/p.geojson.txt"
check "planet: EPSG:4326" $?
"$BIN" export -g dem --dem "$asc" --vector "$tmp/d.geojson" && crs "$tmp/d.geojson"
grep -q 'ID\["EPSG",4326\]\]$' "$tmp/d.geojson.txt" &&
    grep -q '^Extent: (-105.560000, 40.090833) - (-105.440833, 40.210000)' "$tmp/d.geojson.txt"
check "geographic DEM: EPSG:4326 over the tile's degrees" $?
gdal_translate -q -a_srs EPSG:3857 -a_ullr -13717000 6333000 -13711496.536 6327496.536 \
    "$asc" "$tmp/merc.tif" && "$BIN" export -g dem --dem "$tmp/merc.tif" --vector "$tmp/w.geojson" &&
    crs "$tmp/w.geojson"
grep -q 'ID\["EPSG",3857\]\]$' "$tmp/w.geojson.txt"
check "Web Mercator DEM: its CRS, EPSG:3857" $?

[ $fails -eq 0 ]
