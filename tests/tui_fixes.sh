#!/bin/sh
# tui_fixes.sh: regressions from the newcomer's TUI test (findings of
# 2026-12-03), driven in tmux like tests/tui_smoke.sh:
#   R1 the export prompt keeps the typed name across a 'terminal too small'
#      resize (no "abc      -view.png");
#   R3 Enter in the preset list loads the preset and closes the list (a
#      following v opens the seed gallery, not the preset "volcano");
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
    wait_for r3 "gallery: seeds" 10
    check $? "R3: v after loading opens the seed gallery" "$tmp/last-screen.txt"
    keys r3 Escape
else
    bad "R3: no island" "$tmp/last-screen.txt"
fi
keys r3 q q
wait_exit r3 20 >/dev/null

finish
