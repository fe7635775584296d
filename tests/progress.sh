#!/bin/sh
# --progress (issue 13): the plain lines "stage N/M name P%" of every
# generator go through the stages in order, each from 0% to 100%, and a
# percentage never decreases within a stage (the hydrology stage used to
# go 70% -> 0% -> 100% as its fill, routing and accumulation each restarted).
set -u
BIN=${OROGEN_BIN:-src/cli/orogen}
DATA=${OROGEN_DATA:-data}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-progress.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { if [ "$2" -eq 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fails=$((fails + 1)); fi; }

monotonic() { # file: 0 when stages rise 1..M and percentages never go back
    awk '/^stage / {
           split($2, nm, "/"); s = nm[1] + 0; m = nm[2] + 0; p = $NF; sub("%", "", p); p += 0
           if (s < last_s || (s == last_s && p < last_p)) { print "# went back: " prev " -> " $0; bad = 1 }
           if (s != last_s && last_s > 0 && last_p != 100) { print "# ended below 100%: " prev; bad = 1 }
           if (s != last_s && p != 0) { print "# started above 0%: " $0; bad = 1 }
           last_s = s; last_p = p; prev = $0; n++ }
         END { if (n == 0 || last_s != m || last_p != 100) { print "# incomplete: " prev; bad = 1 }
               exit bad }' "$1"
}

run() { # name, then the generator arguments
    name=$1
    shift
    "$BIN" export "$@" --progress --threads 2 --stats "$tmp/$name.json" 2>"$tmp/$name.log" >/dev/null
    check "$name: export with --progress" $?
    monotonic "$tmp/$name.log"
    check "$name: every stage rises from 0% to 100% and never goes back" $?
}

run island --set island.cells=20000
run dem --dem "$DATA/dem/fuji.png"
run planet -g planet --set planet.points=20000
run hybrid -g hybrid
grep -q '^stage [0-9]*/[0-9]* hydrology [1-9][0-9]*%$' "$tmp/dem.log" &&
    [ "$(grep -c '^stage [0-9]*/[0-9]* hydrology' "$tmp/dem.log")" -ge 4 ]
check "dem: the hydrology stage reports between 0% and 100%" $?

# the map PNG's rows (rendered as they are written): 0% .. 100%, never back
"$BIN" export --set island.cells=3000 --map "$tmp/m.png" --size 512x512 --progress \
    2>"$tmp/write.log" >/dev/null
awk -v f="$tmp/m.png" '$1 == "write" && $2 == "map" && $3 == f && NF == 4 {
        p = $4; sub("%", "", p); p += 0; if (n > 0 && p < last) bad = 1; last = p; n++ }
     END { exit !(n >= 2 && !bad && last == 100) }' "$tmp/write.log"
check "map: write progress rises from 0% to 100%" $?

[ "$fails" -eq 0 ]
