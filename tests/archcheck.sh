#!/bin/sh
# tools/archcheck holds on the tree, and fails on each kind of planted
# wrong include or library print (doc/architecture.md, issue 23).
set -u
srcdir=${OROGEN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
check=$srcdir/tools/archcheck
fail=0
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; fail=1; }

if out=$("$check" "$srcdir/src" 2>&1); then ok "the tree keeps the layers"; else
    echo "$out" | sed 's/^/# /'; notok "the tree keeps the layers"; fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-archcheck.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
plant() { # description, file (below src), line to append
    rm -rf "$tmp/src"
    cp -R "$srcdir/src" "$tmp/src"
    printf '%s\n' "$3" >> "$tmp/src/$2"
    if out=$("$check" "$tmp/src" 2>&1); then
        notok "planted: $1 (archcheck passed)"
    elif echo "$out" | grep -q "^$2:"; then
        ok "planted: $1"
    else
        echo "$out" | sed 's/^/# /'
        notok "planted: $1 (not named)"
    fi
}
plant "core includes render" core/base/rng.c '#include "render/tint.h"'
plant "render includes io" render/tint.c '#include "io/outfile.h"'
plant "io includes tui" io/outfile.c '#include "tui/tui.h"'
plant "tui includes cli" tui/keys.c '#include "cli/args.h"'
plant "cli includes a tui internal" cli/batch.c '#include "tui/tui_state.h"'
plant "core/base includes a generator" core/base/grid.c '#include "core/planet/wfc.h"'
plant "core/geom includes hydro" core/geom/mesh.c '#include "core/hydro/hydro.h"'
plant "curses outside curses_compat.h" tui/keys.c '#include <ncursesw/curses.h>'
plant "png.h outside io" render/raster.c '#include <png.h>'
plant "library code prints" core/base/rng.c 'static void f(void) { fprintf(stderr, "x"); }'
plant "library code exits" render/tint.c 'static void g(void) { exit(1); }'
plant "a function over 120 lines" core/base/rng.c "$(printf 'static int\nlong_one(void)\n{\n    int x = 0;\n'; i=0; while [ $i -lt 120 ]; do echo '    x++;'; i=$((i + 1)); done; printf '    return x;\n}\n')"
plant "a file over 600 lines" render/tint.c "$(i=0; while [ $i -lt 600 ]; do echo '/* */'; i=$((i + 1)); done)"
echo "1..$n"
exit $fail
