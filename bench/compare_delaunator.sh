#!/bin/sh
# compare_delaunator.sh FILE N [RUNS]: time delaunator (JavaScript, under
# node) on N points stored in FILE as 2*N little-endian float64 (x0 y0 x1
# y1 ...). Prints "delaunator <N>: <best ms> ms <triangles> triangles", in
# node's process CPU time (steadier than the wall clock on a shared machine).
# Skips (exit 77, one line on stdout) when node or delaunator is missing.
# delaunator is looked up in $DELAUNATOR_DIR/node_modules (default
# /tmp/delaunator); install it outside the repository with
#   mkdir -p /tmp/delaunator && cd /tmp/delaunator && npm install delaunator
set -eu
usage="compare_delaunator.sh FILE N [RUNS]"
default_runs=5
module=delaunator/index.js
. "$(dirname "$0")/node_peer.sh"
node --input-type=module - "$file" "$n" "$runs" "$mod" <<'JS'
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [file, nArg, runsArg, mod] = process.argv.slice(2);
const { default: Delaunator } = await import(pathToFileURL(mod).href);
const buf = readFileSync(file);
const n = Number(nArg);
const coords = new Float64Array(buf.buffer, buf.byteOffset, 2 * n).slice();
let best = Infinity, ntri = 0;
for (let r = 0; r < Number(runsArg) + 1; r++) {
    const t0 = process.cpuUsage();
    const d = new Delaunator(coords);
    const c = process.cpuUsage(t0), ms = (c.user + c.system) / 1e3; // process CPU
    ntri = d.triangles.length / 3;
    if (r > 0 && ms < best) best = ms; // the first run warms up the JIT
}
console.log(`delaunator ${n}: ${best.toFixed(1)} ms ${ntri} triangles`);
JS
