#!/usr/bin/env python3
"""Checks that a faster build writes the same outputs as a reference build ("cmp before/after").

  compare_outputs.py BASE_CLI NEW_CLI CASES_DIR [--only SUBSTRING] [--work DIR]

Runs every variant of every case (CASES_DIR/<case>/ref_*/<variant>/cmd.txt: msprobe's command, whose arguments
both probescope-cli builds take) with both programs, plus `--output_format db` for the msprobe 1.2.1 variants,
and compares what they wrote: .vis and other files byte for byte, .vis.db by content (`sqlite3 .dump`: schema and
every row in rowid order; the page layout may differ) after PRAGMA integrity_check of the new one. Output file names differ only by their timestamp.
Exit status 1 when any output differs.
"""
import argparse
import os
import re
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tempfile


def variants(cases_dir, only):
    for case in sorted(os.listdir(cases_dir)):
        for ref in ("ref_1.2.1", "ref_26.0.0"):
            ref_dir = os.path.join(cases_dir, case, ref)
            if not os.path.isdir(ref_dir):
                continue
            for variant in sorted(os.listdir(ref_dir)):
                cmd = os.path.join(ref_dir, variant, "cmd.txt")
                if not os.path.isfile(cmd):
                    continue
                name = f"{case}/{ref}/{variant}"
                if only and only not in name:
                    continue
                text = open(cmd).read().split("msprobe.msprobe", 1)[1]
                args = shlex.split(text)
                if args[:2] == ["-f", "pytorch"] or args[:2] == ["-f", "mindspore"]:
                    args = args[2:]
                out = args.index("-o")
                yield name, os.path.join(cases_dir, case), args[:out] + args[out + 2:]
                if ref == "ref_1.2.1":
                    yield name + "+db", os.path.join(cases_dir, case), args[:out] + args[out + 2:] + [
                        "--output_format", "db"]


def run(cli, cwd, args, out_dir):
    os.makedirs(out_dir)
    r = subprocess.run([cli] + args + ["-o", out_dir], cwd=cwd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    return r.returncode


def dump_db(path):
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    lines = list(con.iterdump())
    con.close()
    return lines


def outputs(folder):
    files = {}
    for root, _, names in os.walk(folder):
        for n in names:
            p = os.path.join(root, n)
            files[re.sub(r"\d{14}", "TS", os.path.relpath(p, folder))] = p
    return files


def integrity(path):
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    rows = con.execute("PRAGMA integrity_check").fetchall()
    con.close()
    return rows == [("ok",)]


def same(a, b):
    if a.endswith(".vis.db"):
        return integrity(b) and dump_db(a) == dump_db(b)
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("cases")
    ap.add_argument("--only", default="")
    ap.add_argument("--work", default="")
    a = ap.parse_args()
    a.base, a.new = os.path.abspath(a.base), os.path.abspath(a.new)
    work = a.work or tempfile.mkdtemp(prefix="compare_outputs.")
    failures = checked = 0
    for k, (name, cwd, args) in enumerate(variants(a.cases, a.only)):
        base_dir = os.path.join(work, str(k), "base")
        new_dir = os.path.join(work, str(k), "new")
        rb = run(a.base, cwd, args, base_dir)
        rn = run(a.new, cwd, args, new_dir)
        bo, no = outputs(base_dir), outputs(new_dir)
        problems = []
        if rb != rn:
            problems.append(f"exit {rb} vs {rn}")
        if sorted(bo) != sorted(no):
            problems.append(f"files {sorted(bo)} vs {sorted(no)}")
        for f in sorted(set(bo) & set(no)):
            checked += 1
            if not same(bo[f], no[f]):
                problems.append(f"{f} differs")
        print(f"{'FAIL' if problems else 'ok  '} {name}" + (": " + "; ".join(problems) if problems else ""))
        failures += bool(problems)
        shutil.rmtree(os.path.join(work, str(k)))
    print(f"{checked} files compared, {failures} variants differ")
    if not a.work:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
