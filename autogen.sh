#!/bin/sh
# Regenerate the build system: configure, Makefile.in, build-aux/.
set -e
cd "$(dirname "$0")"
mkdir -p build-aux m4
autoreconf -fi
# automake --add-missing does not install the TAP driver; make distcheck needs it.
cp -f "$(automake --print-libdir)/tap-driver.sh" build-aux/tap-driver.sh
chmod +x build-aux/tap-driver.sh
# Shell tests use the plain exit-code driver (77 = skip).
cp -f "$(automake --print-libdir)/test-driver" build-aux/test-driver
chmod +x build-aux/test-driver
