#!/usr/bin/env bash
# Issue #7's benchmark suite: builds the bench targets, generates synthetic statistics dump pairs (cached by size
# and seed under $BENCH_DATA, default /tmp/probescope-bench), runs the engine benchmark on each, then the viewer
# benchmark at 10^6 nodes and the real-data benchmark, and prints every figure next to its target.
# Usage: bench/run_benchmarks.sh [SIZE_MIB...]   (default: 100 512 1024; each size needs ~2.2x SIZE_MIB of disk)
# Run it on an idle machine with a warm page cache: the figures are wall-clock times.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${BUILD:-$root/build}"
data="${BENCH_DATA:-/tmp/probescope-bench}"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100 512 1024)
cmake --build "$build" --target bench > /dev/null
mkdir -p "$data"
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ), commit $(git -C "$root" rev-parse --short HEAD)"
for size in "${sizes[@]}"; do
  pair="$data/pair_${size}MiB_seed1"
  [ -f "$pair/compare.json" ] || "$build/bench/gen_dumps" "$pair" "$size" --seed 1 > /dev/null
  cat "$pair"/{npu,bench}/step0/rank/*.json > /dev/null # warm the page cache
  echo
  echo "== 2 x $size MiB statistics dumps =="
  case "$size" in
    512) echo "   target: parse + build + match + compare <= 2 s" ;;
    1024) echo "   target: parse + build + match + compare <= 4 s, peak RSS <= 2500 MB, 100-200 bytes per node per side" ;;
  esac
  if [ "$size" -le 200 ]; then
    # The .vis of a 2 x 100 MiB pair is ~0.8 GB: export and reopening are measured on it (larger pairs would
    # write ~8 GB files twice and add nothing to the rates).
    echo "   target: .vis export >= 0.5 GB/s; opening a 1 GB .vis <= 5 s"
    out=$(mktemp -d "$data/out.XXXXXX")
    "$build/bench/bench_engine" "$pair/npu/step0/rank" "$pair/bench/step0/rank" 1 "$out"
    rmdir "$out"
  else
    "$build/bench/bench_engine" "$pair/npu/step0/rank" "$pair/bench/step0/rank" 1 -
  fi
done
echo
echo "== viewer, 10^6 nodes per side =="
QT_QPA_PLATFORM=offscreen "$build/tests/ui/probescope_bench_tree"
echo
echo "== real-data mode (tensor files) =="
"$build/bench/bench_tensor" 100 3
