#!/bin/sh
# The golden recipes under the compiler matrix of doc/reproducibility.md:
#   tests/golden/matrix.sh        (from the top of a configured tree)
# builds golden_run out of tree (in $OROGEN_MATRIX_DIR, default
# /tmp/orogen-matrix, from a `make distdir` copy so the in-tree build is left
# alone) under gcc -O0, gcc -O3 -march=native, clang -O2 and clang -O3
# -march=native, runs tests/golden/golden.sh with each
# (1, 2, 3 and 8 threads), and once more with AVX2 and FMA hidden from glibc (its libm then takes
# other code paths). A compiler that is not installed is reported as
# skipped. Cost on the 2-core CI machine: about 1 minute.
set -u
top=$(pwd)
work=${OROGEN_MATRIX_DIR:-/tmp/orogen-matrix}
threads=${OROGEN_GOLDEN_THREADS:-1 2 3 8}
version=$(sed -n 's/^PACKAGE_VERSION = //p' Makefile 2>/dev/null)
[ -n "$version" ] || { echo "matrix: run from the top of a configured tree"; exit 2; }
rm -rf "$work"
mkdir -p "$work"
make distdir distdir="$work/src" >/dev/null || { echo "matrix: make distdir failed"; exit 2; }
src="$work/src"
status=0
skipped=0

golden() {   # golden BUILD-DIR LABEL [env assignment]
    b=$1; label=$2; shift 2
    out=$(env "$@" srcdir="$src" OROGEN_GOLDEN_RUN="$b/tests/golden/golden_run" \
          OROGEN_GOLDEN_THREADS="$threads" sh "$src/tests/golden/golden.sh" 2>&1)
    rc=$?
    echo "$out" | sed "s/^\(ok\|FAIL\) golden /\1 golden [$label] /"
    [ $rc -eq 0 ] || status=1
}

for cfg in "gcc|-O0" "gcc|-O3 -march=native" "clang|-O2" "clang|-O3 -march=native"; do
    cc=${cfg%%|*}
    flags=${cfg#*|}
    label="$cc $flags"
    if ! command -v "$cc" >/dev/null 2>&1; then
        echo "SKIP [$label]: $cc is not installed"
        skipped=$((skipped + 1))
        continue
    fi
    b="$work/build-$cc$(echo "$flags" | tr -c 'A-Za-z0-9\n' '_')"
    mkdir -p "$b"
    if ! (cd "$b" && "$src/configure" CC="$cc" CFLAGS="$flags" --disable-unit-tests \
              >config.out 2>&1 && make -j2 tests/golden/golden_run >make.out 2>&1); then
        echo "FAIL golden [$label]: build failed (see $b/config.out, $b/make.out)"
        tail -5 "$b/make.out" 2>/dev/null
        status=1
        continue
    fi
    golden "$b" "$label" OROGEN_UNUSED=1
    last="$b"
done
if [ -n "${last:-}" ]; then
    golden "$last" "$label, glibc -AVX2,-FMA" GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA
fi
echo "matrix: $(echo "$threads" | wc -w) thread counts, $skipped builds skipped, status $status"
exit $status
