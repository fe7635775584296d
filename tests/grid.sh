#!/bin/sh
# One grid convention (doc/grid.md): the data samples are the nodes of a
# grid spanning the world's domain, so a heightmap's world file, its
# GeoTIFF (gdalinfo), the glTF mesh (its POSITION accessor's min/max), the
# GeoJSON (ogrinfo's extent) and a heightmap tile's world file agree to the
# sample, for island, hybrid and DEM worlds; planets' equirectangular
# rasters stay pixel-is-area over -180..180 x -90..90. Mesh sizes of 2^n+1
# give 2^n quads a side: 257 x 257 by default, the engine heightmap's
# size with --engine, up to 2049. Skips (77) without gdalinfo or ogrinfo.
. "$(dirname "$0")/data_lib.sh"
data_setup grid gdalinfo ogrinfo gdallocationinfo python3

# bounds FILE...: "xmin xmax ymin ymax" of the first and last samples
# (world file, GeoTIFF), the vertices (glb: x east, z south of the north
# edge, printed as they are) or the features (GeoJSON).
bounds() {
    python3 - "$@" <<'EOF'
import json, struct, subprocess, sys
f = sys.argv[1]
if f.endswith('.glb'):
    d = open(f, 'rb').read()
    n = struct.unpack('<I', d[12:16])[0]
    j = json.loads(d[20:20 + n])
    p = j['meshes'][0]['primitives'][0]['attributes']['POSITION']
    a = j['accessors'][p]
    print('%.6f %.6f %.6f %.6f %d' % (a['min'][0], a['max'][0], a['min'][2], a['max'][2], a['count']))
elif f.endswith('.geojson'):
    out = subprocess.run(['ogrinfo', '-ro', '-so', '-al', f], capture_output=True, text=True).stdout
    e = [l for l in out.splitlines() if l.startswith('Extent:')][0]
    e = e.replace('Extent:', '').replace('(', '').replace(')', '').replace(',', ' ').replace('-  ', ' ')
    v = [float(t) for t in e.split() if t != '-']
    print('%.6f %.6f %.6f %.6f' % (v[0], v[2], v[1], v[3]))
else:  # a raster: gdalinfo's geotransform and size, first and last sample centres
    j = json.loads(subprocess.run(['gdalinfo', '-json', f], capture_output=True, text=True).stdout)
    gt, (w, h) = j['geoTransform'], j['size']
    x0, y0 = gt[0] + 0.5 * gt[1], gt[3] + 0.5 * gt[5]
    x1, y1 = x0 + (w - 1) * gt[1], y0 + (h - 1) * gt[5]
    print('%.6f %.6f %.6f %.6f' % (min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)))
EOF
}
# same A B [TOL]: the four numbers of A and B within TOL (default 1e-6 of the span)
same() {
    python3 - "$1" "$2" "${3:-0}" <<'EOF'
import sys
a = [float(t) for t in sys.argv[1].split()[:4]]
b = [float(t) for t in sys.argv[2].split()[:4]]
tol = float(sys.argv[3]) or 1e-6 * max(abs(a[1] - a[0]), abs(a[3] - a[2]))
sys.exit(0 if all(abs(x - y) <= tol for x, y in zip(a, b)) else 1)
EOF
}

# island and hybrid: 20 km, metres east and north of the map's south-west
# corner; the mesh's z runs south from the north edge (northing = 20000 - z)
for g in island hybrid; do
    d=$tmp/$g
    mkdir "$d"
    set -- -g $g --seed 3 --extent 20000 --size 257x257
    [ $g = island ] && set -- "$@" --set island.cells=4000
    "$BIN" export "$@" --heightmap "$d/h.png" --mesh "$d/m.glb" --mesh-size 257x257 \
        --vector "$d/v.geojson" &&
        "$BIN" export "$@" --heightmap "$d/h.tif" &&
        "$BIN" export "$@" --heightmap "$d/t.png" --tiles 2x2 --tile-overlap 1
    check "$g: heightmap, GeoTIFF, mesh, GeoJSON, heightmap tiles" $?
    hm=$(bounds "$d/h.png")
    tif=$(bounds "$d/h.tif")
    glb=$(bounds "$d/m.glb")
    gj=$(bounds "$d/v.geojson")
    mesh=$(echo "$glb" | awk '{ printf "%.6f %.6f %.6f %.6f", $1, $2, 20000 - $4, 20000 - $3 }')
    echo "# $g: world file $hm, GeoTIFF $tif, mesh $mesh, GeoJSON $gj"
    same "$hm" "$tif"
    check "$g: the GeoTIFF's samples are the world file's" $?
    same "$hm" "$mesh" 0.01
    check "$g: the mesh's vertices span the heightmap's samples (to 0.01 m)" $?
    same "$hm" "$gj"
    check "$g: the GeoJSON's extent is the heightmap's samples" $?
    [ "$(echo "$glb" | awk '{ print $5 }')" -eq $((257 * 257)) ]
    check "$g: a 257x257 mesh has 257^2 vertices (256^2 quads)" $?
    # tile (1, 1) of 2x2 with one shared sample starts at sample 128
    tile=$(bounds "$d/t_x1_y1.png")
    echo "$tile $hm" | awk '{ s = ($6 - $5) / 256; d = $1 - ($5 + 128 * s); e = $4 - ($8 - 128 * s);
        exit !(d * d < 1e-6 && e * e < 1e-6) }'
    check "$g: tile x1 y1's world file starts at the whole heightmap's sample 128" $?
done
awk -v a="$(bounds "$tmp/island/h.png")" 'BEGIN { split(a, v, " "); exit !(v[1] == 0 && v[2] == 20000) }'
check "island: the samples run from 0 to 20000 m, edge to edge" $?

# 2^n + 1 meshes: the island's default is 257 x 257 (256 quads of
# 78.125 m), --mesh-size 129x65 spans the same square, with --engine the
# mesh has the engine heightmap's samples, and 2050 is refused in one line
d=$tmp/mesh
mkdir "$d"
"$BIN" export --seed 3 --set island.cells=2000 --extent 20000 --mesh "$d/def.glb" &&
    "$BIN" export --seed 3 --set island.cells=2000 --extent 20000 --mesh "$d/small.glb" \
        --mesh-size 129x65 &&
    "$BIN" export --seed 3 --set island.cells=2000 --extent 20000 --mesh "$d/gd.glb" \
        --engine godot --engine-out "$d/gd" --size 300x300
check "meshes: default, 129x65, with --engine godot" $?
bounds "$d/def.glb" | awk '{ exit !($1 == 0 && $2 == 20000 && $3 == 0 && $4 == 20000 && $5 == 257 * 257) }' &&
    bounds "$d/small.glb" | awk '{ exit !($1 == 0 && $2 == 20000 && $4 == 20000 && $5 == 129 * 65) }' &&
    bounds "$d/gd.glb" | awk '{ exit !($2 == 20000 && $5 == 513 * 513) }' &&
    grep -q '"size": \[513, 513\]' "$d/gd.json"
check "meshes: 257^2 by default, 129x65 and the engine's 513^2 over 0..20000 m" $?
"$BIN" export --seed 3 --mesh "$d/big.glb" --mesh-size 2050x2050 2>"$d/err"
[ $? -ne 0 ] && [ "$(wc -l <"$d/err")" -eq 1 ] && [ ! -e "$d/big.glb" ]
check "--mesh-size 2050x2050 refused in one line ($(cat "$d/err"))" $?

# DEM (geographic, 144 x 144 cells): at its own size the samples are its
# pixel centres, at 257 the same span; the mesh (metres) spans the centres
# of its outer cells
d=$tmp/dem
mkdir "$d"
"$BIN" export -g dem --dem "$asc" --size 257x257 --heightmap "$d/h.png" --mesh "$d/m.glb" \
    --mesh-size 257x257 --vector "$d/v.geojson" &&
    "$BIN" export -g dem --dem "$asc" --heightmap "$d/own.tif"
check "dem: heightmap, GeoTIFF at its own size, mesh, GeoJSON" $?
hm=$(bounds "$d/h.png")
gj=$(bounds "$d/v.geojson")
own=$(bounds "$d/own.tif")
src=$(bounds "$asc")
echo "# dem: source $src, world file $hm, own-size GeoTIFF $own, GeoJSON $gj"
same "$src" "$own" && same "$src" "$hm" && same "$src" "$gj"
check "dem: the source's pixel centres = own-size GeoTIFF = 257 heightmap = GeoJSON" $?
"$BIN" export -g dem --dem "$asc" --size 257x257 --heightmap "$d/h257.tif" &&
    for xy in "0 0 0 0" "256 0 143 0" "0 256 0 143" "256 256 143 143"; do
        set -- $xy
        a=$(gdallocationinfo -valonly "$d/h257.tif" $1 $2) &&
            b=$(gdallocationinfo -valonly "$asc" $3 $4) &&
            awk -v a="$a" -v b="$b" 'BEGIN { exit !(a == b) }' || exit 1
    done
check "dem at 257: the corner samples are the source's corner cells" $?
gdalinfo "$d/own.tif" | grep -q 'AREA_OR_POINT=Point'
check "dem: the GeoTIFF says its samples are points (PixelIsPoint)" $?
bounds "$d/m.glb" | awk '{ c = ($2 - $1) / 143; r = ($4 - $3) / 143;
    exit !(($1 - c / 2) ^ 2 < 1e-4 && ($3 - r / 2) ^ 2 < 1e-4 && $5 == 257 * 257) }'
check "dem: the mesh spans the outer cells' centres (half a cell in from the tile's edge)" $?

# planet: equirectangular, pixel-is-area
d=$tmp/planet
mkdir "$d"
"$BIN" export -g planet --seed 3 --set planet.points=4000 --size 256x128 --heightmap "$d/h.png" \
    --vector "$d/v.geojson"
check "planet: heightmap and GeoJSON" $?
gdalinfo "$d/h.png" | grep -q 'Upper Left  (-180.0000000,  90.0000000)' &&
    ogrinfo -ro -so -al "$d/v.geojson" | grep -q 'Extent: (-180.000000, -90.000000) - (180.000000, 90.000000)'
check "planet: heightmap pixels and GeoJSON cover -180..180 x -90..90" $?

exit $((fails > 0))
