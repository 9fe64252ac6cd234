#!/usr/bin/env python3
"""Writes BUILD_DIR's compile_commands.json to OUT_DIR without the precompiled-header options: the test programs'
header is in GCC's format, which clang (clang-tidy) cannot read, and every source includes what it uses.
Usage: tidy-compile-db.py BUILD_DIR OUT_DIR"""
import json
import re
import sys
from pathlib import Path

build, out = Path(sys.argv[1]), Path(sys.argv[2])
entries = json.loads((build / "compile_commands.json").read_text())
for entry in entries:
    entry["command"] = re.sub(r" -Winvalid-pch| -include \S*cmake_pch\.hxx", "", entry["command"])
out.mkdir(parents=True, exist_ok=True)
(out / "compile_commands.json").write_text(json.dumps(entries))
