# Sourced by the data-output tests (splat, void_out, bundle_masks, normals,
# engine, heightmap_float): after `data_setup NAME [NEED...]` they have
# BIN, DATA, asc (the Front Range SRTM tile), tmp (a fresh folder removed
# on exit), py (python3 with PIL and numpy, when NEED names "pil"), and
# check DESCRIPTION STATUS, which prints ok/not ok and counts $fails.
# Each other NEED is a command; a missing one skips the test (exit 77).
# GDAL_PAM_ENABLED=NO keeps gdalinfo from writing .aux.xml beside outputs.
set -u
BIN=${OROGEN_BIN:-src/cli/orogen}
DATA=${OROGEN_DATA:-data}
asc=$DATA/dem/srtmgl3_front_range_144.asc
GDAL_PAM_ENABLED=NO
export GDAL_PAM_ENABLED
fails=0
py=""

check() { # description, status (0 = ok)
    if [ "$2" -eq 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fails=$((fails + 1)); fi
}

data_setup() { # NAME NEED...
    _name=$1
    shift
    for _need in "$@"; do
        if [ "$_need" = pil ]; then
            for _p in /usr/bin/python3 python3; do
                if command -v "$_p" >/dev/null 2>&1 && "$_p" -c 'import PIL, numpy' >/dev/null 2>&1; then
                    py=$_p
                    break
                fi
            done
            [ -n "$py" ] || { echo "python3 with PIL and numpy not found: skipped"; exit 77; }
        else
            command -v "$_need" >/dev/null 2>&1 || { echo "$_need not found: skipped"; exit 77; }
        fi
    done
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-$_name.XXXXXX") || exit 99
    trap 'rm -rf "$tmp"' EXIT
}
