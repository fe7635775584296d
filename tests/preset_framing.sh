#!/bin/sh
# preset_framing.sh: presets show what their name promises in the frame of
# their exports (issue 29). Measured on `orogen export` pictures, land told
# from sea (blue), the iso backdrop (0x1b2130) and the block's earth walls
# (0x524333) by colour:
#   volcano "a single steep cone in the middle of the sea": in the map the
#     land is 5-25 % of the frame and its bounding box 25-60 % of each side,
#     centred (its box's centre within 15 % of the frame's); in the iso
#     render its box is at least 45 % of the frame's width (it was a speck
#     in a wide sea before issue 29's first step);
#   atoll "a ring of low islands around a lagoon": in the iso render the
#     median height of a column's land run is at most 6 % of the frame (the
#     auto relief drew the 0.2-high rim at the same height as a mountain
#     island: 9-11 %; the preset's render.exaggeration = 0.4 gives 4 %), and
#     the ring spans at least 80 % of the frame's width.
# Needs python3 with PIL; exit 77 without it. Seeds 1 and 2, about 10 s.
set -u
BIN=${OROGEN_BIN:-src/cli/orogen}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
PY=/usr/bin/python3
[ -x $PY ] && $PY -c 'import PIL' 2>/dev/null || { echo "python3-pil is not installed: skipping"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-framing.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
for s in 1 2; do
    "$BIN" export --preset volcano --seed $s --map "$tmp/volcano-$s-map.png" --map-size 256x256 \
        --iso "$tmp/volcano-$s-iso.png" --iso-size 480x320 || exit 99
    "$BIN" export --preset atoll --seed $s --iso "$tmp/atoll-$s-iso.png" --iso-size 480x320 || exit 99
done
$PY - "$tmp" <<'EOS'
import sys
from PIL import Image
tmp = sys.argv[1]
def is_land(p):
    r, g, b = p
    if abs(r - 0x1b) < 8 and abs(g - 0x21) < 8 and abs(b - 0x30) < 8:
        return False          # the iso backdrop
    if abs(r - 82) < 15 and abs(g - 67) < 15 and abs(b - 51) < 15:
        return False          # the iso block's earth side walls
    return not (b > r + 25 and b >= g)   # sea and lakes are blue
def measure(path):
    im = Image.open(path).convert('RGB')
    px = im.load()
    w, h = im.size
    land = 0
    x0, y0, x1, y1 = w, h, -1, -1
    runs = []
    for x in range(w):
        run = 0
        for y in range(h + 1):
            if y < h and is_land(px[x, y]):
                land += 1
                run += 1
                x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
            elif run:
                runs.append(run)
                run = 0
    runs.sort()
    return dict(w=w, h=h, frac=land / (w * h), bw=(x1 - x0 + 1) / w, bh=(y1 - y0 + 1) / h,
                cx=(x0 + x1 + 1) / 2 / w, cy=(y0 + y1 + 1) / 2 / h,
                run=runs[len(runs) // 2] / h if runs else 0)
fails = 0
def check(cond, what):
    global fails
    print(('ok - ' if cond else 'FAIL - ') + what)
    fails += not cond
for s in (1, 2):
    m = measure('%s/volcano-%d-map.png' % (tmp, s))
    check(0.05 <= m['frac'] <= 0.25 and 0.25 <= m['bw'] <= 0.6 and 0.25 <= m['bh'] <= 0.6 and
          abs(m['cx'] - 0.5) < 0.15 and abs(m['cy'] - 0.5) < 0.15,
          'volcano seed %d map: land %.1f %% of the frame, box %.0f %% x %.0f %%, centre (%.2f, %.2f)'
          % (s, 100 * m['frac'], 100 * m['bw'], 100 * m['bh'], m['cx'], m['cy']))
    m = measure('%s/volcano-%d-iso.png' % (tmp, s))
    check(m['bw'] >= 0.45, 'volcano seed %d iso: the cone spans %.0f %% of the width'
          % (s, 100 * m['bw']))
    m = measure('%s/atoll-%d-iso.png' % (tmp, s))
    check(m['run'] <= 0.06 and m['bw'] >= 0.8,
          'atoll seed %d iso: median land column %.1f %% of the frame (low islands), ring %.0f %% wide'
          % (s, 100 * m['run'], 100 * m['bw']))
print('# %d failed' % fails)
sys.exit(1 if fails else 0)
EOS
