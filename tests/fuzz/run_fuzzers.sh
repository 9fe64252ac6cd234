#!/usr/bin/env bash
# Runs each libFuzzer target for SECONDS, PARALLEL at a time, on corpora seeded by make_corpora.sh.
# Usage: tests/fuzz/run_fuzzers.sh SECONDS [TARGET...]
#   FUZZ_BUILD (default build-fuzz) is a build configured with -DPROBESCOPE_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14;
#   PARALLEL (default 2) targets run at once. Findings go to $FUZZ_BUILD/fuzz-artifacts/<target>/; exit 1 if any.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
seconds="${1:?usage: run_fuzzers.sh SECONDS [TARGET...]}"
shift
build="${FUZZ_BUILD:-$root/build-fuzz}"
parallel="${PARALLEL:-2}"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_dump_json fuzz_stack_json fuzz_construct_json fuzz_compare_json
    fuzz_layer_mapping fuzz_pt fuzz_npy fuzz_vis fuzz_vis_db fuzz_vis_config fuzz_pipeline)
corpora="$build/corpora"
[ -d "$corpora" ] || bash "$root/tests/fuzz/make_corpora.sh" "$corpora" > /dev/null
logs="$build/fuzz-logs"
mkdir -p "$logs"

# Each input gets a time and memory budget: a slow or greedy input is a finding like a crash.
run_one() {
    local t="$1" exe="$build/tests/fuzz/$1" dict=() maxlen=65536 timeout=20 rss=2560
    case "$t" in
    *json | fuzz_vis | fuzz_vis_config | fuzz_pipeline) dict=(-dict="$root/tests/fuzz/json.dict") ;;
    fuzz_layer_mapping) dict=(-dict="$root/tests/fuzz/yaml.dict") ;;
    esac
    case "$t" in
    fuzz_vis | fuzz_vis_db) maxlen=262144 ;;
    fuzz_dump_json | fuzz_stack_json | fuzz_construct_json) maxlen=1048576 ;; # these formats reach MBs
    fuzz_pipeline) maxlen=2097152 timeout=30 rss=2048 ;; # three files per side and the whole run
    esac
    mkdir -p "$corpora/$t" "$build/fuzz-artifacts/$t"
    local start=$SECONDS
    "$exe" "$corpora/$t" "${dict[@]}" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$rss" \
        -malloc_limit_mb="$rss" -max_len="$maxlen" -len_control=100 -artifact_prefix="$build/fuzz-artifacts/$t/" \
        -print_final_stats=1 > "$logs/$t.log" 2>&1
    local rc=$?
    local runs corpus
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$logs/$t.log" | grep -o '[0-9]*$')
    corpus=$(find "$corpora/$t" -type f | wc -l)
    echo "$t: rc=$rc, $((SECONDS - start)) s, ${runs:-?} runs, corpus $corpus files"
    return $rc
}

failed=0
pids=()
names=()
for t in "${targets[@]}"; do
    if [ ! -x "$build/tests/fuzz/$t" ]; then
        echo "$t: not built (ninja -C $build fuzzers)"
        failed=1
        continue
    fi
    run_one "$t" &
    pids+=($!)
    names+=("$t")
    while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n || failed=1; done
done
while [ "$(jobs -rp | wc -l)" -gt 0 ]; do wait -n || failed=1; done
[ $failed -eq 0 ] || echo "findings or failures: see $logs and $build/fuzz-artifacts"
exit $failed
