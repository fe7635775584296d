#!/bin/sh
# compare_d3_lloyd.sh FILE N [RUNS]: time one Lloyd step with d3-delaunay
# (JavaScript, under node): triangulate N points stored in FILE as 2*N
# little-endian float64 in [0, 1000)^2, clip every Voronoi cell to the box
# and move each site to its cell's area centroid. Prints "d3-lloyd <N>:
# <best ms> ms". d3-delaunay is looked up in $DELAUNATOR_DIR/node_modules
# (default /tmp/delaunator; npm install d3-delaunay there). Skips (exit 77,
# one "skip:" line) when node or d3-delaunay is missing.
set -eu
usage="compare_d3_lloyd.sh FILE N [RUNS]"
default_runs=2
module=d3-delaunay/dist/d3-delaunay.mjs
. "$(dirname "$0")/node_peer.sh"
node --input-type=module - "$file" "$n" "$runs" "$mod" <<'JS'
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [file, nArg, runsArg, mod] = process.argv.slice(2);
const { Delaunay } = await import(pathToFileURL(mod).href);
const buf = readFileSync(file);
const n = Number(nArg);
const coords = new Float64Array(buf.buffer, buf.byteOffset, 2 * n).slice();
let best = Infinity;
for (let r = 0; r < Number(runsArg) + 1; r++) {
    const pts = coords.slice();
    const t0 = process.cpuUsage();
    const v = new Delaunay(pts).voronoi([0, 0, 1000, 1000]);
    const out = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
        const poly = v.cellPolygon(i);
        let a = 0, cx = 0, cy = 0;
        if (poly) {
            for (let k = 0; k + 1 < poly.length; k++) {
                const [x0, y0] = poly[k], [x1, y1] = poly[k + 1];
                const c = x0 * y1 - x1 * y0;
                a += c; cx += (x0 + x1) * c; cy += (y0 + y1) * c;
            }
        }
        out[2 * i] = a !== 0 ? cx / (3 * a) : pts[2 * i];
        out[2 * i + 1] = a !== 0 ? cy / (3 * a) : pts[2 * i + 1];
    }
    const c = process.cpuUsage(t0), ms = (c.user + c.system) / 1e3; // process CPU
    if (r > 0 && ms < best) best = ms; // the first run warms up the JIT
}
console.log(`d3-lloyd ${n}: ${best.toFixed(1)} ms`);
JS
