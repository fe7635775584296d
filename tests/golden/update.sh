#!/bin/sh
# Regenerate the golden digests (doc/reproducibility.md):
#   tests/golden/update.sh [NAME...]     (from the top of a built tree)
# writes tests/golden/NAME.sha256 from this build's golden_run for every
# recipe (or the NAMEs given). Use it in the commit that deliberately changes
# an output, together with the bump in src/core/recipe/recipe_versions.def.
# OROGEN_GOLDEN_RUN names another golden_run (an out-of-tree build's).
set -e
dir=$(cd "$(dirname "$0")" && pwd)
if [ -z "${OROGEN_GOLDEN_RUN:-}" ]; then
    make tests/golden/golden_run >/dev/null
fi
run=${OROGEN_GOLDEN_RUN:-./tests/golden/golden_run}
if [ $# -eq 0 ]; then
    set -- $(cd "$dir" && ls *.ini | sed 's/\.ini$//')
fi
for name in "$@"; do
    "$run" --threads 1 "$dir/$name.ini" >"$dir/$name.sha256.tmp"
    # A thread-count difference is a bug, never something to record.
    "$run" --threads 3 "$dir/$name.ini" | cmp -s - "$dir/$name.sha256.tmp" || {
        rm -f "$dir/$name.sha256.tmp"
        echo "update.sh: $name differs between 1 and 3 threads; not updated" >&2
        exit 1
    }
    if [ -f "$dir/$name.sha256" ] && cmp -s "$dir/$name.sha256" "$dir/$name.sha256.tmp"; then
        rm -f "$dir/$name.sha256.tmp"
        echo "$name: unchanged"
    else
        mv "$dir/$name.sha256.tmp" "$dir/$name.sha256"
        echo "$name: updated (commit it with the version bump)"
    fi
done
