#!/bin/sh
# Engine profiles (src/io/engine.h): --engine unity|unreal|godot
# --engine-out BASE writes the engine's heightmap at its size and BASE.json
# with its import settings. Checked with gdalinfo (Unreal's PNG), exrheader
# (Godot's EXR), the bytes of --raw at the same size read backwards (Unity's
# r16, south row first) and the sidecar's numbers. Skips (77) when gdalinfo
# or exrheader is absent (quickstart installs gdal-bin and openexr).
. "$(dirname "$0")/data_lib.sh"
data_setup engine gdalinfo exrheader gdallocationinfo
num() { # key, file: the first number after "key":
    sed -n "s/.*\"$1\": \[*\([-0-9.e+]*\).*/\1/p" "$2" | head -1
}

for e in unity unreal godot; do
    "$BIN" export -g dem --dem "$asc" --engine $e --engine-out "$tmp/$e"
    check "--engine $e" $?
done

# Unity: 257 x 257 r16 (2^n+1 above 144), the south row first
[ "$(wc -c <"$tmp/unity.r16")" -eq $((2 * 257 * 257)) ]
check "unity: 257 x 257 r16" $?
"$BIN" export -g dem --dem "$asc" --raw "$tmp/north.r16" --size 257x257
i=0
: >"$tmp/flipped.r16"
while [ $i -lt 257 ]; do
    dd if="$tmp/north.r16" bs=514 skip=$((256 - i)) count=1 2>/dev/null >>"$tmp/flipped.r16"
    i=$((i + 1))
done
cmp -s "$tmp/flipped.r16" "$tmp/unity.r16"
check "unity: --raw's rows in reverse (south first, Import Raw without Flip Vertically)" $?
grep -q '"first_row": "south"' "$tmp/unity.json" &&
    [ "$(num terrain_height_m "$tmp/unity.json")" = 1159 ] &&
    [ "$(num position_y_m "$tmp/unity.json")" = 2186 ]
check "unity.json: terrain height 1159 m from 2186 m" $?

# Unreal: 253 x 253 16-bit PNG; its Z scale maps 0 and 65535 to 2186 and 3345 m
gdalinfo "$tmp/unreal.png" | grep -q '^Size is 253, 253' &&
    gdalinfo "$tmp/unreal.png" | grep -q 'Type=UInt16'
check "unreal: 253 x 253 16-bit PNG" $?
z=$(sed -n 's/.*"scale_cm": \[[^]]*, \([-0-9.e+]*\)\].*/\1/p' "$tmp/unreal.json")
loc=$(num location_z_cm "$tmp/unreal.json")
awk -v z="$z" -v l="$loc" 'BEGIN {
    lo = l + (0 - 32768) * z / 128; hi = l + (65535 - 32768) * z / 128;
    exit !(lo > 218599.9 && lo < 218600.1 && hi > 334499.9 && hi < 334500.1) }'
check "unreal.json: scale z $z cm, location z $loc cm give 2186..3345 m" $?

# Godot: 257 x 257 float EXR in metres, read back through --dem
exrheader "$tmp/godot.exr" | grep -q 'dataWindow (type box2i): (0 0) - (256 256)'
check "godot: 257 x 257 EXR" $?
# (resampled bilinearly from 144 to 257 samples on the grid's nodes,
# doc/grid.md: within the source's 2186..3345 m; the extreme cells fall
# between samples)
"$BIN" export -g dem --dem "$tmp/godot.exr" --stats "$tmp/g.json" &&
    awk -v lo="$(num elevation_min "$tmp/g.json")" -v hi="$(num elevation_max "$tmp/g.json")" \
        'BEGIN { exit !(lo >= 2186 && lo < 2200 && hi <= 3345 && hi > 3340) }'
check "godot: the EXR holds metres, within 2186..3345" $?
grep -q '"vertex_spacing_m"' "$tmp/godot.json" && grep -q '"orogen:dem": "103961 ' "$tmp/godot.json"
check "godot.json: vertex spacing and the recipe with the DEM's identity" $?

"$BIN" export -g dem --dem "$asc" --engine unreal 2>"$tmp/e.err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/e.err")" -eq 1 ] && grep -q 'engine-out' "$tmp/e.err"
check "--engine without --engine-out: exit 2, one line" $?
"$BIN" export -g dem --dem "$asc" --engine cryengine --engine-out "$tmp/c" 2>/dev/null
[ $? -eq 2 ]
check "--engine cryengine: refused" $?

# Unity's splat maps: --engine unity --splat writes them at the terrain's
# Control Texture Resolution (the heightmap's side - 1, a power of two),
# north row first: a Unity texture's first PNG row is its top (v = 1),
# which the alphamaps put on the terrain's far (+z, north) edge, where the
# r16's last rows (south first) are. A known pixel: a 65 x 65 DEM, 4500 m
# in its north half and 1500 m in its south half, is snow at Unity texel
# (10, 62) and not at (10, 1), and its r16 is 65535 on Unity's z = 64 row
# and 0 on z = 0.
awk 'BEGIN { print "ncols 65\nnrows 65\nxllcorner 0\nyllcorner 0\ncellsize 100\nNODATA_value -9999";
    for (r = 0; r < 65; r++) { s = ""; for (c = 0; c < 65; c++) s = s (c ? " " : "") (r < 32 ? 4500 : 1500); print s } }' \
    >"$tmp/step.asc"
"$BIN" export -g dem --dem "$tmp/step.asc" --engine unity --engine-out "$tmp/us" --splat "$tmp/us_splat"
check "--engine unity --splat" $?
gdalinfo "$tmp/us_splat/splat_1.png" | grep -q "Size is 64, 64" &&
    grep -q '"control_texture_resolution": 64, "splatmaps": \[".*us_splat/splat_0.png", ".*us_splat/splat_1.png"\], "splatmap_flip": false' "$tmp/us.json"
check "unity: 64 x 64 splat maps (Control Texture Resolution) listed in us.json" $?
texel() { # x, unity y (0 at the south): snow, the red band of splat_1.png
    gdallocationinfo -valonly -b 1 "$tmp/us_splat/splat_1.png" "$1" $((63 - $2))
}
r16() { # unity z row: its first sample
    od -An -tu2 -j $(($1 * 130)) -N2 "$tmp/us.r16" | tr -d ' '
}
[ "$(texel 10 62)" = 255 ] && [ "$(texel 10 1)" = 0 ] && [ "$(r16 64)" = 65535 ] && [ "$(r16 0)" = 0 ]
check "unity: snow at texel (10, 62) over the 4500 m rows (r16 z = 64), none at (10, 1) (z = 0)" $?

[ $fails -eq 0 ]
