#!/bin/sh
# tui_flow.sh: a first hour without a wrong step (issue 29), in tmux:
#   F1 the bottom key line names L (legend) on the map and in the iso
#      preview, and S (symbols) where there is room;
#   F2 q during an export, then L: the legend opens (the key was spent on
#      "staying");
#   F3 elevation in metres where the world has a vertical scale: hybrid's
#      inspect and elevation legend, an island's inspect (island.vertical_scale);
#   F4 O opens a DEM (Tab completes its name) and an exported PNG's recipe
#      (generator, seed, map view) without a restart;
#   F5 E on a DEM offers the tile's name (front_range-map.png);
#   F6 x during an iso export cancels it: nothing written;
#   F7 x and Ctrl-C cancel an 8192 px map export and Ctrl-C an 8192 px
#      globe export part-way: nothing written, no temporary, the TUI stays;
#   F8 island.extent reads as a length in the parameter panel: none (model
#      units) for 0, 250 m for 0.25 km (it said "0 km").
# Exit 77 without tmux.
set -u
. "$(dirname "$0")/tui_lib.sh"

# --- F1 --------------------------------------------------------------------------
start f1 120 30 xterm-256color C.UTF-8 --seed 1
wait_for f1 "ready in" 30; check $? "F1: island ready" "$tmp/last-screen.txt"
screen f1 | tail -1 | grep -q "L legend"; check $? "F1: the key line names L legend"
screen f1 | tail -1 | grep -q "S symbols"; check $? "F1: the key line names S symbols (120 columns)"
keys f1 p
sleep 0.5
screen f1 | tail -1 | grep -q "rotate.*L legend"; check $? "F1: the iso key line names L legend"

# --- F2 --------------------------------------------------------------------------
keys f1 e
wait_for f1 "export" 5 && keys f1 Enter && wait_for f1 "size" 5 && keys f1 C-u 2 0 4 8 x 2 0 4 8 Enter
keys f1 q
wait_for f1 "an export is still running" 5; check $? "F2: q during the export asks" "$tmp/last-screen.txt"
keys f1 L
wait_for f1 "Legend: color" 5; check $? "F2: L right after opens the legend" "$tmp/last-screen.txt"
wait_for f1 "exported " 60; check $? "F2: the export ends, orogen stays" "$tmp/last-screen.txt"

# --- F3 --------------------------------------------------------------------------
start f3 120 40 xterm-256color C.UTF-8 -g hybrid
wait_for f3 "ready in" 60; check $? "F3: hybrid ready" "$tmp/last-screen.txt"
keys f3 i
wait_for f3 "elevation" 5
screen f3 | grep -q "elevation  *-\{0,1\}[0-9][0-9]* m (.* x 800 m)"
check $? "F3: hybrid inspect: elevation in metres" "$tmp/last-screen.txt"
keys f3 Escape a L
wait_for f3 "Legend: elevation" 5 && screen f3 | grep -q " [0-9][0-9]* m  *[0-9][0-9]* m"
check $? "F3: hybrid elevation legend in metres" "$tmp/last-screen.txt"
start f4 120 40 xterm-256color C.UTF-8 --seed 1
wait_for f4 "ready in" 30 && keys f4 i && wait_for f4 "elevation" 5
screen f4 | grep -q "elevation  *-\{0,1\}[0-9][0-9]* m (.* x 1000 m)"
check $? "F3: island inspect: elevation in metres (island.vertical_scale)" "$tmp/last-screen.txt"

# --- F4 --------------------------------------------------------------------------
mkdir -p "$tmp/f5.d/dems"
cp "$(dirname "$0")/data/srtmgl3_front_range_144.png" "$tmp/f5.d/dems/front_range.png"
"$BIN" export -g hybrid --seed 9 --map "$tmp/f5.d/hybrid-9.png" --size 64x64 2>"$tmp/f5.export" ||
    bad "F4: export a recipe PNG" "$tmp/f5.export"
start f5 120 40 xterm-256color C.UTF-8 --seed 1
wait_for f5 "ready in" 30; check $? "F4: island ready" "$tmp/last-screen.txt"
keys f5 O
wait_for f5 "open DEM or recipe PNG:" 5; check $? "F4: O asks for a file" "$tmp/last-screen.txt"
keys f5 d e Tab
wait_for f5 "a folder: Tab lists it" 5; check $? "F4: Tab completes a folder" "$tmp/last-screen.txt"
keys f5 f Tab
wait_for f5 "Enter opens it" 5 && screen f5 | grep -q "dems/front_range.png"
check $? "F4: Tab completes the file name" "$tmp/last-screen.txt"
keys f5 Enter
wait_for f5 "opened DEM " 10 && wait_for f5 "ready in" 60 && screen f5 | grep -q " dem  seed"
check $? "F4: Enter opens the DEM, the dem generator on it" "$tmp/last-screen.txt"
# hybrid-9.png and its world file hybrid-9.pgw: Tab stops at "hybrid-9.p"
keys f5 O C-u h y b Tab
wait_for f5 "2 matches: " 5; check $? "F4: Tab lists the matches" "$tmp/last-screen.txt"
keys f5 n g Enter
wait_for f5 "opened the recipe of" 10 && wait_for f5 "ready in" 60 &&
    screen f5 | grep -q " hybrid  seed 9 "
check $? "F4: O opens a PNG's recipe (hybrid seed 9)" "$tmp/last-screen.txt"
keys f5 O C-u n o p e Enter
wait_for f5 "no-such" 5 || wait_for f5 "nope" 5; check $? "F4: a missing file is named, nothing changes" "$tmp/last-screen.txt"
screen f5 | grep -q " hybrid  seed 9 "; check $? "F4: the world stays after a failed open"

# --- F5: DEM export names ------------------------------------------------------------
start f6 120 40 xterm-256color C.UTF-8 --dem "$tmp/f5.d/dems/front_range.png"
wait_for f6 "ready in" 60; check $? "F5: DEM ready" "$tmp/last-screen.txt"
keys f6 E
wait_for f6 "export world as: front_range-map.png" 5; check $? "F5: E offers front_range-map.png" "$tmp/last-screen.txt"
keys f6 Escape p e
wait_for f6 "front_range-iso.png" 5; check $? "F5: e in the iso preview offers front_range-iso.png" "$tmp/last-screen.txt"
keys f6 Escape

# --- F6: x cancels an iso export -----------------------------------------------------
start f7 120 40 xterm-256color C.UTF-8 --seed 2
wait_for f7 "ready in" 30 && keys f7 p e && wait_for f7 "export" 5 && keys f7 C-u b i g . p n g Enter
wait_for f7 "size" 5 && keys f7 C-u 8 0 0 0 x 8 0 0 0 Enter
wait_for f7 "rendering" 10; check $? "F6: a large iso export runs" "$tmp/last-screen.txt"
keys f7 x
wait_for f7 "export cancelled: nothing written" 60; check $? "F6: x cancels it" "$tmp/last-screen.txt"
sleep 0.5
n=$(ls -A "$tmp/f7.d" | wc -l)
[ "$n" -eq 0 ]; check $? "F6: nothing written, no temporary left ($n files)"

# --- F7: x and Ctrl-C cancel map and globe exports, the TUI stays --------------------
start f8 120 40 xterm-256color C.UTF-8 --seed 3
wait_for f8 "ready in" 30; check $? "F7: island ready" "$tmp/last-screen.txt"
keys f8 e && wait_for f8 "export" 5 && keys f8 C-u m a p . p n g Enter
wait_for f8 "size" 5 && keys f8 C-u 8 1 9 2 x 8 1 9 2 Enter
wait_for f8 "(PNG) ... " 20; check $? "F7: an 8192 px map export writes its rows" "$tmp/last-screen.txt"
screen f8 | tail -1 | grep -q "x cancel the export"; check $? "F7: the key line names x"
keys f8 x
wait_for f8 "export cancelled: nothing written" 20; check $? "F7: x cancels the map export" "$tmp/last-screen.txt"
keys f8 e && wait_for f8 "export" 5 && keys f8 C-u m a p . p n g Enter
wait_for f8 "size" 5 && keys f8 C-u 8 1 9 2 x 8 1 9 2 Enter
wait_for f8 "(PNG) ... " 20 && keys f8 C-c
wait_for f8 "export cancelled: nothing written" 20; check $? "F7: Ctrl-C cancels the map export" "$tmp/last-screen.txt"
keys f8 a
sleep 0.5
[ ! -s "$tmp/f8.exit" ] && screen f8 | grep -q "layer elevation"
check $? "F7: the TUI keeps running after Ctrl-C (a shows the next layer)" "$tmp/last-screen.txt"
n=$(ls -A "$tmp/f8.d" | wc -l)
[ "$n" -eq 0 ]; check $? "F7: no map written, no temporary left ($n files)"
start f9 120 40 xterm-256color C.UTF-8 -g planet --seed 1
wait_for f9 "ready in" 60 && keys f9 g && sleep 0.5
keys f9 e && wait_for f9 "export globe as" 5 && keys f9 C-u g . p n g Enter
wait_for f9 "globe size" 5 && keys f9 C-u 8 1 9 2 Enter
wait_for f9 "rendering the globe" 10; check $? "F7: an 8192 px globe export runs" "$tmp/last-screen.txt"
keys f9 C-c
wait_for f9 "export cancelled: nothing written" 20; check $? "F7: Ctrl-C cancels the globe export" "$tmp/last-screen.txt"
n=$(ls -A "$tmp/f9.d" | wc -l)
[ "$n" -eq 0 ] && [ ! -s "$tmp/f9.exit" ]
check $? "F7: no globe written, no temporary left ($n files), the TUI runs"

# --- F8: island.extent reads as a length in the parameter panel -------------------
start f10 120 40 xterm-256color C.UTF-8 --seed 1
wait_for f10 "ready in" 30 && keys f10 t && wait_for f10 "Parameters: island" 5
screen f10 | grep -q "island.extent  *none  *(model units)"
check $? "F8: island.extent 0 shows none (model units), not 0 km" "$tmp/last-screen.txt"
start f11 120 40 xterm-256color C.UTF-8 --seed 1 --extent 250
wait_for f11 "ready in" 30 && keys f11 t && wait_for f11 "Parameters: island" 5
screen f11 | grep -q "island.extent  *\*250  *m *$"
check $? "F8: --extent 250 shows 250 m, not 0.25 km" "$tmp/last-screen.txt"
screen f11 | grep -q "island.vertical_scale  *1000  *m"
check $? "F8: the other rows keep their units" "$tmp/last-screen.txt"
finish
