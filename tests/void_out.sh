#!/bin/sh
# A DEM's voids in the outputs (issue 27 item 1, "marked in every output"):
# the Front Range tile with a planted void (a 20 x 15 rectangle and one
# lone cell set to the ESRI grid's NODATA value) through --dem gives, at
# the DEM's own size:
#   --heightmap h.png  65535 exactly on the void cells and nowhere else,
#                      heights over 0..65534, a tRNS chunk that gdalinfo
#                      reports as "NoData Value=65535";
#   --raw h.r16        the same samples, little-endian;
#   --heightmap h.tif  -32768 (its GDAL no-data value) exactly there;
#   --bundle           void.png 255 exactly there, height.png as h.png;
#   --stats            "nodata": 65535 for the PNG and r16, dem.voids 301;
# and h.png read back through --dem has the same 301 voids; Unreal's
# --engine PNG keeps the filled heights (a landscape has no holes). A DEM without
# voids keeps 0..65535 and no tRNS. Skips (77) without python3 (PIL,
# numpy) or gdalinfo.
. "$(dirname "$0")/data_lib.sh"
data_setup void pil gdalinfo

# the planted void: rows 30..44, columns 40..59, and the cell (100, 7)
"$py" - "$asc" "$tmp/void.asc" "$tmp/mask.npy" <<'PY'
import sys
import numpy as np
src, dst, maskf = sys.argv[1:4]
lines = open(src).read().split("\n")
head, rows = lines[:6], [l for l in lines[6:] if l.strip()]
a = np.array([[int(v) for v in r.split()] for r in rows])
mask = np.zeros(a.shape, bool)
mask[30:45, 40:60] = True
mask[100, 7] = True
a[mask] = -9999
head[5] = "NODATA_value -9999"
open(dst, "w").write("\n".join(head) + "\n" +
                     "\n".join(" ".join(str(v) for v in r) for r in a) + "\n")
np.save(maskf, mask)
PY
check "a DEM with a planted void (301 cells)" $?

"$BIN" export -g dem --dem "$tmp/void.asc" --heightmap "$tmp/h.png" --raw "$tmp/h.r16" \
    --bundle "$tmp/b" --stats "$tmp/s.json"
check "--heightmap, --raw, --bundle of a DEM with voids" $?
"$BIN" export -g dem --dem "$tmp/void.asc" --heightmap "$tmp/h.tif"
check "--heightmap h.tif of a DEM with voids" $?
"$BIN" export -g dem --dem "$asc" --heightmap "$tmp/full.png" --stats "$tmp/full.json"
check "--heightmap of the DEM without voids" $?

cat >"$tmp/cmp.py" <<'PY'
import json, sys
import numpy as np
from PIL import Image
d = sys.argv[1]
mask = np.load(d + "/mask.npy")
def same(name, a, want):
    ok = a.shape == mask.shape and ((a == want) == mask).all()
    print(name, "voids", int((a == want).sum()), "of", int(mask.sum()), "ok" if ok else "WRONG")
    return ok
h = np.array(Image.open(d + "/h.png")).astype(np.int64)
r = np.fromfile(d + "/h.r16", dtype="<u2").reshape(mask.shape).astype(np.int64)
b = np.array(Image.open(d + "/b/void.png")).astype(np.int64)
bh = np.array(Image.open(d + "/b/height.png")).astype(np.int64)
ok = same("h.png", h, 65535) and same("h.r16", r, 65535) and same("void.png", b, 255)
ok = ok and (bh == h).all() and (r == h).all() and set(np.unique(b)) <= {0, 255}
# heights over 0..65534: the lowest cell with data is 0, the highest 65534
ok = ok and h[~mask].min() == 0 and h[~mask].max() == 65534
s = json.load(open(d + "/s.json"))
ok = ok and all(e["nodata"] == 65535 for e in s["exports"])
ok = ok and s["dem"]["voids"] == int(mask.sum())
full = np.array(Image.open(d + "/full.png")).astype(np.int64)
f = json.load(open(d + "/full.json"))
ok = ok and full.max() == 65535 and f["exports"][0]["nodata"] is None
sys.exit(0 if ok else 1)
PY
"$py" "$tmp/cmp.py" "$tmp"
check "65535 exactly on the voids in h.png, h.r16 and the bundle; void.png; stats" $?

gdalinfo "$tmp/h.png" | grep -q "NoData Value=65535"
check "gdalinfo: the PNG's no-data value is 65535 (tRNS)" $?
! gdalinfo "$tmp/full.png" | grep -q "NoData Value"
check "gdalinfo: no no-data value without voids" $?
n=$(gdalinfo -stats "$tmp/h.tif" | sed -n 's/.*STATISTICS_VALID_PERCENT=\([0-9.]*\).*/\1/p')
gdalinfo "$tmp/h.tif" | grep -q "NoData Value=-32768" &&
    awk -v p="$n" 'BEGIN { exit !(p + 0 > 98.5 && p + 0 < 98.6) }'
check "gdalinfo: the GeoTIFF's no-data -32768 on 301 of 20736 cells ($n % valid)" $?

"$BIN" export -g dem --dem "$tmp/void.asc" --engine unreal --engine-out "$tmp/ue" &&
    ! gdalinfo "$tmp/ue.png" | grep -q "NoData Value"
check "--engine unreal: the filled heights, no no-data value" $?

# Godot's EXR: the filled heights too (Terrain3D and HTerrain have no use
# for NaN): read back through --dem (OpenEXRCore) it has no voids, and at
# 257 x 257 it equals the GeoTIFF of the same size wherever that has data;
# the sidecar counts the filled cells
# (the source's own heights: no river channels carved into either export,
# which the read-back would carve a second time)
"$BIN" export -g dem --dem "$tmp/void.asc" --set render.carve_rivers=off --engine godot \
    --engine-out "$tmp/gd" &&
    "$BIN" export -g dem --dem "$tmp/gd.exr" --set render.carve_rivers=off \
        --heightmap "$tmp/gd_back.tif" --stats "$tmp/gds.json" &&
    "$BIN" export -g dem --dem "$tmp/void.asc" --set render.carve_rivers=off --size 257x257 \
        --heightmap "$tmp/v257.tif"
check "--engine godot of a DEM with voids, read back" $?
grep -q '"voids": 0,' "$tmp/gds.json" && grep -q '"voids_filled": 301,' "$tmp/gd.json"
check "godot: no NaN in the EXR (no voids read back); gd.json: voids_filled 301" $?
"$py" - "$tmp/gd_back.tif" "$tmp/v257.tif" <<'PY'
import sys
from osgeo import gdal
import numpy as np
a = gdal.Open(sys.argv[1]).ReadAsArray()
b = gdal.Open(sys.argv[2]).ReadAsArray()
data = b != -32768
ok = np.isfinite(a).all() and (a[data] == b[data]).all() and (~data).sum() > 0
ok = ok and (a[~data] > 2000).all()   # filled from the rims, no pits or sea
sys.exit(0 if ok else 1)
PY
check "godot: the EXR = the GeoTIFF where it has data, finite filled heights on the voids" $?

"$BIN" export -g dem --dem "$tmp/h.png" --stats "$tmp/back.json"
grep -q '"voids": 301,' "$tmp/back.json"
check "h.png read back through --dem: the same 301 voids" $?
[ $fails -eq 0 ]
