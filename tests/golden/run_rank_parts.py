#!/usr/bin/env python3
"""Rank sharding against the references: every msprobe 26.0.0 variant of a multi-rank case run once per rank
(`graph_visualize ... --ranks R`), the parts put together with `probescope-cli merge --expect-ranks`, and the merged
database scored with visdb_compare.py against the single run over every rank and against msprobe's own database
(ref_26.0.0/<variant>); both must score 1.000000, every database must pass PRAGMA integrity_check, and the parts
must be unchanged by the merge.
"""
import hashlib
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_golden import RefSet, damaged_databases, golden_arguments  # noqa: E402  (the golden runner's command lines and checks)


def only_db(folder):
    found = [os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".vis.db")]
    if len(found) != 1:
        raise RuntimeError(f"{folder}: expected one .vis.db, found {found}")
    return found[0]


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def run(cmd, cwd=None):
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {done.returncode}\n{done.stdout}{done.stderr}")
    return done.stdout


def check_variant(args, refs, case_dir, variant, ranks, work):
    ref_dir = os.path.join(case_dir, refs.folder, variant)
    base = [args.cli] + refs.cli_args(os.path.join(ref_dir, "cmd.txt"))
    shutil.rmtree(work, ignore_errors=True)
    run(base + ["-o", os.path.join(work, "single")], cwd=case_dir)
    for rank in ranks:
        run(base + ["--ranks", str(rank), "-o", os.path.join(work, "parts")], cwd=case_dir)
    parts = sorted(os.path.join(work, "parts", n) for n in os.listdir(os.path.join(work, "parts")))
    before = [digest(p) for p in parts]
    merged = os.path.join(work, "merged", "merged.vis.db")
    os.makedirs(os.path.dirname(merged))
    run([args.cli, "merge", "-o", merged, "--expect-ranks", f"{ranks[0]}-{ranks[-1]}"] + parts)
    problems = damaged_databases(work)
    if [digest(p) for p in parts] != before:
        problems.append("the merge changed a part")
    scores = {}
    for label, reference in (("single run", only_db(os.path.join(work, "single"))), ("msprobe 26.0.0", ref_dir)):
        score, report = refs.score(args.compare_tool, reference, os.path.join(work, "merged"), work)
        scores[label] = score
        if score < 1.0:
            problems.append(f"merged vs {label}: score {score:.6f}\n{report[-2000:]}")
    return scores, problems


def main():
    ap = golden_arguments()
    ap.add_argument("--case", default="dist_tp_mix_statistics")
    ap.add_argument("--ranks", type=int, default=2, help="the case's ranks (0 .. N-1), one part each")
    args = ap.parse_args()
    refs = RefSet("26.0.0")
    case_dir = os.path.join(args.cases, args.case)
    variants = sorted(os.listdir(os.path.join(case_dir, refs.folder)))
    failures = []
    for variant in variants:
        label = f"{args.case}/{variant}"
        try:
            scores, problems = check_variant(args, refs, case_dir, variant, list(range(args.ranks)),
                                             os.path.join(args.work, variant))
        except RuntimeError as e:
            scores, problems = {}, [str(e)]
        shown = ", ".join(f"{k} {v:.6f}" for k, v in scores.items())
        print(f"{'FAIL' if problems else 'PASS'} {label}: merged parts vs {shown}")
        failures += [f"{label}: {p}" for p in problems]
    for f in failures:
        print("\n" + f)
    print(f"{len(variants) - len({f.split(':')[0] for f in failures})} passed, {len(failures)} problems")
    return 1 if failures or not variants else 0


if __name__ == "__main__":
    sys.exit(main())
