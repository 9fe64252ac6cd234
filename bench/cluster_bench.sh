#!/usr/bin/env bash
# The figures of docs/cluster.md: a simulated N-rank run (bench/make_ranks.py copies the 2-rank dist_tp case to
# ranks 0..N-1, 2 steps, both sides) processed as a cluster job would process it, one after the other on this
# machine: the single run over every rank (the baseline), one part per rank, parts of SHARD ranks, and the merge of
# each set of parts; wall time and peak RSS of every process from /usr/bin/time -v. Checks that both merges equal
# the single run (every SQL line of the databases).
# Usage: bench/cluster_bench.sh [N=256] [SHARD=32]   (PROBESCOPE_CLI: the binary, default build/app/probescope-cli)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
n=${1:-256}
shard=${2:-32}
cli="${PROBESCOPE_CLI:-${BUILD:-$root/build}/app/probescope-cli}"
work=$(mktemp -d /tmp/probescope-cluster.XXXXXX)
trap 'rm -rf "$work"' EXIT
python3 "$root/bench/make_ranks.py" "$root/build/tests/cases/dist_tp_mix_statistics" "$work/run" "$n" > /dev/null
echo "simulated run: $n ranks x 2 steps, $(du -sh "$work/run" | cut -f1) of dumps; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

# measure LABEL CMD...: appends "LABEL seconds peak_kib" to $work/figures
measure() {
    local label=$1
    shift
    /usr/bin/time -v "$@" > "$work/last.out" 2> "$work/last.time" || { cat "$work/last.out" "$work/last.time"; exit 1; }
    local wall rss
    wall=$(grep 'Elapsed (wall clock)' "$work/last.time" | awk '{print $NF}' | awk -F: '{print ($1 * 60) + $2}')
    rss=$(grep 'Maximum resident set size' "$work/last.time" | awk '{print $NF}')
    echo "$label $wall $rss" >> "$work/figures"
}
gv=(graph_visualize -tp "$work/run/npu" -gp "$work/run/bench")

measure single "$cli" "${gv[@]}" -o "$work/single"
for (( r = 0; r < n; r++ )); do measure rank "$cli" "${gv[@]}" -o "$work/per_rank" --ranks "$r" -j 1; done
measure merge_per_rank "$cli" merge -o "$work/merged_per_rank.vis.db" --expect-ranks "0-$(( n - 1 ))" "$work"/per_rank/*.vis.db
for (( r = 0; r < n; r += shard )); do
    measure shard "$cli" "${gv[@]}" -o "$work/shards" --ranks "$r-$(( r + shard - 1 < n - 1 ? r + shard - 1 : n - 1 ))" -j 1
done
measure merge_shards "$cli" merge -o "$work/merged_shards.vis.db" --expect-ranks "0-$(( n - 1 ))" "$work"/shards/*.vis.db

python3 - "$work/figures" "$n" "$shard" "$work/single"/*.vis.db "$work/merged_per_rank.vis.db" "$work/merged_shards.vis.db" <<'PY'
import os, sqlite3, statistics, sys
figures, n, shard, single, *merged = sys.argv[1:]
rows = {}
for line in open(figures):
    label, wall, rss = line.split()
    rows.setdefault(label, []).append((float(wall), int(rss) / 1024))
def row(name, label):
    walls = [w for w, _ in rows[label]]
    rss = max(r for _, r in rows[label])
    spread = f"{min(walls):.2f} / {statistics.median(walls):.2f} / {max(walls):.2f}" if len(walls) > 1 else f"{walls[0]:.2f}"
    print(f"| {name} | {len(walls)} | {spread} | {sum(walls):.1f} | {rss:.0f} |")
print("| process | count | wall s (min / median / max) | wall s, all | peak RSS MiB (max) |")
print("|---|---|---|---|---|")
row(f"single run, all {n} ranks", "single")
row("part, 1 rank (`--ranks R -j 1`)", "rank")
row(f"merge of the {n} one-rank parts", "merge_per_rank")
row(f"part, {shard} ranks (`--ranks A-B -j 1`)", "shard")
row(f"merge of the {len(rows['shard'])} {shard}-rank parts", "merge_shards")
dump = lambda p: list(sqlite3.connect(f"file:{p}?mode=ro", uri=True).iterdump())
reference = dump(single)
for path in merged:
    same = dump(path) == reference
    print(f"{os.path.basename(path)}: {'identical to' if same else 'DIFFERS from'} the single run "
          f"({len(reference)} SQL lines, {os.path.getsize(path) / 2**20:.1f} MiB)")
    if not same:
        sys.exit(1)
PY
