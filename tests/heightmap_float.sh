#!/bin/sh
# Float heightmaps (src/io/raster/heightmap_float.h): --heightmap FILE.exr
# (OpenEXR, one 32-bit float channel) and FILE.tif (float32 COG), checked
# with exrheader and gdalinfo, and read back through --dem exactly: the
# same float32 heights (gdal_calc.py difference 0), voids and hydrology.
# Skips (77) only when gdalinfo or exrheader is absent (quickstart installs
# gdal-bin and openexr).
. "$(dirname "$0")/data_lib.sh"
data_setup float gdalinfo gdal_calc.py exrheader
# The formats' exactness, so the source's own heights: no river channels
# carved into them (render.carve_rivers, tests/test_carve.c tests those).
flat="--set render.carve_rivers=off"
hydro() {
    grep -E '"(voids|raised|max_raise|lakes|lake_cells|rivers|outlets|sources|flat_lakes|cell_size_m)"' "$1"
}

"$BIN" export $flat -g dem --dem "$asc" --heightmap "$tmp/fr.exr" --stats "$tmp/fr.json"
check "--heightmap FILE.exr" $?
exrheader "$tmp/fr.exr" >"$tmp/exr.txt"
grep -q '^    Y, 32-bit floating-point, sampling 1 1' "$tmp/exr.txt" &&
    grep -q 'dataWindow (type box2i): (0 0) - (143 143)' "$tmp/exr.txt" &&
    [ "$(grep -c 'floating-point' "$tmp/exr.txt")" -eq 1 ] &&
    grep -q 'orogen:height_units (type string): "m"' "$tmp/exr.txt"
check "exrheader: one channel Y, 32-bit float, 144 x 144, metres" $?
grep -q '"format": "exr32"' "$tmp/fr.json"
check "stats: the export listed as exr32" $?

"$BIN" export $flat -g dem --dem "$asc" --heightmap "$tmp/fr.tif"
check "--heightmap FILE.tif" $?
gdalinfo -stats "$tmp/fr.tif" >"$tmp/tif.txt"
grep -q 'Type=Float32' "$tmp/tif.txt" && grep -q 'NoData Value=-32768' "$tmp/tif.txt" &&
    grep -q 'LAYOUT=COG' "$tmp/tif.txt" && grep -q 'ID\["EPSG",4326\]\]$' "$tmp/tif.txt" &&
    grep -q '^Origin = (-105.560416666684006,40.210416666622997)' "$tmp/tif.txt" &&
    grep -q '^Pixel Size = (0.000833333333000,-0.000833333333000)' "$tmp/tif.txt" &&
    grep -q 'Minimum=2186.000, Maximum=3345.000' "$tmp/tif.txt" &&
    grep -q 'Unit Type: metre' "$tmp/tif.txt"
check "gdalinfo: float32 COG, EPSG:4326, the grid's origin and pixel, 2186..3345 m" $?
"$BIN" export $flat -g dem --dem "$asc" --heightmap "$tmp/big.tif" --size 1200x1200
gdalinfo "$tmp/big.tif" | grep -q 'Overviews: 600x600, 300x300'
check "gdalinfo: a 1200 x 1200 COG has overviews 600, 300" $?

# read back: the same heights to the bit, the same hydrology
"$BIN" export $flat -g dem --dem "$tmp/fr.exr" --heightmap "$tmp/exr_back.tif" --stats "$tmp/eb.json"
check "--dem FILE.exr" $?
"$BIN" export $flat -g dem --dem "$tmp/fr.tif" --stats "$tmp/tb.json"
check "--dem of the GeoTIFF heightmap" $?
gdal_calc.py --quiet -A "$tmp/fr.tif" -B "$tmp/exr_back.tif" --outfile="$tmp/d.tif" \
    --type=Float32 --calc="A-B" && gdalinfo -stats "$tmp/d.tif" |
    grep -q 'Minimum=0.000, Maximum=0.000'
check "EXR -> --dem -> GeoTIFF: the heights exactly" $?
hydro "$tmp/fr.json" >"$tmp/a.h"
hydro "$tmp/eb.json" | cmp -s - "$tmp/a.h"
check "EXR read back: the source's hydrology and cell size" $?
hydro "$tmp/tb.json" | cmp -s - "$tmp/a.h"
check "GeoTIFF read back: the source's hydrology and cell size" $?

# voids: NaN in EXR, no-data in GeoTIFF, and back
gdal_translate -q -ot Float32 "$asc" "$tmp/src.tif"
gdal_calc.py --quiet -A "$tmp/src.tif" --outfile="$tmp/void.tif" --type=Float32 \
    --NoDataValue=-9999 --calc="where((A>3000)*(A<3050),-9999,A)"
"$BIN" export $flat -g dem --dem "$tmp/void.tif" --heightmap "$tmp/v.exr" --stats "$tmp/v.json" &&
    "$BIN" export $flat -g dem --dem "$tmp/void.tif" --heightmap "$tmp/v.tif"
check "heightmaps of a DEM with voids" $?
"$BIN" export $flat -g dem --dem "$tmp/v.exr" --stats "$tmp/ve.json" &&
    "$BIN" export $flat -g dem --dem "$tmp/v.tif" --stats "$tmp/vt.json"
n=$(sed -n 's/^ *"voids": \([0-9]*\),/\1/p' "$tmp/v.json")
[ "$n" -gt 0 ] && grep -q "\"voids\": $n," "$tmp/ve.json" && grep -q "\"voids\": $n," "$tmp/vt.json"
check "voids written as no data and read back: $n in EXR and GeoTIFF" $?
gdalinfo -stats "$tmp/v.tif" | grep -q 'STATISTICS_VALID_PERCENT=96.6'
check "gdalinfo: the voids are the GeoTIFF's no-data" $?

# the same bytes on every run and thread count
"$BIN" export $flat -g dem --dem "$asc" --heightmap "$tmp/r3.exr" --threads 3 &&
    "$BIN" export $flat -g dem --dem "$asc" --heightmap "$tmp/r3.tif" --threads 3 &&
    "$BIN" export $flat -g dem --dem "$asc" --heightmap "$tmp/r1.tif" --threads 1 &&
    cmp -s "$tmp/r3.exr" "$tmp/fr.exr" && cmp -s "$tmp/r3.tif" "$tmp/r1.tif"
check "the same EXR and GeoTIFF bytes on 1 and 3 threads" $?

# tiles: a GeoTIFF per tile, georeferenced
"$BIN" export $flat -g dem --dem "$asc" --heightmap "$tmp/t.tif" --tiles 2x2 --tile-overlap 1 \
    --size 145x145 &&
    gdalinfo "$tmp/t_x1_y1.tif" | grep -q '^Size is 73, 73'
check "tiles: 2 x 2 GeoTIFFs of 73 x 73" $?

[ $fails -eq 0 ]
