#!/bin/sh
# Build the fuzz targets (issue 15): build.sh SRCDIR BUILDDIR OUTDIR
#   FUZZ_ENGINE=libfuzzer (default): clang -fsanitize=fuzzer,address,undefined
#   FUZZ_ENGINE=afl:  CC=afl-clang-fast (AFL_USE_ASAN=1 AFL_USE_UBSAN=1 for
#                     sanitizers), linked with AFL++'s libFuzzer driver
#                     (-fsanitize=fuzzer: persistent mode, ~20x the execs of
#                     a fork per input); run with
#                     afl-fuzz -i tests/fuzz/corpus/dem -o out -- OUTDIR/fuzz_dem
#                     (doc/robustness.md)
#   FUZZ_ENGINE=replay: any CC, driver_main.c: replays files or folders
#                     (make check builds these as tests/fuzz/replay_*).
# SRCDIR holds src/, BUILDDIR the configured config.h. Every orogen source
# but main.c is compiled once into OUTDIR/obj.
set -eu
src=$1 build=$2 out=$3
engine=${FUZZ_ENGINE:-libfuzzer}
case $engine in
libfuzzer) cc=${CC:-clang}
    san="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
    objflags="$san -fsanitize=fuzzer-no-link" linkflags="$san -fsanitize=fuzzer" driver="" ;;
afl) cc=${CC:-afl-clang-fast}; objflags="" linkflags="-fsanitize=fuzzer" driver="" ;;
replay) cc=${CC:-cc}; objflags="${FUZZ_CFLAGS:-}" linkflags="${FUZZ_CFLAGS:-}" driver=driver_main.c ;;
*) echo "build.sh: FUZZ_ENGINE is libfuzzer, afl or replay" >&2; exit 2 ;;
esac
case $engine in afl) need="afl++" ;; *) need="clang libclang-rt-dev" ;; esac
command -v "$cc" >/dev/null 2>&1 || { echo "build.sh: no $cc (apt-get install $need)" >&2; exit 77; }
deps="libpng zlib nettle ncursesw formw gdal OpenEXR"
pkg-config --exists chafa 2>/dev/null && deps="$deps chafa"
pk() { pkg-config "$@" $deps; }
cflags="-g -O1 -fno-omit-frame-pointer -std=c11 -D_GNU_SOURCE -I$build -I$src/src $(pk --cflags)"
cflags="$cflags -DOROGEN_DATADIR=\"/nonexistent\""
mkdir -p "$out/obj"
objs=""
for f in $(find "$src/src/core" "$src/src/render" "$src/src/io" "$src/src/cli" "$src/src/tui" \
             -name '*.c' | LC_ALL=C sort) "$src"/tests/fuzz/fuzz_util.c; do
    # io/absent/ stands in for GDAL and OpenEXR in builds --without them;
    # the fuzzers link the real libraries (pkg-config above)
    case $f in */src/cli/main.c|*/src/io/absent/*) continue ;; esac
    o=$out/obj/$(echo "$f" | sed "s|^$src/||; s|/|_|g; s|\.c$|.o|")
    if [ ! -f "$o" ] || [ "$f" -nt "$o" ]; then
        echo "  CC $f"
        # shellcheck disable=SC2086
        $cc $cflags $objflags -c "$f" -o "$o" &
        # two at a time (the CI machine has two cores)
        [ "$(jobs -p | wc -l)" -ge 2 ] && wait -n 2>/dev/null || true
    fi
    objs="$objs $o"
done
wait
libs="$(pk --libs) -lpthread -lm"
for t in dem preset recipe numbers; do
    echo "  LD $out/fuzz_$t"
    # shellcheck disable=SC2086
    $cc $cflags $linkflags -o "$out/fuzz_$t" "$src/tests/fuzz/fuzz_$t.c" \
        ${driver:+"$src/tests/fuzz/$driver"} $objs $libs
done
