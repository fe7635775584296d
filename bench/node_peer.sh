# node_peer.sh: shared by the node peer scripts (compare_delaunator.sh,
# compare_d3_lloyd.sh), sourced with `. "$(dirname "$0")/node_peer.sh"`
# (it sees the caller's FILE N [RUNS] arguments) after setting `usage`,
# `default_runs` and `module` (a path below
# $DELAUNATOR_DIR/node_modules, default /tmp/delaunator; install with
#   mkdir -p /tmp/delaunator && cd /tmp/delaunator && npm install delaunator d3-delaunay).
# Sets file, n, runs and mod; prints one "skip:" line and exits 77 when
# node or the module is missing.
file=${1:?usage: $usage}
n=${2:?usage: $usage}
runs=${3:-$default_runs}
dir=${DELAUNATOR_DIR:-/tmp/delaunator}
mod=$dir/node_modules/$module
if ! command -v node >/dev/null 2>&1; then
    echo "skip: node not found"
    exit 77
fi
if [ ! -f "$mod" ]; then
    echo "skip: $mod not found"
    exit 77
fi
