#!/usr/bin/env python3
"""Fails when a folder of core/ includes a folder above it (docs/architecture.md lists the order).

The engine's folders form layers: a folder may include its own headers and those of the folders below it, never
one above. An include of a folder that is not in the order fails too, so that a new folder gets a place.
Usage: packaging/check-includes.py [REPO_ROOT]
"""
import os
import re
import sys

# Ground first.
ORDER = [
    "util", "io", "tensor", "graph", "match", "compare", "session", "vis", "merge", "batch", "source",
    "analysis", "commands", "box_layout",
]
# Upward includes allowed for a while (folder, header): none. An entry that no longer occurs fails as well, so that
# the list can only shrink.
KNOWN = set()
INCLUDE = re.compile(r'\s*#\s*include\s+"([^"/]+)/([^"]+)"')


def main():
    root = os.path.join(sys.argv[1] if len(sys.argv) > 1 else ".", "core")
    rank = {name: i for i, name in enumerate(ORDER)}
    folders = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)))
    problems = [f"core/{d}: not in the folder order of packaging/check-includes.py" for d in folders if d not in rank]
    seen = set()
    for folder in folders:
        for dirpath, _, files in os.walk(os.path.join(root, folder)):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m or m.group(1) == folder or not os.path.isdir(os.path.join(root, m.group(1))):
                            continue
                        target = m.group(1)
                        if rank.get(target, len(ORDER)) < rank.get(folder, -1):
                            continue
                        header = f"{target}/{m.group(2)}"
                        if (folder, header) in KNOWN:
                            seen.add((folder, header))
                            continue
                        problems.append(f"{os.path.relpath(path, os.path.dirname(root))}:{number}: core/{folder} "
                                        f"includes {header}, a folder above it")
    for folder, header in sorted(KNOWN - seen):
        problems.append(f"known upward include {folder} -> {header} is gone: remove it from KNOWN")
    for p in problems:
        print(p)
    if problems:
        print(f"FAIL: {len(problems)} include(s) against the folder order")
        return 1
    print(f"check-includes: OK ({len(ORDER)} folders in order, {len(KNOWN)} known upward includes left)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
