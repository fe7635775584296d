#!/bin/sh
# tui_symbols.sh: the map, globe and iso preview drawn with sub-cell block
# symbols (issue 29, tui/subcell.h), driven in tmux:
#   S1 key S: sextants (U+1FB00..) in 256 colours, no 24-bit colour, the
#      status bar names them; in direct colour 24-bit; iso preview and
#      globe drawn with them too;
#   S2 auto: TERM=kitty (a terminal that draws them itself) picks sextants
#      and the status bar says why; xterm keeps half blocks;
#   S3 LANG=C: glyph map, no block symbols whatever S says;
#   S4 octants: on a C library without Unicode 16 (wcwidth U+1CD00 = -1, as
#      Debian 12's glibc) S skips them; where it knows them they are drawn;
#   S5 --symbols sextant at start; --symbols octant falls back to sextants
#      with a message where the C library lacks them; a bad word is refused.
# Exit 77 without tmux.
set -u
. "$(dirname "$0")/tui_lib.sh"

SEXT=$(printf '\360\237\254')    # UTF-8 lead bytes of U+1FB00..U+1FB3F
HALF=$(printf '\342\226\200')    # U+2580

# --- S1: the S key ---------------------------------------------------------------
start s1 100 30 xterm-256color C.UTF-8 --preset volcano
wait_for s1 "ready in" 30; check $? "S1: the volcano is ready" "$tmp/last-screen.txt"
screen s1 | LC_ALL=C grep -aqF "$SEXT"
[ $? -ne 0 ]; check $? "S1: half blocks before S (no sextants)"
keys s1 S
wait_for s1 "symbols sextant: 2x3 pixels a cell" 5; check $? "S1: S switches to sextants" "$tmp/last-screen.txt"
screen s1 | grep -q "colour 256 sextant "; check $? "S1: the status bar names the sextants"
n=$(screen s1 | LC_ALL=C grep -a -o "$SEXT" | wc -l)
[ "$n" -ge 60 ]; check $? "S1: the map is drawn with sextants ($n)"
ansi s1 | grep -q '38;2;\|48;2;'
[ $? -ne 0 ]; check $? "S1: no 24-bit colour sent to xterm-256color"
keys s1 p
sleep 1
n=$(screen s1 | LC_ALL=C grep -a -o "$SEXT" | wc -l)
[ "$n" -ge 100 ]; check $? "S1: the iso preview is drawn with sextants ($n)"
keys s1 p S
sleep 0.5
if screen s1 | grep -q "symbols octant"; then
    ok "S1: S goes on to octants (this C library knows them)"
else
    screen s1 | grep -q "symbols half: 1x2 pixels a cell"
    check $? "S1: S goes back to half blocks (octants unknown to this C library)"
fi

start s1d 100 30 xterm-direct C.UTF-8 --preset planet-pangaea
wait_for s1d "ready in" 60; check $? "S1: planet ready (xterm-direct)" "$tmp/last-screen.txt"
keys s1d S g
sleep 1.5
n=$(screen s1d | LC_ALL=C grep -a -o "$SEXT" | wc -l)
[ "$n" -ge 100 ]; check $? "S1: the globe is drawn with sextants ($n)"
ansi s1d | grep -q '38;2;'; check $? "S1: direct colour sends 24-bit colour"

# --- S2: auto by the terminal's identity -------------------------------------------
if infocmp kitty >/dev/null 2>&1; then
    start s2 100 30 kitty C.UTF-8 --preset volcano
    wait_for s2 "ready in" 30; check $? "S2: TERM=kitty ready" "$tmp/last-screen.txt"
    screen s2 | grep -q "sextant (kitty)"; check $? "S2: TERM=kitty: sextants, and the status bar says why"
    screen s2 | LC_ALL=C grep -aqF "$SEXT"; check $? "S2: TERM=kitty: drawn with sextants"
else
    echo "# no kitty terminfo: S2 skipped"
fi
start s2x 100 30 xterm-256color C.UTF-8 --preset volcano
wait_for s2x "ready in" 30 && screen s2x | LC_ALL=C grep -aqF "$HALF" && ! screen s2x | LC_ALL=C grep -aqF "$SEXT"
check $? "S2: xterm (a font decides): half blocks" "$tmp/last-screen.txt"

# --- S3: no UTF-8: glyphs ----------------------------------------------------------
start s3 100 30 xterm-256color C --preset volcano
wait_for s3 "ready in" 30; check $? "S3: LANG=C ready" "$tmp/last-screen.txt"
keys s3 S
wait_for s3 "not while the glyph map is shown" 5; check $? "S3: S says the glyph map stays" "$tmp/last-screen.txt"
screen s3 | grep -q "glyphs"; check $? "S3: glyph map named"
n=$(screen s3 | LC_ALL=C grep -a -c "$SEXT\|$HALF")
[ "$n" -eq 0 ]; check $? "S3: no block symbols in LANG=C"

# --- S5: --symbols ------------------------------------------------------------------
start s5 100 30 xterm-256color C.UTF-8 --preset volcano --symbols sextant
wait_for s5 "ready in" 30 && screen s5 | grep -q "colour 256 sextant " && screen s5 | LC_ALL=C grep -aqF "$SEXT"
check $? "S5: --symbols sextant draws sextants from the start" "$tmp/last-screen.txt"
start s6 100 30 xterm-256color C.UTF-8 --preset volcano --symbols octant
if wait_for s6 "ready in" 30 && screen s6 | grep -q "colour 256 octant "; then
    ok "S5: --symbols octant: octants (this C library knows Unicode 16)"
else
    screen s6 | grep -q "octants need a C library with Unicode 16" && screen s6 | grep -q "colour 256 sextant "
    check $? "S5: --symbols octant: sextants and why" "$tmp/last-screen.txt"
fi
out=$("$BIN" --symbols braille 2>&1); st=$?
[ $st -eq 2 ] && [ "$out" = "orogen: --symbols 'braille' is not one of auto, half, sextant, octant" ]
check $? "S5: --symbols braille is refused in one line, status 2"
finish
