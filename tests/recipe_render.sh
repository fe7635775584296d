#!/bin/sh
# Render settings travel with the recipe: an isometric render (or a globe)
# made with non-default --rotate, --time and --exaggeration, re-exported
# from its own PNG with --from and nothing else, gives the same file, for
# every generator (the hybrid's recipe used to leave render.* out).
set -u
BIN=${OROGEN_BIN:-src/cli/orogen}
DATA=${OROGEN_DATA:-data}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-rr.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0

check() { # description, command status (0 = ok)
    if [ "$2" -eq 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fails=$((fails + 1)); fi
}

set_iso="--rotate 2 --time 15:30 --exaggeration 3 --size 240x150"
for g in island hybrid dem; do
    case $g in
    island) src="--seed 4 --set island.cells=2000" ;;
    hybrid) src="-g hybrid --seed 5 --set hybrid.width=128 --set hybrid.height=128" ;;
    dem) src="--dem $DATA/dem/fuji.png" ;;
    esac
    # shellcheck disable=SC2086
    "$BIN" export $src --iso "$tmp/$g.png" $set_iso
    check "$g: iso with render settings" $?
    again=""
    [ $g = dem ] && again="--dem $DATA/dem/fuji.png"
    # shellcheck disable=SC2086
    "$BIN" export --from "$tmp/$g.png" $again --iso "$tmp/$g-again.png"
    check "$g: re-exported from its recipe" $?
    cmp -s "$tmp/$g.png" "$tmp/$g-again.png"
    check "$g: the same bytes" $?
    grep -a -q 'render.time = 15.5' "$tmp/$g.png"
    check "$g: the recipe holds render.time" $?
done
"$BIN" export -g planet --seed 3 --set planet.points=4000 --globe "$tmp/planet.png" \
    --globe-size 160
check "planet: globe" $?
"$BIN" export --from "$tmp/planet.png" --globe "$tmp/planet-again.png"
check "planet: globe re-exported from its recipe" $?
cmp -s "$tmp/planet.png" "$tmp/planet-again.png"
check "planet: the same bytes" $?
[ $fails -eq 0 ]
