#!/bin/sh
# tui_colours.sh: colour and glyph defects seen by a new user (issue 29),
# each checked in tmux on the volcano preset:
#   P1 256 colours, 200x60: no dark-navy speckle along the map's edges (the
#      sea darkening there lay between two cube entries 0.25 OKLab apart and
#      was dithered between them);
#   P2 256 colours: the iso preview's earth walls are not olive (0x5f5f00);
#   P3 8 colours: mountains are not red;
#   P4 glyph map (vt100, LANG=C): river and water, snow and ice have glyphs
#      of their own.
# Exit 77 without tmux.
set -u
. "$(dirname "$0")/tui_lib.sh"
SGR="$(dirname "$0")/sgr_cells.awk"
cells() { ansi "$1" | LC_ALL=C awk -f "$SGR"; }

# --- P1: the sea along the edges ----------------------------------------------------
start p1 200 60 xterm-256color C.UTF-8 --preset volcano
if wait_for p1 "ready in" 30; then
    cells p1 >"$tmp/p1.cells"
    # the outer 8 cells of each map row (all sea): how often a pixel's entry
    # differs from its left neighbour's, upper and lower pixels alike
    LC_ALL=C awk '
        { row[$1] = row[$1] " " $3 "/" $4; if ($1 > maxr) maxr = $1 }
        END {
            for (r = 0; r <= maxr - 4; r++) {
                n = split(row[r], c, " ")
                if (n < 40) continue
                for (i = 2; i <= n; i++) {
                    if (i > 8 && i <= n - 8) continue
                    split(c[i - 1], a, "/"); split(c[i], b, "/")
                    pairs += 2; d += (a[1] != b[1]) + (a[2] != b[2])
                }
            }
            printf "%d of %d neighbouring edge pixels differ\n", d, pairs
            exit !(pairs > 1000 && d * 100 < pairs * 3)
        }' "$tmp/p1.cells" >"$tmp/p1.res"
    check $? "P1: the sea along the map's edges is flat in 256 colours ($(cat "$tmp/p1.res"))" "$tmp/p1.res"
else
    bad "P1: no volcano" "$tmp/last-screen.txt"
fi

# --- P2: iso walls in 256 colours ------------------------------------------------------
keys p1 p
sleep 1.5
cells p1 >"$tmp/p2.cells"
# the walls: the lowest two drawn cells of each column (the block's front)
LC_ALL=C awk '$1 < 55 { c2[$2] = c1[$2]; c1[$2] = $3 " " $4 }
    END { for (x in c1) { n++; if (c1[x] ~ /(^| )58( |$)/ || c2[x] ~ /(^| )58( |$)/) o++ }
          printf "%d of %d columns with olive walls\n", o, n; exit !(n > 100 && o == 0) }' \
    "$tmp/p2.cells" >"$tmp/p2.res"
check $? "P2: the iso preview's walls are not olive 0x5f5f00 ($(cat "$tmp/p2.res"))" "$tmp/p2.res"

# --- P3: 8 colours -------------------------------------------------------------------
start p3 120 40 xterm C.UTF-8 --preset volcano
if wait_for p3 "ready in" 30; then
    keys p3 + + + +
    sleep 1
    cells p3 >"$tmp/p3.cells"
    LC_ALL=C awk '{ n++; if ($3 == 1 || $4 == 1) r++; if ($3 == 7 || $4 == 7) w++ }
        END { printf "%d of %d cells red, %d white/grey\n", r, n, w; exit !(n > 1000 && r == 0 && w > 0) }' \
        "$tmp/p3.cells" >"$tmp/p3.res"
    check $? "P3: 8 colours: mountains grey (white), not red ($(cat "$tmp/p3.res"))" "$tmp/p3.res"
else
    bad "P3: no volcano in 8 colours" "$tmp/last-screen.txt"
fi

# --- P4: glyphs ---------------------------------------------------------------------
start p4 120 40 vt100 C --preset volcano
if wait_for p4 "ready in" 30; then
    keys p4 + +
    sleep 1
    screen p4 >"$tmp/p4.txt"
    grep -q "~~ water" "$tmp/p4.txt" && grep -q ";; river" "$tmp/p4.txt" &&
        ! grep -q "~~ river" "$tmp/p4.txt"
    check $? "P4: glyph map: water ~ and river ; apart" "$tmp/p4.txt"
else
    bad "P4: no volcano on vt100" "$tmp/last-screen.txt"
fi
start p5 120 40 vt100 C -g planet --seed 3
if wait_for p5 "ready in" 60; then
    screen p5 >"$tmp/p5.txt"
    grep -q "[*][*] snow" "$tmp/p5.txt" && grep -q "%% ice" "$tmp/p5.txt"
    check $? "P4: glyph map: snow * and ice % apart" "$tmp/p5.txt"
else
    bad "P4: no planet on vt100" "$tmp/last-screen.txt"
fi
finish
