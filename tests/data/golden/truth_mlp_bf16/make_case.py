#!/usr/bin/env python3
"""Makes the three-run case of this folder with msprobe's own dumper: one forward step of a small transformer-style
MLP dumped three times, as a precision engineer would run it.

  npu        the model and input in bf16 on the CPU (standing in for the NPU), with one op made worse: the LayerNorm
             of block 1 runs with eps = 0.1 instead of 1e-5, as a kernel with a wrong epsilon would. (Torch 1.13's
             CPU autocast leaves layer_norm a bf16 input with fp32 weights, which it cannot run: the whole model is
             cast instead.)
  bench      the same model in fp32
  reference  the same model in fp64: the truth both are judged against

Same weights and input in all three (seeded). Statistics task, level mix (modules and APIs), forward only.
Run with Debian 12's python3-torch (1.13) and msprobe's python/ folder on PYTHONPATH (an `einops` stand-in too:
msprobe imports it for a bench function the dump never calls):
  PYTHONPATH=msprobe/python:stubs /usr/bin/python3 make_case.py OUT_DIR
then `tar czf dumps.tar.gz -C OUT_DIR npu bench reference`.
"""
import json
import os
import subprocess
import sys

import torch
from torch import nn

from msprobe.pytorch import PrecisionDebugger


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc1 = nn.Linear(width, 4 * width)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(4 * width, width)
        self.norm = nn.LayerNorm(width)

    def forward(self, x):
        return self.norm(x + self.fc2(self.act(self.fc1(x))))


class Net(nn.Module):
    def __init__(self, width=64, depth=3):
        super().__init__()
        self.embed = nn.Linear(16, width)
        self.blocks = nn.Sequential(*[Block(width) for _ in range(depth)])
        self.head = nn.Linear(width, 8)

    def forward(self, x):
        return self.head(self.blocks(self.embed(x)))


def dump(side, out_dir):
    torch.manual_seed(1234)
    model = Net()
    x = torch.randn(8, 32, 16)
    if side == "reference":
        model, x = model.double(), x.double()
    if side == "npu":
        model, x = model.bfloat16(), x.bfloat16()
        model.blocks[1].norm.eps = 0.1
    config = {
        "task": "statistics", "dump_path": os.path.join(out_dir, side), "rank": [], "step": [0], "level": "mix",
        "statistics": {"scope": [], "list": [], "data_mode": ["forward"], "summary_mode": "statistics"},
    }
    config_path = os.path.join(out_dir, f"config_{side}.json")
    with open(config_path, "w") as f:
        json.dump(config, f)
    debugger = PrecisionDebugger(config_path=config_path)
    debugger.start(model)
    with torch.no_grad():
        model(x)
    debugger.stop()
    debugger.step()
    os.remove(config_path)


if __name__ == "__main__":
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    if len(sys.argv) > 2:
        dump(sys.argv[2], out)
    else:  # one process per run: msprobe's debugger is set up once per process
        for s in ("npu", "bench", "reference"):
            subprocess.run([sys.executable, __file__, out, s], check=True)
