#!/bin/sh
# --from on dem recipes (issue 12): the recipe names the elevation model by
# name, size and SHA-256, never by a path; --from finds it beside the PNG,
# then in the current folder; a file with another hash is refused naming
# both hashes; an explicit --dem may be anywhere under any name but must
# have the recipe's SHA-256.
BIN=${OROGEN_BIN:-./src/cli/orogen}
DATA=${OROGEN_TEST_DATA:-tests/data}
w=$(mktemp -d "${TMPDIR:-/tmp}/orogen-recipe-dem.XXXXXX") || exit 99
trap 'rm -rf "$w"' EXIT
n=0
fail=0
same() {    # same A.json B.json: equal but for the stage timings
    grep -v 'ms": ' "$1" >"$w/x1" && grep -v 'ms": ' "$2" >"$w/x2" && cmp -s "$w/x1" "$w/x2"
}
check() {   # check STATUS DESCRIPTION
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi
}
mkdir "$w/a" "$w/b" "$w/c"
cp "$DATA/dem/terrarium_8_45_99.png" "$w/a/src.png"
cp "$DATA/dem/terrarium_12_646_1400.png" "$w/other.png"
sum=$(sha256sum "$w/a/src.png" | cut -c1-64)
size=$(wc -c <"$w/a/src.png" | tr -d ' ')

(cd "$w/a" && "$BIN" export --dem src.png --map map.png --size 32x32 --stats s.json) 2>"$w/err"
check $? "export with --dem src.png"
grep -a -q "orogen:dem" "$w/a/map.png" && grep -a -q "$size $sum src.png" "$w/a/map.png"
check $? "the recipe names src.png by size and SHA-256"
! grep -a -q "$w" "$w/a/map.png"
check $? "the recipe holds no absolute path"

# From another folder, the DEM beside the PNG is found.
(cd "$w/b" && "$BIN" export --from ../a/map.png --stats s.json) 2>"$w/err"
check $? "--from from another folder finds the DEM beside the PNG"
same "$w/a/s.json" "$w/b/s.json"
check $? "... and makes the same world (same stats)"

# Moved: not beside the PNG any more, but in the current folder.
mv "$w/a/src.png" "$w/b/src.png"
(cd "$w/b" && "$BIN" export --from ../a/map.png --stats s2.json) 2>"$w/err"
check $? "--from after moving the DEM into the current folder"
same "$w/a/s.json" "$w/b/s2.json"
check $? "... same world"

# Moved where --from cannot see it: a clear error, exit 1; --dem finds it.
(cd "$w/c" && "$BIN" export --from ../a/map.png --stats s.json) 2>"$w/err"
st=$?
[ $st -eq 1 ] && grep -q "needs src.png ($size bytes" "$w/err" && grep -q "give --dem FILE" "$w/err"
check $? "DEM moved out of sight: exit 1 naming the file (got $st: $(cat "$w/err"))"
(cd "$w/c" && "$BIN" export --from ../a/map.png --dem ../b/src.png --stats s.json) 2>"$w/err"
check $? "--dem FILE with --from finds the moved DEM"
same "$w/a/s.json" "$w/c/s.json"
check $? "... same world"

# Modified: another file under the same name is refused, naming both hashes.
cp "$w/other.png" "$w/a/src.png"
osum=$(sha256sum "$w/other.png" | cut -c1-64)
(cd "$w/c" && "$BIN" export --from ../a/map.png --stats s3.json) 2>"$w/err"
st=$?
[ $st -eq 1 ] && grep -q "$osum" "$w/err" && grep -q "$sum" "$w/err" && [ ! -e "$w/c/s3.json" ]
check $? "modified DEM refused naming both hashes (got $st: $(cat "$w/err"))"
[ "$(wc -l <"$w/err")" -eq 1 ]
check $? "... in one line"
# An explicit --dem may be elsewhere or renamed (above), but it must be the
# recipe's file: another one would silently make another world (newcomer #12).
(cd "$w/c" && "$BIN" export --from ../a/map.png --dem ../a/src.png --stats s4.json) 2>"$w/err"
st=$?
[ $st -eq 2 ] && grep -q "^orogen: --dem ../a/src.png is not the DEM of ../a/map.png's recipe (src.png, SHA-256 $(echo "$sum" | cut -c1-12)\.\.\.; this file $(echo "$osum" | cut -c1-12)\.\.\.)" "$w/err" &&
    [ "$(wc -l <"$w/err")" -eq 1 ] && [ ! -e "$w/c/s4.json" ]
check $? "an explicit --dem with another SHA-256 is refused naming both (got $st: $(cat "$w/err"))"
cp "$DATA/dem/terrarium_8_45_99.png" "$w/c/renamed.png"
(cd "$w/c" && "$BIN" export --from ../a/map.png --dem renamed.png --stats s5.json) 2>"$w/err"
check $? "an explicit --dem under another name with the recipe's SHA-256 is taken"
grep -q '"source": "renamed.png"' "$w/c/s5.json"
check $? "stats name the source by its file name"
echo "1..$n"
exit $fail
