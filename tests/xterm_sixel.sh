#!/bin/sh
# xterm_sixel.sh: orogen in a real terminal that draws sixel images. Runs
# `xterm -ti vt340` on a virtual X server (Xvfb), lets orogen ask it what it
# can draw (DA1 attribute 4 -> sixel), takes a screenshot (xwd) and checks
# that the map window's pixels are the top-down map rendered by
# `orogen export --map` at the same pixel size, within the tolerance of the
# sixel encoding (libchafa quantizes to 256 colours).
#   SHOT=FILE.png keeps the screenshot (doc/images/terminal-sixel.png).
# Needs Xvfb (xvfb), xterm, xwd (x11-apps), python3 with PIL (python3-pil);
# exits 77 (skip) without them or without libchafa in this build. About 10 s.
X11_TOOLS="Xvfb xterm xwd" X11_OPTION=--graphics X11_SCREEN=1100x800x24
. "$(dirname "$0")/x11_lib.sh"

# The pty's pixel size gives the cell size orogen will use.
x11_script --seed 7 ${OROGEN_XTERM_ARGS:-}
DISPLAY=$disp xterm -ti vt340 -geometry 120x40+0+0 -bw 0 -b 0 -fa Monospace -fs 10 \
    -xrm 'XTerm*decTerminalID: vt340' -e "$tmp/run.sh" &
term_pid=$!
sleep 5
DISPLAY=$disp xwd -root -silent >"$tmp/shot.xwd"
[ -s "$tmp/winsz" ] || { echo "FAIL: xterm did not run orogen"; exit 1; }
set -- $(cat "$tmp/winsz")
rows=$1 cols=$2 xpix=$3 ypix=$4
[ "$xpix" -gt 0 ] || { echo "xterm reports no pixel size: skipping"; exit 77; }
cw=$((xpix / cols)) ch=$((ypix / rows))
# the map window: every column, all rows but the three status lines; sixel
# images are a multiple of 6 pixels tall
pw=$((cols * cw)) ph=$(((rows - 3) * ch))
ph=$((ph - ph % 6))
side=$pw; [ $ph -lt $side ] && side=$ph
"$BIN" export --seed 7 --map "$tmp/ref.png" --size "${side}x${side}" 2>"$tmp/export.err" ||
    { echo "FAIL: export"; cat "$tmp/export.err"; exit 1; }
echo "# xterm ${cols}x${rows}, cell ${cw}x${ch} px, map window ${pw}x${ph} px, map ${side} px"
$PY - "$tmp/shot.xwd" "$tmp/ref.png" "$pw" "$ph" "$side" "${SHOT:-}" <<'EOS'
import struct, sys
from PIL import Image
shot, ref, pw, ph, side, keep = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
b = open(shot, 'rb').read()
h = struct.unpack('>25I', b[:100])
hsize, width, height, bpp, bpl, ncol = h[0], h[4], h[5], h[11], h[12], h[19]
if bpp != 32:
    print('FAIL: screenshot is %d bits per pixel' % bpp); sys.exit(1)
off = hsize + 12 * ncol
img = Image.frombuffer('RGB', (width, height), b[off:off + bpl * height], 'raw', 'BGRX', bpl, 1)
if keep:
    img.crop((0, 0, min(width, pw + 8), min(height, ph + 3 * (ph // 37 + 1) + 60))).save(keep)
r = Image.open(ref).convert('RGB')
# the map square's place in the window (mapview.c draw_pixels)
import math
x0 = math.ceil(pw / 2 - side / 2 - 0.5)
y0 = math.ceil(ph / 2 - side / 2 - 0.5)
rp = r.load(); ip = img.load()
best = None
for oy in range(0, 5):
    for ox in range(0, 5):
        tot = 0; n = 0
        for y in range(0, side, 7):
            for x in range(0, side, 7):
                a = rp[x, y]; c = ip[ox + x0 + x, oy + y0 + y]
                tot += abs(a[0] - c[0]) + abs(a[1] - c[1]) + abs(a[2] - c[2]); n += 3
        if best is None or tot / n < best[0]:
            best = (tot / n, ox, oy)
mean, ox, oy = best
# the share of pixels off by more than 48 on a channel
bad = 0; n = 0
for y in range(0, side, 3):
    for x in range(0, side, 3):
        a = rp[x, y]; c = ip[ox + x0 + x, oy + y0 + y]
        n += 1
        bad += max(abs(a[0] - c[0]), abs(a[1] - c[1]), abs(a[2] - c[2])) > 48
# outside the square the window is black (no stale cells, no text)
side_px = [ip[ox + x, oy + ph // 2] for x in range(0, max(1, x0 - 2), 5)]
dark = all(max(p) < 24 for p in side_px)
print('# offset (%d, %d): mean abs difference %.2f, %.2f %% of pixels off by more than 48, margin %s'
      % (ox, oy, mean, 100.0 * bad / n, 'black' if dark else 'NOT black'))
ok = mean < 6.0 and bad < 0.02 * n and dark
print('ok - the map window shows the rendered map' if ok else 'FAIL - the map window differs from the render')
sys.exit(0 if ok else 1)
EOS
st=$?
exit $st
