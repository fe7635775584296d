#!/bin/sh
# compare_pf_baseline.sh FILE W H [REPS]: run the plain priority-flood
# baseline of ../shared/bench/pf_baseline.c (binary heap + FIFO, Barnes et
# al. 2014) on a W x H float32 grid in FILE, border outlets, and write its
# filled surface to FILE.filled. Prints pf_baseline's own lines. The source
# is $OROGEN_PF_BASELINE or ../shared/bench/pf_baseline.c next to the source
# tree (or one level further up, for work trees). Skips (exit 77, one "skip:"
# line) when the source or a C compiler is missing.
set -eu
file=${1:?usage: compare_pf_baseline.sh FILE W H [REPS]}
w=${2:?}
h=${3:?}
reps=${4:-3}
here=$(cd "$(dirname "$0")" && pwd)
src=${OROGEN_PF_BASELINE:-}
for c in "$here/../../shared/bench/pf_baseline.c" "$here/../../../shared/bench/pf_baseline.c"; do
    if [ -z "$src" ] && [ -f "$c" ]; then
        src=$c
    fi
done
if [ -z "$src" ] || [ ! -f "$src" ]; then
    echo "skip: pf_baseline.c not found (set OROGEN_PF_BASELINE)"
    exit 77
fi
cc=${CC:-cc}
if ! command -v "$cc" >/dev/null 2>&1; then
    echo "skip: no C compiler"
    exit 77
fi
exe=${TMPDIR:-/tmp}/orogen-bench-pf_baseline
"$cc" -O2 -o "$exe" "$src"
"$exe" "$file" "$w" "$h" "$reps" "$file.filled"
