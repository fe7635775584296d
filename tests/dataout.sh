#!/bin/sh
# Data exports end to end (issue 11): 16-bit heightmaps that `--dem` reads
# back, r16 sizes in the stats JSON, and one-line errors before any
# generation with no file left behind.
set -u
BIN=${OROGEN_BIN:-src/cli/orogen}
DATA=${OROGEN_DATA:-data}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-dataout.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0

check() { # description, command status (0 = ok)
    if [ "$2" -eq 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fails=$((fails + 1)); fi
}

# A number from a stats JSON: key (first match).
num() { sed -n "s/.*\"$1\": \([-0-9.e+]*\).*/\1/p" "$2" | head -1; }

# Heightmap round trip: the world read back with --dem has the heightmap's
# extremes to within one step (the quantisation's half step, twice).
roundtrip() { # name, generator options...
    name=$1
    shift
    "$BIN" export "$@" --heightmap "$tmp/$name.png" --stats "$tmp/$name.json" 2>/dev/null
    check "$name: heightmap written" $?
    "$BIN" export --dem "$tmp/$name.png" --stats "$tmp/$name-back.json"
    check "$name: --dem reads the heightmap" $?
    step=$(num height_step "$tmp/$name.json")
    lo=$(num data_min "$tmp/$name.json")
    hi=$(num data_max "$tmp/$name.json")
    blo=$(num elevation_min "$tmp/$name-back.json")
    bhi=$(num elevation_max "$tmp/$name-back.json")
    awk -v s="$step" -v lo="$lo" -v hi="$hi" -v a="$blo" -v b="$bhi" \
        'BEGIN { d1 = a - lo; d2 = b - hi; if (d1 < 0) d1 = -d1; if (d2 < 0) d2 = -d2;
                 exit !(s > 0 && d1 <= s && d2 <= s) }'
    check "$name: range recognised from the chunks ($blo..$bhi vs $lo..$hi)" $?
}
roundtrip island --seed 3 --set island.cells=1500 --size 128x128
roundtrip hybrid --generator hybrid --set hybrid.width=64 --set hybrid.height=64 \
    --set hybrid.droplets_per_cell=0.8
roundtrip planet --generator planet --set planet.points=800 --size 128x64
roundtrip dem --dem "$DATA/dem/fuji.png"
grep -q '"elevation_max": 3751,' "$tmp/dem.json" ; check "Fuji heightmap from 3751 m" $?
# an island's default data size: 2^10 + 1 samples on the nodes of 1024
# cells (doc/grid.md), the size engines take
"$BIN" export --seed 3 --set island.cells=300 --heightmap "$tmp/dflt.png" 2>/dev/null &&
    [ "$(od -An -tu1 -j16 -N8 "$tmp/dflt.png" | tr -s ' ')" = " 0 0 4 1 0 0 4 1" ]
check "an island's heightmap is 1025 x 1025 by default" $?

# r16: 2^n + 1 size, layout described in the stats JSON.
"$BIN" export --seed 3 --set island.cells=1500 --size 65x65 --raw "$tmp/i.r16" \
    --stats "$tmp/i.json"
check "r16 written" $?
[ "$(wc -c < "$tmp/i.r16")" -eq $((65 * 65 * 2)) ] ; check "r16 is 65x65x2 bytes" $?
grep -q '"format": "r16", "byte_order": "little-endian", "width": 65, "height": 65' \
    "$tmp/i.json"
check "stats JSON gives the r16 size and byte order" $?

# Bad input: one line, exit status, nothing written, before generation.
bad() { # description, expected status, message part, options...
    desc=$1 want=$2 msg=$3
    shift 3
    out=$("$BIN" export "$@" 2>&1); st=$?
    [ $st -eq "$want" ] && echo "$out" | grep -q -- "$msg" && [ "$(echo "$out" | wc -l)" -eq 1 ] &&
        [ -z "$(ls "$tmp/bad" 2>/dev/null)" ]
    check "$desc" $?
    [ $st -eq "$want" ] || echo "# got $st: $out"
}
mkdir "$tmp/bad"
bad "--height-range LO >= HI" 2 "LO must be below HI" --heightmap "$tmp/bad/h.png" \
    --height-range 5:1
bad "--height-range not numbers" 2 "is not LO:HI" --heightmap "$tmp/bad/h.png" \
    --height-range 0:x
bad "--clip without a range" 2 "--clip needs --height-range" --heightmap "$tmp/bad/h.png" --clip
bad "range not covering the data" 1 "outside --height-range 0:0.5 (use --clip" \
    --set island.cells=300 --heightmap "$tmp/bad/h.png" --height-range 0:0.5
bad "size beyond the format" 2 "at most 32768 per side" --size 40000x16 \
    --heightmap "$tmp/bad/h.png"
bad "heightmap and map on one file" 2 "both write" --set island.cells=300 \
    --map "$tmp/bad/x.png" --heightmap "$tmp/bad/x.png"
bad "heightmap into a missing folder" 1 "cannot write $tmp/bad/no/h.png" \
    --heightmap "$tmp/bad/no/h.png"
"$BIN" export --set island.cells=300 --size 32x32 --heightmap "$tmp/clip.png" \
    --height-range 0:0.5 --clip
check "--clip clamps instead" $?

# OBJ mesh: as many v and vn lines as vertices, faces indexing them, and
# the recipe in comments.
"$BIN" export --seed 3 --set island.cells=1500 --mesh "$tmp/i.obj" --mesh-size 30x20
check "OBJ written" $?
awk '/^v /{v++; if (NF != 7) bad++} /^vn /{n++} /^f /{f++; for (i = 2; i <= 4; i++) {
        split($i, a, "//"); if (a[1] < 1 || a[1] > v || a[1] != a[2]) bad++ } }
     END { exit !(v == 600 && n == 600 && f == 2 * 29 * 19 && bad == 0) }' "$tmp/i.obj"
check "OBJ: 600 coloured vertices, normals, 1102 faces in range" $?
grep -q '^# orogen:generator: island' "$tmp/i.obj" ; check "OBJ carries the recipe" $?
bad "--mesh with another extension" 2 "must end in .glb" --mesh "$tmp/bad/m.stl"
bad "--mesh-size beyond the limit" 1 "at most 2049 vertices" --mesh "$tmp/bad/m.glb" \
    --mesh-size 5000x5000

# Tiles: one process writes all six, six processes one each (as a Slurm
# array or GNU parallel would): byte-identical files.
mkdir "$tmp/t1" "$tmp/t6"
T="--seed 2 --set island.cells=1500 --size 101x61 --map-size 101x101 --tiles 3x2 --tile-overlap 1"
# shellcheck disable=SC2086
"$BIN" export $T --map "$tmp/t1/m.png" --heightmap "$tmp/t1/h.png" --raw "$tmp/t1/r.r16"
check "tiles in one process" $?
ok=0
for ty in 0 1; do
    for tx in 0 1 2; do
        # shellcheck disable=SC2086
        "$BIN" export $T --tile "$tx,$ty" --map "$tmp/t6/m.png" --heightmap "$tmp/t6/h.png" \
            --raw "$tmp/t6/r.r16" || ok=1
    done
done
check "one tile per process" $ok
[ "$(ls "$tmp/t1" | wc -l)" -eq 18 ] && diff -r "$tmp/t1" "$tmp/t6" >/dev/null
check "18 tiles, byte-identical from separate processes" $?
[ "$(wc -c < "$tmp/t1/r_x2_y1.r16")" -eq $((34 * 31 * 2)) ] ; check "last tile 34x31 (no overlap past the edge)" $?
bad "overlap larger than a tile" 2 "--tile-overlap 40 is larger than a tile" --size 101x61 \
    --tiles 3x2 --tile-overlap 40 --heightmap "$tmp/bad/h.png"
bad "tile outside the grid" 2 "--tile 3,0 outside the 3x2 grid" --tiles 3x2 --tile 3,0 \
    --heightmap "$tmp/bad/h.png"
bad "--tile without --tiles" 2 "need --tiles" --tile 1,1 --heightmap "$tmp/bad/h.png"

# Bundle: every manifest entry exists, rasters have the size the manifest
# states (the PNG header's), the folder appears whole or not at all.
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%d %d", $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'; }
"$BIN" export --seed 3 --set island.cells=1500 --size 96x64 --set render.width=160 \
    --set render.height=90 --bundle "$tmp/bundle"
check "bundle written" $?
ok=0
nfiles=0
while read -r line; do
    f=$(echo "$line" | sed -n 's/.*"file": "\([^"]*\)".*/\1/p')
    [ -n "$f" ] || continue
    nfiles=$((nfiles + 1))
    [ -s "$tmp/bundle/$f" ] || { echo "# missing $f"; ok=1; }
    wh=$(echo "$line" | sed -n 's/.*"width": \([0-9]*\), "height": \([0-9]*\).*/\1 \2/p')
    if [ -n "$wh" ] && [ "$(png_size "$tmp/bundle/$f")" != "$wh" ]; then
        echo "# $f is $(png_size "$tmp/bundle/$f"), manifest says $wh"; ok=1
    fi
    if echo "$line" | grep -q '"registration": "raster"' && [ "$wh" != "96 64" ]; then
        echo "# $f registered but $wh"; ok=1
    fi
done < "$tmp/bundle/manifest.json"
[ $ok -eq 0 ] && [ $nfiles -ge 10 ] ; check "bundle: $nfiles manifest entries exist with their sizes" $?
[ "$(ls "$tmp/bundle" | wc -l)" -eq $((nfiles + 1)) ] ; check "bundle: nothing but the manifest's files" $?
grep -q '"name": "temperate rain forest"' "$tmp/bundle/biome_legend.json" ; check "biome legend names ids" $?
bad "bundle into an existing folder" 1 "it exists" --bundle "$tmp/bundle"
mkdir "$tmp/full"
(ulimit -f 40; "$BIN" export --seed 3 --set island.cells=1500 --size 96x64 \
    --bundle "$tmp/full/b" 2>/dev/null)
[ $? -ne 0 ] && [ -z "$(ls "$tmp/full")" ] ; check "a bundle that cannot be finished leaves nothing" $?
# ... nor the other outputs of the command: a map (12 KB, under the limit)
# and a bundle are all or nothing together.
(ulimit -f 40; "$BIN" export --seed 3 --set island.cells=1500 --size 96x96 \
    --map "$tmp/full/a.png" --bundle "$tmp/full/b" 2>/dev/null)
[ $? -ne 0 ] && [ -z "$(ls "$tmp/full")" ] ; check "a failed bundle takes the --map of the same command back" $?
"$BIN" export --seed 3 --set island.cells=1500 --size 96x96 --map "$tmp/full/a.png" \
    --bundle "$tmp/full/b" && [ -s "$tmp/full/a.png" ] && [ -s "$tmp/full/b/manifest.json" ]
check "map and bundle written together" $?
rm -rf "$tmp/full"/*
# Tile checks before generation without --size: the sizes the world will
# have (the DEM's 144 x 144; an island's map 1024 x 1024).
out=$("$BIN" export --dem "${OROGEN_TEST_DATA:-tests/data}/srtmgl3_front_range_144.png" --tiles 2x2 \
    --tile-overlap 100 --heightmap "$tmp/full/t.png" --progress 2>&1)
[ $? -ne 0 ] && echo "$out" | grep -q "larger than a tile (72x72" && ! echo "$out" | grep -q "^stage" &&
    [ -z "$(ls "$tmp/full")" ]
check "--tile-overlap too large for the DEM's tiles: refused before generation" $?
out=$("$BIN" export --tiles 2x2 --tile-overlap 600 --map "$tmp/full/m.png" --progress 2>&1)
[ $? -ne 0 ] && echo "$out" | grep -q "larger than a tile (512x512" && ! echo "$out" | grep -q "^stage"
check "--tile-overlap too large for the map's default size: refused before generation" $?

# Georeferencing: a DEM with a world file and a CRS in .aux.xml (the SRTM
# grid's own ESRI header: xllcorner -105.560416666684, yllcorner
# 40.090416666671, cellsize 0.000833333333, 144 rows) passes both to every
# raster written from it; gdalinfo reads the same origin and pixel size.
mkdir "$tmp/geo"
cp "${OROGEN_TEST_DATA:-tests/data}/srtmgl3_front_range_144.png" "$tmp/geo/fr.png"
printf '0.000833333333\n0\n0\n-0.000833333333\n-105.5600000000005\n40.2100000000000\n' \
    > "$tmp/geo/fr.pgw"
cat > "$tmp/geo/fr.png.aux.xml" <<'XML'
<PAMDataset>
  <SRS dataAxisToSRSAxisMapping="2,1">GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AXIS["Latitude",NORTH],AXIS["Longitude",EAST],AUTHORITY["EPSG","4326"]]</SRS>
</PAMDataset>
XML
"$BIN" export --dem "$tmp/geo/fr.png" --heightmap "$tmp/geo/h.png" --raw "$tmp/geo/r.r16"
check "georeferenced DEM exported" $?
[ -s "$tmp/geo/h.pgw" ] && [ -s "$tmp/geo/h.png.aux.xml" ] && [ -s "$tmp/geo/r.wld" ]
check "world files and .aux.xml beside the outputs" $?
"$BIN" export --dem "$tmp/geo/fr.png" --size 73x73 --tiles 2x1 --tile-overlap 1 \
    --heightmap "$tmp/geo/t.png"
check "georeferenced tiles at half resolution" $?
if command -v gdalinfo >/dev/null 2>&1; then
    geo() { gdalinfo "$1" | grep -E '^(Origin|Pixel Size) = |ID\["EPSG",4326\]\]$'; }
    [ -n "$(geo "$tmp/geo/fr.png")" ] && [ "$(geo "$tmp/geo/fr.png")" = "$(geo "$tmp/geo/h.png")" ]
    check "gdalinfo: same origin, pixel size and CRS as the input" $?
    # 73 samples over the 143 cells between the outer pixel centres
    # (doc/grid.md): 143/72 x 0.000833333333 degrees apart, the first on
    # -105.56 (pixel corner half a pixel west), tile x1 from sample 36
    gdalinfo "$tmp/geo/t_x1_y0.png" | grep -q '^Pixel Size = (0.00165509259193' &&
        gdalinfo "$tmp/geo/t_x1_y0.png" | grep -q '^Origin = (-105.50124421' &&
        gdalinfo "$tmp/geo/t_x0_y0.png" | grep -q '^Origin = (-105.56082754'
    check "gdalinfo: tiles shifted by their offset, samples 143/72 pixels apart" $?
    "$BIN" export --dem "$tmp/geo/fr.png" --set render.width=64 --set render.height=48 \
        --bundle "$tmp/geo/b" && [ "$(geo "$tmp/geo/b/biome.png")" = "$(geo "$tmp/geo/fr.png")" ] &&
        [ "$(geo "$tmp/geo/b/height.png")" = "$(geo "$tmp/geo/fr.png")" ]
    check "gdalinfo: the bundle's layers at the input's registration" $?
else
    echo "ok - gdalinfo checks # SKIP gdalinfo not installed"
fi
if command -v ogrinfo >/dev/null 2>&1; then
    "$BIN" export --dem "$tmp/geo/fr.png" --vector "$tmp/geo/v.geojson" &&
        ogrinfo -ro -al -so "$tmp/geo/v.geojson" |
        grep -q 'Extent: (-105.560000, 40.090833) - (-105.440833, 40.210000)'
    check "GeoJSON of a georeferenced DEM in its coordinates (ogrinfo extent)" $?
fi
# A generated world with --extent: a world file in metres, no CRS.
# Samples on the grid's nodes (doc/grid.md): 201 x 101 span 0..10000 m.
"$BIN" export --set island.cells=500 --extent 10000m --size 201x101 --heightmap "$tmp/geo/e.png"
printf '50\n0\n0\n-100\n0\n10000\n' | cmp -s - "$tmp/geo/e.pgw" && [ ! -e "$tmp/geo/e.png.aux.xml" ]
check "--extent 10000m: samples 50 x 100 m apart from (0, 10000), no CRS" $?
bad "--extent for a planet" 2 "not a planet" -g planet --extent 5 --map "$tmp/bad/p.png"
# --extent is island.extent in the recipe: --from reproduces the world file.
"$BIN" export --set island.cells=500 --extent 10000m --map "$tmp/geo/e1.png" &&
    "$BIN" export --from "$tmp/geo/e1.png" --size 201x101 --heightmap "$tmp/geo/e2.png" &&
    printf '50\n0\n0\n-100\n0\n10000\n' | cmp -s - "$tmp/geo/e2.pgw"
check "--extent is stored in the recipe (island.extent = 10 km): --from keeps it" $?

# World scale (doc/scale.md): the SRTM tile's 3" cells at 40.15 N are
# 71.005 x 92.531 m; the mesh is at true scale (vertices at the 144 pixel
# centres: 143/144 of 10224.74 m east, of 13324.50 m south, 1159 m of
# relief), the heightmap says its pixel size, and a heightmap read back
# without its world file keeps the scale from that chunk.
"$BIN" export --dem "$tmp/geo/fr.png" --stats "$tmp/geo/s.json" --mesh "$tmp/geo/m.obj" \
    --heightmap "$tmp/geo/hs.png"
grep -q '"cell_size_m": \[71.005159[0-9]*, 92.53127[0-9]*\]' "$tmp/geo/s.json" &&
    grep -q '"metres_per_elevation_unit": 1,' "$tmp/geo/s.json"
check "georeferenced DEM: cell size in metres from degrees (WGS 84 at the centre)" $?
awk '$1 == "v" { for (k = 2; k <= 4; k++) { if (n == 0 || $k < lo[k]) lo[k] = $k;
                                            if (n == 0 || $k > hi[k]) hi[k] = $k } n++ }
     function near(a, b) { return a - b < 0.5 && b - a < 0.5 }
     END { exit !(near(hi[2] - lo[2], 10224.743 * 143 / 144) &&
                  near(hi[4] - lo[4], 13324.503 * 143 / 144) && near(lo[3], 2186) &&
                  near(hi[3], 3345)) }' "$tmp/geo/m.obj"
check "mesh of the georeferenced DEM in metres on every axis" $?
tr '\0' ' ' <"$tmp/geo/hs.png" | grep -aq 'orogen:pixel_size 71.005159[0-9]* 92.53127'
check "heightmap tEXt orogen:pixel_size in metres" $?
mkdir "$tmp/geo/alone" && cp "$tmp/geo/hs.png" "$tmp/geo/alone/" &&
    "$BIN" export --dem "$tmp/geo/alone/hs.png" --stats - |
    grep -q '"cell_size_m": \[71.005159[0-9]*, 92.53127'
check "a heightmap without its world file keeps its cell size (chunk)" $?
"$BIN" export -g hybrid --set hybrid.width=64 --set hybrid.height=32 --extent 3200 \
    --set hybrid.droplets_per_cell=0.5 --stats "$tmp/geo/hy.json" --heightmap "$tmp/geo/hy.png" &&
    grep -q '"hybrid.extent": 3.2,' "$tmp/geo/hy.json" &&
    grep -q '"cell_size_m": \[50, 50\]' "$tmp/geo/hy.json" &&
    printf '50\n0\n0\n-50\n25\n1575\n' | cmp -s - "$tmp/geo/hy.pgw"
check "--extent 3200 for hybrid is hybrid.extent = 3.2 km: 50 m cells, world file" $?

# GeoJSON: written for every generator; where GDAL is installed, ogrinfo
# reads it and every geometry is valid (GEOS through SQLite/SpatiaLite).
"$BIN" export --seed 3 --set island.cells=2000 --vector "$tmp/i.geojson" &&
"$BIN" export -g planet --set planet.points=800 --vector "$tmp/p.geojson" &&
"$BIN" export --dem "$DATA/dem/fuji.png" --vector "$tmp/f.geojson" &&
"$BIN" export -g hybrid --set hybrid.width=64 --set hybrid.height=64 --set hybrid.droplets_per_cell=0.5 \
    --vector "$tmp/h.geojson"
check "GeoJSON written for island, planet, dem, hybrid" $?
grep -q '"kind":"river"' "$tmp/i.geojson" && grep -q '"kind":"biome"' "$tmp/i.geojson" &&
    grep -q '"kind":"land"' "$tmp/p.geojson"
check "GeoJSON has rivers and biomes (island), land (planet)" $?
if command -v ogrinfo >/dev/null 2>&1; then
    for f in i p f h; do
        out=$(ogrinfo -ro -q -dialect SQLite -sql \
            "SELECT count(*) AS n, sum(ST_IsValid(geometry)) AS v FROM $f" "$tmp/$f.geojson" 2>&1)
        n=$(echo "$out" | sed -n 's/.* n (Integer) = //p')
        v=$(echo "$out" | sed -n 's/.* v (Integer) = //p')
        [ -n "$n" ] && [ "$n" -gt 0 ] && [ "$n" = "$v" ]
        check "ogrinfo: $f.geojson has $n features, $v valid" $?
    done
    ogrinfo -ro -al -so "$tmp/p.geojson" | grep -q 'Extent: (-180.000000, -90.000000) - (180.000000, 90.000000)'
    check "ogrinfo: planet in longitude/latitude" $?
    # A south-up world file (positive y pixel size): the same pixels with
    # row 0 in the south. Rings stay valid and RFC 7946 oriented (exterior
    # counter-clockwise, holes clockwise: unchanged by SpatiaLite's
    # ST_ForcePolygonCCW), and the lakes sit mirrored about the tile's
    # middle latitude (area-weighted centroid).
    cp "$tmp/geo/fr.png" "$tmp/geo/su.png" && cp "$tmp/geo/fr.png.aux.xml" "$tmp/geo/su.png.aux.xml"
    printf '0.000833333333\n0\n0\n0.000833333333\n-105.5600000000005\n40.0904166666671\n' \
        > "$tmp/geo/su.pgw"
    "$BIN" export --dem "$tmp/geo/su.png" --vector "$tmp/geo/su.geojson"
    rings() {
        ogrinfo -ro -q -dialect SQLite -sql "SELECT count(*) AS n, sum(ST_IsValid(geometry)) AS v,
            sum(ST_AsBinary(geometry) = ST_AsBinary(ST_ForcePolygonCCW(geometry))) AS ccw
            FROM $2 WHERE ST_GeometryType(geometry) LIKE '%POLYGON'" "$1" |
            sed -n 's/.* \([nv]\|ccw\) (Integer) = /\1=/p' | tr '\n' ' '
    }
    lakes_y() {
        ogrinfo -ro -q -dialect SQLite -sql "SELECT sum(ST_Area(geometry) *
            ST_Y(ST_Centroid(geometry))) / sum(ST_Area(geometry)) AS cy FROM $2
            WHERE kind = 'lake'" "$1" | sed -n 's/.* cy (Real) = //p'
    }
    r1=$(rings "$tmp/geo/v.geojson" v)
    r2=$(rings "$tmp/geo/su.geojson" su)
    echo "#   north-up: $r1; south-up: $r2"
    case $r2 in "n=0 "*) false ;; "n="*) eval "$r2"; [ "$n" = "$v" ] && [ "$n" = "$ccw" ] && [ "$r1" = "$r2" ] ;; *) false ;; esac
    check "ogrinfo: south-up GeoJSON polygons valid and counter-clockwise" $?
    awk -v a="$(lakes_y "$tmp/geo/v.geojson" v)" -v b="$(lakes_y "$tmp/geo/su.geojson" su)" \
        'BEGIN { d = (a - 40.15041666667) + (b - 40.15); if (d < 0) d = -d;
                 exit !(a != "" && b != "" && a != 40.15041666667 && d < 1e-5) }'
    check "ogrinfo: south-up lakes mirrored about the middle latitude" $?
else
    echo "ok - ogrinfo checks # SKIP ogrinfo not installed"
fi

# A planet's equirectangular rasters are georeferenced in degrees: a 720 x
# 360 heightmap's world file puts pixel centres 0.5 degrees apart from
# (-179.75, 89.75), and its .aux.xml names EPSG 4326.
"$BIN" export -g planet --seed 2 --set planet.points=4000 --heightmap "$tmp/geo/pl.png" \
    --size 720x360 && printf '0.5\n0\n0\n-0.5\n-179.75\n89.75\n' | cmp -s - "$tmp/geo/pl.pgw" &&
    grep -q 'EPSG' "$tmp/geo/pl.png.aux.xml"
check "planet heightmap: longitude/latitude world file and CRS" $?

exit $((fails > 0))
