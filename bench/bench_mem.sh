#!/bin/sh
# make bench-mem: peak memory (maximum resident set, /usr/bin/time -v) of the
# big jobs of issue 13, each with its goal on a "GOAL" line like make
# bench's. About 4 minutes on a quiet 2-core machine (the 2M planet about
# 2, the 16384^2 map and the flat DEM about half a minute each), and needs
# 4 GB of RAM. SKIP lines (exit-77 convention) where /usr/bin/time or
# python3 (to write the flat DEM) is missing.
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
# a flat 8192^2 DEM (the issue's 65 KB PNG: 8-bit grey, every sample 0)
# through fill, routing, accumulation, a map and a 4K iso render at subdiv 1
# (2.5 GB in the issue without the map and iso; 4.63 GB with them before the
# export's iso render was streamed, 3.2 GB after; goal 4 GiB)
if wanted flatdem; then
    if command -v python3 >/dev/null 2>&1; then
        python3 - "$tmp/flat.png" <<'PY'
import struct, sys, zlib
w = h = 8192
def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
row = b"\0" + b"\0" * w                          # filter 0, 8-bit grey 0: 65 KB
z = zlib.compressobj(9)
data = b"".join(z.compress(row) for _ in range(h)) + z.flush()
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
                              + chunk(b"IDAT", data) + chunk(b"IEND", b""))
PY
        job flatdem 4295 "flat 8192^2 DEM + map + 4K iso" -- --dem flat.png --map m.png \
            --iso i.png --iso-size 3840x2160 --subdiv 1 --stats s.json
    else
        echo "SKIP memory flat 8192^2 DEM: no python3 to write it"
    fi
fi
