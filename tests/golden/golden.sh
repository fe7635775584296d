#!/bin/sh
# Golden recipes (doc/reproducibility.md): every tests/golden/NAME.ini must
# give exactly the digests in NAME.sha256, at every thread count in
# $OROGEN_GOLDEN_THREADS (default "1 3"). Run by `make check` and, for each
# build of the compiler matrix, by .ci/run.
srcdir=${srcdir:-.}
dir="$srcdir/tests/golden"
run=${OROGEN_GOLDEN_RUN:-./tests/golden/golden_run}
threads=${OROGEN_GOLDEN_THREADS:-1 3}
tmp=${TMPDIR:-/tmp}/golden.$$
status=0

[ -x "$run" ] || { echo "golden: no $run (build it first)"; exit 99; }
trap 'rm -f "$tmp"' EXIT
for ini in "$dir"/*.ini; do
    name=$(basename "$ini" .ini)
    expect="$dir/$name.sha256"
    if [ ! -f "$expect" ]; then
        echo "FAIL golden $name: no $expect (run tests/golden/update.sh $name)"
        status=1
        continue
    fi
    for t in $threads; do
        if ! "$run" --threads "$t" "$ini" >"$tmp"; then
            echo "FAIL golden $name (threads $t): golden_run failed"
            status=1
            continue
        fi
        if cmp -s "$tmp" "$expect"; then
            echo "ok golden $name (threads $t)"
            continue
        fi
        status=1
        # Which digests differ, and was the output version bumped?
        changed=$(awk 'NR == FNR { want[$1] = $2; next }
                       $1 == "version" { next }
                       want[$1] != $2 { printf "%s ", $1 }' "$expect" "$tmp")
        bumped=$(awk 'NR == FNR { if ($1 == "version") want[$2] = $3; next }
                      $1 == "version" && want[$2] != $3 { printf "%s ", $2 }' "$expect" "$tmp")
        echo "FAIL golden $name (threads $t): ${changed:-nothing} differs${bumped:+; version bumped: $bumped}"
        diff "$expect" "$tmp" | sed 's/^/    /'
        if [ -n "$changed" ] && [ -z "$bumped" ]; then
            echo "    The same recipe now makes different bytes. If that is deliberate,"
            echo "    bump the generator's or renderer's number in src/core/recipe/recipe_versions.def"
            echo "    and run tests/golden/update.sh in the same commit; if not, it is a bug."
        else
            echo "    Run tests/golden/update.sh and commit the new $name.sha256 with the bump."
        fi
    done
done
exit $status
