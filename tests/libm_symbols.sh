#!/bin/sh
# libm_symbols.sh (issue 28): the seed contract by construction. Lists the
# libm functions that the core, render and io objects call (nm on their .a
# archives) and fails on any that is neither exact (IEEE 754 fixes its
# result to the bit: the allow-list below) nor a call still to replace
# (the pending list, object by object, doc/reproducibility.md "libm
# results"). A new exp or atan2 in core/, render/ or io/ fails here: use
# core/base/detmath.h. A pending call that has gone is reported so the
# list can shrink (not a failure).
set -u
command -v nm >/dev/null 2>&1 || { echo "no nm: skipping"; exit 77; }
B=${OROGEN_BUILD:-.}
ARCHIVES="$B/src/core/liborogen-core.a $B/src/render/liborogen-render.a $B/src/io/liborogen-io.a"
for a in $ARCHIVES; do [ -f "$a" ] || { echo "no $a"; exit 99; }; done

# Exact: correctly rounded or exact by IEEE 754 / C (sqrt, rounding to
# integers, fmod, scaling by powers of two, min/max, sign).
ALLOW="sqrt sqrtf floor floorf ceil ceilf round roundf trunc truncf lround lroundf llround
llroundf rint rintf nearbyint lrint llrint fmod fmodf frexp frexpf ldexp ldexpf ilogb
scalbn scalbnf copysign copysignf fabs fabsf fmax fmaxf fmin fminf modf nextafter
remainder"
# Still libm's own (object symbol), to be replaced by its det_* function:
# only legend.o's expm1 is left, which is display-only (the top of the
# rivers legend's scale, text in the TUI).
PENDING="
legend.o expm1
"
# every C99 <math.h> function (and GNU's sincos, exp10), in three precisions
MATH="acos acosh asin asinh atan atan2 atanh cbrt ceil copysign cos cosh erf erfc exp exp10
exp2 expm1 fabs fdim floor fma fmax fmin fmod frexp hypot ilogb ldexp lgamma llrint llround
log log10 log1p log2 logb lrint lround modf nearbyint nextafter nexttoward pow remainder
remquo rint round scalbln scalbn sin sincos sinh sqrt tan tanh tgamma trunc j0 j1 jn y0 y1 yn"
is_math() {
    for m in $MATH; do
        case $1 in "$m" | "${m}f" | "${m}l" | "__${m}_finite" | "__${m}f_finite") return 0 ;; esac
    done
    return 1
}
allowed() { for m in $ALLOW; do [ "$1" = "$m" ] && return 0; done; return 1; }

fails=0
seen=""
for a in $ARCHIVES; do
    nm -A -u "$a" 2>/dev/null | while read -r where _u sym; do
        obj=${where%:}          # ARCHIVE:liborogen_core_a-stats.o: -> stats.o
        obj=${obj##*:}
        obj=${obj#*-}
        echo "$obj $sym"
    done
done | sort -u >"${TMPDIR:-/tmp}/libm_syms.$$"
while read -r obj sym; do
    is_math "$sym" || continue
    allowed "$sym" && continue
    if printf '%s\n' "$PENDING" | grep -qx "$obj $sym"; then
        echo "# pending: $obj calls $sym"
        seen="$seen|$obj $sym|"
        continue
    fi
    echo "FAIL - $obj calls libm's $sym: not exact and not on the pending list (use core/base/detmath.h)"
    fails=$((fails + 1))
done <"${TMPDIR:-/tmp}/libm_syms.$$"
printf '%s\n' "$PENDING" | while read -r obj sym; do
    [ -n "$obj" ] || continue
    grep -qx "$obj $sym" "${TMPDIR:-/tmp}/libm_syms.$$" ||
        echo "# note: $obj no longer calls $sym: remove it from the pending list"
done
rm -f "${TMPDIR:-/tmp}/libm_syms.$$"
[ "$fails" -eq 0 ] && echo "ok - core, render and io call only exact libm functions or pending ones"
[ "$fails" -eq 0 ]
