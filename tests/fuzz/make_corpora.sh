#!/usr/bin/env bash
# Seeds one corpus folder per fuzz target from tests/data (plus a few hand-written shapes the data lacks).
# Usage: tests/fuzz/make_corpora.sh [OUT_DIR]   (default: build-fuzz/corpora)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:-$root/build-fuzz/corpora}"
data="$root/tests/data"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

for t in dump_json stack_json construct_json compare_json layer_mapping pt npy vis vis_db vis_config pipeline; do
    mkdir -p "$out/fuzz_$t"
done

# Small real dumps (the big ones only slow the fuzzer down).
for case in mlp_mix_statistics mlp_mix_md5 mlp_nan_mix_statistics mlp_mix_tensor dist_tp_mix_statistics; do
    [ -f "$data/golden/$case/dumps.tar.gz" ] || continue
    mkdir -p "$tmp/$case"
    tar xzf "$data/golden/$case/dumps.tar.gz" -C "$tmp/$case" --wildcards '*.json' 2>/dev/null || true
done
n=0
while IFS= read -r f; do
    n=$((n + 1))
    base="$(basename "$f" .json)"
    case "$base" in
    dump | construct | stack) cp "$f" "$out/fuzz_${base}_json/seed_$n.json" ;;
    esac
done < <(find "$tmp" -name '*.json' -size -100k | sort)

i=0
for f in "$data"/golden/*/compare.json "$data"/golden/*/build.json; do
    [ -f "$f" ] && cp "$f" "$out/fuzz_compare_json/seed_$((i += 1)).json"
done
for f in "$data"/golden/*/*.yaml; do
    [ -f "$f" ] && cp "$f" "$out/fuzz_layer_mapping/"
done
cp "$data"/tensor/generated/*.pt "$out/fuzz_pt/"
cp "$data"/tensor/generated/*.npy "$out/fuzz_npy/"
for f in "$data"/vis/*.vis.gz; do
    gunzip -c "$f" > "$out/fuzz_vis/$(basename "$f" .gz)"
done
for f in "$data"/vis/*.vis.db.gz; do
    gunzip -c "$f" > "$out/fuzz_vis_db/$(basename "$f" .gz)"
done

# Shapes the data folder lacks: the newer grouped stack.json, tiny dumps and rules.
printf '%s' '{"0": [["Module.fc.Linear.forward.0", "Functional.linear.0.forward"], ["File a.py, line 1, in f, \n x = f(y)"]], "1": [["Tensor.add.0.forward"], "File b.py, line 2, in g"]}' \
    > "$out/fuzz_stack_json/grouped.json"
printf '%s' '{"Module.fc.Linear.forward.0": ["File m.py, line 9, in forward, \n return self.fc(x)"]}' \
    > "$out/fuzz_stack_json/flat.json"
printf '%s' '{"Module.fc.Linear.forward.0": null, "Functional.linear.0.forward": "Module.fc.Linear.forward.0", "Module.fc.Linear.backward.0": null, "megatron_micro_step_number": 2}' \
    > "$out/fuzz_construct_json/small.json"
printf '%s' '{"task": "statistics", "level": "mix", "framework": "pytorch", "dump_data_dir": null, "data": {"Functional.linear.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2, 3], "Max": 1.0, "Min": -1.0, "Mean": NaN, "Norm": Infinity, "requires_grad": false, "data_name": "a.pt"}, null, {"type": "int", "value": 3}, [{"type": "slice", "value": [1, null, 2]}]], "input_kwargs": {"g": {"type": "torch.ProcessGroup", "group_ranks": [0, 1], "group_id": "x"}}, "output": [{"type": "torch.Tensor", "dtype": "torch.bfloat16", "shape": [], "Max": null, "Min": null, "Mean": null, "Norm": null, "md5": "1234abcd"}]}}}' \
    > "$out/fuzz_dump_json/small.json"
printf '%s' '{"npu_path": "/tmp", "bench_path": "/tmp", "is_print_compare_log": false}' > "$out/fuzz_compare_json/small.json"
printf 'TopLayer:\n  language_model.embedding: embedding\n  layers: decoder.layers\nParallelTransformerLayer:\n  self_attention: attn\n  "true": "null"\n' \
    > "$out/fuzz_layer_mapping/small.yaml"
printf '%s' '{"Module.fc1.Linear.forward.0": "Module.proj.Linear.forward.0", "Functional.linear.0.forward": "Functional.linear.0.forward"}' \
    > "$out/fuzz_vis_config/pairs.vis.config"
printf '%s' '{}' > "$out/fuzz_vis_config/empty.vis.config"
printf '\xef\xbb\xbf---  # rules\r\n"Top\\u004cayer":\r\n  %s: "a\\tb"   # why\r\nX: {}\r\nY:\r\n  "0": %s\r\n...\r\n' \
    "'it''s'" "'yes'" > "$out/fuzz_layer_mapping/quoted.yaml"
cp "$data"/bad_inputs/*.yaml "$out/fuzz_layer_mapping/"
# fuzz_pipeline: a flags byte, then NPU dump, construct, stack, bench dump, construct, stack, mapping YAML, NUL-separated.
pipeline_seed() { # FLAGS NPU_DIR BENCH_DIR [YAML] > seed
    printf "\\$(printf '%03o' "$1")"
    local n=0
    for dir in "$2" "$3"; do
        for f in dump construct stack; do
            [ $((n++)) -eq 0 ] || printf '\0'
            cat "$dir/$f.json"
        done
    done
    if [ -n "${4:-}" ]; then printf '\0'; cat "$4"; fi
}
i=0
while IFS= read -r dump; do
    dir="$(dirname "$dump")"
    [ -f "$dir/construct.json" ] && [ -f "$dir/stack.json" ] || continue
    [ "$(stat -c %s "$dump")" -lt 200000 ] || continue
    for flags in 0 2 4 16 64; do
        pipeline_seed "$flags" "$dir" "$dir" > "$out/fuzz_pipeline/seed_$((i += 1))"
    done
done < <(find "$tmp" -name dump.json | sort)
yaml="$(ls "$data"/golden/*/*.yaml 2>/dev/null | head -1)"
if [ -n "$yaml" ]; then
    dump="$(find "$tmp" -name dump.json | sort | head -1)"
    pipeline_seed 32 "$(dirname "$dump")" "$(dirname "$dump")" "$yaml" > "$out/fuzz_pipeline/seed_mapping"
fi

echo "corpora in $out:"
for d in "$out"/fuzz_*; do echo "  $(basename "$d"): $(find "$d" -type f | wc -l) files"; done

