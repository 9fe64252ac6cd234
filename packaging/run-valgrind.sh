#!/usr/bin/env bash
# Runs the core tests (tests/core/tst_*) under valgrind memcheck, one after the other: invalid reads and writes,
# uses of uninitialised values and definite leaks fail the run. Too slow for CI (see README, Reliability).
# Usage: packaging/run-valgrind.sh [BUILD_DIR] [TEST_NAME_REGEX]   (defaults: build, all core tests)
#   Needs valgrind and a build of the `dev` preset (cmake --preset dev && cmake --build --preset dev).
set -uo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
only="${2:-.}"
command -v valgrind > /dev/null || { echo "valgrind is not installed (apt-get install valgrind)"; exit 2; }
logs="$build/valgrind-logs"
mkdir -p "$logs"
failed=0
for exe in "$build"/tests/tst_*; do
    name="$(basename "$exe")"
    [ -x "$exe" ] && [ -f "tests/core/$name.cpp" ] || continue
    [[ "$name" =~ $only ]] || continue
    rm -f "$logs/$name".*.log
    start=$SECONDS
    # tst_cli runs probescope-cli as a child process: valgrind follows it too.
    valgrind --tool=memcheck --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
        --show-leak-kinds=definite --trace-children=yes --track-origins=yes --num-callers=30 \
        --log-file="$logs/$name.%p.log" "$exe" > "$logs/$name.out" 2>&1
    rc=$?
    errors=$(grep -h "ERROR SUMMARY" "$logs/$name".*.log 2>/dev/null | awk '{s += $4} END {print s + 0}')
    echo "$name: rc=$rc, $errors memcheck errors, $((SECONDS - start)) s"
    [ $rc -eq 0 ] && [ "$errors" -eq 0 ] || failed=1
done
[ $failed -eq 0 ] && echo "valgrind: all clean" || echo "valgrind: findings, see $logs"
exit $failed
