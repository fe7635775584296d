#!/bin/sh
# The golden recipes on another CPU and another C library
# (doc/reproducibility.md):
#   tests/golden/cross.sh [aarch64] [musl]     (from the top of a configured tree)
# builds golden_run out of tree (in $OROGEN_CROSS_DIR, default
# /tmp/orogen-cross, from a `make distdir` copy) with only what the golden
# recipes need (configure --without-tui --without-gdal --without-openexr
# --without-chafa --disable-unit-tests: core, render and PNG through
# libpng, zlib and nettle), statically linked, and runs
# tests/golden/golden.sh with it against the same NAME.sha256 files as
# every other build:
#   aarch64  Debian's cross gcc (gcc-aarch64-linux-gnu) against the arm64
#            libraries (dpkg --add-architecture arm64; libpng-dev:arm64,
#            zlib1g-dev:arm64, nettle-dev:arm64), run under qemu-user
#            (qemu-aarch64-static); glibc's aarch64 libm.
#   musl     musl-gcc (musl-tools), static: no IFUNC, musl's libm. Debian
#            has no musl builds of zlib, libpng or nettle, so they are built
#            from Debian's own sources (apt-get source, into a private apt
#            state folder) once into $OROGEN_MUSL_DEPS (default
#            /var/cache/orogen/musl-deps) and kept there.
# Thread counts: $OROGEN_GOLDEN_THREADS (default "1 3"; emulation is about
# ten times slower). ./quickstart and .ci/run install the packages.
# Prints golden.sh's lines tagged [aarch64] or [musl], then one summary
# line; exits non-zero when a digest differs or a build fails.
set -u
work=${OROGEN_CROSS_DIR:-/tmp/orogen-cross}
deps=${OROGEN_MUSL_DEPS:-/var/cache/orogen/musl-deps}
threads=${OROGEN_GOLDEN_THREADS:-1 3}
[ $# -gt 0 ] || set -- aarch64 musl
grep -q '^PACKAGE_VERSION = ' Makefile 2>/dev/null ||
    { echo "cross: run from the top of a configured tree"; exit 2; }
rm -rf "$work/src" "$work"/build-*
mkdir -p "$work"
make distdir distdir="$work/src" >/dev/null || { echo "cross: make distdir failed"; exit 2; }
src="$work/src"
status=0
minimal="--without-tui --without-gdal --without-openexr --without-chafa --disable-unit-tests"

golden() {   # golden LABEL RUNNER
    out=$(srcdir="$src" OROGEN_GOLDEN_RUN="$2" OROGEN_GOLDEN_THREADS="$threads" \
          sh "$src/tests/golden/golden.sh" 2>&1)
    rc=$?
    echo "$out" | sed "s/^\(ok\|FAIL\) golden /\1 golden [$1] /"
    [ $rc -eq 0 ] || status=1
}

build() {   # build LABEL DIR configure-arguments...
    label=$1; b=$2; shift 2
    mkdir -p "$b"
    if ! (cd "$b" && "$src/configure" "$@" >config.out 2>&1 &&
          make -j2 tests/golden/golden_run >make.out 2>&1); then
        echo "FAIL golden [$label]: build failed (see $b/config.out, $b/make.out)"
        tail -5 "$b/make.out" 2>/dev/null || tail -5 "$b/config.out"
        status=1
        return 1
    fi
}

# zlib, libpng and nettle for musl, static, from Debian's sources (once).
musl_deps() {
    [ -f "$deps/lib/libpng16.a" ] && [ -f "$deps/lib/libnettle.a" ] &&
        [ -f "$deps/lib/libz.a" ] && return 0
    d="$work/musl-deps"
    rm -rf "$d"
    mkdir -p "$d/lists/partial" "$deps"
    echo "deb-src http://deb.debian.org/debian bookworm main" >"$d/sources.list"
    apt="-o Dir::Etc::SourceList=$d/sources.list -o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists=$d/lists"
    # shellcheck disable=SC2086
    (cd "$d" && apt-get -qq $apt update && apt-get -qq $apt source --download-only zlib libpng1.6 nettle) \
        >"$d/fetch.out" 2>&1 || { cat "$d/fetch.out"; return 1; }
    (
        set -e
        cd "$d"
        tar xf zlib_*.orig.tar.*
        tar xf libpng1.6_*.orig.tar.*
        tar xf nettle_*.orig.tar.gz
        cd zlib-*/
        CC=musl-gcc CFLAGS=-O2 ./configure --static --prefix="$deps"
        make -j2 libz.a && make install
        cd ../libpng-*/
        CC=musl-gcc CFLAGS=-O2 CPPFLAGS="-I$deps/include" LDFLAGS="-L$deps/lib" \
            ./configure --disable-shared --enable-static --prefix="$deps"
        make -j2 && make install
        cd ../nettle-*/
        CC=musl-gcc CFLAGS=-O2 ./configure --disable-shared --disable-public-key \
            --disable-documentation --disable-openssl --prefix="$deps" --libdir="$deps/lib"
        make -j2 && make install
    ) >"$d/build.out" 2>&1 || { tail -20 "$d/build.out"; return 1; }
}

for target in "$@"; do
    case "$target" in
    aarch64)
        b="$work/build-aarch64"
        for t in aarch64-linux-gnu-gcc qemu-aarch64-static; do
            command -v $t >/dev/null 2>&1 || { echo "FAIL golden [aarch64]: no $t"; status=1; continue 2; }
        done
        # shellcheck disable=SC2086
        build aarch64 "$b" --host=aarch64-linux-gnu $minimal LDFLAGS=-static \
            PKG_CONFIG=pkg-config \
            PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig || continue
        file_out=$(od -An -tx1 -j18 -N2 "$b/tests/golden/golden_run" | tr -d ' ')
        [ "$file_out" = b700 ] || { echo "FAIL golden [aarch64]: golden_run is not an aarch64 ELF"; status=1; continue; }
        printf '#!/bin/sh\nexec qemu-aarch64-static "%s" "$@"\n' "$b/tests/golden/golden_run" >"$b/run-qemu"
        chmod +x "$b/run-qemu"
        golden aarch64 "$b/run-qemu"
        ;;
    musl)
        b="$work/build-musl"
        command -v musl-gcc >/dev/null 2>&1 || { echo "FAIL golden [musl]: no musl-gcc"; status=1; continue; }
        musl_deps || { echo "FAIL golden [musl]: could not build zlib, libpng and nettle for musl"; status=1; continue; }
        # shellcheck disable=SC2086
        build musl "$b" CC=musl-gcc $minimal LDFLAGS=-static PKG_CONFIG=pkg-config \
            PKG_CONFIG_LIBDIR="$deps/lib/pkgconfig" || continue
        golden musl "$b/tests/golden/golden_run"
        ;;
    *)
        echo "cross: unknown target $target (aarch64 or musl)"; exit 2 ;;
    esac
done
echo "cross: $* with $(echo "$threads" | wc -w) thread counts, status $status"
exit $status
