#!/bin/sh
# The terrain masks of --bundle (src/io/bundle.h) against the bundle's own
# height.png (decoded with PIL, scaled with the manifest's formula and
# pixel size), on the Front Range tile at its own size:
#   curvature.png  the Laplacian (z_e - 2z + z_w)/dx^2 + (z_n - 2z + z_s)/dy^2
#                  (an axis's term 0 at the edge), over the manifest's
#                  [-max, max], within one sample plus the heights' rounding;
#   slope.png      the central-difference slope (one-sided at the edges)
#                  over [0, max], within the same bounds;
# and flow.png, void.png absent for a DEM without voids. Skips (77)
# without python3 with PIL and numpy.
. "$(dirname "$0")/data_lib.sh"
data_setup masks pil
# the cells' own surface: slope and curvature are of the cells, and
# height.png then carries no river channels (render.carve_rivers)
"$BIN" export -g dem --dem "$asc" --set render.carve_rivers=off --bundle "$tmp/b"
check "--bundle of the SRTM tile" $?
[ -f "$tmp/b/flow.png" ] && [ -f "$tmp/b/slope.png" ] && [ -f "$tmp/b/curvature.png" ] &&
    [ ! -e "$tmp/b/void.png" ]
check "flow, slope and curvature in the bundle, no void.png without voids" $?
cat >"$tmp/cmp.py" <<'PY'
import json, re, sys
import numpy as np
from PIL import Image
d = sys.argv[1]
m = json.load(open(d + "/manifest.json"))
files = {f["file"]: f for f in m["files"]}
dx, dy = m["pixel_size_m"]
off, step = [float(v) for v in re.findall(r"-?[0-9][-0-9.e+]*", files["height.png"]["meaning"])[:2]]
h = np.array(Image.open(d + "/height.png"), dtype=np.float64) * step + off
def decode(name):
    lo, hi = files[name]["range"]
    return lo + np.array(Image.open(d + "/" + name), dtype=np.float64) / 65535 * (hi - lo), hi - lo
k = np.zeros_like(h)
k[:, 1:-1] += (h[:, 2:] - 2 * h[:, 1:-1] + h[:, :-2]) / dx ** 2
k[1:-1, :] += (h[2:, :] - 2 * h[1:-1, :] + h[:-2, :]) / dy ** 2
got, span = decode("curvature.png")
tol = span / 65535 + 4 * step * (1 / dx ** 2 + 1 / dy ** 2)
worst = np.abs(got - k).max()
print("curvature: range +-%.3g 1/m, worst %.3g, bound %.3g" % (span / 2, worst, tol))
ok = worst <= tol and abs(files["curvature.png"]["range"][0] + span / 2) < 1e-12
gx = np.gradient(h, dx, axis=1)
gy = np.gradient(h, dy, axis=0)
s = np.hypot(gx, gy)
got, span = decode("slope.png")
tol = span / 65535 + step / min(dx, dy)
worst = np.abs(got - s).max()
print("slope: range 0..%.3g m/m, worst %.3g, bound %.3g" % (span, worst, tol))
sys.exit(0 if ok and worst <= tol else 1)
PY
"$py" "$tmp/cmp.py" "$tmp/b"
check "curvature.png and slope.png = finite differences of height.png" $?
[ $fails -eq 0 ]
