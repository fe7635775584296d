#!/bin/sh
# Batch CLI end to end: exports, recipes that regenerate the same bytes,
# one-line errors with the right exit status and no file left behind.
set -u
BIN=${OROGEN_BIN:-src/cli/orogen}
DATA=${OROGEN_DATA:-data}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-cli.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0

check() { # description, command status (0 = ok)
    if [ "$2" -eq 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fails=$((fails + 1)); fi
}

"$BIN" --version | grep -q '^orogen ' ; check "--version" $?
"$BIN" --help | grep -q 'orogen export' ; check "--help lists export" $?
"$BIN" params | grep -q '^island.cells ' ; check "params lists island.cells" $?

"$BIN" export --seed 7 --set island.cells=2000 --map "$tmp/a.png" --size 128x128 \
    --stats "$tmp/a.json"
check "export map and stats" $?
[ -s "$tmp/a.png" ] ; check "map PNG written" $?
grep -q '"generator": "island"' "$tmp/a.json" && grep -q '"seed": 7' "$tmp/a.json"
check "stats JSON names generator and seed" $?
grep -q '"land_fraction"' "$tmp/a.json" ; check "stats JSON has land_fraction" $?

"$BIN" export --from "$tmp/a.png" --map "$tmp/b.png" --size 128x128
check "export --from a recipe" $?
cmp -s "$tmp/a.png" "$tmp/b.png" ; check "recipe regenerates the same bytes" $?

"$BIN" export --seed 7 --set island.cells=2000 --map "$tmp/c.png" --size 128x128
cmp -s "$tmp/a.png" "$tmp/c.png" ; check "same seed, same bytes" $?

out=$("$BIN" export --map "$tmp/missing/dir/x.png" 2>&1); st=$?
[ $st -eq 1 ] ; check "unwritable path exits 1" $?
echo "$out" | grep -q "^orogen: cannot write $tmp/missing/dir/x.png" ; check "error names the path" $?
[ "$(echo "$out" | wc -l)" -eq 1 ] ; check "error is one line" $?
[ ! -e "$tmp/missing" ] ; check "no file or folder left" $?

out=$("$BIN" export --set island.cells=5 --map "$tmp/d.png" 2>&1); st=$?
[ $st -eq 2 ] ; check "out-of-range parameter exits 2" $?
echo "$out" | grep -q "island.cells' = 5 outside \[16, 2000000\]" ; check "range error worded" $?
[ ! -e "$tmp/d.png" ] ; check "no PNG after a bad parameter" $?

out=$("$BIN" --bogus 2>&1); st=$?
[ $st -eq 2 ] && echo "$out" | grep -q "unknown option '--bogus'" ; check "unknown option" $?

out=$("$BIN" export --dem "$tmp/nope.png" --map "$tmp/e.png" 2>&1); st=$?
[ $st -eq 1 ] && echo "$out" | grep -q "nope.png" ; check "missing DEM named" $?
printf 'not a png' > "$tmp/bad.png"
out=$("$BIN" export --dem "$tmp/bad.png" --map "$tmp/e.png" 2>&1); st=$?
[ $st -eq 1 ] && [ ! -e "$tmp/e.png" ] ; check "corrupt DEM refused" $?

"$BIN" export --dem "$DATA/dem/fuji.png" --map "$tmp/fuji.png" --stats "$tmp/fuji.json"
check "export Fuji" $?
grep -q '"elevation_max": 3751' "$tmp/fuji.json" ; check "Fuji summit 3751 m" $?
grep -q '"elevation_max_at": \[308, 178\]' "$tmp/fuji.json" ; check "Fuji summit at (308,178)" $?

printf 'seed = 9\nisland.cells = 1500\n' > "$tmp/p.ini"
"$BIN" export --preset "$tmp/p.ini" --map "$tmp/p.png" --size 64x64 --stats "$tmp/p.json"
grep -q '"seed": 9' "$tmp/p.json" && grep -q '"island.cells": 1500' "$tmp/p.json"
check "preset file applied" $?
printf 'seed = 9\nisland.cells = oops\n' > "$tmp/bad.ini"
out=$("$BIN" export --preset "$tmp/bad.ini" --map "$tmp/q.png" 2>&1); st=$?
[ $st -eq 2 ] && echo "$out" | grep -q "bad.ini:2:" ; check "bad preset names file and line" $?

# Outputs never destroy what they would replace.
ln -s "$tmp/target.png" "$tmp/link.png"
"$BIN" export --set island.cells=300 --map "$tmp/link.png" --size 16x16
[ -L "$tmp/link.png" ] && [ -s "$tmp/target.png" ] ; check "symlink followed, link kept" $?
if [ -c /dev/full ]; then
    out=$("$BIN" export --set island.cells=300 --stats /dev/full 2>&1); st=$?
    [ $st -eq 1 ] && [ -c /dev/full ] && echo "$out" | grep -q "/dev/full: No space left on device"
    check "device written in place (never renamed over): /dev/full is full" $?
fi
out=$("$BIN" export --set island.cells=300 --map "$tmp/same.png" --iso "$tmp/same.png" 2>&1); st=$?
[ $st -eq 2 ] && [ ! -e "$tmp/same.png" ] && echo "$out" | grep -q "both write"
check "two outputs to one file refused" $?
out=$("$BIN" export -g planet --set planet.points=500 --map "$tmp/pl.png" --iso "$tmp/pli.png" 2>&1)
st=$?
[ $st -eq 2 ] && [ ! -e "$tmp/pl.png" ] ; check "no partial outputs when one is impossible" $?
out=$("$BIN" export --map "$tmp/t.png" --time 10:00 2>&1); st=$?
[ $st -eq 2 ] ; check "--time without --iso is a usage error" $?

# Per-output sizes; --size is the default of all; one planet map default;
# small grids scaled up by a whole factor.
pngsize() { od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216+$2*65536+$3*256+$4 "x" $5*16777216+$6*65536+$7*256+$8 }'; }
out=$("$BIN" export -g planet --set planet.points=1500 --map "$tmp/pm.png" --globe "$tmp/pg.png" \
    --size 4096x2048 2>&1); st=$?
[ $st -eq 2 ] && echo "$out" | grep -q "add --globe-size N" ; check "--globe with a non-square --size says --globe-size" $?
"$BIN" export -g planet --set planet.points=1500 --map "$tmp/pm.png" --globe "$tmp/pg.png" \
    --size 300x150 --globe-size 200
[ "$(pngsize "$tmp/pm.png")" = 300x150 ] && [ "$(pngsize "$tmp/pg.png")" = 200x200 ]
check "--size for the map, --globe-size for the globe" $?
"$BIN" export -g planet --set planet.points=1500 --map "$tmp/pm.png" --map-size 64x32
[ "$(pngsize "$tmp/pm.png")" = 64x32 ] ; check "--map-size" $?
"$BIN" export -g planet --set planet.points=1500 --map "$tmp/pm.png"
[ "$(pngsize "$tmp/pm.png")" = 2048x1024 ] ; check "planet map default 2048x1024 (as in the TUI)" $?
"$BIN" export --preset hybrid-tabletop --set hybrid.droplets_per_cell=0 --map "$tmp/tt.png"
[ "$(pngsize "$tmp/tt.png")" = 960x640 ] ; check "hybrid-tabletop 96x64 scaled up to 960x640" $?
"$BIN" export --seed 2 --set island.cells=500 --iso "$tmp/is.png" --iso-size 120x80 --size 64x64 \
    --map "$tmp/im.png"
[ "$(pngsize "$tmp/is.png")" = 120x80 ] && [ "$(pngsize "$tmp/im.png")" = 64x64 ]
check "--iso-size wins over --size for the render only" $?
out=$("$BIN" export --seed 2 --stats - --map-size 10x10 2>&1); st=$?
[ $st -eq 2 ] ; check "--map-size without --map is a usage error" $?
# export-only options given to the interface were ignored; now refused
# before it asks for a terminal
for o in "--size 512x512" "--tiles 2x2" "--seeds 1-3"; do
    out=$("$BIN" $o </dev/null 2>&1); st=$?
    [ $st -eq 2 ] && echo "$out" | grep -q "^orogen: ${o%% *} applies to \`orogen export\`"
    check "$o without export is a usage error ($out)" $?
done

# Short parameter names: a unique suffix after a dot; ambiguous ones list
# their candidates.
"$BIN" export -g hybrid --set coverage=0.3 --set hybrid.width=32 --set hybrid.height=32 \
    --stats - 2>/dev/null | grep -q '"hybrid.coverage": 0.3' ; check "--set coverage=0.3 sets hybrid.coverage" $?
out=$("$BIN" export -g planet --set sea_level=0 --stats - 2>&1); st=$?
[ $st -eq 2 ] && echo "$out" | grep -qF "parameter 'sea_level' is ambiguous (none is the generator's): island.sea_level, dem.sea_level"
check "--set sea_level=0 with -g planet is ambiguous and lists the candidates" $?
"$BIN" export --set cells=700 --stats - | grep -q '"island.cells": 700' ; check "--set cells=700 for the island" $?
"$BIN" export --set island.cells=500 --exaggeration 2.5 --stats - | grep -q '"render.exaggeration": 2.5'
check "--exaggeration sets render.exaggeration" $?
out=$("$BIN" export --exaggeration 30 --stats - 2>&1); st=$?
[ $st -eq 2 ] && echo "$out" | grep -q "render.exaggeration' = 30 outside" ; check "--exaggeration out of range refused" $?
# stats name the fill variant run
"$BIN" export --set island.cells=500 --set hydro.flood=heap --stats - | grep -q '"fill": "heap: plain priority-flood'
check "stats: hydro.fill names the heap variant" $?
"$BIN" export --set island.cells=500 --stats - | grep -q '"fill": "fast: slope-tracing priority-flood'
check "stats: hydro.fill names the fast variant" $?
# orogen params: columns aligned (the unit column starts at one place)
"$BIN" params -g dem | awk 'NR == 1 { c = index($0, "unit") } /^dem.vertical_scale / { print (substr($0, c, 2) == "m ") }' | grep -qx 1
check "params -g dem: units in their column" $?
"$BIN" params -g dem | awk 'NR == 1 { c = index($0, "help") } NR > 1 && substr($0, c - 1, 1) != " " { bad = 1 } END { exit bad }'
check "params -g dem: nothing runs into the help column" $?

# Exit status as the man page says: a file that cannot be read is 1, a
# usage or value error is 2.
out=$("$BIN" --from "$tmp/nosuch.png" 2>&1); st=$?
[ $st -eq 1 ] && echo "$out" | grep -q "cannot read $tmp/nosuch.png" ; check "--from a missing file exits 1" $?
out=$("$BIN" --preset "$tmp/nosuch.ini" 2>&1); st=$?
[ $st -eq 1 ] ; check "--preset a missing file exits 1" $?
out=$("$BIN" --from "$tmp/bad.png" 2>&1); st=$?
[ $st -eq 1 ] && echo "$out" | grep -q "not a PNG" ; check "--from a non-PNG exits 1" $?
out=$("$BIN" --preset no-such-preset-name 2>&1); st=$?
[ $st -eq 2 ] && echo "$out" | grep -q "no preset named 'no-such-preset-name'" ; check "unknown preset name exits 2" $?
printf 'island.cells = 3\n' > "$tmp/range.ini"
out=$("$BIN" export --preset "$tmp/range.ini" --stats - 2>&1); st=$?
[ $st -eq 2 ] && echo "$out" | grep -q "range.ini:1: param 'island.cells' = 3 outside" ; check "preset value out of range exits 2" $?

# A layer and size travel in the recipe.
"$BIN" export --seed 4 --set island.cells=1500 --layer elevation --map "$tmp/le.png" --size 90x90
(cd / && "$BIN" export --from "$tmp/le.png" --map "$tmp/le2.png")
cmp -s "$tmp/le.png" "$tmp/le2.png" ; check "recipe keeps layer and size" $?

# quickstart builds in the repository but runs orogen where it was called
# (only in an in-tree build: quickstart builds its own tree).
SRC=${OROGEN_SRCDIR:-.}
if [ -x "$SRC/quickstart" ] && [ "$SRC/src/cli/orogen" -ef "$BIN" ]; then
    mkdir "$tmp/user" && cp "$tmp/le.png" "$tmp/user/mine.png"
    (cd "$tmp/user" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS \
        sh "$SRC/quickstart" run export --from mine.png --map again.png) >/dev/null 2>&1
    cmp -s "$tmp/le.png" "$tmp/user/again.png"
    check "quickstart run keeps the caller's folder (--from mine.png, --map again.png)" $?
    # standard output is orogen's alone (build messages go to quickstart.log)
    (cd "$tmp/user" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS \
        sh "$SRC/quickstart" run export --from mine.png --stats -) >"$tmp/qs.json" 2>/dev/null
    [ "$(head -c 1 "$tmp/qs.json")" = "{" ] && [ "$(tail -n 1 "$tmp/qs.json")" = "}" ] &&
        grep -q '"seed": 4' "$tmp/qs.json"
    check "quickstart run export --stats - writes only the JSON to stdout" $?
    first=$(env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS sh "$SRC/quickstart" run --help 2>/dev/null |
        head -n 1)
    case $first in "usage: orogen"*) true ;; *) false ;; esac
    check "quickstart run --help starts with the usage line" $?
else
    echo "ok - quickstart folder check skipped (not an in-tree build)"
fi

# Outputs a newcomer gets wrong: named twice, a name promising another
# format, a --size that would stretch the map, a bundle named "out/".
out=$("$BIN" export --set island.cells=300 --map "$tmp/r1.png" --map "$tmp/r2.png" 2>&1); st=$?
[ $st -eq 2 ] && echo "$out" | grep -q -- "--map given twice" && [ ! -e "$tmp/r1.png" ] &&
    [ ! -e "$tmp/r2.png" ] ; check "--map twice is refused, nothing written" $?
out=$("$BIN" export --set island.cells=300 --map "$tmp/x.jpg" 2>&1); st=$?
[ $st -eq 2 ] && echo "$out" | grep -q "this output is a PNG; name it .png" && [ ! -e "$tmp/x.jpg" ]
check "--map x.jpg is refused (a usage error, exit 2)" $?
out=$("$BIN" export -g planet --set planet.points=800 --map "$tmp/sq.png" --size 64x64 2>&1); st=$?
[ $st -eq 2 ] && echo "$out" | grep -q "would stretch the map, which is 2:1 (64x32 keeps it)" &&
    [ ! -e "$tmp/sq.png" ] ; check "a square --size for a 2:1 planet map is refused" $?
"$BIN" export -g planet --set planet.points=800 --map "$tmp/sq.png" --size 64x32
check "a 2:1 --size for the planet map is taken" $?
mkdir "$tmp/bslash" && (cd "$tmp/bslash" && "$BIN" export --set island.cells=300 --size 32x32 \
    --set render.width=64 --set render.height=48 --bundle out/) &&
    [ -f "$tmp/bslash/out/manifest.json" ] && [ -z "$(ls -d "$tmp/bslash"/out.tmp* 2>/dev/null)" ]
check "--bundle out/ (trailing slash) writes the folder out" $?

# Inputs that contradict each other are refused or noted (newcomer #12).
out=$("$BIN" export --dem "$DATA/dem/fuji.png" -g island --map "$tmp/c1.png" 2>&1); st=$?
[ $st -eq 2 ] && [ ! -e "$tmp/c1.png" ] && [ "$(echo "$out" | wc -l)" -eq 1 ] &&
    echo "$out" | grep -q -- "-g island: the island generator uses no DEM"
check "--dem with -g island is refused" $?
out=$("$BIN" export --seed 7 --seed 8 --set island.cells=300 --map "$tmp/c2.png" 2>&1); st=$?
[ $st -eq 2 ] && [ ! -e "$tmp/c2.png" ] && echo "$out" | grep -q -- "--seed (-s) given twice"
check "--seed twice is refused" $?
out=$("$BIN" export -s 7 --size 8x8 --size=9x9 --set island.cells=300 --stats - 2>&1); st=$?
[ $st -eq 2 ] && echo "$out" | grep -q -- "--size given twice"
check "--size twice is refused" $?
"$BIN" export --preset archipelago -g hybrid --set hybrid.width=64 --set hybrid.height=64 \
    --stats "$tmp/c3.json" 2>"$tmp/c3.err"; st=$?
[ $st -eq 0 ] && [ "$(wc -l < "$tmp/c3.err")" -eq 1 ] &&
    grep -q "^orogen: note: preset archipelago (for island) sets island.anchors, .*island.sea_level, which the hybrid generator does not use$" "$tmp/c3.err"
check "--preset archipelago -g hybrid notes the unused island parameters" $?
"$BIN" export --preset archipelago --set island.cells=300 --stats "$tmp/c4.json" 2>"$tmp/c4.err"
[ $? -eq 0 ] && [ ! -s "$tmp/c4.err" ] ; check "--preset archipelago alone: no note" $?
"$BIN" export --dem "$DATA/dem/fuji.png" --map "$tmp/dm.png" --size 48x48 &&
    cp "${OROGEN_TEST_DATA:-tests/data}/dem/terrarium_8_45_99.png" "$tmp/other.png"
out=$("$BIN" export --from "$tmp/dm.png" --dem "$tmp/other.png" --map "$tmp/c5.png" 2>&1); st=$?
[ $st -eq 2 ] && [ ! -e "$tmp/c5.png" ] &&
    echo "$out" | grep -q "^orogen: --dem $tmp/other.png is not the DEM of $tmp/dm.png's recipe (fuji.png, SHA-256 [0-9a-f]*\.\.\.; this file [0-9a-f]*\.\.\.)"
check "--from a dem recipe with another --dem is refused, naming both" $?
"$BIN" export --from "$tmp/dm.png" --dem "$DATA/dem/fuji.png" --map "$tmp/c6.png" &&
    cmp -s "$tmp/dm.png" "$tmp/c6.png"
check "--from a dem recipe with its own --dem reproduces it" $?

# Each error names the flag the user typed and what is wrong (newcomer #14).
err1() { # expected status, expected line, orogen arguments...
    _want=$1 _line=$2
    shift 2
    _out=$("$BIN" export --set island.cells=300 "$@" 2>&1)
    _st=$?
    [ $_st -eq "$_want" ] && [ "$_out" = "orogen: $_line" ] ||
        { echo "# got $_st: $_out"; return 1; }
}
err1 2 "--map-size: map size 16385x16385 outside 1..16384 per side (up to 65537 with --tiles)" \
    --map "$tmp/e.png" --map-size 16385x16385
check "--map-size too large names --map-size" $?
out=$("$BIN" export -g planet --globe "$tmp/e.png" --globe-size 20000 2>&1); st=$?
[ $st -eq 2 ] && [ "$out" = "orogen: --globe-size: globe size 20000x20000 outside 1..16384 per side" ]
check "--globe-size too large names --globe-size" $?
err1 2 "--size '0x0': sizes must be at least 1 px" --map "$tmp/e.png" --size 0x0
check "--size 0x0: at least 1 px" $?
err1 2 "--threads '1.5' is not a whole number (1..64)" --map "$tmp/e.png" --threads 1.5
check "--threads 1.5: not a whole number" $?
err1 2 "--size 10000x100: the iso render is drawn at render.antialias = 2 times that (20000x200), past 16384 px per side; at most 8192 px per side, or --set render.antialias=1" \
    --iso "$tmp/e.png" --size 10000x100
check "--iso --size 10000x100 names render.antialias and the limit" $?
"$BIN" export --set island.cells=300 --set render.antialias=1 --set render.subdiv=1 \
    --iso "$tmp/wide.png" --size 10000x100 && [ -s "$tmp/wide.png" ]
check "... and with render.antialias=1 it is drawn" $?
[ ! -e "$tmp/e.png" ] ; check "no file after these errors" $?
"$BIN" params -g hybrid | grep -q "^hybrid.droplets_per_cell .*<= 1e8)$" ; check "the droplet limit documented as the code's 1e8" $?

# CLI words (issue 29): each message names the real problem
err1 2 "--size '512' is not WIDTHxHEIGHT (for a square: 512x512)" --map "$tmp/e.png" --size 512
check "--size 512: WIDTHxHEIGHT, not 'a side over 100000 px'" $?
err1 2 "--extent 5: 5 m is outside 100 .. 100000000 m (the map's width in metres; stored as hybrid.extent in km)" \
    -g hybrid --map "$tmp/e.png" --size 16x16 --extent 5
check "--extent 5: the range in metres, the option's unit" $?
"$BIN" --help | grep -q "map width in metres" && "$BIN" --help | grep -q "extent 25600 is 25.6"
check "--help: --extent is metres, the parameter km" $?
"$BIN" --help | grep -q "larger grids scaled down to 2048"
check "--help: --map-size's default says large grids are scaled down to 2048" $?
"$BIN" export -g hybrid --set hybrid.width=2304 --set hybrid.height=16 --set hybrid.droplets_per_cell=0 \
    --map "$tmp/wide.png" && [ "$(pngsize "$tmp/wide.png")" = 2048x14 ]
check "... and a 2304-wide grid's map is 2048 wide" $?
# --stats to a device or a pipe, like the other tools of its kind
"$BIN" export --seed 3 --set island.cells=300 --map "$tmp/st.png" --size 16x16 --stats /dev/null
check "--stats /dev/null accepted" $?
mkfifo "$tmp/fifo" && { cat "$tmp/fifo" >"$tmp/fifo.out" & } &&
    "$BIN" export --seed 3 --set island.cells=300 --map "$tmp/st2.png" --size 16x16 --stats "$tmp/fifo" &&
    wait && grep -q '"land_fraction"' "$tmp/fifo.out"
check "--stats to a named pipe is written in place" $?
# more CLI words (issue 29, the registry branch)
err1 2 "--time '09:75': minutes are 00..59" --iso "$tmp/e.png" --time 09:75
check "--time 09:75: minutes are 00..59" $?
err1 2 "--seeds '9-3': FIRST is after LAST (3-9?)" --map "$tmp/e{seed}.png" --seeds 9-3
check "--seeds 9-3: FIRST after LAST, 3-9 offered" $?
out=$("$BIN" export --map "$tmp/e.png" --layer foo 2>&1); st=$?
case $out in "orogen: unknown layer 'foo' (color, elevation, moisture, rivers, lakes, roughness, forest, mask, landmass, plates, climate, "*) true ;; *) false ;; esac &&
    echo "$out" | grep -q "slope" ; check "unknown layer: every layer listed (the table's, plates to slope)" $?
[ $st -eq 2 ] ; check "unknown layer: a usage error, exit 2 (doc/batch.md)" $?
# Usage errors before any work (issue 28): --progress would print the
# generation's stages before a late check's line, so each output is one line.
err1 2 "the island generator has no 'plates' layer (its layers: color, elevation, moisture, rivers, lakes)" \
    --map "$tmp/e.png" --size 16x16 --layer plates --progress
check "a layer the generator never makes: refused before generation, its layers listed" $?
err1 2 "--map-size 64x32 would stretch the map, which is 1:1 (64x64 keeps it)" \
    --map "$tmp/e.png" --map-size 64x32 --progress
check "--map-size stretch: no 'use --map-size' hint, before generation" $?
err1 2 "--size 64x32 would stretch the map, which is 1:1 (64x64 keeps it); use --map-size for the map, --iso-size for the render" \
    --map "$tmp/e.png" --size 64x32 --progress
check "--size stretch: the --map-size hint, before generation" $?
out=$("$BIN" export -g hybrid --set hybrid.width=32 --set hybrid.height=16 --map "$tmp/e.png" \
      --map-size 64x64 --progress 2>&1); st=$?
[ $st -eq 2 ] && [ "$out" = "orogen: --map-size 64x64 would stretch the map, which is 2:1 (64x32 keeps it)" ]
check "hybrid --map-size stretch: refused before generation" $?
out=$("$BIN" export -g planet --set planet.points=2000 --normals "$tmp/e.png" --progress 2>&1); st=$?
[ $st -eq 2 ] && [ "$out" = "orogen: --normals: a planet has no flat map to shade" ]
check "planet --normals: refused before generation" $?
err1 2 "param 'island.cells' = 1.5 must be an integer in [16, 2000000]" --map "$tmp/e.png" \
    --set island.cells=1.5
check "--set island.cells=1.5: one line, must be an integer" $?
out=$("$BIN" gallery --seeds 1-2 --out "$tmp/e.jpg" 2>&1); st=$?
[ $st -eq 2 ] && [ "$out" = "orogen: --out '$tmp/e.jpg': the contact sheet is a PNG; name it .png" ] &&
    [ ! -e "$tmp/e.jpg" ]
check "gallery --out must be .png: a usage error, exit 2" $?
err1 2 "--from $tmp/a.png is a recipe of the island generator; -g hybrid would make another world: drop -g (or --from)" \
    --from "$tmp/a.png" -g hybrid --map "$tmp/e.png"
check "--from an island recipe, then -g hybrid: refused" $?
err1 2 "--from $tmp/a.png is a recipe of the island generator; -g hybrid would make another world: drop -g (or --from)" \
    -g hybrid --from "$tmp/a.png" --map "$tmp/e.png"
check "-g hybrid, then --from an island recipe: refused" $?
"$BIN" export -g island --from "$tmp/a.png" --map "$tmp/g.png" --size 128x128 && cmp -s "$tmp/a.png" "$tmp/g.png"
check "-g naming the recipe's own generator is fine" $?
err1 2 "--raw '$tmp/e.png': the name must end in .r16 or .raw" --raw "$tmp/e.png"
check "--raw must be .r16 or .raw: a usage error, exit 2" $?
# a non-georeferenced world's raster removes the sidecars an earlier DEM export left
"$BIN" export --dem "$DATA/dem/srtmgl3_front_range_144.asc" --map "$tmp/side.png" --size 32x32 &&
    [ -s "$tmp/side.pgw" ] && [ -s "$tmp/side.png.aux.xml" ]
check "a georeferenced DEM's map has a world file and .aux.xml" $?
"$BIN" export --seed 3 --set island.cells=300 --map "$tmp/side.png" --size 32x32 &&
    [ ! -e "$tmp/side.pgw" ] && [ ! -e "$tmp/side.png.aux.xml" ]
check "... an island's map of the same name removes them" $?
[ ! -e "$tmp/e.png" ] ; check "no file after the word errors" $?

[ $fails -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
exit 0
