#!/bin/sh
# gallery.sh: `orogen gallery` writes a labelled contact sheet: its size
# follows the tile grid (4 seeds, 128 px tiles, one row of 4), a bad command
# line is one clear error, an unwritable folder leaves no file.
set -u
BIN=${OROGEN_BIN:-src/cli/orogen}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-gallery.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0
ok() { echo "ok - $1"; }
bad() { fails=$((fails + 1)); echo "FAIL - $1"; }
# PNG width and height from the IHDR chunk (bytes 16..23, big-endian)
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d\n", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'; }

"$BIN" gallery --seeds 1-4 --out "$tmp/sheet.png" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] && [ -s "$tmp/sheet.png" ] && ok "gallery --seeds 1-4 writes the sheet" || bad "gallery exit $st: $(cat "$tmp/err")"
# 4 tiles of 128 + 6 px gaps: 6 + 4 * 134 = 542 wide; 6 + 128 + 31 + 6 = 171 tall
sz=$(png_size "$tmp/sheet.png" 2>/dev/null)
[ "$sz" = "542x171" ] && ok "sheet is 542x171 (4 tiles and their labels)" || bad "sheet is $sz, want 542x171"
"$BIN" gallery --seeds 1-10 --tile 64 --columns 5 --out "$tmp/s2.png" 2>"$tmp/err" &&
    [ "$(png_size "$tmp/s2.png")" = "356x208" ] && ok "--tile 64 --columns 5: 2 rows of 5 (356x208)" ||
    bad "--tile/--columns: $(png_size "$tmp/s2.png" 2>/dev/null) $(cat "$tmp/err")"
"$BIN" gallery --seeds 1-4 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && grep -q "gallery needs --seeds FIRST-LAST and --out FILE.png" "$tmp/err" &&
    ok "without --out: exit 2 and the reason" || bad "without --out: exit $st: $(cat "$tmp/err")"
"$BIN" gallery --seeds 1-4 --tile 3 --out "$tmp/x.png" 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && grep -q -- "--tile '3'" "$tmp/err" && ok "--tile 3 refused" || bad "--tile 3: exit $st"
"$BIN" gallery --seeds 1-2 --out "$tmp/no/such/dir/x.png" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] && [ ! -e "$tmp/no" ] && ok "unwritable folder: exit 1, nothing written" ||
    bad "unwritable folder: exit $st: $(cat "$tmp/err")"
[ $fails -eq 0 ]
