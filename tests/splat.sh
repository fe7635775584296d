#!/bin/sh
# --splat DIR (src/io/raster/splatmap.h): the material weight maps of a
# world. Checked: the 8 channels of every pixel sum to 255 (the SRTM tile,
# a hybrid world of 100 m cells and an island); on the first two, every pixel whose slope (central
# differences of the 16-bit heightmap of the same size, in metres per metre
# from the stats' pixel size) is past tan 45 (with a margin for the
# heightmap's rounding) is all rock and no pixel below tan 25 has a share
# of rock or scree (only a whole ground of them); the island's ocean corner is all sand (ocean floor);
# gdalinfo sees two 4-band Byte PNGs; splat.json's Terrain3D material ids;
# a planet's splat maps (equirectangular) sum to 255 with snow at the
# poles and sand on the sea floor; an existing folder is refused in one
# line with nothing left behind; threads 1 and 3 give the same bytes. Skips (77) without
# python3 with PIL and numpy, or gdalinfo.
. "$(dirname "$0")/data_lib.sh"
data_setup splat pil gdalinfo

"$BIN" export -g dem --dem "$asc" --splat "$tmp/srtm" --heightmap "$tmp/srtm.png" \
    --stats "$tmp/srtm.json" --threads 1
check "--splat (SRTM tile)" $?
"$BIN" export -g hybrid --seed 2 --splat "$tmp/hybrid" --heightmap "$tmp/hybrid.png" \
    --stats "$tmp/hybrid.json" --size 512x512
check "--splat (hybrid, 512 x 512)" $?
"$BIN" export --seed 1 --splat "$tmp/island" --size 256x256
check "--splat (island)" $?

cat >"$tmp/cmp.py" <<'PY'
import json, sys
import numpy as np
from PIL import Image
d, name, dem = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
w = np.concatenate([np.array(Image.open("%s/%s/splat_%d.png" % (d, name, k)))
                    for k in (0, 1)], axis=2).astype(int)
s = w.sum(axis=2)
print(name, "sums", s.min(), s.max(), "shares",
      np.round(w.sum(axis=(0, 1)) / w.sum(), 3).tolist())
if s.min() != 255 or s.max() != 255:
    sys.exit("channels do not sum to 255")
if not dem:
    if w[0, 0, 5] != 255:
        sys.exit("island corner (ocean) is not all sand: %s" % w[0, 0].tolist())
    sys.exit(0)
st = json.load(open("%s/%s.json" % (d, name)))
e = [x for x in st["exports"] if x["file"].endswith(name + ".png")][0]
img = Image.open("%s/%s.png" % (d, name))
px = [float(v) for v in img.info["orogen:pixel_size"].split()]
h = np.array(img, dtype=np.float64) * e["height_step"] + e["height_offset"]
def grad(h, ax, step):
    g = np.empty_like(h)
    a = np.moveaxis(h, ax, 0); o = np.moveaxis(g, ax, 0)
    o[1:-1] = (a[2:] - a[:-2]) / (2 * step)
    o[0] = (a[1] - a[0]) / step
    o[-1] = (a[-1] - a[-2]) / step
    return g
slope = np.hypot(grad(h, 1, px[0]), grad(h, 0, px[1]))
# the heightmap's rounding moves a slope by at most step / spacing
tol = e["height_step"] / min(px)
steep, gentle = slope > 1.0 + tol, slope < 0.4663 - tol
print(name, "steep", int(steep.sum()), "gentle", int(gentle.sum()), "of", slope.size)
if not (w[steep][:, 2] == 255).all():
    sys.exit("a pixel steeper than 45 degrees is not all rock")
# gentle: no slope blend, so rock and scree are whole or absent (a ground
# of rock or scree itself: scorched or bare biomes, a hybrid's grey rock)
g = w[gentle]
if not (np.isin(g[:, 2], (0, 255)) & np.isin(g[:, 3], (0, 255))).all():
    sys.exit("a pixel gentler than 25 degrees has a slope's rock or scree")
if steep.sum() == 0 and name == "hybrid":
    sys.exit("no steep pixel to test")
PY
"$py" "$tmp/cmp.py" "$tmp" srtm 1
check "SRTM: sums of 255, rock past 45 degrees, none below 25" $?
"$py" "$tmp/cmp.py" "$tmp" hybrid 1
check "hybrid: sums of 255, rock past 45 degrees, none below 25" $?
"$py" "$tmp/cmp.py" "$tmp" island 0
check "island: sums of 255, the ocean corner all sand" $?

n=$(gdalinfo "$tmp/hybrid/splat_1.png" | grep -c "^Band [1-4] Block=.*Type=Byte")
[ "$n" -eq 4 ] && gdalinfo "$tmp/hybrid/splat_0.png" | grep -q "Size is 512, 512"
check "gdalinfo: 512 x 512, 4 Byte bands" $?
grep -q '"material_ids": \[0, 1, 2, 3, 4, 5, 6, 7\]' "$tmp/hybrid/splat.json" &&
    grep -q '"splat_map_paths": \["splat_0.png", "splat_1.png"\]' "$tmp/hybrid/splat.json" &&
    grep -q '"name": "snow", "image": "splat_1.png", "channel": "r"' "$tmp/hybrid/splat.json"
check "splat.json: Terrain3D's paths and material ids, snow in splat_1 red" $?

"$BIN" export -g dem --dem "$asc" --splat "$tmp/srtm3" --threads 3 &&
    cmp "$tmp/srtm/splat_0.png" "$tmp/srtm3/splat_0.png" &&
    cmp "$tmp/srtm/splat_1.png" "$tmp/srtm3/splat_1.png"
check "threads 1 and 3: the same bytes" $?

# a planet: equirectangular (pixel-is-area, doc/grid.md), the ground of
# its biomes: every pixel sums to 255; the polar rows are snow (ice caps
# and sea ice) and open ocean is sand; gdalinfo places it over -180..180
"$BIN" export -g planet --seed 1 --set planet.points=20000 --splat "$tmp/p" --size 256x128
check "--splat (planet, 256 x 128)" $?
"$py" - "$tmp/p" <<'PY'
import sys
import numpy as np
from PIL import Image
d = sys.argv[1]
w = np.concatenate([np.array(Image.open("%s/splat_%d.png" % (d, k))) for k in (0, 1)],
                   axis=2).astype(int)
s = w.sum(axis=2)
snow = (w[0, :, 4] == 255).mean(), (w[-1, :, 4] == 255).mean()
print("planet sums", s.min(), s.max(), "polar rows snow", snow, "shares",
      np.round(w.sum(axis=(0, 1)) / w.sum(), 3).tolist())
ok = s.min() == 255 and s.max() == 255 and w.shape == (128, 256, 8)
ok = ok and min(snow) > 0.9 and (w[:, :, 5] == 255).mean() > 0.3
sys.exit(0 if ok else 1)
PY
check "planet: sums of 255 at every pixel, snow at the poles, sand on the sea floor" $?
gdalinfo "$tmp/p/splat_0.png" | grep -q 'Upper Left  (-180.0000000,  90.0000000)'
check "planet: the splat maps' world file covers -180..180, 90..-90" $?
"$BIN" export -g dem --dem "$asc" --splat "$tmp/srtm" 2>"$tmp/e.err"
[ $? -ne 0 ] && [ "$(wc -l <"$tmp/e.err")" -eq 1 ] && grep -q "it exists" "$tmp/e.err"
check "an existing folder: refused in one line" $?
"$BIN" export -g dem --dem "$asc" --splat "$tmp/gone" --heightmap "$tmp/no/h.png" 2>/dev/null
[ $? -ne 0 ] && [ -z "$(ls "$tmp" | grep gone)" ]
check "a failed export leaves no splat folder" $?
[ $fails -eq 0 ]
