#!/bin/sh
# --normals (src/io/raster/normalmap.h): the normal map of the SRTM tile
# matches central finite differences of its own 16-bit heightmap (decoded
# with PIL, scaled with the stats' offset, step and pixel size) within
# 2/255 in every channel, for OpenGL and DirectX (green flipped). Skips
# (77) when python3 with PIL and numpy is absent (quickstart's gdal-bin
# brings numpy; .ci installs python3-pil).
. "$(dirname "$0")/data_lib.sh"
data_setup normals pil
"$BIN" export -g dem --dem "$asc" --heightmap "$tmp/h.png" --normals "$tmp/gl.png" \
    --stats "$tmp/s.json"
check "--normals (opengl)" $?
"$BIN" export -g dem --dem "$asc" --normals "$tmp/dx.png" --normals-convention directx
check "--normals --normals-convention directx" $?
cat >"$tmp/cmp.py" <<'PY'
import json, sys
import numpy as np
from PIL import Image
d = sys.argv[1]
s = json.load(open(d + "/s.json"))
e = [x for x in s["exports"] if x["file"].endswith("h.png")][0]
img = Image.open(d + "/h.png")
px = [float(v) for v in img.info["orogen:pixel_size"].split()]
h = np.array(img, dtype=np.float64) * e["height_step"] + e["height_offset"]
H, W = h.shape
def grad(h, ax, step):
    g = np.empty_like(h)
    a = np.moveaxis(h, ax, 0); o = np.moveaxis(g, ax, 0)
    o[1:-1] = (a[2:] - a[:-2]) / (2 * step)
    o[0] = (a[1] - a[0]) / step
    o[-1] = (a[-1] - a[-2]) / step
    return g
gx = grad(h, 1, px[0])            # east
gy = -grad(h, 0, px[1])           # north (rows run south)
n = np.sqrt(gx * gx + gy * gy + 1)
for name, sgn in (("gl", -1), ("dx", 1)):
    want = np.stack([-gx / n, sgn * gy / n, 1 / n], axis=2)
    want = np.clip(np.floor(127.5 * (want + 1) + 0.5), 0, 255)
    got = np.array(Image.open(d + "/" + name + ".png").convert("RGB"), dtype=np.float64)
    worst = np.abs(got - want).max()
    print(name, "worst", worst)
    if worst > 2:
        sys.exit(1)
PY
"$py" "$tmp/cmp.py" "$tmp"
check "normals = finite differences of the heightmap within 2/255 (OpenGL and DirectX)" $?
"$BIN" export -g planet --seed 1 --normals "$tmp/p.png" 2>"$tmp/p.err"
[ $? -ne 0 ] && [ "$(wc -l <"$tmp/p.err")" -eq 1 ] && [ ! -e "$tmp/p.png" ]
check "a planet's normal map: refused in one line" $?
[ $fails -eq 0 ]
