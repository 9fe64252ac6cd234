#!/usr/bin/env bash
# CI's sanitizer stage: one clang build (the `asan` preset: ASan + UBSan, Debug, no GUI) that also holds the
# libFuzzer targets; runs the core tests under the sanitizers, then every fuzz target for a smoke time.
# Usage: packaging/run-sanitizers.sh [FUZZ_SECONDS_PER_TARGET]   (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
if ! command -v clang++-14 > /dev/null || ! dpkg-query -W -f='${Status}' libclang-rt-14-dev 2>/dev/null | grep -q "ok installed"; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends clang-14 libclang-rt-14-dev
fi
start=$SECONDS
cmake --preset asan -DPROBESCOPE_BUILD_GUI=OFF -DPROBESCOPE_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14
cmake --build --preset asan -j "$(nproc)"
echo "sanitizer build: $((SECONDS - start)) s"
start=$SECONDS
UBSAN_OPTIONS=print_stacktrace=1 ctest --preset asan -L core -j "$(nproc)"
echo "core tests under ASan+UBSan: $((SECONDS - start)) s"
start=$SECONDS
FUZZ_BUILD="$PWD/build-asan" PARALLEL="$(nproc)" bash tests/fuzz/run_fuzzers.sh "$seconds"
echo "fuzz smoke run: $((SECONDS - start)) s"
