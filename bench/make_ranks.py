#!/usr/bin/env python3
"""Simulates a large multi-rank run from a 2-rank case (docs/cluster.md): copies its rank0/rank1 dumps to ranks
2k and 2k+1 of every step and side, for k < N/2, and moves each pair into its own communication group — group_ranks
[2k, 2k+1], a group_id of its own, the src/dst and root-rank arguments shifted by 2k — so that the distributed
analysis links the pairs as it links the original two ranks.

Usage: bench/make_ranks.py CASE_DIR OUT_DIR N      (CASE_DIR holds npu/ and bench/ folders of step<S>/rank<R>)
"""
import json
import os
import shutil
import sys

RANK_ARGS = ("src", "dst")  # kwargs naming a peer or a root rank
ROOT_POSITIONAL = ("broadcast", "reduce")  # their second positional argument is the root rank


def shift_groups(value, offset, pair):
    """Every process group in the entry (arguments and outputs): its ranks and its id."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if isinstance(v.get("group_ranks"), list):
                v["group_ranks"] = [r + offset for r in v["group_ranks"]]
                v["group_id"] = f"{v.get('group_id', '')}{pair:04d}"
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


def shift_entry(api, entry, offset, pair):
    shift_groups(entry, offset, pair)
    for name in RANK_ARGS:
        arg = entry.get("input_kwargs", {}).get(name)
        if isinstance(arg, dict) and isinstance(arg.get("value"), int):
            arg["value"] += offset
    args = entry.get("input_args", [])
    if api in ROOT_POSITIONAL and len(args) > 1 and isinstance(args[1].get("value"), int):
        args[1]["value"] += offset


def make_rank(src_dir, dst_dir, offset, pair):
    os.makedirs(dst_dir)
    for name in ("construct.json", "stack.json"):
        shutil.copyfile(os.path.join(src_dir, name), os.path.join(dst_dir, name))
    with open(os.path.join(src_dir, "dump.json")) as f:
        dump = json.load(f)
    for key, entry in dump["data"].items():
        if key.startswith("Distributed.") and isinstance(entry, dict):
            shift_entry(key.split(".")[1], entry, offset, pair)
    with open(os.path.join(dst_dir, "dump.json"), "w") as f:
        json.dump(dump, f)


def main():
    case_dir, out_dir, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if n < 2 or n % 2:
        sys.exit("N must be an even number of ranks >= 2")
    for side in ("npu", "bench"):
        for step in sorted(os.listdir(os.path.join(case_dir, side))):
            for rank in range(n):
                pair, original = divmod(rank, 2)
                make_rank(os.path.join(case_dir, side, step, f"rank{original}"),
                          os.path.join(out_dir, side, step, f"rank{rank}"), 2 * pair, pair)
    print(f"{out_dir}: {n} ranks per step and side")


if __name__ == "__main__":
    main()
