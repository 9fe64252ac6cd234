#!/usr/bin/env bash
# clang-tidy with .clang-tidy over every compiled source of app/, core/ and ui/ (the whole tree, where
# check-style.sh judges only the lines a change touches). About 40 CPU-minutes, so it is not part of .ci/run;
# run it before a release or after a change to .clang-tidy. Exit 1 and the findings when there are any.
#   packaging/tidy-all.sh [BUILD_DIR [FILE_REGEX]]   (a built tree: moc's sources must exist; default build and
#   every .cpp of app/, core/ and ui/)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
files="${2:-$PWD/(app|core|ui)/.*\.cpp\$}"
[ -f "$build/compile_commands.json" ] || { echo "FAIL: $build/compile_commands.json missing (configure first)"; exit 1; }
tidy_db="$(mktemp -d)"
trap 'rm -rf "$tidy_db"' EXIT
python3 packaging/tidy-compile-db.py "$build" "$tidy_db"
findings="$(run-clang-tidy-14 -clang-tidy-binary clang-tidy-14 -p "$tidy_db" -j "$(nproc)" -quiet \
  "$files" 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' | grep -E '^/.*(warning|error): ' | sort -u || true)"
if [ -n "$findings" ]; then
  echo "$findings"
  echo "FAIL: clang-tidy findings ($(echo "$findings" | wc -l))"
  exit 1
fi
echo "tidy-all: no finding in the files matching $files"
