#!/usr/bin/env python3
"""Golden tests: run probescope-cli on every reference variant of every case and score the output with
vis_compare.py against msprobe 1.2.1's .vis files.

A case folder (tests/data/golden/<case> as the build unpacks it into build/tests/cases) holds the npu/bench
dumps, its compare.json/build.json and ref_1.2.1/<variant>/{cmd.txt, *.vis[.gz]}. A variant is run as its cmd.txt says, from the case folder.
EXPECTED_SCORES (below) lists the documented exceptions; every other variant must score 1.000000.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

# Variants that cannot reach 1.0 yet, with the reason (docs/deviations.md has the details).
EXPECTED_SCORES = {
    # msprobe 1.2.1 cannot read the newer grouped stack.json and writes [] for every stack; ProbeScope reads
    # the stacks. Every other field agrees.
    ("headdump_gpt_mix_statistics", "compare_cs"): 0.981714,
    ("headdump_mlp_mix_tensor", "compare_cs"): 0.981707,
}

def parse_cmd(cmd_txt):
    text = open(cmd_txt).read()
    args = text.split(" graph ", 1)[1].split()
    out = []
    i = 0
    while i < len(args):
        if args[i] in ("-o", "--output_path"):
            i += 2
            continue
        out.append(args[i])
        i += 1
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--cases", required=True)
    ap.add_argument("--compare-tool", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--only", default="")
    args = ap.parse_args()

    failures, passed = [], 0
    for case in sorted(os.listdir(args.cases)):
        case_dir = os.path.join(args.cases, case)
        ref_root = os.path.join(case_dir, "ref_1.2.1")
        if not os.path.isdir(ref_root) or (args.only and not re.search(args.only, case)):
            continue
        for variant in sorted(os.listdir(ref_root)):
            ref_dir = os.path.join(ref_root, variant)
            if not any(f.endswith((".vis", ".vis.gz")) for f in os.listdir(ref_dir)):
                continue  # msprobe 1.2.1 failed on this input; nothing to compare
            label = f"{case}/{variant}"
            out_dir = os.path.join(args.work, case, variant)
            shutil.rmtree(out_dir, ignore_errors=True)
            cmd = [args.cli, "-f", "pytorch", "graph"] + parse_cmd(os.path.join(ref_dir, "cmd.txt")) + ["-o", out_dir]
            run = subprocess.run(cmd, cwd=case_dir, capture_output=True, text=True)
            if run.returncode != 0:
                failures.append(f"{label}: probescope-cli exited {run.returncode}\n{run.stdout}{run.stderr}")
                print(f"FAIL {label}: exit {run.returncode}")
                continue
            cmp = subprocess.run([sys.executable, args.compare_tool, ref_dir, out_dir, "--min-score", "0"],
                                 capture_output=True, text=True)
            last = cmp.stdout.strip().splitlines()[-1] if cmp.stdout.strip() else cmp.stderr
            m = re.search(r"overall agreement ([0-9.]+)", last)
            score = float(m.group(1)) if m else 0.0
            want = EXPECTED_SCORES.get((case, variant), 1.0)
            if score + 1e-12 >= want:
                passed += 1
                print(f"PASS {label}: {score:.6f}")
            else:
                failures.append(f"{label}: score {score:.6f} < {want}\n{cmp.stdout[-3000:]}")
                print(f"FAIL {label}: {score:.6f}")
    for f in failures:
        print("\n" + f)
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
