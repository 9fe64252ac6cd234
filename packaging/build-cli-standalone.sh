#!/usr/bin/env bash
# probescope-cli alone, for training servers without Qt: configures with the GUI and the tests off and Qt made
# unfindable (CMAKE_DISABLE_FIND_PACKAGE_Qt6), so any find_package(Qt6 REQUIRED) in this configuration fails it;
# builds the CLI, checks that it links no Qt and compares the bundled example, and packs a tarball.
#   packaging/build-cli-standalone.sh [BUILD_DIR]     (default: build-cli)
# CLI_BUILD_TYPE overrides the build type (default Release); CI passes the main build's RelWithDebInfo so that
# the compiler cache serves every object of that build again.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-cli}
start=$SECONDS
export CCACHE_BASEDIR="$PWD" # compiler-cache hits from another clone of the sources (CI clones afresh)
mkdir -p "$build"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${CLI_BUILD_TYPE:-Release}" -DPROBESCOPE_BUILD_GUI=OFF -DPROBESCOPE_BUILD_TESTS=OFF \
  -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON > "$build/configure.log" 2>&1 || { cat "$build/configure.log"; exit 1; }
if grep -q '^Qt6[A-Za-z]*_DIR:PATH=/' "$build/CMakeCache.txt"; then
  echo "FAIL: the CLI-only configuration looked for Qt"; exit 1
fi
cmake --build "$build" -j "$(nproc)" --target probescope-cli probescope_man_pages
cli="$build/app/probescope-cli"
if ldd "$cli" | grep -i qt; then
  echo "FAIL: $cli links Qt"; exit 1
fi
out=$(mktemp -d)
(cd resources/examples/mlp_mix_statistics && "$OLDPWD/$cli" -f pytorch graph -i compare.json -o "$out" > /dev/null)
ls "$out"/compare_*.vis > /dev/null
rm -rf "$out"
(cd "$build" && cpack -G TGZ -B packages > cpack.log 2>&1) || { cat "$build/cpack.log"; exit 1; }
echo "standalone probescope-cli: no Qt ($(ldd "$cli" | wc -l) libraries), compares the example," \
  "$(ls "$build"/packages/*.tar.gz); $((SECONDS - start)) s"
