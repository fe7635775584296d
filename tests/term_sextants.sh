#!/bin/sh
# term_sextants.sh: the sextant map in real terminals, screenshotted (issue
# 29). Under a virtual X server (Xvfb), orogen --seed 7 runs twice in each
# terminal, with --symbols half and --symbols sextant (--graphics none, so
# no image protocol takes over), and the map window's pixels are read back:
#   xterm   draws U+1FB00.. from a font: DejaVu Sans Mono has none, and
#           fontconfig finds them in Unifont Upper (fonts-unifont) for it;
#   kitty   draws the block sextants itself (no font), with Mesa's software
#           OpenGL (LIBGL_ALWAYS_SOFTWARE); its window is captured by id
#           (xwd -root read kitty's GL window with its channels rotated,
#           which looked like vertical stripes).
# Down vertical lines through each half of every cell, the rows where the
# colour changes (by more than 40) are counted by their place in the cell:
# half blocks change colour only at the cell's edge and half height, the
# sextants' three rows change it a third of a cell apart (kitty's grid
# starts 5 px down, xterm's scaled Unifont glyphs leave 1-2 px edges, so
# places are compared by their distances, not to fixed rows). Checks: no
# thirds with half blocks, thirds with sextants, and both maps show the
# same picture (per-cell mean colours agree).
#   SHOTS=DIR keeps the screenshots (DIR/TERMINAL-half.png, -sextant.png).
# Needs Xvfb, xwd (x11-apps), python3 with PIL; each terminal is skipped
# when it (or for xterm, a font with sextants) is missing; exit 77 when
# none ran. About 30 s.
X11_TOOLS="Xvfb xwd xwininfo" X11_OPTION=--symbols X11_SCREEN=1280x900x24
. "$(dirname "$0")/x11_lib.sh"

fails=0; ran=0
# drawn SHOT.xwd: the window shows a map (over 64 colours), not a blank
# terminal or a progress line
drawn() {
    $PY - "$1" <<'EOS'
import struct, sys
b = open(sys.argv[1], 'rb').read()
h = struct.unpack('>25I', b[:100])
hsize, height, bpl, ncol = h[0], h[5], h[12], h[19]
px = b[hsize + 12 * ncol:hsize + 12 * ncol + bpl * height]
sys.exit(0 if len({px[i:i + 3] for i in range(0, len(px) - 3, 4)}) > 64 else 1)
EOS
}
# shoot TERMINAL SYMBOLS: run orogen in the terminal, save the window's
# pixels as $tmp/TERMINAL-SYMBOLS.png and its pty size as .winsz
shoot() {
    _t=$1 _s=$2
    x11_script --seed 7 --graphics none --symbols $_s
    case $_t in
    xterm) DISPLAY=$disp xterm -geometry 90x30+0+0 -bw 0 -b 0 -fa "DejaVu Sans Mono" -fs 16 \
               -T orogen-shot -e "$tmp/run.sh" & ;;
    kitty) DISPLAY=$disp LIBGL_ALWAYS_SOFTWARE=1 kitty --title orogen-shot -o font_size=16 \
               -o remember_window_size=no -o initial_window_width=1200 \
               -o initial_window_height=860 -o window_padding_width=0 "$tmp/run.sh" \
               >"$tmp/kitty.log" 2>&1 & ;;
    esac
    term_pid=$!
    # the window, then shots 2 s apart until the map is drawn (many colours)
    # and two shots agree: a loaded machine starts kitty and orogen slowly
    _id="" _prev="" _i=0
    while [ $_i -lt 60 ]; do
        sleep 1
        _i=$((_i + 1))
        [ -n "$_id" ] || _id=$(DISPLAY=$disp xwininfo -root -tree | grep '"orogen' | head -1 | awk '{print $1}')
        [ -n "$_id" ] && [ -s "$tmp/winsz" ] || continue
        DISPLAY=$disp xwd -id "$_id" -silent >"$tmp/shot.xwd" || continue
        _cur=$(cksum <"$tmp/shot.xwd")
        [ "$_cur" = "$_prev" ] && drawn "$tmp/shot.xwd" && break
        _prev=$_cur
        sleep 1
    done
    kill "$term_pid" 2>/dev/null
    wait "$term_pid" 2>/dev/null
    term_pid=""
    [ -s "$tmp/winsz" ] && [ -s "$tmp/shot.xwd" ] || return 1
    cp "$tmp/winsz" "$tmp/$_t-$_s.winsz"
    $PY - "$tmp/shot.xwd" "$tmp/$_t-$_s.png" <<'EOS'
import struct, sys
from PIL import Image
b = open(sys.argv[1], 'rb').read()
h = struct.unpack('>25I', b[:100])
hsize, width, height, bpp, bpl, ncol = h[0], h[4], h[5], h[11], h[12], h[19]
off = hsize + 12 * ncol
Image.frombuffer('RGB', (width, height), b[off:off + bpl * height], 'raw', 'BGRX', bpl, 1).save(sys.argv[2])
EOS
}

for term in xterm kitty; do
    if ! command -v $term >/dev/null 2>&1; then
        echo "# $term is not installed: skipped"
        continue
    fi
    if [ $term = xterm ] && ! fc-list ':charset=1fb00' family 2>/dev/null | grep -q .; then
        echo "# no font with the sextants (U+1FB00; fonts-unifont has them): xterm skipped"
        continue
    fi
    if ! shoot $term half || ! shoot $term sextant; then
        echo "FAIL - $term: no screenshot of orogen"
        fails=$((fails + 1))
        continue
    fi
    ran=$((ran + 1))
    [ -n "${SHOTS:-}" ] && mkdir -p "$SHOTS" && cp "$tmp/$term-half.png" "$tmp/$term-sextant.png" "$SHOTS/"
    $PY - "$term" "$tmp/$term-half.png" "$tmp/$term-sextant.png" $(cat "$tmp/$term-half.winsz") <<'EOS'
import sys
from PIL import Image
term, half, sext = sys.argv[1], sys.argv[2], sys.argv[3]
rows, cols, xpix, ypix = map(int, sys.argv[4:8])
cw, ch = xpix // cols, ypix // rows
def edges(path):
    """Where, within a cell's height, the colour changes down vertical
    lines at 1/4 and 3/4 of each cell's width (a histogram over y mod ch),
    and each cell's mean colour."""
    img = Image.open(path).convert('RGB')
    px = img.load()
    w, h = img.size
    hist = [0] * ch
    means = []
    for c in range(cols):
        for fx in (0.25, 0.75):
            x = c * cw + int(cw * fx)
            if x >= w:
                continue
            for y in range(1, min(h, (rows - 3) * ch)):
                a, b = px[x, y], px[x, y - 1]
                if max(abs(a[k] - b[k]) for k in range(3)) > 40:
                    hist[y % ch] += 1
    for r in range(rows - 3):
        for c in range(cols):
            s = [0, 0, 0]
            for y in range(r * ch, r * ch + ch, 3):
                for x in range(c * cw, c * cw + cw, 3):
                    p = px[min(x, w - 1), min(y, h - 1)]
                    for k in range(3):
                        s[k] += p[k]
            means.append(s)
    return hist, means
def clusters(hist):
    """Edge positions carrying 3 %+ of the edges, neighbours within 2 px
    merged (terminal and font put the cell's first row anywhere)."""
    total = sum(hist) or 1
    out = []
    for y in sorted(range(ch), key=lambda y: -hist[y]):
        if hist[y] < 0.03 * total:
            break
        for cl in out:
            d = abs(y - cl[0]); d = min(d, ch - d)
            if d <= 2:
                cl[1] += hist[y]
                break
        else:
            out.append([y, hist[y]])
    return out, total
def third_pair(cl, total):
    """Two edge clusters a third of a cell apart (sextant rows), each 5 %+."""
    for i in range(len(cl)):
        for j in range(i + 1, len(cl)):
            d = abs(cl[i][0] - cl[j][0]); d = min(d, ch - d)
            if abs(d - ch / 3.0) <= 2 and min(cl[i][1], cl[j][1]) >= 0.05 * total:
                return (cl[i][0], cl[j][0])
    return None
hh, mh = edges(half)
hs, ms = edges(sext)
clh, th = clusters(hh)
cls, ts = clusters(hs)
diff = sum(abs(a[k] - b[k]) for a, b in zip(mh, ms) for k in range(3)) / (3.0 * len(mh))
n = len(range(0, cw, 3)) * len(range(0, ch, 3))
diff /= n
print('# %s: cell %dx%d px; edge rows in a cell (px, share): half %s, sextant %s; '
      'per-cell mean colour difference %.1f'
      % (term, cw, ch, [(c[0], round(c[1] / th, 2)) for c in sorted(clh)],
         [(c[0], round(c[1] / ts, 2)) for c in sorted(cls)], diff))
ok = True
def check(cond, what):
    global ok
    print(('ok - ' if cond else 'FAIL - ') + term + ': ' + what)
    ok = ok and cond
check(ch >= 18, 'cells of %d px: tall enough to tell thirds from halves' % ch)
check(third_pair(clh, th) is None and len(clh) <= 3,
      'half blocks: colour changes only at cell edges and half height')
check(third_pair(cls, ts) is not None and len(cls) >= 3,
      'sextants: colour changes a third of a cell apart (three rows a cell)')
check(diff < 20, 'half and sextant maps show the same picture (mean colour per cell)')
sys.exit(0 if ok else 1)
EOS
    [ $? -eq 0 ] || fails=$((fails + 1))
done
[ $ran -gt 0 ] || { echo "no terminal could run: skipping"; exit 77; }
echo "# $ran terminals, $fails failed"
[ $fails -eq 0 ]
