#!/usr/bin/env python3
"""The ledger of sources clang-tidy found clean, so that the whole tree is checked without re-running it on every file.

clang-tidy over all of app/, core/ and ui/ costs about 40 CPU-minutes: too much for every CI run. A file's verdict
only changes when what clang-tidy reads of the project changes, so each .cpp gets a key: the SHA-256 of the
clang-tidy version, .clang-tidy, the file and every project header it includes, directly or not. The ledger
(packaging/tidy-ledger.txt) lists the keys of files found clean. `stale` prints the sources whose key is not in it:
those are the ones to check (packaging/tidy-all.sh does, and CI fails on any finding there). `keys OUT` writes
every source's key as they are now, before clang-tidy reads them; `record OUT FILE...` then adds the keys of the
files found clean from OUT (a file edited while clang-tidy ran keeps the key of what it checked), and drops the
entries of sources that no longer exist.

Usage: packaging/tidy-ledger.py stale BUILD_DIR | keys BUILD_DIR OUT | record BUILD_DIR OUT [SOURCE...]
"""
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEDGER = os.path.join(ROOT, "packaging", "tidy-ledger.txt")
INCLUDE = re.compile(rb'^\s*#\s*include\s*"([^"]+)"', re.MULTILINE)
CHECKED = re.compile(r"^(app|core|ui)/.*\.cpp$")


def compile_commands(build):
    """Repository-relative .cpp of app/, core/, ui/ -> the project include folders of its compile command."""
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    sources = {}
    for e in entries:
        path = os.path.relpath(os.path.join(e["directory"], e["file"]), ROOT)
        if not CHECKED.match(path):
            continue
        args = e.get("arguments") or shlex.split(e["command"])
        dirs = []
        for i, a in enumerate(args):
            d = a[2:] if a.startswith("-I") and len(a) > 2 else args[i + 1] if a in ("-I", "-isystem") else None
            if d:
                d = os.path.realpath(os.path.join(e["directory"], d))
                if d.startswith(ROOT + os.sep) and not d.startswith(os.path.realpath(build)):
                    dirs.append(d)
        sources[path] = dirs
    return sources


def closure(source, dirs, cache):
    """The project files `source` reads: itself and every header it includes, found as the compiler finds them.
    Iterative, and every file is visited once: include cycles end."""
    seen, todo = set(), [os.path.join(ROOT, source)]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        if path not in cache:
            with open(path, "rb") as f:
                cache[path] = f.read()
        for name in INCLUDE.findall(cache[path]):
            name = name.decode("utf-8", "replace")
            for d in [os.path.dirname(path)] + dirs:
                candidate = os.path.normpath(os.path.join(d, name))
                if os.path.isfile(candidate):
                    todo.append(candidate)
                    break  # not found: a generated or system header
    return sorted(seen)


def keys(build, only=None):
    version = subprocess.run(["clang-tidy-14", "--version"], capture_output=True, text=True, check=True).stdout
    with open(os.path.join(ROOT, ".clang-tidy"), "rb") as f:
        config = f.read()
    cache, result = {}, {}
    for source, dirs in sorted(compile_commands(build).items()):
        if only is not None and source not in only:
            continue
        h = hashlib.sha256(version.encode() + b"\0" + config)
        for path in closure(source, dirs, cache):
            h.update(b"\0" + os.path.relpath(path, ROOT).encode() + b"\0" + cache[path])
        result[source] = h.hexdigest()
    return result


def read_ledger():
    entries = {}
    if os.path.exists(LEDGER):
        with open(LEDGER, encoding="utf-8") as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    key, path = line.split(maxsplit=1)
                    entries[path.strip()] = key
    return entries


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("stale", "keys", "record") or (
            sys.argv[1] != "stale" and len(sys.argv) < 4):
        sys.exit(__doc__)
    command, build = sys.argv[1], sys.argv[2]
    ledger = read_ledger()
    if command == "stale":
        for source, key in keys(build).items():
            if ledger.get(source) != key:
                print(os.path.join(ROOT, source))
        return
    if command == "keys":
        with open(sys.argv[3], "w", encoding="utf-8") as f:
            json.dump(keys(build), f)
        return
    with open(sys.argv[3], encoding="utf-8") as f:
        checked = json.load(f)
    clean = {os.path.relpath(os.path.abspath(p), ROOT) for p in sys.argv[4:]}
    current = compile_commands(build)
    ledger = {s: k for s, k in ledger.items() if s in current}  # sources gone: their entries go too
    ledger.update({s: k for s, k in checked.items() if s in clean})
    tmp = LEDGER + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("# Written by packaging/tidy-ledger.py record: SHA-256 of what clang-tidy read, and the source.\n")
        for source in sorted(ledger):
            f.write(f"{ledger[source]} {source}\n")
    os.replace(tmp, LEDGER)
    print(f"tidy-ledger: {len(ledger)} of {len(current)} sources recorded clean")


if __name__ == "__main__":
    main()
