#!/bin/sh
# tui_fixes.sh: regressions from the newcomer's TUI test (findings of
# 2026-12-03), driven in tmux like tests/tui_smoke.sh:
#   R1 the export prompt keeps the typed name across a 'terminal too small'
#      resize (no "abc      -view.png");
#   R3 Enter in the preset list loads the preset and closes the list (a
#      following v opens the seed gallery, not the preset "volcano");
#   R2 glyph mode (vt100, LANG=C) draws ramp layers as digits 0..9 (a
#      changes the map), says when a layer is shown by terrain class, and
#      the legend explains the iso preview's shading glyphs;
#   R4/R8 at 80x24 the parameter panel is below the map (doc/keys.md), and
#      the glyph legend (at the side) lists the glyphs first, then the rest;
#   R5 messages say the point first and are never cut mid-word: the
#      status line keeps "ready in" with a 19-digit seed, the planet's iso
#      refusal and the COLORTERM hint fit 80 and 100 columns;
#   R6 the parameter field takes 1e4 (as the CLI does) and a refused value
#      closes it, so d then resets the parameter instead of typing "1.5d";
#   R7 iso preview with the legend open keeps the iso keys on the hint line;
#   R9 the globe keeps a blank row above and below it (120x40);
#   R10 the status line names images (kitty) when the map is drawn as them;
# Exit 77 (skip) without tmux. Every wait is bounded; a private tmux socket
# is used and its server killed at the end.
set -u

. "$(dirname "$0")/tui_lib.sh"

# --- R1: a typed export name survives 'terminal too small' ---------------------
start r1 100 30 xterm-256color C.UTF-8 --set island.cells=2000
if wait_for r1 "ready in" 30; then
    keys r1 e a b c
    wait_for r1 "export view as: abc" 5
    T resize-window -t r1 -x 30 -y 8; sleep 0.5
    wait_for r1 "terminal too small" 5
    T resize-window -t r1 -x 100 -y 30; sleep 0.5
    screen r1 >"$tmp/r1.txt"
    grep "export view as:" "$tmp/r1.txt" | grep -q "as: abc  " && ! grep -q -- "-view.png" "$tmp/r1.txt"
    check $? "R1: the typed name is kept whole after a too-small resize" "$tmp/r1.txt"
    keys r1 Enter
    wait_for r1 "size WxH:" 5 && keys r1 C-u 6 4 x 3 2 Enter
    wait_for r1 "(64x32)" 20 && [ -f "$tmp/r1.d/abc.png" ]
    check $? "R1: Enter writes abc.png" "$tmp/last-screen.txt"
    keys r1 e BSpace BSpace x
    T resize-window -t r1 -x 30 -y 8; sleep 0.5
    T resize-window -t r1 -x 100 -y 30; sleep 0.5
    screen r1 >"$tmp/r1.txt"
    grep "export view as:" "$tmp/r1.txt" | grep -q "as: x  " && ! grep -q -- "-view.png" "$tmp/r1.txt"
    check $? "R1: backspaces and x: the field is 'x' after the resize" "$tmp/r1.txt"
    keys r1 Escape
else
    bad "R1: no island" "$tmp/last-screen.txt"
fi
keys r1 q
wait_exit r1 20 >/dev/null

# --- R3: Enter in the preset list closes it ------------------------------------
start r3 100 30 xterm-256color C.UTF-8 --set island.cells=2000
if wait_for r3 "ready in" 30; then
    keys r3 o v
    wait_for r3 "Presets (Enter loads)" 5
    keys r3 Enter
    wait_for r3 "loaded preset volcano" 10 && ! screen r3 | grep -qF "Presets (Enter loads)"
    check $? "R3: Enter loads the preset and closes the list" "$tmp/last-screen.txt"
    wait_for r3 "ready in" 30
    keys r3 v
    wait_for r3 "gallery: Enter opens" 10
    check $? "R3: v after loading opens the seed gallery" "$tmp/last-screen.txt"
    keys r3 Escape
else
    bad "R3: no island" "$tmp/last-screen.txt"
fi
keys r3 q q
wait_exit r3 20 >/dev/null

# --- R2: glyph mode follows the layer -------------------------------------------
start r2 100 30 vt100 C --set island.cells=2000
if wait_for r2 "ready in" 30; then
    sleep 0.3
    screen r2 | sed -n 1,27p | cut -c1-52 >"$tmp/r2a.txt"
    keys r2 a a
    wait_for r2 "layer moisture" 5
    sleep 0.5
    screen r2 >"$tmp/r2.txt"
    sed -n 1,27p "$tmp/r2.txt" | cut -c1-52 >"$tmp/r2b.txt"
    ! cmp -s "$tmp/r2a.txt" "$tmp/r2b.txt" && grep -q "[0-9][0-9][0-9]" "$tmp/r2b.txt" &&
        grep -q "0001111" "$tmp/r2.txt" && grep -q "~~ water" "$tmp/r2.txt"
    check $? "R2: moisture in glyph mode: digits on the map, the digit ramp and water in the legend" "$tmp/r2.txt"
    keys r2 a a
    wait_for r2 "layer lakes (the glyph map shows terrain classes for it)" 5
    check $? "R2: a layer without a ramp says it is shown by terrain class" "$tmp/last-screen.txt"
    keys r2 p
    wait_for r2 "iso preview: shade ' .:-=+*#%@' dark to light" 20
    check $? "R2: the legend explains the iso preview's glyphs" "$tmp/last-screen.txt"
else
    bad "R2: no island" "$tmp/last-screen.txt"
fi
keys r2 q
wait_exit r2 20 >/dev/null

# --- R4/R8: 80x24: parameters below the map, the glyphs first in the legend --
start r4 80 24 xterm-256color C --set island.cells=2000
if wait_for r4 "ready in" 30; then
    sleep 0.3
    screen r4 >"$tmp/r4.txt"
    sed -n 2p "$tmp/r4.txt" | grep -q "glyphs (view share):" &&
        grep -q "\^\^ mountain" "$tmp/r4.txt" && grep -q "~~ water" "$tmp/r4.txt" &&
        grep -q "## temp. decid." "$tmp/r4.txt" && grep -q "rivers (lines)" "$tmp/r4.txt"
    check $? "R4: 80x24 glyph legend: the glyphs first, then the biomes, all of them" "$tmp/r4.txt"
    keys r4 t
    wait_for r4 "Parameters:" 5
    screen r4 >"$tmp/r8.txt"
    row=$(grep -n "Parameters:" "$tmp/r8.txt" | cut -d: -f1)
    [ "${row:-0}" -gt 10 ] && ! sed -n 1,10p "$tmp/r8.txt" | grep -q "Parameters"
    check $? "R8: 80x24 parameter panel below the map" "$tmp/r8.txt"
else
    bad "R4: no island" "$tmp/last-screen.txt"
fi
keys r4 q
wait_exit r4 20 >/dev/null

# --- R5: messages that keep their point at 80 columns ---------------------------
start r5 80 24 xterm-256color C.UTF-8 --seed 7531994966223258854 \
    --set island.cells=2000
if wait_for r5 "ready in" 30; then
    screen r5 | grep -q "seed 7531994966223258854 .*| ready in"
    check $? "R5: a 19-digit seed at 80 columns keeps 'ready in' whole" "$tmp/last-screen.txt"
    keys r5 Tab Tab
    wait_for r5 "planet  seed" 60 && keys r5 p
    wait_for r5 "a planet has no isometric view: g shows its globe" 10
    check $? "R5: the planet's iso refusal fits 80 columns" "$tmp/last-screen.txt"
else
    bad "R5: no island" "$tmp/last-screen.txt"
fi
keys r5 q q
wait_exit r5 20 >/dev/null

# --- R6: the parameter field: exponents, and a refusal closes it ----------------
start r6 100 30 xterm-256color C.UTF-8 --set island.cells=2000
if wait_for r6 "ready in" 30; then
    keys r6 t Down Enter C-u 1 e 4 Enter
    wait_for r6 "island.cells = 10000" 10
    check $? "R6: 1e4 typed into island.cells gives 10000" "$tmp/last-screen.txt"
    keys r6 Enter C-u 1 . 5 Enter
    wait_for r6 "(not applied; Enter types again)" 5 && keys r6 d &&
        wait_for r6 "island.cells = 16000" 10
    check $? "R6: after a refused 1.5 the field is closed and d resets to 16000" "$tmp/last-screen.txt"
else
    bad "R6: no island" "$tmp/last-screen.txt"
fi
keys r6 Escape q
wait_exit r6 20 >/dev/null

# --- R7: iso keys on the hint line with the legend open --------------------------
start r7 120 36 xterm-direct C.UTF-8 --set island.cells=2000
if wait_for r7 "ready in" 30; then
    keys r7 L
    wait_for r7 "Legend:" 5 && keys r7 p
    wait_for r7 "[ ] rotate  , . time of day" 20
    check $? "R7: iso preview with the legend: the hint line has [ ] , ." "$tmp/last-screen.txt"
else
    bad "R7: no island" "$tmp/last-screen.txt"
fi
keys r7 q
wait_exit r7 20 >/dev/null

# --- R9: the globe does not touch the top of its area ----------------------------
start r9 120 40 xterm-256color C.UTF-8 -g planet --set planet.points=3000
if wait_for r9 "ready in" 60; then
    keys r9 g
    wait_for r9 "globe: arrows rotate" 10
    sleep 0.5
    screen r9 >"$tmp/r9.txt"
    [ -z "$(sed -n 1p "$tmp/r9.txt" | tr -d ' ')" ] && [ -n "$(sed -n 2p "$tmp/r9.txt" | tr -d ' ')" ] &&
        [ -z "$(sed -n 37p "$tmp/r9.txt" | tr -d ' ')" ]
    check $? "R9: a blank row above and below the globe at 120x40" "$tmp/r9.txt"
else
    bad "R9: no planet" "$tmp/last-screen.txt"
fi
keys r9 q q
wait_exit r9 20 >/dev/null

# --- R10: the status line names what the map is drawn with ------------------------
# Under kitty the map is kitty images (forced here: tmux answers no probe),
# while auto symbols would pick sextants for the text fallback: the status
# said "sextant (kitty)" over an image map (issue 29).
start r10 120 36 xterm-kitty C.UTF-8 --graphics kitty --set island.cells=2000
if wait_for r10 "ready in" 30; then
    sleep 0.5
    screen r10 | grep "ready in" >"$tmp/r10.txt"
    grep -q " kitty images " "$tmp/r10.txt" && ! grep -q "sextant" "$tmp/r10.txt"
    check $? "R10: kitty images: the status line says 'kitty images', not 'sextant'" "$tmp/r10.txt"
else
    bad "R10: no island" "$tmp/last-screen.txt"
fi
keys r10 q
wait_exit r10 20 >/dev/null

finish
