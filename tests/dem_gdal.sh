#!/bin/sh
# DEMs through GDAL (src/io/dem/dem_gdal.c), with GDAL's own tools as the
# oracle: the shipped SRTM ASCII grid, a tiled float32 GeoTIFF, a COG and an
# SRTM .hgt made from it with gdal_translate give the hydrology of the
# 16-bit PNG of the same heights; voids declared four ways (GeoTIFF no-data,
# PNG tRNS, 16-bit 65535, grey+alpha) are counted alike, never become sea;
# a Web Mercator raster's cells are ground metres. Skips (77) only when
# gdal_translate is absent (quickstart installs gdal-bin).
set -u
BIN=${OROGEN_BIN:-src/cli/orogen}
DATA=${OROGEN_DATA:-data}
TDATA=${OROGEN_TEST_DATA:-tests/data}
command -v gdal_translate >/dev/null 2>&1 || { echo "gdal_translate not found: skipped"; exit 77; }
command -v gdal_calc.py >/dev/null 2>&1 || { echo "gdal_calc.py not found: skipped"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-gdal.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # description, status (0 = ok)
    if [ "$2" -eq 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fails=$((fails + 1)); fi
}
# the hydrology's figures of a stats file (the part that must not depend on
# the file format)
hydro() {
    grep -E '"(voids|raised|max_raise|lakes|lake_cells|rivers|outlets|sources|sinks|flat_lakes|flat_lake_cells|sea_cells)"' "$1"
}
run() { # name, dem file, extra args...
    n=$1
    f=$2
    shift 2
    "$BIN" export -g dem --dem "$f" --stats "$tmp/$n.json" "$@" 2>"$tmp/$n.err"
}

png=$TDATA/srtmgl3_front_range_144.png
asc=$DATA/dem/srtmgl3_front_range_144.asc
run png "$png"
check "the 16-bit PNG" $?

# the shipped ASCII grid (no .prj: 3 arc-second cells taken as WGS 84)
run asc "$asc"
check "--dem reads the ESRI ASCII grid" $?
hydro "$tmp/asc.json" >"$tmp/asc.h"
hydro "$tmp/png.json" >"$tmp/png.h"
cmp -s "$tmp/asc.h" "$tmp/png.h"
check "ASCII grid: the PNG's hydrology" $?
grep -q '"cell_size_m": \[71.005[0-9]*, 92.531[0-9]*\]' "$tmp/asc.json"
check "ASCII grid: 71.005 x 92.531 m cells at 40.15 N (doc/scale.md)" $?

# tiled float32 GeoTIFF and COG (with overviews) of the same heights
gdal_translate -q -ot Float32 -co TILED=YES -co BLOCKXSIZE=64 -co BLOCKYSIZE=64 \
    "$asc" "$tmp/fr.tif" && run tif "$tmp/fr.tif"
check "--dem reads a tiled float32 GeoTIFF" $?
hydro "$tmp/tif.json" | cmp -s - "$tmp/png.h"
check "GeoTIFF: the PNG's hydrology" $?
gdal_translate -q -of COG -co OVERVIEWS=IGNORE_EXISTING -co BLOCKSIZE=128 "$tmp/fr.tif" \
    "$tmp/cog.tif" && run cog "$tmp/cog.tif"
check "--dem reads a COG" $?
hydro "$tmp/cog.json" | cmp -s - "$tmp/png.h"
check "COG: the PNG's hydrology" $?

# SRTM .hgt: the grid resampled to a one-degree tile (1201 x 1201)
gdal_translate -q -of SRTMHGT -ot Int16 -outsize 1201 1201 -r bilinear -a_srs EPSG:4326 \
    -a_ullr -106.000416666667 41.000416666667 -104.999583333333 39.999583333333 \
    "$tmp/fr.tif" "$tmp/N40W106.hgt" && run hgt "$tmp/N40W106.hgt"
check "--dem reads an SRTM .hgt" $?
grep -q '"cell_size_m": \[70\.[0-9]*, 92\.5[0-9]*\]' "$tmp/hgt.json"
check "SRTM .hgt: 3 arc-second cells at 40.5 N" $?

# voids: heights 3000..3050 m removed, declared four ways
gdal_calc.py --quiet -A "$tmp/fr.tif" --outfile="$tmp/void.tif" --type=Float32 \
    --NoDataValue=-9999 --calc="where((A>3000)*(A<3050),-9999,A)"
gdal_calc.py --quiet -A "$tmp/fr.tif" --outfile="$tmp/is.tif" --type=Byte \
    --calc="(A>3000)*(A<3050)"
expect=$(gdalinfo -stats "$tmp/is.tif" | sed -n 's/^ *STATISTICS_MEAN=//p' |
    awk '{ printf "%d", $1 * 144 * 144 + 0.5 }')
gdal_calc.py --quiet -A "$tmp/fr.tif" --outfile="$tmp/v16.tif" --type=UInt16 \
    --NoDataValue=65535 --calc="where((A>3000)*(A<3050),65535,A)"
gdal_translate -q -of PNG "$tmp/v16.tif" "$tmp/trns.png"
gdal_translate -q -of PNG -a_nodata none "$tmp/v16.tif" "$tmp/max16.png"
gdal_translate -q -of PNG -b 1 -b mask -colorinterp_2 alpha "$tmp/v16.tif" "$tmp/alpha.png"
rm -f "$tmp"/*.png.aux.xml
run void "$tmp/void.tif"
check "GeoTIFF with no-data" $?
grep -q "\"voids\": $expect," "$tmp/void.json"
check "voids counted: $expect, as gdalinfo counts them" $?
hydro "$tmp/void.json" >"$tmp/void.h"
grep '"outlets"' "$tmp/png.h" | cmp -s - "$(grep '"outlets"' "$tmp/void.h" >"$tmp/o"; echo "$tmp/o")"
check "voids are not sea: the outlets of the tile without voids" $?
for v in trns max16 alpha; do
    run "$v" "$tmp/$v.png" && hydro "$tmp/$v.json" | cmp -s - "$tmp/void.h"
    check "PNG voids ($v): the GeoTIFF's voids and hydrology" $?
done
"$BIN" export -g dem --dem "$tmp/void.tif" --map "$tmp/void_map.png" --layer elevation \
    --size 144x144 2>/dev/null
check "a map of a DEM with voids" $?

# Web Mercator: a 144-pixel raster of 38.2185 m pixels (zoom 12) around
# 49.35 N: ground cells 38.2185 cos(lat) N/a = 24.957 m east-west, M/a = 24.886 m north-south, not 38.2
gdal_translate -q -a_srs EPSG:3857 -a_ullr -13717000 6333000 -13711496.536 6327496.536 \
    "$tmp/fr.tif" "$tmp/merc.tif" && run merc "$tmp/merc.tif"
check "a Web Mercator GeoTIFF" $?
grep -q '"cell_size_m": \[24\.9[0-9]*, 24\.8[0-9]*\]' "$tmp/merc.json"
check "Web Mercator: ground cells of 24.9 m ($(grep cell_size_m "$tmp/merc.json"))" $?

# not a raster: one line naming the file
printf 'hello\n' >"$tmp/x.tif"
"$BIN" export -g dem --dem "$tmp/x.tif" --stats "$tmp/x.json" 2>"$tmp/x.err"
rc=$?
[ $rc -eq 1 ] && [ "$(wc -l <"$tmp/x.err")" -eq 1 ] && grep -q "x.tif" "$tmp/x.err" &&
    [ ! -e "$tmp/x.json" ]
check "a file GDAL cannot read: exit 1, one line ($(cat "$tmp/x.err"))" $?

[ $fails -eq 0 ]
