#!/usr/bin/env bash
# Style gate of .ci/run: fails on an upward include between core's folders, on clang-format drift anywhere in the
# tree and on clang-tidy findings in the lines changed since a base commit (.clang-format, .clang-tidy). Tidy judges
# only changed lines, so that the check stays fast.
#   packaging/check-style.sh [BASE [BUILD_DIR]]
# BASE: default where HEAD left origin/main (or main); on main itself, HEAD's first parent. BUILD_DIR: a configured
# build tree with compile_commands.json (default build). Needs clang-format-14 and clang-tidy-14
# (packaging/install-deps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-}"
build="${2:-build}"
if [ -z "$base" ]; then
  for ref in origin/main main; do
    base="$(git merge-base HEAD "$ref" 2>/dev/null)" && break
  done
  if [ -z "$base" ] || [ "$base" = "$(git rev-parse HEAD)" ]; then
    base="$(git rev-parse HEAD~1)"
  fi
fi
echo "check-style: lines changed since $(git log -1 --format='%h %s' "$base" | cut -c1-80)"
paths=(app core ui tests bench)

# 0. Layers: no folder of core/ includes one above it (docs/architecture.md).
python3 packaging/check-includes.py .

# 1. Format: every tracked C++ source as clang-format-14 lays it out (the whole tree, a few seconds), and what it
# would change in the changed lines of other files it formats (JSON test data).
if ! git ls-files -- '*.cpp' '*.h' | xargs clang-format-14 --dry-run --Werror 2> /tmp/check-style-format.$$; then
  head -40 /tmp/check-style-format.$$
  echo "FAIL: format drift (fix: git ls-files '*.cpp' '*.h' | xargs clang-format-14 -i)"
  rm -f /tmp/check-style-format.$$
  exit 1
fi
rm -f /tmp/check-style-format.$$
drift="$(git clang-format-14 --binary clang-format-14 --diff "$base" -- "${paths[@]}" 2>&1 || true)"
case "$drift" in
  "" | "no modified files to format" | "clang-format did not modify any files") ;;
  *)
    echo "$drift"
    echo "FAIL: format drift (fix: git clang-format-14 $base)"
    exit 1
    ;;
esac

# 2. Tidy: findings of .clang-tidy's checks in the changed lines of the compiled sources. Generated sources (moc)
# must exist for the UI files: the build tree is expected to be built.
[ -f "$build/compile_commands.json" ] || { echo "FAIL: $build/compile_commands.json missing (configure first)"; exit 1; }
tidy_db="$(mktemp -d)"
trap 'rm -rf "$tidy_db"' EXIT
python3 packaging/tidy-compile-db.py "$build" "$tidy_db" # without the precompiled header, which clang cannot read
findings="$(git diff -U0 --no-color "$base" -- "${paths[@]}" \
  | clang-tidy-diff-14.py -clang-tidy-binary clang-tidy-14 -p1 -path "$tidy_db" -iregex '.*\.cpp' -quiet -j "$(nproc)" 2>/dev/null \
  | grep -E '(warning|error): ' || true)"
if [ -n "$findings" ]; then
  echo "$findings"
  echo "FAIL: clang-tidy findings in changed lines ($(echo "$findings" | wc -l))"
  exit 1
fi
echo "check-style: OK"
