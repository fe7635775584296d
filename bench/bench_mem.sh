#!/bin/sh
# make bench-mem: peak memory (maximum resident set, /usr/bin/time -v) of the
# big jobs of issues 13 and 27, each with its goal on a "GOAL" line like make
# bench's. About 20 minutes on a quiet 2-core machine (the 16384^2 DEMs
# several minutes each, run one after the other), and needs the 16384^2
# DEMs' memory (doc/scale.md). SKIP lines where /usr/bin/time, python3 (to
# write the flat DEMs) or gdal_translate (the relief DEMs) is missing.
#   usage: bench_mem.sh [BIN]      (default src/cli/orogen)
#   OROGEN_BENCH_MEM=map16k,planet2m,... runs only the named jobs
set -u
BIN=${1:-src/cli/orogen}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-bench-mem.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
if ! /usr/bin/time -v true >/dev/null 2>&1; then
    echo "SKIP bench-mem: no GNU /usr/bin/time (apt-get install time)"
    exit 0
fi
threads=${OROGEN_THREADS:-$(nproc 2>/dev/null || echo 1)}
echo "bench-mem: $threads threads, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"

wanted() { case ",${OROGEN_BENCH_MEM:-$1}," in *",$1,"*) return 0 ;; esac; return 1; }

# job NAME GOAL_MB DESCRIPTION -- orogen arguments: peak RSS in MB (10^6
# bytes; the goals too) and MiB, wall and CPU seconds, and the goal line.
job() {
    name=$1 goal=$2 what=$3
    shift 4
    wanted "$name" || return 0
    if ! (cd "$tmp" && /usr/bin/time -v "$BIN" export "$@") >"$tmp/out" 2>"$tmp/time"; then
        echo "FAIL $name: orogen export $*"
        grep -v "^	" "$tmp/time" | tail -n 3 | sed 's/^/    /'
        return 0
    fi
    awk -v name="$name" -v what="$what" -v goal="$goal" '
        /Maximum resident set size/ { kb = $NF }
        /User time/ { user = $NF } /System time/ { sys = $NF }
        /Elapsed \(wall clock\)/ { wall = $NF }
        END {
            mb = kb * 1024 / 1e6
            printf "%s: peak %.0f MB (%.0f MiB), wall %s, cpu %.1f s\n", what, mb, kb / 1024,
                   wall, user + sys
            if (goal > 0)
                printf "GOAL memory %s: %.0f MB (goal <= %.0f MB): %s\n", what, mb, goal,
                       mb <= goal ? "met" : "NOT met"
        }' "$tmp/time"
    rm -f "$tmp"/*.png
}

# 16384^2 map of the default island (issue: 2.1 GB before; goal 1.2 GB)
job map16k 1200 "map 16384^2, default island" -- --map m.png --size 16384x16384
# 8192^2 map of a 500k-cell island (632 MB before; no goal of its own)
job map8k 0 "map 8192^2, 500k-cell island" -- --set island.cells=500000 --map m.png \
    --size 8192x8192
# the planet at 2M points with a 2048^2 globe (550-567 MB before; goal 400 MB)
job planet2m 400 "planet 2M points, globe 2048^2" -- -g planet --set planet.points=2000000 \
    --globe g.png --globe-size 2048 --stats s.json
# the island at 2M cells (409 MB before: should not grow)
job island2m 409 "island 2M cells" -- --set island.cells=2000000 --stats s.json
# The DEM jobs of issue 27 ("Scale"): 8192^2 within 2 GB, 16384^2 (a 1 m
# lidar mosaic's size) within 8 GB, through voids, fill, routing,
# accumulation, moisture, biomes and a map. A flat DEM (8-bit grey PNG,
# every sample 0: all sea) and real relief: data/dem/fuji.png's heights as
# a float32 GeoTIFF upsampled (cubic spline) to 1 m UTM cells with
# gdal_translate, like a lidar tile.
# flatpng SIZE FILE: an 8-bit grey PNG of SIZE^2 zeros (65 KB at 8192^2).
flatpng() {
    python3 - "$1" "$2" <<'PY'
import struct, sys, zlib
w = h = int(sys.argv[1])
def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
row = b"\0" + b"\0" * w                          # filter 0, 8-bit grey 0
z = zlib.compressobj(9)
data = b"".join(z.compress(row) for _ in range(h)) + z.flush()
open(sys.argv[2], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
                              + chunk(b"IDAT", data) + chunk(b"IEND", b""))
PY
}
# relieftif SIZE FILE: fuji's heights on SIZE^2 cells of 1 m
fuji_tif=
relieftif() {
    if [ -z "$fuji_tif" ]; then
        fuji_tif=$tmp/fuji.tif
        (cd "$tmp" && "$BIN" export --dem "$srcdir/data/dem/fuji.png" --heightmap fuji.tif) \
            >/dev/null 2>&1 || return 1
    fi
    gdal_translate -q -outsize "$1" "$1" -r cubicspline -a_srs EPSG:32654 \
        -a_ullr 300000 3920000 $((300000 + $1)) $((3920000 - $1)) -co TILED=YES \
        -co COMPRESS=DEFLATE -co PREDICTOR=3 "$fuji_tif" "$2" >/dev/null
}
srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
have_py=0; command -v python3 >/dev/null 2>&1 && have_py=1
have_gdal=0; command -v gdal_translate >/dev/null 2>&1 && have_gdal=1
# demjob NAME GOAL_MB flat|relief SIDE DESCRIPTION -- orogen arguments: job
# on a SIDE^2 DEM (--dem NAME.png or NAME.tif, made only when the job is
# wanted and removed after it)
demjob() {
    wanted "$1" || return 0
    if [ "$3" = flat ]; then
        dem=$1.png tool=python3 have=$have_py maker=flatpng
    else
        dem=$1.tif tool=gdal_translate have=$have_gdal maker=relieftif
    fi
    if [ "$have" = 1 ] && $maker "$4" "$tmp/$dem"; then
        dname=$1 dgoal=$2 dwhat=$5
        shift 6
        job "$dname" "$dgoal" "$dwhat" -- --dem "$dem" "$@"
    elif [ "$have" = 1 ]; then
        echo "SKIP memory $5: $tool could not write its DEM"
    else
        echo "SKIP memory $5: no $tool to write its DEM"
    fi
    rm -f "$tmp/$dem"
}
# the issue's flat 8192^2 DEM with a map and a 4K iso render at subdiv 1
# (4.63 GB before the export's iso render was streamed, 3.2 GB after)
demjob flatdem 2000 flat 8192 "flat 8192^2 DEM + map + 4K iso" -- --map m.png \
    --iso i.png --iso-size 3840x2160 --subdiv 1 --stats s.json
demjob relief8k 2000 relief 8192 "relief 8192^2 DEM + map" -- --map m.png --stats s.json
# 16384^2: the largest jobs, one at a time (about 4 and 17 GB before)
demjob flat16k 8000 flat 16384 "flat 16384^2 DEM + map" -- --map m.png --stats s.json
demjob relief16k 8000 relief 16384 "relief 16384^2 DEM + map" -- --map m.png --stats s.json
