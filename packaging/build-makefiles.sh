#!/usr/bin/env bash
# The build with CMake's default generator (Unix Makefiles), which creates no folder for a custom command's
# output (Ninja does): configures with no -G and builds every target made by a custom command (the unpacked test
# cases, the man pages, the translations). The presets and the other scripts use Ninja; this keeps the README's
# plain `cmake -S . -B build && cmake --build build` working. Compiling a source file is the same under either
# generator, so the compilers' part is left to the other builds (it would double this stage's time).
#   packaging/build-makefiles.sh [BUILD_DIR]     (default: build-make)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-make}
start=$SECONDS
export CCACHE_BASEDIR="$PWD" # compiler-cache hits from another clone of the sources (CI clones afresh)
unset CMAKE_GENERATOR        # the default generator, whatever the environment prefers
mkdir -p "$build"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo > "$build/configure.log" 2>&1 \
  || { cat "$build/configure.log"; exit 1; }
generator=$(sed -n 's/^CMAKE_GENERATOR:INTERNAL=//p' "$build/CMakeCache.txt")
[ "$generator" = "Unix Makefiles" ] || { echo "FAIL: $build was configured for '$generator'"; exit 1; }
cmake --build "$build" -j "$(nproc)" --target probescope_test_cases probescope_man_pages probescope_ui_lrelease
ls "$build"/tests/cases_stamps/*.unpacked "$build"/packaging/*.1.gz "$build"/ui/*.qm > /dev/null
echo "default generator ($generator): test cases unpacked ($(ls "$build"/tests/cases_stamps | wc -l))," \
  "man pages ($(ls "$build"/packaging/*.1.gz | wc -l)), translations ($(ls "$build"/ui/*.qm | wc -l));" \
  "$((SECONDS - start)) s"
