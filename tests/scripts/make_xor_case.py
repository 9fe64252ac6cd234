#!/usr/bin/env python3
"""Makes the hand-made case tests/data/golden/mlp_mix_xor from an md5-mode case (shared mlp_mix_md5): the same
model and run, its dump.json entries rewritten as msprobe's newest summary mode "xor" writes them.

  make_xor_case.py MD5_CASE_DIR OUT_DIR

msprobe's xor mode (summary_mode "xor", dump task still "statistics") computes no statistics: every tensor entry
is {"type", "dtype", "shape", "md5", then its other fields (requires_grad, ...)} with the XOR of the tensor's bytes
taken as 64-bit words in "md5", written "0x%016x". A 0-d tensor's "checksum" is its value itself (a JSON number;
a bool becomes 0x...0 or 0x...1), an empty tensor has "md5": null. The tensors are not in the md5 case, so the
checksum here is a 64-bit digest of the entry's CRC-32: equal CRCs give equal checksums, so the comparison
verdicts are those of the md5 case.
"""
import hashlib
import json
import os
import sys

STATISTICS = ("Max", "Min", "Mean", "Norm")


def checksum(entry):
    shape = entry.get("shape")
    if shape == []:
        value = entry.get("Max")
        if isinstance(value, bool):
            return f"0x{int(value):016x}"
        return value
    if shape is not None and 0 in shape:
        return None
    crc = entry.get("md5")
    if crc is None:
        return None
    return "0x" + hashlib.sha256(crc.encode()).hexdigest()[:16]


def rewrite(value):
    if isinstance(value, list):
        return [rewrite(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "md5" not in value:
        return {k: rewrite(v) for k, v in value.items()}
    out = {k: value[k] for k in ("type", "dtype", "shape") if k in value}
    out["md5"] = checksum(value)
    for k, v in value.items():
        if k not in out and k not in STATISTICS:
            out[k] = v
    return out


def main(src, dst):
    for side in ("npu", "bench"):
        folder = os.path.join(side, "step0", "rank")
        os.makedirs(os.path.join(dst, folder), exist_ok=True)
        for name in ("construct.json", "stack.json", "dump.json"):
            with open(os.path.join(src, folder, name)) as f:
                data = json.load(f)
            if name == "dump.json":
                data["data"] = rewrite(data["data"])
            with open(os.path.join(dst, folder, name), "w") as f:
                json.dump(data, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
