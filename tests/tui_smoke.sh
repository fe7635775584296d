#!/bin/sh
# tui_smoke.sh: drive the real orogen binary ($OROGEN_BIN) in tmux, the way
# a person meets it over SSH (issues 2 and 7):
#   A  TERM=xterm-256color 100x30: map and status bar, n, E (whole world:
#      name prompt, full path, -2 names, overwrite asked), e (the view at a
#      typed size),
#      ?, resizes while generating, the parameter panel (step, typed value,
#      invalid value refused and explained, resize with the panel and field
#      open), save a preset and load it back, the isometric preview (p) and
#      its PNG (e), q asking while that export runs, q again exits 0;
#   B  --from the exported PNG reproduces the same map bytes;
#   C  TERM=vt100: glyph map with legend, panel step, resize, q exits 0;
#   D  LANG=C: no half blocks, glyphs instead; D2 xterm-direct gets 24-bit
#      colour, COLORTERM=truecolor without RGB a hint;
#   H  a pressed during the first generation takes effect when it is ready;
#   I  q once during an export: orogen stays after it (only q, q quits);
#   J  a planet: its legend, inspect names biomes, e in the globe view writes
#      the globe; edit mode, brush, undo/redo, q offers to save edits;
#   K  shipped presets are found beside the executable (in-tree, relocated);
#   E  20x6: 'terminal too small', q exits 0;
#   F  TERM=dumb and an unknown TERM: one-line error, exit status 1;
#   G  SIGSEGV: the terminal is restored (normal screen, icanon, echo);
#   L  colours: seed 7's deep ocean blue in 256 colours, the globe's night
#      side not grey, TERM=xterm named 8 colours;
#   N  text layout: help uncut or wrapped, whole key hints, preset paths
#      shortened from the left, too-small sizes on one line;
#   O  the seed gallery: thumbnails with figures, paging, Enter opens a seed;
#   P  the start-up terminal probe: q sent at once quits (10 runs), a key
#      typed during the probe is kept, late terminal answers are no keys;
#   X  export names as the CLI's (.png only, no folder names), hybrid .pgw;
#   S  land edits in presets and --from recipes (same PNG bytes, undo), and
#      --from restoring the exported view window.
# Exit 77 (skip) without tmux. Every wait is bounded; a private tmux socket
# is used and its server killed at the end.
set -u

# the private tmux server, start/screen/ansi/wait_for/wait_exit/keys and
# ok/bad/check: tests/tui_lib.sh (shared with the other tmux tests)
. "$(dirname "$0")/tui_lib.sh"

# --- A: xterm-256color ---------------------------------------------------------
start a 100 30 xterm-256color C.UTF-8
wait_for a "ready in" 30; check $? "A: status bar shows the finished island" "$tmp/last-screen.txt"
screen a | grep -qF "seed 1 "; check $? "A: status bar names the seed"
screen a | grep -qF "colour 256"; check $? "A: status bar shows colour mode 256"
screen a | grep -q "▀"; check $? "A: half-block map drawn"
T capture-pane -p -e -t a | grep -q '38;2;\|48;2;'
[ $? -ne 0 ]; check $? "A: no 24-bit colour sent to xterm-256color"

keys a n
wait_for a "ready in" 30 && ! screen a | grep -qF "seed 1 "
check $? "A: n draws a new seed" "$tmp/last-screen.txt"
keys a E
wait_for a "export world as: orogen-island-" 5; check $? "A: E offers the default name in a prompt" "$tmp/last-screen.txt"
keys a Enter
wait_for a "exported $tmp/a.d/orogen-island-" 30; check $? "A: E reports the full path written" "$tmp/last-screen.txt"
ls "$tmp/a.d"/orogen-island-*.png >/dev/null 2>&1; check $? "A: exported PNG exists"
exported=$(ls "$tmp/a.d"/orogen-island-*.png 2>/dev/null | head -1)
# Never overwrite without asking: the default name moves on to -2; a typed
# name that exists needs a second Enter.
keys a E
wait_for a "$(basename "$exported" .png)-2.png" 5; check $? "A: a second E offers NAME-2.png" "$tmp/last-screen.txt"
keys a C-u "$(basename "$exported")" Enter
wait_for a "file exists (Enter again overwrites it" 5; check $? "A: a typed existing name asks first" "$tmp/last-screen.txt"
keys a Escape
# e: the view on screen (zoomed in) at a chosen size.
keys a + e
wait_for a "export view as: orogen-island-" 5 && keys a Enter
wait_for a "size WxH: 1024x" 5; check $? "A: e asks the size, the view's aspect by default" "$tmp/last-screen.txt"
keys a C-u 2 0 0 x 1 0 0 Enter
wait_for a "-view.png (200x100)" 30; check $? "A: e exports the view at the size typed" "$tmp/last-screen.txt"
view=$(ls "$tmp/a.d"/orogen-island-*-view.png 2>/dev/null | head -1)
[ -n "$view" ] && [ "$(od -An -tu1 -j16 -N8 "$view" | tr -s ' ')" = " 0 0 0 200 0 0 0 100" ]
check $? "A: the view PNG is 200x100"
grep -aq "map.view = " "$view" 2>/dev/null; check $? "A: its recipe holds the view (map.view)"
"$BIN" export --from "$view" --map "$tmp/view-again.png" 2>/dev/null && cmp -s "$view" "$tmp/view-again.png"
check $? "A: export --from the view PNG gives the same bytes"
keys a 0
# Legends: the island's biomes, the rivers' flow scale.
keys a L
wait_for a "Legend: color - biomes (Whittaker)" 5 && screen a | grep -q "ocean  *[0-9]*%"
check $? "A: L explains the island's biome colours with shares" "$tmp/last-screen.txt"
keys a a a a
wait_for a "Legend: rivers - flow, log scale" 5 && screen a | grep -qE "0 cells +[0-9.e+]+ cells"
check $? "A: the rivers legend shows the flow scale" "$tmp/last-screen.txt"
keys a A A A L

keys a '?'
wait_for a "orogen keys" 5; check $? "A: ? opens the help" "$tmp/last-screen.txt"
keys a x
! screen a | grep -qF "orogen keys"; check $? "A: any key closes the help"

# Resize while generating (r starts a run).
keys a r
for size in "60 20" "130 40" "30 8" "45 14" "100 30"; do
    set -- $size
    T resize-window -t a -x "$1" -y "$2"
    sleep 0.15
done
wait_for a "ready in" 30; check $? "A: resizes during generation relay out" "$tmp/last-screen.txt"

# Parameter panel: step, typed value, invalid value.
keys a t
wait_for a "Parameters: island" 5; check $? "A: t opens the parameter panel" "$tmp/last-screen.txt"
keys a Down Right
wait_for a "island.cells = 17000" 5; check $? "A: Right steps island.cells" "$tmp/last-screen.txt"
keys a Enter
keys a C-u 2 0 0 0 0 Enter
wait_for a "island.cells = 20000" 5; check $? "A: typed value applied" "$tmp/last-screen.txt"
keys a Enter
keys a C-u 5 Enter
wait_for a "outside [16, " 5; check $? "A: out-of-range value explained" "$tmp/last-screen.txt"
keys a Enter C-u a b c Enter
wait_for a "'abc' is not a number" 5; check $? "A: invalid value explained" "$tmp/last-screen.txt"
# Resize with the field open, then cancel: the value is unchanged.
keys a Enter
T resize-window -t a -x 70 -y 24; sleep 0.4
T resize-window -t a -x 100 -y 30; sleep 0.4
keys a Escape
screen a | grep -qE "cells +\*?20000"; check $? "A: refused values not applied; panel survives resizes"
# Save a preset, change a value, load the preset back.
keys a w
keys a C-u s m o k e Enter
wait_for a "saved preset" 5; check $? "A: w saves a preset" "$tmp/last-screen.txt"
grep -q "island.cells = 20000" "$tmp/cfg/orogen/presets/smoke.ini" 2>/dev/null
check $? "A: preset file holds the values"
keys a Right
wait_for a "island.cells = 21000" 5; check $? "A: value changed after saving" "$tmp/last-screen.txt"
keys a o
wait_for a "Presets" 5 && keys a s Enter
wait_for a "loaded preset smoke" 5; check $? "A: o loads the preset back" "$tmp/last-screen.txt"
keys a t
wait_for a "Parameters: island" 5 && screen a | grep -qE "cells +\*?20000"
check $? "A: loaded preset restored island.cells" "$tmp/last-screen.txt"
# Isometric preview: p, a rotation, back to the map.
keys a Escape p
wait_for a "isometric preview" 10; check $? "A: p opens the isometric preview" "$tmp/last-screen.txt"
keys a ']'
wait_for a "render.rotate = 1" 10; check $? "A: ] rotates the preview" "$tmp/last-screen.txt"
screen a | grep -q "▀"; check $? "A: preview drawn in half blocks"
keys a p
wait_for a "map view" 5; check $? "A: p returns to the map" "$tmp/last-screen.txt"
# q while an export runs asks first; q again waits for the file. (e and q go
# in one send-keys, so the render, about a second, is surely still running.)
keys a p
wait_for a "isometric preview" 10
keys a e Enter Enter q
wait_for a "export is still running" 10; check $? "A: q asks while an export runs" "$tmp/last-screen.txt"
keys a q
st=$(wait_exit a 60); [ "$st" = 0 ]; check $? "A: q again exits with status 0 (got $st)" "$tmp/a.err"
ls "$tmp/a.d"/orogen-island-*-iso.png >/dev/null 2>&1; check $? "A: the isometric PNG was finished"
grep -q "island.cells = 20000" "$tmp/cfg/orogen/presets/last.ini" 2>/dev/null
check $? "A: the session is kept as the preset 'last'"

# --- B: --from reproduces the exported map -----------------------------------
if [ -n "$exported" ]; then
    start b 100 30 xterm-256color C.UTF-8 --from "$exported"
    wait_for b "ready in" 30 && keys b E Enter && wait_for b "exported" 30
    check $? "B: --from run exports" "$tmp/last-screen.txt"
    keys b q
    wait_exit b 20 >/dev/null
    cmp -s "$exported" "$tmp/b.d/$(basename "$exported")"
    check $? "B: --from PNG gives the same map bytes"
else
    bad "B: no exported PNG to reproduce"
fi

# --- C: vt100, glyph map -------------------------------------------------------
start c 100 30 vt100 C.UTF-8
wait_for c "ready in" 30; check $? "C: vt100 shows the island" "$tmp/last-screen.txt"
screen c | grep -qF "colour none glyphs"; check $? "C: glyph mode named in the status bar"
! screen c | grep -q "▀"; check $? "C: no half blocks on vt100"
screen c | grep -qF "~"; check $? "C: water glyphs drawn"
screen c | grep -qF "Legend:"; check $? "C: legend shown with the glyph map"
screen c | grep -qF -- "-- deep water" && screen c | grep -qF "~~ water"
check $? "C: the legend gives deep water its own glyph"
# The same walk as A: n, e, ?, resizes while generating.
keys c n
wait_for c "ready in" 30 && ! screen c | grep -qF "seed 1 "
check $? "C: n draws a new seed on vt100" "$tmp/last-screen.txt"
keys c E Enter
wait_for c "exported $tmp/c.d/orogen-island-" 30; check $? "C: E exports on vt100" "$tmp/last-screen.txt"
ls "$tmp/c.d"/orogen-island-*.png >/dev/null 2>&1; check $? "C: exported PNG exists"
keys c '?'
wait_for c "orogen keys" 5 && keys c x && ! screen c | grep -qF "orogen keys"
check $? "C: ? opens and closes the help" "$tmp/last-screen.txt"
keys c r
for size in "60 20" "30 8" "120 40" "100 30"; do
    set -- $size
    T resize-window -t c -x "$1" -y "$2"
    sleep 0.15
done
wait_for c "ready in" 30; check $? "C: resizes during generation relay out" "$tmp/last-screen.txt"
keys c t
wait_for c "Parameters: island" 5 && keys c Down Down Right
wait_for c "island.lloyd_iterations = 3" 5; check $? "C: panel steps a value on vt100" "$tmp/last-screen.txt"
T resize-window -t c -x 60 -y 20; sleep 0.4
T resize-window -t c -x 100 -y 30; sleep 0.4
wait_for c "Parameters: island" 5; check $? "C: panel survives resizes" "$tmp/last-screen.txt"
keys c q
st=$(wait_exit c 20); [ "$st" = 0 ]; check $? "C: q exits with status 0 (got $st)" "$tmp/c.err"

# --- D: LANG=C, no UTF-8 --------------------------------------------------------
start d 100 30 xterm-256color C
wait_for d "ready in" 30; check $? "D: LANG=C shows the island" "$tmp/last-screen.txt"
! screen d | grep -q "▀"; check $? "D: no half blocks without UTF-8"
screen d | grep -qF "glyphs"; check $? "D: glyph map named in the status bar"
keys d q
st=$(wait_exit d 20); [ "$st" = 0 ]; check $? "D: q exits with status 0 (got $st)" "$tmp/d.err"

# D3: LANG=C at 80x24: the legend opens on its own (glyphs need their key)
# and fits: its parts flow down one column after another, never over each
# other (stop 13: the glyph list was drawn over the biome names, "## temperate
# deciduous fnn hills 9", and cut off at the bottom). Every line's entries
# (a two-character swatch, a name) each end in their share.
start d3 80 24 xterm-256color C
wait_for d3 "ready in" 30; check $? "D3: LANG=C at 80x24 shows the island" "$tmp/last-screen.txt"
screen d3 >"$tmp/d3.txt"
grep -qF "Legend: color" "$tmp/d3.txt"; check $? "D3: the legend opens on its own in glyph mode" "$tmp/d3.txt"
awk '/## / { n = gsub(/(##|,,|\.\.|nn|\^\^|\*\*|~~|--|==) [a-z]/, "&"); p = gsub(/%/, "&");
     if (n != p) { print "line " NR ": " n " entries, " p " shares"; bad = 1 } }
     END { exit bad }' "$tmp/d3.txt" >"$tmp/d3.bad"
check $? "D3: no legend text drawn over another entry" "$tmp/d3.txt"
for g in "deep water" "water " "lowland" "hills" "mountain" "temp. decid." "rivers (lines)"; do
    grep -qF -- "$g" "$tmp/d3.txt" || { echo "missing: $g" >>"$tmp/d3.bad"; }
done
[ ! -s "$tmp/d3.bad" ]; check $? "D3: biome and glyph lists complete at 80x24" "$tmp/d3.bad"
# Status messages fit 80 columns whole or shortened in the middle, never
# cut at the end (stop 13, finding 16: the locale note ended in "(").
grep -qF "(LANG=C.UTF-8 for half blocks)" "$tmp/d3.txt"; check $? "D3: the locale note fits 80 columns" "$tmp/d3.txt"
keys d3 q
wait_exit d3 20 >/dev/null

# --- D2: direct colour, and the COLORTERM hint ----------------------------------
if infocmp xterm-direct >/dev/null 2>&1; then
    start h 100 30 xterm-direct C.UTF-8
    wait_for h "ready in" 30; check $? "D2: xterm-direct shows the island" "$tmp/last-screen.txt"
    screen h | grep -qF "colour direct"; check $? "D2: status bar shows colour mode direct"
    T capture-pane -p -e -t h | grep -q '38;2;'; check $? "D2: 24-bit colour sent to xterm-direct"
    keys h c
    wait_for h "colour mode 256" 5; check $? "D2: c cycles to 256 colours" "$tmp/last-screen.txt"
    keys h q
    wait_exit h 20 >/dev/null
else
    echo "# no xterm-direct terminfo (apt-get install ncurses-term): direct colour not tested"
fi
T new-session -d -s i -x 120 -y 30 "env TERM=xterm-256color COLORTERM=truecolor LANG=C.UTF-8 \
XDG_CONFIG_HOME='$tmp/cfg' '$BIN' 2>'$tmp/i.err'; echo \$? >'$tmp/i.exit'; sleep 120"
wait_for i "has no RGB" 30; check $? "D2: COLORTERM=truecolor without RGB gets a hint" "$tmp/last-screen.txt"
keys i q
wait_exit i 20 >/dev/null

# --- H: keys pressed during the first generation --------------------------------
start k 100 30 xterm-256color C.UTF-8 --set island.cells=1000000
wait_for k "generating" 60 && keys k a
wait_for k "when the world is ready" 30; check $? "H: a before the first world is remembered" "$tmp/last-screen.txt"
# (bounds, not pauses: a million cells under a loaded parallel make check can
# take minutes; each wait ends as soon as its text shows)
wait_for k "layer elevation" 240; check $? "H: ... and applied when the world arrives" "$tmp/last-screen.txt"
# The preset list: its footer says how to close it; q closes it, not orogen.
keys k o
wait_for k "Esc or q close" 30; check $? "H: the preset list's footer says Esc or q closes it" "$tmp/last-screen.txt"
keys k q
# (a bounded wait: under a parallel make check the million-cell redraw can
# take longer than a fixed pause)
_i=0
while [ $_i -lt 150 ] && screen k | grep -qF "Presets ("; do sleep 0.2; _i=$((_i + 1)); done
screen k >"$tmp/k.txt"
! grep -qF "Presets (" "$tmp/k.txt" && grep -qF "ready in" "$tmp/k.txt" && [ ! -s "$tmp/k.exit" ]
check $? "H: q closes the preset list and orogen stays" "$tmp/k.txt"
keys k q
wait_exit k 20 >/dev/null

# --- I: q once during an export, no second q: the export ends, orogen stays ----
start l 100 30 xterm-256color C.UTF-8 -g hybrid --set hybrid.width=2048 \
    --set hybrid.height=2048 --set hybrid.droplets_per_cell=0.001
wait_for l "ready in" 60 && keys l E Enter q
wait_for l "export is still running" 10; check $? "I: q asks while the export runs" "$tmp/last-screen.txt"
wait_for l "the export is done, q quits" 60; check $? "I: the export finishing does not quit" "$tmp/last-screen.txt"
sleep 0.5
[ ! -s "$tmp/l.exit" ]; check $? "I: orogen still running after the export"
keys l q
st=$(wait_exit l 20); [ "$st" = 0 ]; check $? "I: then q exits with status 0 (got $st)" "$tmp/l.err"

# --- J: a planet: inspect names its biomes; e in the globe view exports the globe
start j 100 30 xterm-256color C.UTF-8 -g planet
wait_for j "ready in" 60 && keys j L
wait_for j "Legend: color - planet biomes (WFC)" 5 && screen j | grep -qE "(ocean|shallows) +[0-9]+%" &&
    ! screen j | grep -qE "mountain +[0-9]+%"
check $? "J: the planet's legend lists its biomes, not island classes" "$tmp/last-screen.txt"
keys j L i
wait_for j "biome " 5 && screen j | grep -qE "biome +[a-z]"
check $? "J: inspect on a planet names the biome" "$tmp/last-screen.txt"
keys j Escape g
keys j Right e Enter Enter
wait_for j "orogen-planet-1-globe.png (1024x1024)" 30
check $? "J: e in the globe view exports the globe" "$tmp/last-screen.txt"
ls "$tmp/j.d"/orogen-planet-1-globe.png >/dev/null 2>&1; check $? "J: the globe PNG exists"
if [ -f "$tmp/j.d/orogen-planet-1-globe.png" ]; then
    grep -aq "planet.globe_yaw = 10" "$tmp/j.d/orogen-planet-1-globe.png"
    check $? "J: its recipe holds the view's yaw"
fi
# Editing: one meaning per key; an explicit edit mode shown in the status
# bar; undo and redo; "already" when nothing changes; q offers to save.
keys j +
wait_for j "the globe has no zoom" 5; check $? "J: + on the globe neither zooms nor edits" "$tmp/last-screen.txt"
keys j x
wait_for j "b starts edit mode" 5; check $? "J: x outside edit mode says how to edit" "$tmp/last-screen.txt"
# planet 7 (seed 1): the globe's centre is sea at yaw 10, land at -40
keys j Left Left Left Left Left b
wait_for j "EDIT brush 1 | planet" 5; check $? "J: b shows edit mode in the status bar" "$tmp/last-screen.txt"
keys j 3 x
wait_for j "land removed: " 20; check $? "J: x removes land under a radius-3 brush" "$tmp/last-screen.txt"
keys j x
wait_for j "already sea under the brush: nothing changed" 20; check $? "J: x again: already sea" "$tmp/last-screen.txt"
keys j u
wait_for j "undone: 0 edits to undo, 1 to redo" 5; check $? "J: u undoes the edit" "$tmp/last-screen.txt"
keys j C-r
wait_for j "redone: 1 edit to undo, 0 to redo" 5; check $? "J: Ctrl-R redoes it" "$tmp/last-screen.txt"
keys j q
wait_for j "1 land edit not in a named preset" 5 && [ ! -s "$tmp/j.exit" ]
check $? "J: q with unsaved edits offers to save them first" "$tmp/last-screen.txt"
keys j q
wait_exit j 20 >/dev/null

# --- R: preset state: a refused name closes the prompt; Tab drops the name --
start r 100 30 xterm-256color C.UTF-8 --preset smoke --set island.cells=2000
wait_for r "ready in" 30 && screen r | grep -qF "preset smoke"
check $? "R: the status bar names the preset" "$tmp/last-screen.txt"
keys r w C-u . . / e v i l Enter
wait_for r "bad preset name '../evil'" 5 && ! screen r | grep -qF "save preset as:"
check $? "R: a refused preset name closes the prompt" "$tmp/last-screen.txt"
keys r w
wait_for r "save preset as:" 5 && ! screen r | grep -F "save preset as:" | grep -qF "evil"
check $? "R: the next w starts afresh" "$tmp/last-screen.txt"
keys r Escape Tab
wait_for r "generator hybrid" 10 && ! screen r | grep -qF "preset smoke"
check $? "R: Tab to another generator drops 'preset smoke'" "$tmp/last-screen.txt"
keys r q
wait_exit r 20 >/dev/null

# --- K: shipped presets found beside the executable, run from elsewhere ---------
# An in-tree build's layout (src/cli/orogen, data/presets) and a relocated
# install (bin/orogen, share/orogen/presets), without OROGEN_DATA.
presets_src=${OROGEN_DATA:-$(dirname "$0")/../data}/presets
if [ -f "$presets_src/archipelago.ini" ]; then
    mkdir -p "$tmp/tree/src/cli" "$tmp/tree/data" "$tmp/inst/bin" "$tmp/inst/share/orogen"
    cp "$BIN" "$tmp/tree/src/cli/orogen" && cp "$BIN" "$tmp/inst/bin/orogen" &&
        cp -R "$presets_src" "$tmp/tree/data/" && cp -R "$presets_src" "$tmp/inst/share/orogen/"
    for exe in "$tmp/tree/src/cli/orogen" "$tmp/inst/bin/orogen"; do
        (cd / && env -u OROGEN_DATA XDG_CONFIG_HOME="$tmp/cfg" "$exe" export --preset archipelago \
            --stats - 2>"$tmp/k.err") | grep -q '"generator": "island"'
        check $? "K: --preset archipelago found beside ${exe#$tmp/}" "$tmp/k.err"
    done
else
    echo "# no shipped presets at $presets_src: K skipped"
fi

# --- X: export names follow the CLI's rules; hybrid maps get a world file ---
# (stop 13, finding 11: x.jpg was a PNG named x.jpg, a folder's name wrote
# NAME.png beside it, and the TUI's hybrid map had no .pgw.)
start x 100 30 xterm-256color C.UTF-8 -g hybrid --seed 5
mkdir -p "$tmp/x.d/sub"
wait_for x "ready in" 120; check $? "X: the hybrid world is ready" "$tmp/last-screen.txt"
keys x E
wait_for x "export world as:" 5 && keys x C-u x.jpg Enter
wait_for x "this export is a PNG; name it .png" 5; check $? "X: x.jpg is refused (name it .png)" "$tmp/last-screen.txt"
[ ! -e "$tmp/x.d/x.jpg" ]; check $? "X: ... and nothing written"
keys x C-u sub Enter
wait_for x "sub is a folder" 5; check $? "X: a folder's name is refused" "$tmp/last-screen.txt"
[ ! -e "$tmp/x.d/sub.png" ]; check $? "X: ... and no sub.png written"
keys x C-u hy.png Enter
wait_for x "exported $tmp/x.d/hy.png" 60; check $? "X: the hybrid map is exported" "$tmp/last-screen.txt"
"$BIN" export -g hybrid --seed 5 --map "$tmp/x-cli.png" 2>/dev/null
[ -s "$tmp/x.d/hy.pgw" ] && cmp -s "$tmp/x.d/hy.pgw" "$tmp/x-cli.pgw" && cmp -s "$tmp/x.d/hy.png" "$tmp/x-cli.png"
check $? "X: its world file (.pgw) and PNG are the CLI's"
keys x q
wait_exit x 20 >/dev/null

# --- GEO: --georef places the interface's map exports as the CLI's ---------------
start geo 100 30 xterm-256color C.UTF-8 -g hybrid --seed 5 --georef EPSG:32610,491000,5456000
wait_for geo "ready in" 120; check $? "GEO: the hybrid world with --georef is ready" "$tmp/last-screen.txt"
keys geo E
wait_for geo "export world as:" 5 && keys geo C-u geo.png Enter
wait_for geo "exported $tmp/geo.d/geo.png" 60; check $? "GEO: the map is exported" "$tmp/last-screen.txt"
"$BIN" export -g hybrid --seed 5 --georef EPSG:32610,491000,5456000 --map "$tmp/g-cli.png" 2>/dev/null
[ "$(sed -n 5p "$tmp/geo.d/geo.pgw" | cut -c1-4)" = 4910 ] && cmp -s "$tmp/geo.d/geo.pgw" "$tmp/g-cli.pgw" &&
    cmp -s "$tmp/geo.d/geo.png.aux.xml" "$tmp/g-cli.png.aux.xml" && grep -q 32610 "$tmp/g-cli.png.aux.xml"
check $? "GEO: its world file and CRS (.aux.xml) are the CLI's, at 491000 E in EPSG:32610"
keys geo q
wait_exit geo 20 >/dev/null

# --- E: too small ---------------------------------------------------------------
start e 20 6 xterm-256color C.UTF-8
wait_for e "too small" 10; check $? "E: 20x6 says the terminal is too small" "$tmp/last-screen.txt"
screen e | grep -qF "20x6 < 40x12"; check $? "E: ... with both sizes, uncut"
keys e q
st=$(wait_exit e 20); [ "$st" = 0 ]; check $? "E: q exits with status 0 (got $st)" "$tmp/e.err"

# --- G: a crash restores the terminal ---------------------------------------------
T new-session -d -s crash -x 100 -y 30 "sh -c 'echo \$\$ >$tmp/crash.pid; exec env TERM=xterm-256color \
LANG=C.UTF-8 XDG_CONFIG_HOME=$tmp/cfg $BIN 2>$tmp/crash.err'; echo CRASH-EXIT=\$?; stty -a >$tmp/crash.stty; sleep 120"
if wait_for crash "ready in" 30 && [ -s "$tmp/crash.pid" ]; then
    kill -SEGV "$(cat "$tmp/crash.pid")"
    wait_for crash "CRASH-EXIT=" 20 && sleep 0.5 && grep -q " icanon" "$tmp/crash.stty" &&
        grep -q " echo " "$tmp/crash.stty" && ! screen crash | grep -q "ready in"
    check $? "G: after SIGSEGV the shell gets its screen and line mode back" "$tmp/last-screen.txt"
else
    bad "G: no island to crash" "$tmp/last-screen.txt"
fi

# --- F: unusable terminals ------------------------------------------------------
start f 80 24 dumb C.UTF-8
st=$(wait_exit f 10); [ "$st" = 1 ] && grep -q "TERM=dumb" "$tmp/f.err"
check $? "F: TERM=dumb refused with exit 1 (got $st)" "$tmp/f.err"
start g 80 24 no-such-term C.UTF-8
st=$(wait_exit g 10); [ "$st" = 1 ] && grep -q "unknown terminal type" "$tmp/g.err"
check $? "F: unknown TERM refused with exit 1 (got $st)" "$tmp/g.err"

# --- L: colours of a known seed: ocean blue in 256 colours, the globe's night
# side dark blue, 8 colours named 8 --------------------------------------------
SGR="$(dirname "$0")/sgr_cells.awk"
# blue_entry N: a 256-colour cube entry whose blue level is above red and at
# least green (navy 17 .. teal-blue 24, 32 ...)
cells() { T capture-pane -p -e -t "$1" | LC_ALL=C awk -f "$SGR"; }
blue_cube='function blue(n, r, g, b) { if (n !~ /^[0-9]+$/ || n < 16 || n > 231) return 0;
    n -= 16; r = int(n / 36); g = int(n / 6) % 6; b = n % 6; return b > r && b >= g }
function grey(n) { return n ~ /^[0-9]+$/ && n >= 232 }'
start m 100 30 xterm-256color C.UTF-8 --seed 7
if wait_for m "ready in" 30; then
    # the first two map cells of each row are deep ocean at seed 7 (the grey
    # band of issue 14): both pixels blue entries
    cells m >"$tmp/m.cells"
    LC_ALL=C awk "$blue_cube"'
        $1 != row { row = $1; k = 0 } { k++ }
        k <= 2 { n++; if (blue($3) && blue($4)) ok++ }
        END { printf "%d of %d\n", ok, n; exit !(n >= 40 && ok == n) }' "$tmp/m.cells" >"$tmp/m.res"
    check $? "L: seed 7's deep ocean is blue in 256 colours ($(cat "$tmp/m.res"))" "$tmp/m.res"
else
    bad "L: no island for seed 7" "$tmp/last-screen.txt"
fi
keys m q
wait_exit m 20 >/dev/null
start o 100 30 xterm-256color C.UTF-8 -g planet --seed 1
if wait_for o "ready in" 40; then
    keys o g
    sleep 1
    # the last cell of each row of the disc: the night side, dark blue (sea)
    # or a land colour, never the grey ramp
    cells o >"$tmp/o.cells"
    LC_ALL=C awk "$blue_cube"'
        { last[$1] = $3 " " $4; if ($1 > maxr) maxr = $1 }
        END { for (r = 4; r < maxr - 4; r++) if (r in last) { split(last[r], c, " "); n++;
                  if (grey(c[1]) || grey(c[2])) g++; if (blue(c[1])) b++ }
              printf "%d rows, %d blue, %d grey\n", n, b, g; exit !(n >= 15 && g == 0 && 2 * b >= n) }' \
        "$tmp/o.cells" >"$tmp/o.res"
    check $? "L: the globe's night side is dark blue, not grey ($(cat "$tmp/o.res"))" "$tmp/o.res"
else
    bad "L: no planet" "$tmp/last-screen.txt"
fi
keys o q
wait_exit o 20 >/dev/null
start p 100 30 xterm C.UTF-8 --seed 7
wait_for p "ready in" 30 && screen p | grep -qF "colour 8 "
check $? "L: TERM=xterm (colors#8) names the mode 8" "$tmp/last-screen.txt"
keys p q
wait_exit p 20 >/dev/null

# --- N: text layout: help uncut at 120 columns, whole hints at 80x24, preset
# paths shortened from the left ----------------------------------------------------
start n 120 30 xterm-256color C.UTF-8 --seed 7
if wait_for n "ready in" 30; then
    keys n '?'
    wait_for n "orogen keys" 5
    screen n | grep -qF "colour mode: direct, 256, 16/8, none" &&
        screen n | grep -qF "edit mode: add / remove land" &&
        screen n | grep -qF "quit (q asks while an export runs)"
    check $? "N: the help at 120 columns shows every entry whole" "$tmp/last-screen.txt"
    keys n x
    T resize-window -t n -x 50 -y 40
    sleep 0.3
    keys n '?'
    wait_for n "orogen keys" 5
    screen n | grep -qF "colour mode: direct, 256," && screen n | grep -qF "16/8, none"
    check $? "N: at 50 columns the help wraps entries under their description" "$tmp/last-screen.txt"
    keys n x
    T resize-window -t n -x 80 -y 24
    sleep 0.3
    keys n t
    wait_for n "Esc close" 5
    ! screen n | tail -1 | grep -q "Esc cl *$\|Esc c *$"
    check $? "N: at 80x24 the parameter hints end with a whole item" "$tmp/last-screen.txt"
    keys n Escape
    T resize-window -t n -x 130 -y 30
    sleep 0.3
    keys n o
    sleep 0.5
    screen n >"$tmp/n.txt"
    grep -q "archipelago\.ini" "$tmp/n.txt"
    check $? "N: the preset panel keeps the end of a long path" "$tmp/n.txt"
    keys n Escape
fi
keys n q
wait_exit n 20 >/dev/null
start e2 12 6 xterm-256color C.UTF-8
wait_for e2 "12x6" 10 && screen e2 | grep -q "12x6 *<* *40x12"
check $? "N: at 12x6 the too-small sizes stay on one line" "$tmp/last-screen.txt"
keys e2 q
wait_exit e2 20 >/dev/null

# --- O: the seed gallery: v shows the next seeds with their figures, PgDn
# pages, Enter opens the chosen seed ------------------------------------------------
start gal 100 30 xterm-256color C.UTF-8 --seed 7
if wait_for gal "ready in" 30; then
    keys gal v
    # all twelve tiles (4 x 3 in a 100x27 map window) made
    _i=0
    while [ $_i -lt 100 ] && [ "$(screen gal | grep -o mtn | wc -l)" -lt 12 ]; do
        sleep 0.2; _i=$((_i + 1))
    done
    screen gal >"$tmp/last-screen.txt"
    [ "$(screen gal | grep -o mtn | wc -l)" -eq 12 ] && screen gal | grep -qE "^ +8 +land [0-9]+%" &&
        [ "$(screen gal | grep -c '▀')" -ge 12 ]
    check $? "O: v shows thumbnails of seeds 8.. with land, rivers, masses, mountains" "$tmp/last-screen.txt"
    keys gal NPage
    wait_for gal "seeds 20..31" 5 && wait_for gal " 20  land" 20
    check $? "O: PgDn shows the next page (seeds 20..31)" "$tmp/last-screen.txt"
    keys gal Right Down Enter
    wait_for gal "seed 25 " 30 && ! screen gal | grep -q "mtn"
    check $? "O: Enter opens the chosen seed (25) and leaves the gallery" "$tmp/last-screen.txt"
    keys gal v
    sleep 0.3
    keys gal Escape
    sleep 0.3
    ! screen gal | grep -q "mtn"
    check $? "O: Esc leaves the gallery while it is still making thumbnails"
fi
keys gal q
st=$(wait_exit gal 20); [ "$st" = 0 ]; check $? "O: q exits with status 0 (got $st)" "$tmp/gal.err"

# --- P: the start-up probe (term_query.c) loses no key, late answers are no keys
# With allow-passthrough on, orogen asks the terminal through tmux; no
# terminal is behind this detached server, so the probe waits its whole
# timeout (500 ms) and a q sent right after start-up arrives during it (it
# used to be flushed: orogen then ran on, the matrix's "lost q").
T set -g allow-passthrough on
lost=""
for r in 1 2 3 4 5 6 7 8 9 10; do
    start p$r 80 24 xterm-256color C.UTF-8 --set island.cells=3000
    T send-keys -t p$r q
    st=$(wait_exit p$r 10)
    [ "$st" = 0 ] || lost="$lost $r(exit $st)"
    T kill-session -t p$r 2>/dev/null
done
[ -z "$lost" ]; check $? "P: q sent right after start-up quits with status 0, 10 of 10 (failed:${lost:- none})"
start pa 80 24 xterm-256color C.UTF-8 --set island.cells=3000
T send-keys -t pa a
wait_for pa "layer elevation" 20; check $? "P: a typed during the probe is kept and acted on" "$tmp/last-screen.txt"
keys pa q
wait_exit pa 20 >/dev/null
T set -g allow-passthrough off
# Answers to the probe's queries arriving after its timeout (a slow link):
# XTVERSION, the kitty reply, XTSMGRAPHICS, CSI 16 t, DA1. Acted on as keys
# they would close the legend (Esc), open the help (?) and change the
# colour mode (c). The a after them shows when they have all been read.
hexbytes() { printf '%s' "$1" | od -An -tx1 | tr -s ' \n' ' '; }
late=$(hexbytes "$(printf '\033P>|XTerm(388)\033\\\033_Gi=31;OK\033\\\033[?2;0;1000;1000S\033[6;20;10t\033[?63;1;2;4c')")
start pl 100 30 xterm-256color C.UTF-8 --set island.cells=3000
if wait_for pl "ready in" 30 && keys pl L && wait_for pl "Legend:" 5; then
    # shellcheck disable=SC2086
    T send-keys -t pl -H $late
    keys pl a
    wait_for pl "layer elevation" 10 && screen pl | grep -qF "Legend:" &&
        screen pl | grep -qF "colour 256" && ! screen pl | grep -qF "orogen keys" &&
        ! screen pl | grep -qF "does nothing here"
    check $? "P: late terminal answers are dropped, not read as keys (legend open, colour 256, no help)" \
        "$tmp/last-screen.txt"
else
    bad "P: no island with its legend" "$tmp/last-screen.txt"
fi
keys pl q
st=$(wait_exit pl 20); [ "$st" = 0 ]; check $? "P: q after the late answers exits with status 0 (got $st)" "$tmp/pl.err"
# --- S (seed engineer): land edits live in the edit list: w saves them in a
# preset, --preset and --from replay them (same PNG bytes), u undoes the
# replayed list; --from restores the exported view window (map.view).
# ks NAME KEY...: one key at a time, each given time to act
ks() { _s=$1; shift; for _k in "$@"; do keys "$_s" "$_k"; done; }
start s 100 30 xterm-256color C.UTF-8 -g planet --set planet.points=2000
if wait_for s "ready in" 60; then
    ks s g Left Left Left Left b 3 x
    wait_for s "land removed: " 20; check $? "S: x removes land" "$tmp/last-screen.txt"
    ks s w C-u s - e d i t e d Enter
    wait_for s "land edit" 5 && screen s | grep -q "saved preset .*s-edited.ini with [0-9]* land edit"
    check $? "S: w saves the preset with its land edits" "$tmp/last-screen.txt"
    grep -qE "^planet.edits = -[0-9]+" "$tmp/cfg/orogen/presets/s-edited.ini" 2>/dev/null
    check $? "S: the preset file holds planet.edits"
    ks s E Enter
    wait_for s "exported" 30; check $? "S: E exports the edited planet" "$tmp/last-screen.txt"
    keys s q
    st=$(wait_exit s 20); [ "$st" = 0 ]; check $? "S: q quits at once (the edits are saved)"
    grep -qE "^planet.edits = -[0-9]+" "$tmp/cfg/orogen/presets/last.ini" 2>/dev/null
    check $? "S: the autosaved preset 'last' keeps the edits too"
fi
png_s=$(ls "$tmp/s.d"/orogen-planet-*.png 2>/dev/null | head -1)
grep -aq "planet.edits = -" "$png_s" 2>/dev/null; check $? "S: the PNG's recipe holds the edits"
# the preset, loaded in a new session, gives the same planet
start s2 100 30 xterm-256color C.UTF-8 --preset s-edited
wait_for s2 "replayed " 60 && wait_for s2 "land edit" 5
check $? "S: --preset replays the preset's land edits" "$tmp/last-screen.txt"
ks s2 E Enter
wait_for s2 "exported" 30
[ -n "$png_s" ] && cmp -s "$png_s" "$tmp/s2.d/$(basename "$png_s")"
check $? "S: the preset's planet is byte-identical to the edited one"
keys s2 q
wait_exit s2 20 >/dev/null
# --from the PNG replays its edits too, and u undoes them
start s3 100 30 xterm-256color C.UTF-8 --from "$png_s"
wait_for s3 "replayed " 60; check $? "S: --from replays the recipe's land edits" "$tmp/last-screen.txt"
ks s3 E Enter
wait_for s3 "exported" 30
[ -n "$png_s" ] && cmp -s "$png_s" "$tmp/s3.d/$(basename "$png_s")"
check $? "S: --from gives the same PNG bytes as the edited planet"
ks s3 g u
wait_for s3 "undone: 0 edits to undo, 1 to redo" 20; check $? "S: u undoes the replayed edits" "$tmp/last-screen.txt"
keys s3 C-r
wait_for s3 "redone: 1 edit to undo, 0 to redo" 20; check $? "S: Ctrl-R redoes them" "$tmp/last-screen.txt"
keys s3 q
wait_exit s3 20 >/dev/null
# undo beyond the worlds kept replays the edit list: with one kept, three
# strokes undone and redone give the same PNG bytes again
mkdir -p "$tmp/s6.d"
T new-session -d -s s6 -x 100 -y 30 "cd '$tmp/s6.d' && env OROGEN_UNDO_KEEP=1 TERM=xterm-256color \
LANG=C.UTF-8 LC_ALL= COLORTERM= XDG_CONFIG_HOME='$tmp/cfg' '$BIN' -g planet --set planet.points=2000 \
2>'$tmp/s6.err'; echo \$? >'$tmp/s6.exit'; sleep 120"
if wait_for s6 "ready in" 60; then
    ks s6 g Left Left Left Left b 3 x
    wait_for s6 "land removed: " 20 && ks s6 k k k k x && sleep 1 && ks s6 k k k k x &&
        wait_for s6 "u undoes" 20 && ks s6 E Enter && wait_for s6 "exported" 30
    ks s6 u
    wait_for s6 "undone: 2 edits to undo, 1 to redo" 20 && ks s6 u &&
        wait_for s6 "undone: 1 edit to undo, 2 to redo" 20 && ks s6 u &&
        wait_for s6 "undone: 0 edits to undo, 3 to redo" 20
    check $? "S: u replays the list when the world is not kept" "$tmp/last-screen.txt"
    ks s6 C-r
    wait_for s6 "redone: 1 edit to undo, 2 to redo" 20 && ks s6 C-r &&
        wait_for s6 "redone: 2 edits to undo, 1 to redo" 20 && ks s6 C-r &&
        wait_for s6 "redone: 3 edits to undo, 0 to redo" 20 && ks s6 E Enter &&
        wait_for s6 "orogen-planet-1-2.png (" 30
    cmp -s "$tmp/s6.d/orogen-planet-1.png" "$tmp/s6.d/orogen-planet-1-2.png"
    check $? "S: undone and redone by replay, the planet is byte-identical" "$tmp/last-screen.txt"
fi
keys s6 q
keys s6 q
wait_exit s6 20 >/dev/null
# map.view: a view export opened with --from shows that window again
view_of() { grep -ao "map.view = [-+0-9.e ]*" "$1" 2>/dev/null | head -1 | sed 's/map.view = //'; }
start s4 100 30 xterm-256color C.UTF-8 --seed 3
if wait_for s4 "ready in" 30; then
    ks s4 + + + l l j e Enter Enter
    wait_for s4 "exported" 30
fi
keys s4 q
wait_exit s4 20 >/dev/null
png_v=$(ls "$tmp/s4.d"/*view*.png 2>/dev/null | head -1)
start s5 100 30 xterm-256color C.UTF-8 --from "$png_v"
wait_for s5 "ready in" 30 && ks s5 e Enter Enter && wait_for s5 "exported" 30
keys s5 q
wait_exit s5 20 >/dev/null
png_v2=$(ls "$tmp/s5.d"/*view*.png 2>/dev/null | head -1)
v1=$(view_of "$png_v") v2=$(view_of "$png_v2")
echo "    map.view $v1 / again $v2"
[ -n "$v1" ] && [ -n "$v2" ] && echo "$v1 $v2" | awk '{ for (i = 1; i <= 4; i++) { d = $i - $(i + 4);
    if (d < 0) d = -d; if (d > 0.02) exit 1 } exit !($3 - $1 < 0.9) }'
check $? "S: --from restores the exported view window (map.view within 0.02)"


# --- V: legends as drawn (polish): in 8/16 colours and monochrome glyphs the
# legend lists the terrain classes the map draws, each swatch in exactly the
# colour (and glyph) the map gives that class -----------------------------------
GLY="$(dirname "$0")/sgr_glyphs.awk"
# legend_x NAME: the column of the legend panel's "Legend:" title
legend_x() {
    screen "$1" | LC_ALL=C sed 's/\xe2\x96\x80/X/g; s/\xe2\x96\x84/X/g; s/\xe2\x96\x88/X/g' |
        LC_ALL=C awk '
        { i = index($0, "Legend:"); if (i > 0) { print i - 1; exit } }'
}
# status_row NAME: the row of the status bar (map rows are above it)
status_row() { screen "$1" | LC_ALL=C awk '/ready in|seed [0-9]/ { print NR - 1; exit }'; }
# swatch_check NAME LABEL: half blocks: every colour of a map cell is a legend
# swatch's colour and every swatch's colour is on the map
swatch_check() {
    _lx=$(legend_x "$1"); _sr=$(status_row "$1")
    if [ -z "$_lx" ] || [ -z "$_sr" ]; then bad "V: $2: no legend" "$tmp/last-screen.txt"; return; fi
    cells "$1" | LC_ALL=C awk -v lx="$_lx" -v sr="$_sr" '
        $1 >= sr { next }
        $2 == lx || $2 == lx + 1 { if ($1 >= 1 && $3 == $4) sw[$3] = 1; next }
        $2 < lx - 1 { if ($3 != -1) map[$3] = 1; if ($4 != -1) map[$4] = 1 }
        END { for (c in map) { nm++; if (!(c in sw)) { miss = miss " " c } }
              for (c in sw) { ns++; if (!(c in map)) { extra = extra " " c } }
              printf "%d map colours, %d swatches; unexplained:%s; not on the map:%s\n", nm, ns, miss, extra
              exit !(nm >= 3 && miss == "" && extra == "") }' >"$tmp/s.res"
    check $? "V: $2: legend swatches are the map's colours ($(cat "$tmp/s.res"))" "$tmp/s.res"
}
# glyph_check NAME LABEL: glyph mode: every (glyph, colour, bold) of the map
# is a legend entry's, and each entry's is on the map
glyph_check() {
    _lx=$(legend_x "$1"); _sr=$(status_row "$1")
    if [ -z "$_lx" ] || [ -z "$_sr" ]; then bad "V: $2: no legend" "$tmp/last-screen.txt"; return; fi
    T capture-pane -p -e -t "$1" | LC_ALL=C awk -f "$GLY" | LC_ALL=C awk -v lx="$_lx" -v sr="$_sr" '
        $1 >= sr { next }
        $2 == lx { first[$1] = $3 " " $4 " " $5; next }
        $2 == lx + 1 { if ($1 >= 2 && first[$1] == $3 " " $4 " " $5) sw[first[$1]] = 1; next }
        $2 < lx - 1 { map[$3 " " $4 " " $5] = 1 }
        END { for (c in map) { nm++; if (!(c in sw)) { miss = miss " [" c "]" } }
              for (c in sw) { ns++; if (!(c in map)) { extra = extra " [" c "]" } }
              printf "%d map glyphs, %d entries; unexplained:%s; not on the map:%s\n", nm, ns, miss, extra
              exit !(nm >= 3 && miss == "" && extra == "") }' >"$tmp/s.res"
    check $? "V: $2: legend glyphs are the map's ($(cat "$tmp/s.res"))" "$tmp/s.res"
}
dem_fuji=$(cd "$(dirname "$0")/.." && pwd)/data/dem/fuji.png
if [ -f "$dem_fuji" ]; then
    start sa 120 40 xterm-16color C.UTF-8 --dem "$dem_fuji"
    if wait_for sa "ready in" 40 && keys sa L && wait_for sa "Legend:" 5; then
        swatch_check sa "xterm-16color DEM"
    else
        bad "V: no DEM legend in 16 colours" "$tmp/last-screen.txt"
    fi
    keys sa q
    wait_exit sa 20 >/dev/null
fi
start sb 120 40 xterm C -g hybrid
if wait_for sb "ready in" 40 && wait_for sb "Legend:" 5; then
    glyph_check sb "TERM=xterm LANG=C hybrid (8 colours, glyphs)"
else
    bad "V: no hybrid glyph legend" "$tmp/last-screen.txt"
fi
keys sb q
wait_exit sb 20 >/dev/null
start sc 120 40 xterm-256color C.UTF-8 --seed 7
if wait_for sc "ready in" 40 && keys sc c && wait_for sc "colour 16" 5 && keys sc L &&
    wait_for sc "Legend:" 5; then
    swatch_check sc "island seed 7, c to 16 colours"
else
    bad "V: no island legend in 16 colours" "$tmp/last-screen.txt"
fi
keys sc q
wait_exit sc 20 >/dev/null
start sd 160 48 vt100 C.UTF-8 -g planet
if wait_for sd "ready in" 60 && wait_for sd "Legend:" 5; then
    glyph_check sd "vt100 planet (monochrome glyphs)"
    screen sd >"$tmp/sd.txt"
    grep -q "%% ice " "$tmp/sd.txt" && ! grep -q "allow-passthrough" "$tmp/sd.txt" &&
        ! grep -q "sea_ice" "$tmp/sd.txt"
    check $? "V: vt100 planet: ice caps are '%%' ice, no image hint, display names" "$tmp/sd.txt"
else
    bad "V: no planet glyph legend" "$tmp/last-screen.txt"
fi
keys sd q
wait_exit sd 20 >/dev/null

# --- V2: every legend line can be told apart: in 256 colours two biomes
# that fall on one palette entry get distinct swatches, and in 16 colours
# classes drawn alike (snow and ice, both bright white) share one line -------
# distinct_check NAME LABEL: no two swatch rows of the legend in one colour
distinct_check() {
    _lx=$(legend_x "$1"); _sr=$(status_row "$1")
    if [ -z "$_lx" ] || [ -z "$_sr" ]; then bad "V2: $2: no legend" "$tmp/last-screen.txt"; return; fi
    cells "$1" | LC_ALL=C awk -v lx="$_lx" -v sr="$_sr" '
        $1 >= sr || $1 < 2 { next }
        $2 == lx && $3 == $4 && $3 != -1 { n++; if ($3 in seen) dup = dup " " $3; seen[$3] = 1 }
        END { printf "%d swatches; repeated:%s\n", n, dup; exit !(n >= 5 && dup == "") }' \
        >"$tmp/s.res"
    check $? "V2: $2: legend swatches all differ ($(cat "$tmp/s.res"))" "$tmp/s.res"
}
start v2a 120 40 xterm-256color C.UTF-8 --seed 1
if wait_for v2a "ready in" 40 && keys v2a L && wait_for v2a "Legend:" 5; then
    distinct_check v2a "island seed 1, 256 colours"
else
    bad "V2: no island legend in 256 colours" "$tmp/last-screen.txt"
fi
keys v2a q
wait_exit v2a 20 >/dev/null
start v2b 120 40 xterm-16color C.UTF-8 -g planet
if wait_for v2b "ready in" 60 && keys v2b L && wait_for v2b "Legend:" 5; then
    distinct_check v2b "planet, 16 colours"
else
    bad "V2: no planet legend in 16 colours" "$tmp/last-screen.txt"
fi
keys v2b q
wait_exit v2b 20 >/dev/null

# --- V3: the planet's quit warning follows the saved state: after an export
# holding the edits q quits at once; after a warning, Esc and a new edit, q
# warns again ---------------------------------------------------------------------
start se 100 30 xterm-256color C.UTF-8 -g planet
if wait_for se "ready in" 60; then
    keys se g
    ks se Left Left Left Left b 3 x
    wait_for se "land removed: " 20
    keys se E
    wait_for se "export" 5 && keys se Enter
    wait_for se "with the land edits" 30
    check $? "V: E after a land edit says the export holds the edits" "$tmp/last-screen.txt"
    keys se q
    st=$(wait_exit se 10)
    [ "$st" = 0 ]; check $? "V: q after exporting the edits quits without a warning (status $st)" \
        "$tmp/last-screen.txt"
else
    bad "V: no planet" "$tmp/last-screen.txt"
fi
start sf 100 30 xterm-256color C.UTF-8 -g planet
if wait_for sf "ready in" 60; then
    keys sf g
    ks sf Left Left Left Left b 3 x
    wait_for sf "land removed: " 20
    keys sf q
    wait_for sf "not in a named preset" 5
    check $? "V: q with an unsaved edit warns" "$tmp/last-screen.txt"
    keys sf Escape Enter
    wait_for sf "land added" 20
    keys sf q
    wait_for sf "not in a named preset" 5 && [ ! -s "$tmp/sf.exit" ]
    check $? "V: a new edit after the warning: q warns again" "$tmp/last-screen.txt"
else
    bad "V: no planet" "$tmp/last-screen.txt"
fi
keys sf q
wait_exit sf 20 >/dev/null


# --- V5: small terminals and inspect: at 80x24 the hint line keeps ? help and
# q quit; Shift-arrows keep the inspect cursor on the map ------------------------
start sg 80 24 xterm-256color C.UTF-8 --seed 7
if wait_for sg "ready in" 40; then
    screen sg | tail -1 | grep -q "^ ? help .* q quit *$"
    check $? "V: at 80x24 the hint line starts with ? help and ends with q quit" "$tmp/last-screen.txt"
    keys sg i
    wait_for sg "Inspect" 5
    for _k in 1 2 3 4 5 6 7 8 9 10; do keys sg S-Left; keys sg S-Up; done
    sleep 0.5
    screen sg >"$tmp/sg.txt"
    ! grep -q "outside the map" "$tmp/sg.txt" && grep -q "terrain .*(glyph" "$tmp/sg.txt"
    check $? "V: Shift-arrows to the corner: the cursor stays on the map" "$tmp/sg.txt"
    for _k in 1 2 3 4 5 6 7 8 9 10 11 12; do keys sg S-Right; keys sg S-Down; done
    sleep 0.5
    screen sg >"$tmp/sg.txt"
    ! grep -q "outside the map" "$tmp/sg.txt" && grep -q "terrain .*(glyph" "$tmp/sg.txt"
    check $? "V: Shift-arrows to the other corner: still on the map" "$tmp/sg.txt"
else
    bad "V: no island at 80x24" "$tmp/last-screen.txt"
fi
keys sg q
wait_exit sg 20 >/dev/null


# --- V9: presets are not overwritten silently: a shipped name asks before a
# user preset hides it, an existing user preset before it is replaced ----------
start sh 100 30 xterm-256color C.UTF-8 --set island.cells=2000
if wait_for sh "ready in" 30; then
    keys sh w C-u a r c h i p e l a g o Enter
    wait_for sh "archipelago is a shipped preset" 5 && screen sh | grep -qF "save preset as:" &&
        [ ! -f "$tmp/cfg/orogen/presets/archipelago.ini" ]
    check $? "V: w with a shipped name asks first (nothing written)" "$tmp/last-screen.txt"
    keys sh Enter
    wait_for sh "saved preset" 5 && [ -f "$tmp/cfg/orogen/presets/archipelago.ini" ]
    check $? "V: Enter again saves the user's archipelago" "$tmp/last-screen.txt"
    keys sh w C-u a r c h i p e l a g o Enter
    wait_for sh "preset archipelago exists" 5 && screen sh | grep -qF "save preset as:"
    check $? "V: w with an existing user preset asks before overwriting" "$tmp/last-screen.txt"
    keys sh Escape
    rm -f "$tmp/cfg/orogen/presets/archipelago.ini"
else
    bad "V: no island for the preset checks" "$tmp/last-screen.txt"
fi
keys sh q
wait_exit sh 20 >/dev/null

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
