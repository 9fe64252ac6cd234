#!/usr/bin/env bash
# The build with CMake's default generator (Unix Makefiles), which creates no folder for a custom command's
# output (Ninja does): configures with no -G and builds the targets that unpack the test cases and the CLI, then
# compares the bundled example with that CLI. The presets and the other scripts use Ninja; this keeps the README's
# plain `cmake -S . -B build && cmake --build build` working.
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
cmake --build "$build" -j "$(nproc)" --target probescope_test_cases probescope-cli probescope_man_pages
ls "$build"/tests/cases_stamps/*.unpacked > /dev/null
out=$(mktemp -d)
(cd resources/examples/mlp_mix_statistics && "$OLDPWD/$build/app/probescope-cli" -f pytorch graph -i compare.json \
  -o "$out" > /dev/null)
ls "$out"/compare_*.vis > /dev/null
rm -rf "$out"
echo "default generator ($generator): test cases unpacked ($(ls "$build"/tests/cases_stamps | wc -l)), CLI built" \
  "and compares the example; $((SECONDS - start)) s"
