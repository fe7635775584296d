#!/bin/sh
# glTF exports through the Khronos glTF validator (npm package
# gltf-validator): every .glb orogen writes has 0 errors and 0 warnings.
# Needs node and npm; the validator is installed once into a cache folder
# of the build tree (tests/.gltf-validator). Skips (77) without node or
# when the package cannot be installed (offline).
set -u
BIN=${OROGEN_BIN:-src/cli/orogen}
BUILD=${BIN%/src/cli/orogen}
[ "$BUILD" = "$BIN" ] && BUILD=.
VALIDATOR_VERSION=2.0.0-dev.3.10
cache="$BUILD/tests/.gltf-validator"

command -v node >/dev/null 2>&1 || { echo "node not found: skipped"; exit 77; }
if [ ! -f "$cache/node_modules/gltf-validator/package.json" ]; then
    command -v npm >/dev/null 2>&1 || { echo "npm not found: skipped"; exit 77; }
    mkdir -p "$cache" &&
        npm install --silent --no-audit --no-fund --prefix "$cache" \
            "gltf-validator@$VALIDATOR_VERSION" >/dev/null 2>&1 ||
        { echo "cannot install gltf-validator (offline?): skipped"; exit 77; }
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-gltf.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

"$BIN" export --seed 5 --set island.cells=1500 --mesh "$tmp/island.glb" --mesh-size 40x40 &&
"$BIN" export -g hybrid --set hybrid.width=48 --set hybrid.height=32 --set hybrid.droplets_per_cell=1 \
    --mesh "$tmp/hybrid.glb" &&
"$BIN" export -g planet --set planet.points=600 --mesh "$tmp/planet.glb" --mesh-size 48x24 &&
"$BIN" export --dem "${OROGEN_TEST_DATA:-tests/data}/srtmgl3_front_range_144.png" \
    --mesh "$tmp/dem.glb" || { echo "not ok - meshes written"; exit 1; }
echo "ok - meshes written"

cat > "$tmp/validate.js" <<'JS'
const validator = require('gltf-validator');
const fs = require('fs');
(async () => {
    let bad = 0;
    for (const f of process.argv.slice(2)) {
        const r = await validator.validateBytes(new Uint8Array(fs.readFileSync(f)));
        const ok = r.issues.numErrors === 0 && r.issues.numWarnings === 0;
        console.log((ok ? 'ok' : 'not ok') + ' - ' + f.replace(/.*\//, '') + ': ' +
                    r.issues.numErrors + ' errors, ' + r.issues.numWarnings + ' warnings');
        for (const m of r.issues.messages.slice(0, 5)) {
            console.log('# ' + m.code + ' ' + m.message + ' ' + (m.pointer || ''));
        }
        if (!ok) bad = 1;
    }
    process.exit(bad);
})();
JS
NODE_PATH="$cache/node_modules" node "$tmp/validate.js" "$tmp"/*.glb
