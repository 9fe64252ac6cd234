#!/usr/bin/env bash
# Builds the packages: probescope (the viewer) and probescope-cli, each as a .deb and a .tar.gz.
#   packaging/build-packages.sh [BUILD_DIR]     (default: build, the tree of run-tests.sh, reused as it is)
# Writes BUILD_DIR/packages/. Install with: apt install ./BUILD_DIR/packages/probescope*_amd64.deb
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
start=$SECONDS
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
# Only what the packages hold: the two programs and the man pages (the tests are not packaged).
cmake --build "$build" -j "$(nproc)" --target probescope probescope-cli probescope_man_pages
rm -rf "$build/packages"
cpack --config "$build/CPackConfig.cmake" -B "$build/packages" > "$build/cpack.log" 2>&1 \
  || { cat "$build/cpack.log"; exit 1; }
rm -rf "$build/packages/_CPack_Packages"
for deb in "$build"/packages/*.deb; do
  echo "$deb: $(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version), $(du -k "$deb" | cut -f1) KiB"
  echo "  Depends: $(dpkg-deb -f "$deb" Depends)"
done
ls -1 "$build"/packages/*.tar.gz
echo "packages built in $((SECONDS - start)) s"
