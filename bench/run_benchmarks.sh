#!/usr/bin/env bash
# The benchmark suite: builds the bench targets, generates synthetic statistics dump pairs
# (cached by size and seed under $BENCH_DATA, default /tmp/probescope-bench), then measures
#  - the whole probescope-cli command (hyperfine) on the perf case, both formats, and the .vis.db page writer
#    against SQLite tuned for a bulk load (docs/sqlite_writer.md);
#  - the engine phases on each pair (bench_engine) and, on the largest pair, the whole command writing .vis.db and
#    .vis (wall time and peak RSS of one run each);
#  - the viewer at 10^6 nodes, the main window opening dumps (2 x 41 MiB and the largest pair) and a 1 GB
#    .vis.db (bench_viewer), and the real-data mode;
# and ends with one table: every figure beside its target. hyperfine is installed (Debian package) if missing.
# With MSPROBE26_PYTHONPATH / MSPROBE121_PYTHONPATH set it also runs msprobe 26.0.0 / 1.2.1 from those source trees
# on the same inputs (bench/run_msprobe.py) and prints the ratios; without them the table says "not measured".
# Usage: bench/run_benchmarks.sh [SIZE_MIB...]   (default: 100 512 1024 2048; each size needs ~2.2x SIZE_MIB of
#        disk, and the whole command writes ~5.5x SIZE_MIB more on every size from 512 on, removed after each run)
# Run it on an idle machine with a warm page cache: the figures are wall-clock times. The table states the load.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${BUILD:-$root/build}"
data="${BENCH_DATA:-/tmp/probescope-bench}"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100 512 1024 2048)
cli="$build/app/probescope-cli"
perf_case="$build/tests/cases/perf_encoder48_mix_statistics"

if ! command -v hyperfine > /dev/null; then
  echo "installing hyperfine (Debian package)"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get install -y hyperfine > /dev/null
fi
cmake --build "$build" --target bench probescope-cli probescope_test_cases > /dev/null
mkdir -p "$data"
work=$(mktemp -d "$data/run.XXXXXX")
trap 'rm -rf "$work"' EXIT
table="$work/table"
: > "$table"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, load $load_before, $(date -u +%FT%TZ)," \
  "commit $(git -C "$root" rev-parse --short HEAD)"

# row MEASURE VALUE UNIT TARGET [le|ge]: one line of the final table; the verdict compares VALUE with TARGET.
row() {
  local measure="$1" value="$2" unit="$3" target="${4:-}" cmp="${5:-le}" verdict=""
  if [ -n "$target" ] && [ -z "$value" ]; then
    verdict="not measured"
  elif [ -n "$target" ]; then
    verdict=$(awk -v v="$value" -v t="$target" -v c="$cmp" \
      'BEGIN { ok = (c == "le") ? (v <= t) : (v >= t); print ok ? "met" : "NOT MET" }')
  fi
  local shown_target=""
  [ -z "$target" ] || shown_target="$([ "$cmp" = le ] && echo '<=' || echo '>=') $target $unit"
  printf '%s\t%s\t%s\t%s\n' "$measure" "${value:-n/a} $unit" "$shown_target" "$verdict" >> "$table"
}

# hyperfine_mean NAME CMD...: mean wall seconds of the whole command, printed by hyperfine too; the mean CPU
# seconds (user + system) are left in $work/NAME.cpu. HYPERFINE_RUNS runs (default 10) after one warm-up.
hyperfine_runs=${HYPERFINE_RUNS:-10}
hyperfine_mean() {
  local name="$1"
  shift
  hyperfine -N -w 1 -r "$hyperfine_runs" --prepare "sh -c 'rm -rf $work/out && mkdir -p $work/out'" \
    --export-json "$work/$name.json" -n "$name" "$*" >&2
  python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][0]; print('%.3f' % r['mean']); \
open(sys.argv[2], 'w').write('%.3f' % (r['user'] + r['system']))" "$work/$name.json" "$work/$name.cpu"
}

# msprobe from source trees, for ratios measured in this run: MSPROBE26_PYTHONPATH (msprobe 26.0.0, e.g.
# <Ascend/msprobe>/python) and MSPROBE121_PYTHONPATH (msprobe 1.2.1); add the folders of its Python dependencies.
msprobe_python="${MSPROBE_PYTHON:-python3}"
msprobe_runs=${MSPROBE_RUNS:-3}
# msprobe_ratio LABEL VERSION_VAR NAME OURS_NAME CMD...: runs msprobe (hyperfine, MSPROBE_RUNS runs) and adds the
# wall and CPU ratios against OURS_NAME's figures of this run (targets >= 50x and >= 30x).
msprobe_ratio() {
  local label="$1" var="$2" name="$3" ours="$4"
  shift 4
  local path="${!var:-}"
  if [ -z "$path" ]; then
    echo "$label: $var is not set, msprobe not run" >&2
    row "$label: msprobe / ProbeScope, wall" "" x 50 ge
    return
  fi
  local runs_saved=$hyperfine_runs
  hyperfine_runs=$msprobe_runs
  local wall
  wall=$(PYTHONPATH="$path" hyperfine_mean "$name" env PYTHONPATH="$path" "$msprobe_python" \
    "$root/bench/run_msprobe.py" "$@")
  hyperfine_runs=$runs_saved
  row "$label: msprobe, whole command" "$wall" s
  row "$label: msprobe / ProbeScope, wall" \
    "$(awk -v a="$wall" -v b="$(cat "$work/$ours.time")" 'BEGIN { printf "%.1f", a / b }')" x 50 ge
  row "$label: msprobe / ProbeScope, CPU time" \
    "$(awk -v a="$(cat "$work/$name.cpu")" -v b="$(cat "$work/$ours.cpu")" 'BEGIN { printf "%.1f", a / b }')" x 30 ge
}

# whole_run NAME CMD...: one run in the pair's folder; sets SECONDS_TAKEN and PEAK_MB (GNU time).
whole_run() {
  local name="$1"
  shift
  rm -rf "$work/out"
  /usr/bin/time -f "%e %M" -o "$work/$name.time" "$@" -o "$work/out" > /dev/null 2> "$work/$name.err"
  read -r SECONDS_TAKEN rss_kb < "$work/$name.time"
  PEAK_MB=$((rss_kb / 1024))
  echo "$name: $SECONDS_TAKEN s, $PEAK_MB MB peak RSS, $(du -sh "$work/out" | cut -f1) written" >&2
  if ls "$work/out"/*.vis.db > /dev/null 2>&1; then
    check=$(python3 -c "import sqlite3,sys; c=sqlite3.connect('file:'+sys.argv[1]+'?mode=ro', uri=True); \
print(c.execute('PRAGMA integrity_check').fetchone()[0])" "$(ls "$work/out"/*.vis.db)")
    echo "$name: PRAGMA integrity_check: $check" >&2
  fi
  rm -rf "$work/out"
}

echo
echo "== whole command, perf_encoder48_mix_statistics (18,585 nodes per side) =="
(
  cd "$perf_case"
  graph=$(hyperfine_mean graph "$cli" graph -i compare.json -o "$work/out")
  echo "$graph" > "$work/graph.time"
  visualize=$(hyperfine_mean graph_visualize "$cli" graph_visualize -tp npu/step0/rank -gp bench/step0/rank \
    -o "$work/out")
  echo "$visualize" > "$work/graph_visualize.time"
  tuned=$(hyperfine_mean visdb_through_sqlite env PROBESCOPE_VISDB_WRITER=sqlite "$cli" graph_visualize \
    -tp npu/step0/rank -gp bench/step0/rank -o "$work/out")
  row "perf_encoder48: graph (.vis), whole command" "$graph" s 0.26
  row "perf_encoder48: graph_visualize (.vis.db), whole command" "$visualize" s 0.25
  row "perf_encoder48: graph_visualize, .vis.db through tuned SQLite" "$tuned" s
  row "  direct page writer faster by (whole command)" \
    "$(awk -v a="$tuned" -v b="$visualize" 'BEGIN { printf "%.2f", a / b }')" x 1.5 ge
  msprobe_ratio "perf_encoder48 graph vs 1.2.1" MSPROBE121_PYTHONPATH msprobe121_graph graph \
    graph -i compare.json -o "$work/out"
  msprobe_ratio "perf_encoder48 graph_visualize vs 26.0.0" MSPROBE26_PYTHONPATH msprobe26_visualize graph_visualize \
    graph_visualize -tp npu/step0/rank -gp bench/step0/rank -o "$work/out"
)

echo
echo "== whole command, 2 x 41 MiB (the size of a 24-layer GPT, 52k nodes per side) =="
# graph_visualize on msprobe >= 8 dumps; graph (1.2.1's rules) on the same model dumped without parameters_grad.
[ -f "$data/pair_41MiB_seed1/compare.json" ] || "$build/bench/gen_dumps" "$data/pair_41MiB_seed1" 41 --seed 1 > /dev/null
[ -f "$data/pair121_41MiB_seed1/compare.json" ] \
  || "$build/bench/gen_dumps" "$data/pair121_41MiB_seed1" 41 --seed 1 --msprobe 1.2.1 > /dev/null
(
  cd "$data/pair_41MiB_seed1"
  gpt_db=$(hyperfine_mean gpt_visualize "$cli" graph_visualize -tp npu/step0/rank -gp bench/step0/rank -o "$work/out")
  echo "$gpt_db" > "$work/gpt_visualize.time"
  row "2 x 41 MiB: graph_visualize (.vis.db), whole command" "$gpt_db" s
  msprobe_ratio "2 x 41 MiB graph_visualize vs 26.0.0" MSPROBE26_PYTHONPATH msprobe26_gpt gpt_visualize \
    graph_visualize -tp npu/step0/rank -gp bench/step0/rank -o "$work/out"
)
(
  cd "$data/pair121_41MiB_seed1"
  gpt_vis=$(hyperfine_mean gpt_graph "$cli" graph -i compare.json -o "$work/out")
  echo "$gpt_vis" > "$work/gpt_graph.time"
  row "2 x 41 MiB: graph (.vis), whole command" "$gpt_vis" s
  msprobe_ratio "2 x 41 MiB graph vs 1.2.1" MSPROBE121_PYTHONPATH msprobe121_gpt gpt_graph \
    graph -i compare.json -o "$work/out"
)

largest=0
for size in "${sizes[@]}"; do
  [ "$size" -le "$largest" ] || largest=$size
done
for size in "${sizes[@]}"; do
  pair="$data/pair_${size}MiB_seed1"
  [ -f "$pair/compare.json" ] || "$build/bench/gen_dumps" "$pair" "$size" --seed 1 > /dev/null
  cat "$pair"/{npu,bench}/step0/rank/*.json > /dev/null # warm the page cache
  echo
  echo "== 2 x $size MiB statistics dumps =="
  out=-
  if [ "$size" -le 200 ]; then
    # The .vis of a 2 x 100 MiB pair is ~0.8 GB: export and reopening are measured on it.
    out=$(mktemp -d "$work/engine.XXXXXX")
  fi
  # msprobe 26.0.0's rules: gen_dumps writes msprobe >= 8 dumps (parameters_grad entries), which 1.2.1 rejects.
  "$build/bench/bench_engine" "$pair/npu/step0/rank" "$pair/bench/step0/rank" 1 "$out" 26 | tee "$work/engine_$size"
  figure() { awk -v k="$1" 'index($0, k) == 1 { $0 = substr($0, length(k) + 1); print $1; exit }' "$work/engine_$size"; }
  target=""
  case "$size" in 512) target=2 ;; 1024) target=4 ;; esac
  row "2 x $size MiB: parse + build + match + compare" "$(figure 'parse + build + match + compare')" s $target
  row "2 x $size MiB: peak RSS after compare (bench_engine)" "$(figure 'peak RSS after compare')" MB \
    "$([ "$size" = 1024 ] && echo 2500)"
  if [ "$out" != - ]; then
    row "2 x $size MiB: .vis written to a file (bench_engine)" "$(figure '.vis written to a file')" s
    row "2 x $size MiB: .vis.db written to a file (bench_engine)" "$(figure '.vis.db written to a file')" s
    row "2 x $size MiB: .vis read back (core of opening it)" "$(figure '.vis read back (core part of opening it)')" s
    rm -rf "$out"
  fi
  if [ "$size" -ge 512 ]; then
    echo "-- whole command on the 2 x $size MiB pair (one run) --"
    (
      cd "$pair"
      whole_run db "$cli" graph_visualize -tp npu/step0/rank -gp bench/step0/rank
      echo "$SECONDS_TAKEN $PEAK_MB" > "$work/whole_$size"
      row "2 x $size MiB: graph_visualize (.vis.db), whole command" "$SECONDS_TAKEN" s \
        "$(case "$size" in 1024) echo 15 ;; 2048) echo 32 ;; esac)"
      row "2 x $size MiB: graph_visualize (.vis.db), peak RSS" "$PEAK_MB" MB \
        "$(case "$size" in 1024) echo 2500 ;; 2048) echo 5000 ;; esac)"
    )
    # Linear growth: each doubling of the pair at most 2.1x the time and memory of the half size.
    half=$((size / 2))
    if [ -f "$work/whole_$half" ]; then
      read -r t1 m1 < "$work/whole_$half"
      read -r t2 m2 < "$work/whole_$size"
      row "  2 x $half -> $size MiB: time grows" "$(awk -v a="$t2" -v b="$t1" 'BEGIN { printf "%.2f", a / b }')" x 2.1
      row "  2 x $half -> $size MiB: memory grows" "$(awk -v a="$m2" -v b="$m1" 'BEGIN { printf "%.2f", a / b }')" x 2.1
    fi
  fi
  if [ "$size" = 1024 ]; then
    # The .vis is msprobe 1.2.1's `graph`, whose rules refuse the parameters_grad names of msprobe >= 8 dumps (as
    # msprobe 1.2.1 does): measured on the same model dumped without them (gen_dumps --msprobe 1.2.1).
    pair121="$data/pair121_${size}MiB_seed1"
    [ -f "$pair121/compare.json" ] || "$build/bench/gen_dumps" "$pair121" "$size" --seed 1 --msprobe 1.2.1 > /dev/null
    cat "$pair121"/{npu,bench}/step0/rank/*.json > /dev/null
    (
      cd "$pair121"
      whole_run vis "$cli" graph -i compare.json
      row "2 x $size MiB: graph (.vis), whole command" "$SECONDS_TAKEN" s 15
      row "2 x $size MiB: graph (.vis), peak RSS" "$PEAK_MB" MB 2500
    )
    rm -rf "$pair121"
  fi
  if [ "$size" = 1024 ] || [ "$size" = "$largest" ]; then
    # The viewer opening the pair: the matched trees painted, then every job done.
    if [ -x "$build/tests/ui/probescope_bench_viewer" ]; then
      (cd "$pair" && QT_QPA_PLATFORM=offscreen "$build/tests/ui/probescope_bench_viewer" npu/step0/rank bench/step0/rank) \
        | tee "$work/viewer_$size"
      viewer() { awk -v k="$1" 'index($0, k) == 1 { sub(/.*: /, ""); print $1; exit }' "$work/viewer_$size"; }
      row "viewer on dumps: 2 x $size MiB to a painted tree" "$(viewer 'first paint')" s \
        "$([ "$size" = 1024 ] && echo 6)"
      row "viewer on dumps: 2 x $size MiB, peak RSS" "$(viewer 'peak RSS')" MB \
        "$(case "$size" in 1024) echo 2500 ;; 2048) echo 5000 ;; esac)"
    fi
  fi
done

echo
echo "== viewer, 10^6 nodes per side =="
if [ -x "$build/tests/ui/probescope_bench_tree" ]; then
  QT_QPA_PLATFORM=offscreen "$build/tests/ui/probescope_bench_tree" | tee "$work/tree"
  ms() { awk -v k="$1" 'index($0, k) == 1 { sub(/.*: /, ""); print $1; exit }' "$work/tree"; }
  row "viewer 10^6 nodes: result to first paint" "$(ms 'result to first paint')" ms 1000
  row "viewer 10^6 nodes: expand 1,000 children" "$(ms 'expand 1000 children')" ms 16
  row "viewer 10^6 nodes: search keystroke to hits" "$(ms 'search keystroke')" ms 20
  row "viewer 10^6 nodes: jump to depth 300" "$(ms 'jump to a node')" ms 100
  row "viewer 10^6 nodes: recolour" "$(ms 'recolour')" ms 50
else
  echo "(no GUI build: viewer benchmark skipped)"
fi
if [ -x "$build/tests/ui/probescope_bench_viewer" ]; then
  echo
  echo "== viewer opening dumps of the perf size, and a 1 GB .vis.db =="
  # 2 x 41 MiB: the size of the held-out 24-layer GPT case (2 x 41 MB dump.json, 52k nodes per side).
  small="$data/pair_41MiB_seed1"
  [ -f "$small/compare.json" ] || "$build/bench/gen_dumps" "$small" 41 --seed 1 > /dev/null
  (cd "$small" && QT_QPA_PLATFORM=offscreen "$build/tests/ui/probescope_bench_viewer" npu/step0/rank bench/step0/rank) \
    | tee "$work/viewer_41"
  # A ~1.1 GB .vis.db: graph_visualize of a 2 x 190 MiB pair.
  dbpair="$data/pair_190MiB_seed1"
  [ -f "$dbpair/compare.json" ] || "$build/bench/gen_dumps" "$dbpair" 190 --seed 1 > /dev/null
  if [ ! -f "$dbpair/db/run.vis.db" ]; then
    rm -rf "$dbpair/db"
    (cd "$dbpair" && "$cli" graph_visualize -tp npu/step0/rank -gp bench/step0/rank -o db > /dev/null 2>&1)
    mv "$dbpair"/db/*.vis.db "$dbpair/db/run.vis.db"
  fi
  cat "$dbpair/db/run.vis.db" > /dev/null
  QT_QPA_PLATFORM=offscreen "$build/tests/ui/probescope_bench_viewer" "$dbpair/db/run.vis.db" | tee "$work/viewer_db"
  value() { awk -v k="$2" 'index($0, k) == 1 { sub(/.*: /, ""); print $1; exit }' "$1"; }
  row "viewer on dumps: 2 x 41 MiB to a painted tree" "$(value "$work/viewer_41" 'first paint')" s 1
  row "viewer: $(du -h "$dbpair/db/run.vis.db" | cut -f1) .vis.db opened lazily, first paint" \
    "$(value "$work/viewer_db" 'first paint')" s 1
  row "viewer: that .vis.db, expand a first-level node" "$(value "$work/viewer_db" 'expand a first-level node')" ms 16
  row "viewer: that .vis.db, whole structure read (every job done)" "$(value "$work/viewer_db" 'settled')" s
  row "viewer: that .vis.db, peak RSS" "$(value "$work/viewer_db" 'peak RSS')" MB
fi

echo
echo "== real-data mode (tensor files) =="
"$build/bench/bench_tensor" 100 3 | tee "$work/tensor"
row "real data: tensor bytes per second, 2 threads" "$(awk '$1 == "2" { print $3; exit }' "$work/tensor")" GB/s 1.2 ge
row "real data: 1 -> 2 threads speed-up" "$(awk '/speed-up 1 -> 2 threads/ { sub(/x$/, "", $6); print $6 }' \
  "$work/tensor")" x

echo
echo "== summary: load $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after (1/5/15 min, $(nproc) cores) =="
{
  printf 'measure\tvalue\ttarget\t\n'
  cat "$table"
} | column -t -s $'\t'
