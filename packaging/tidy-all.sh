#!/usr/bin/env bash
# clang-tidy with .clang-tidy over the compiled sources of app/, core/ and ui/: the whole tree, where check-style.sh
# judges only the lines a change touches. Exit 1 and the findings when there are any.
#   packaging/tidy-all.sh [--stale] [--record] [BUILD_DIR [FILE_REGEX]]
# BUILD_DIR: a built tree (moc's sources must exist; default build). Every .cpp of app/, core/ and ui/ (or those
# matching FILE_REGEX) costs about 40 CPU-minutes, so .ci/run checks with --stale: only the sources whose key is not
# in packaging/tidy-ledger.txt (what they read changed since they were found clean; packaging/tidy-ledger.py).
# --record adds the sources found clean to the ledger: run `packaging/tidy-all.sh --stale --record` before a commit
# that changes sources, so that CI has little to check.
set -euo pipefail
cd "$(dirname "$0")/.."
stale=0
record=0
while [ $# -gt 0 ]; do
  case "$1" in
    --stale) stale=1; shift ;;
    --record) record=1; shift ;;
    *) break ;;
  esac
done
build="${1:-build}"
pattern="${2:-^$PWD/(app|core|ui)/.*\.cpp\$}"
[ -f "$build/compile_commands.json" ] || { echo "FAIL: $build/compile_commands.json missing (configure first)"; exit 1; }
if [ "$stale" = 1 ]; then
  files="$(python3 packaging/tidy-ledger.py stale "$build" | grep -E "$pattern" || true)"
else
  files="$(python3 -c 'import json,sys; [print(e["file"]) for e in json.load(open(sys.argv[1]))]' \
    "$build/compile_commands.json" | grep -E "$pattern" | sort -u || true)"
fi
count="$(printf '%s' "$files" | grep -c . || true)"
echo "tidy-all: $count sources to check"
if [ "$count" = 0 ]; then
  echo "tidy-all: no finding (every source is in the ledger)"
  exit 0
fi
tidy_db="$(mktemp -d)"
trap 'rm -rf "$tidy_db"' EXIT
python3 packaging/tidy-compile-db.py "$build" "$tidy_db" # without the precompiled header, which clang cannot read
if [ "$record" = 1 ]; then # the keys of what clang-tidy is about to read
  python3 packaging/tidy-ledger.py keys "$build" "$tidy_db/keys.json"
fi
findings="$(printf '%s\n' "$files" | xargs -P "$(nproc)" -n 1 clang-tidy-14 -p "$tidy_db" --quiet 2>/dev/null \
  | sed 's/\x1b\[[0-9;]*m//g' | grep -E '^/.*(warning|error): ' | sort -u || true)"
if [ -n "$findings" ]; then
  echo "$findings"
  echo "FAIL: clang-tidy findings ($(echo "$findings" | wc -l))"
  exit 1
fi
if [ "$record" = 1 ]; then
  # shellcheck disable=SC2086 # one argument per source path (no spaces in the tree's paths)
  python3 packaging/tidy-ledger.py record "$build" "$tidy_db/keys.json" $files
fi
echo "tidy-all: no finding in the $count sources checked"
