#!/bin/sh
# --georef EPSG:CODE,EASTING,NORTHING (src/io/georef_origin.h): a generated
# flat world's south-west corner placed in a projected CRS. gdalinfo and
# ogrinfo are the oracles: the GeoJSON, the GeoTIFF and the PNG's
# .aux.xml report the CRS and the shifted coordinates (the samples on the
# grid's nodes, doc/grid.md); a CRS in US survey feet gets the metres
# converted; bad codes, geographic CRSs, non-finite origins, planets, DEMs
# and islands without --extent are refused in one line with nothing
# written. Skips (77) without gdalinfo or ogrinfo.
. "$(dirname "$0")/data_lib.sh"
data_setup georef gdalinfo ogrinfo

g=EPSG:32610,491000,5456000
"$BIN" export --seed 3 --set island.cells=2000 --extent 20000 --georef $g --size 1025x1025 \
    --vector "$tmp/v.geojson" --heightmap "$tmp/h.tif" &&
    "$BIN" export --seed 3 --set island.cells=2000 --extent 20000 --georef $g --size 1025x1025 \
        --heightmap "$tmp/h.png"
check "island --extent 20000 --georef $g" $?
ogrinfo -ro -so -al "$tmp/v.geojson" >"$tmp/v.txt"
grep -q '^    ID\["EPSG",32610\]\]$' "$tmp/v.txt" &&
    grep -q '^Extent: (491000.000000, 5456000.000000) - (511000.000000, 5476000.000000)' "$tmp/v.txt"
check "ogrinfo: EPSG:32610, the world over 491000..511000 E, 5456000..5476000 N" $?
for f in h.tif h.png; do
    # the PNG's CRS is in its .aux.xml (GDAL's PAM): read it
    GDAL_PAM_ENABLED=YES gdalinfo "$tmp/$f" >"$tmp/$f.txt"
    grep -q '^    ID\["EPSG",32610\]\]$' "$tmp/$f.txt" &&
        grep -q '^Origin = (490990.234375000000000,5476009.765625000000000)' "$tmp/$f.txt" &&
        grep -q '^Pixel Size = (19.531250000000000,-19.531250000000000)' "$tmp/$f.txt"
    check "gdalinfo $f: EPSG:32610, first sample on (491000, 5476000), 19.53125 m apart" $?
done
[ -s "$tmp/h.pgw" ] && [ "$(sed -n '5p;6p' "$tmp/h.pgw" | tr '\n' ' ')" = "491000 5476000 " ]
check "world file: the first sample at 491000, 5476000" $?

# a hybrid world (25.6 km by default) in feet: EPSG:2227, California zone 3
# (US survey feet, 1200/3937 m): 25600 m = 83989.33 ft
"$BIN" export -g hybrid --seed 3 --georef EPSG:2227,6000000,2000000 --vector "$tmp/f.geojson"
check "hybrid --georef EPSG:2227 (US survey feet)" $?
ogrinfo -ro -so -al "$tmp/f.geojson" >"$tmp/f.txt"
grep -q '^    ID\["EPSG",2227\]\]$' "$tmp/f.txt" &&
    sed -n 's/^Extent: (\([0-9.]*\), \([0-9.]*\)) - (\([0-9.]*\), \([0-9.]*\))$/\1 \2 \3 \4/p' "$tmp/f.txt" |
    awk '{ c = 25600 / 256 * 3937 / 1200 / 2;   # half a cell: the outer cells centres
           d = 25600 * 3937 / 1200 - 2 * c;
           exit !(($1 - 6000000 - c) ^ 2 < 1e-4 && ($3 - $1 - d) ^ 2 < 1e-4 &&
                  ($2 - 2000000 - c) ^ 2 < 1e-4 && ($4 - $2 - d) ^ 2 < 1e-4) }'
check "ogrinfo: EPSG:2227, the hybrid's cell centres in feet from (6000000, 2000000)" $?

# refusals: one line, a failing exit (2 for a malformed option, 1 for a
# CRS GDAL refuses or a world it does not fit), nothing written
bad() { # description, expected words, arguments...
    d=$1
    want=$2
    shift 2
    "$BIN" export "$@" --vector "$tmp/bad.geojson" 2>"$tmp/err"
    s=$?
    [ $s -eq 1 -o $s -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "$want" "$tmp/err" &&
        [ ! -e "$tmp/bad.geojson" ]
    check "$d: one line ($(cat "$tmp/err"))" $?
}
bad "an unknown EPSG code" "no such CRS" --extent 20000 --georef EPSG:999999,0,0
bad "a geographic CRS" "not a projected CRS" --extent 20000 --georef EPSG:4326,0,0
bad "a non-finite origin" "not a finite number" --extent 20000 --georef EPSG:32610,nan,0
bad "an infinite origin" "not a finite number" --extent 20000 --georef EPSG:32610,1,inf
bad "an origin beyond 1e9" "not a finite number" --extent 20000 --georef EPSG:32610,2e9,0
bad "no EPSG: prefix" "is not EPSG:CODE" --extent 20000 --georef 32610,491000,5456000
bad "a missing northing" "is not EPSG:CODE" --extent 20000 --georef EPSG:32610,491000
bad "a fractional code" "whole number" --extent 20000 --georef EPSG:326.5,0,0
bad "an island without --extent" "needs the island's size" --georef $g
bad "a planet" "not a planet" -g planet --georef $g
bad "a DEM" "a DEM keeps its" -g dem --dem "$asc" --georef $g

# the interface takes --georef for its map exports (tests/tui_smoke.sh G):
# the same refusals, exit 2, before it asks for a terminal
tui_bad() { # description, expected words, arguments...
    d=$1
    want=$2
    shift 2
    "$BIN" "$@" </dev/null >/dev/null 2>"$tmp/err"
    [ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "$want" "$tmp/err"
    check "the interface, $d: exit 2, one line ($(cat "$tmp/err"))" $?
}
tui_bad "an unknown EPSG code" "no such CRS" -g hybrid --georef EPSG:999999,0,0
tui_bad "a planet" "not a planet" -g planet --georef $g
tui_bad "a DEM" "a DEM keeps its" --dem "$asc" --georef $g
tui_bad "an island without --extent" "needs the island's size" --georef $g
exit $((fails > 0))
