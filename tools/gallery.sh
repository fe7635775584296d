#!/bin/sh
# make gallery: doc/images/gallery-{island,hybrid,planet,dem}.png, each six
# worlds (seeds 1-6; for dem the real elevation models) in two rows: the
# top row at the low resolution, the bottom row at the high one; island and
# hybrid have a third row, `streampower` (landscape evolution, doc/lem.md).
#   island  island.cells 4000 / 64000 / 16000 with island.relief=streampower
#   hybrid  256^2 / 1024^2 cells over the same 25.6 km / 256^2 with
#           hybrid.erosion=streampower
#   planet  planet.points 10000 / 100000
#   dem     the maps at 256 / 1024 px (DEMs from data/dem and $OROGEN_DEM_DIR)
# Needs a built tree (src/cli/orogen, tools/gallery_montage). Takes a few
# minutes (the 1024^2 hybrid worlds erode 1.6 M droplets each).
set -e
top=$(pwd)
bin="$top/src/cli/orogen"
montage="$top/tools/gallery_montage"
out="${srcdir:-.}/doc/images"
demdir=${OROGEN_DEM_DIR:-"${srcdir:-.}/../shared/data/dem"}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gallery.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

for s in 1 2 3 4 5 6; do
    "$bin" export --seed $s --set island.cells=4000 --map "$tmp/island-a$s.png" --size 256x256
done
for s in 1 2 3 4 5 6; do
    "$bin" export --seed $s --set island.cells=64000 --map "$tmp/island-b$s.png" --size 256x256
done
for s in 1 2 3 4 5 6; do
    "$bin" export --seed $s --set island.cells=16000 --set island.relief=streampower \
        --map "$tmp/island-c$s.png" --size 256x256
done
"$montage" "$out/gallery-island.png" 6 256 256 "$tmp"/island-a?.png "$tmp"/island-b?.png \
    "$tmp"/island-c?.png

for s in 1 2 3 4 5 6; do
    "$bin" export -g hybrid --seed $s --map "$tmp/hybrid-a$s.png" --size 256x256
done
for s in 1 2 3 4 5 6; do
    "$bin" export -g hybrid --seed $s --set hybrid.width=1024 --set hybrid.height=1024 \
        --map "$tmp/hybrid-b$s.png" --size 256x256
done
for s in 1 2 3 4 5 6; do
    "$bin" export -g hybrid --seed $s --set hybrid.erosion=streampower \
        --map "$tmp/hybrid-c$s.png" --size 256x256
done
"$montage" "$out/gallery-hybrid.png" 6 256 256 "$tmp"/hybrid-a?.png "$tmp"/hybrid-b?.png \
    "$tmp"/hybrid-c?.png

for s in 1 2 3 4 5 6; do
    "$bin" export -g planet --seed $s --set planet.points=10000 --map "$tmp/planet-a$s.png" \
        --size 384x192
done
for s in 1 2 3 4 5 6; do
    "$bin" export -g planet --seed $s --set planet.points=100000 --map "$tmp/planet-b$s.png" \
        --size 384x192
done
"$montage" "$out/gallery-planet.png" 6 384 192 "$tmp"/planet-a?.png "$tmp"/planet-b?.png

n=0
for d in "${srcdir:-.}/data/dem/fuji.png" "$demdir/terrarium_12_646_1400.png" \
         "$demdir/terrarium_8_45_99.png" "$demdir/srtmgl3_front_range_144.png"; do
    [ -f "$d" ] || continue
    n=$((n + 1))
    # The climate's latitude (doc/hydrology.md): the tile names carry it;
    # Fuji's (35.36 N) and the Front Range's (40.15 N, the .asc header's
    # centre) are given.
    lat=auto
    case $d in
    *fuji.png) lat=35.36 ;;
    *front_range*) lat=40.15 ;;
    esac
    "$bin" export --dem "$d" --set dem.latitude=$lat --map "$tmp/dem-a$n.png" --size 256x256
    "$bin" export --dem "$d" --set dem.latitude=$lat --map "$tmp/dem-b$n.png" --size 1024x1024
done
"$montage" "$out/gallery-dem.png" "$n" 256 256 "$tmp"/dem-a?.png "$tmp"/dem-b?.png
echo "gallery: wrote $out/gallery-island.png gallery-hybrid.png gallery-planet.png gallery-dem.png"
