#!/bin/sh
# orogen's PNGs (filtered and deflated in parallel chunks by
# src/io/png/pngio_deflate.c) through decoders other than libpng:
# pngcheck (CRCs, chunk order, the zlib stream and its Adler-32) and
# Python's PIL (decoded pixels). The small golden images must decode to
# the digests libpng gives in tests/golden/island.sha256; the large ones
# (many IDAT chunks) must be the same bytes for 1, 2 and 3 threads and
# decode cleanly. Skips (77) when neither tool is installed (quickstart
# installs pngcheck, .ci/run python3-pil).
set -u
BIN=${OROGEN_BIN:-src/cli/orogen}
SRC=${OROGEN_SRCDIR:-.}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-png.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0

check() { # description, command status (0 = ok)
    if [ "$2" -eq 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fails=$((fails + 1)); fi
}

py=""
for p in /usr/bin/python3 python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import PIL' >/dev/null 2>&1; then
        py=$p
        break
    fi
done
have_pngcheck=0
command -v pngcheck >/dev/null 2>&1 && have_pngcheck=1
if [ -z "$py" ] && [ $have_pngcheck -eq 0 ]; then
    echo "neither pngcheck nor python3 PIL found: skipped"
    exit 77
fi

# the golden island (seed 7): a map of two chunks and an iso render of one
"$BIN" export --seed 7 --map "$tmp/gmap.png" --map-size 256x256 \
    --iso "$tmp/giso.png" --iso-size 256x160 --threads 2
check "golden island exported" $?
# larger images: a 2048^2 map (zlib 6, 67 chunks), a 1920x1080 render (zlib 1, 32 chunks)
for t in 1 2 3; do
    "$BIN" export --seed 3 --set island.cells=20000 --map "$tmp/map$t.png" --map-size 2048x2048 \
        --iso "$tmp/iso$t.png" --iso-size 1920x1080 --threads "$t" || fails=$((fails + 1))
done
cmp -s "$tmp/map1.png" "$tmp/map2.png" && cmp -s "$tmp/map1.png" "$tmp/map3.png"
check "2048^2 map: the same bytes for 1, 2 and 3 threads" $?
cmp -s "$tmp/iso1.png" "$tmp/iso2.png" && cmp -s "$tmp/iso1.png" "$tmp/iso3.png"
check "1920x1080 render: the same bytes for 1, 2 and 3 threads" $?

if [ $have_pngcheck -eq 1 ]; then
    for f in gmap giso map1 iso1; do
        pngcheck -q "$tmp/$f.png" >"$tmp/pngcheck.log" 2>&1
        check "pngcheck $f.png" $?
    done
else
    echo "ok - pngcheck # SKIP not installed"
fi

if [ -n "$py" ]; then
    golden="$SRC/tests/golden/island.sha256"
    want_map=$(sed -n 's/^map-color:256x256 //p' "$golden")
    want_iso=$(sed -n 's/^iso:256x160 //p' "$golden")
    # PIL's pixels as RGBA, hashed like golden_run hashes libpng's
    cat >"$tmp/pil.py" <<'PY'
import hashlib, sys
from PIL import Image
for f in sys.argv[1:]:
    im = Image.open(f)
    im.load()
    print(im.mode, im.size[0], im.size[1], hashlib.sha256(im.convert("RGBA").tobytes()).hexdigest())
PY
    got=$("$py" "$tmp/pil.py" "$tmp/gmap.png" "$tmp/giso.png")
    check "PIL decodes the golden images" $?
    echo "$got" | sed -n 1p | grep -q "^RGBA 256 256 $want_map\$"
    check "PIL: golden map pixels are libpng's (tests/golden/island.sha256)" $?
    echo "$got" | sed -n 2p | grep -q "^RGBA 256 160 $want_iso\$"
    check "PIL: golden render pixels are libpng's (tests/golden/island.sha256)" $?
    got=$("$py" "$tmp/pil.py" "$tmp/map1.png" "$tmp/iso1.png")
    check "PIL decodes the large images" $?
    echo "$got" | sed -n 1p | grep -q "^RGBA 2048 2048 " &&
        echo "$got" | sed -n 2p | grep -q "^RGBA 1920 1080 "
    check "PIL: the large images' sizes" $?
else
    echo "ok - PIL # SKIP python3 PIL not installed"
fi
exit $((fails > 0))
