#!/usr/bin/env python3
"""Hand-made parallel runs for the merge tests (tst_parallel_merge): small Megatron-shaped dumps of a few ranks,
one folder per case with layout.txt (rank_size tp pp vpp order) and rank<N>/{construct,dump,stack}.json.

  make_cases.py OUT_DIR [MSPROBE_PYTHON_DIR]

With the python/ folder of msprobe 26.0.0's source (and stand-ins for numpy, pandas, tqdm, yaml and torch on
PYTHONPATH, which the merger does not use), each case also gets expected.txt: msprobe's own merger run on the case,
printed as tst_parallel_merge prints ours. The dumps are deterministic; the expected files are only rewritten by
running this script, never by the tests.
"""
import json
import os
import subprocess
import sys


class Values:
    """Deterministic statistics with many digits (a linear congruential sequence)."""

    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return (self.state >> 11) / float(1 << 53)

    def tensor(self, shape, dtype="torch.float32", scale=1.0):
        a, b = self.next() * scale, self.next() * scale
        if dtype.startswith("torch.int"):
            return {"type": "torch.Tensor", "dtype": dtype, "shape": shape, "Max": float(int(a * 50) + 1),
                    "Min": float(-int(b * 50)), "Mean": round(a - b, 4), "Norm": 10.0 + a * 7, "requires_grad": False}
        return {"type": "torch.Tensor", "dtype": dtype, "shape": shape, "Max": a + 0.5, "Min": -b - 0.5,
                "Mean": (a - b) / 7, "Norm": 3 + a + b, "requires_grad": True}


class Rank:
    def __init__(self, seed):
        self.values = Values(seed)
        self.construct = {}
        self.data = {}
        self.stack = {}
        self.calls = {}

    def api(self, name, direction="forward"):
        """The next call of an API on this rank: Torch.matmul.0.forward, Torch.matmul.1.forward, ..."""
        count = self.calls.get((name, direction), 0)
        self.calls[(name, direction)] = count + 1
        return f"{name}.{count}.{direction}"

    def node(self, name, parent, inputs=(), outputs=(), kwargs=None, params=None, same=None):
        """A node: its parent (None at the root) and its tensors; `same` copies the record of another rank."""
        self.construct[name] = parent
        if same is not None:
            self.data[name] = json.loads(json.dumps(same.data[name]))
        else:
            rec = {"input_args": list(inputs), "input_kwargs": kwargs or {}, "output": list(outputs)}
            if params:
                rec["parameters"] = params
            self.data[name] = rec
        self.stack[name] = [f"File model.py, line {len(self.stack) + 10}, in forward, \n {name.split('.')[1]}(x)"]
        return name

    def t(self, shape=(2, 4), **kw):
        return self.values.tensor(list(shape), **kw)

    def write(self, folder):
        os.makedirs(folder, exist_ok=True)
        dump = {"task": "statistics", "level": "mix", "framework": "pytorch", "dump_data_dir": None, "data": self.data}
        for name, content in (("construct.json", self.construct), ("dump.json", dump), ("stack.json", self.stack)):
            with open(os.path.join(folder, name), "w") as f:
                json.dump(content, f, indent=1)


def group(ranks):
    return {"type": "torch.ProcessGroup", "group_ranks": ranks, "group_id": "g" + "".join(map(str, ranks))}


def tp_layer(r, tp_rank, tp_ranks, prefix, parent, ref=None):
    """Megatron's ColumnParallelLinear -> RowParallelLinear pair on one tensor-parallel rank."""
    col = r.node(f"Module.{prefix}.column.ColumnParallelLinear.forward.0", parent, [r.t()], [r.t()],
                 params={"weight": r.t((4, 2))})
    x = r.t()
    r.node(r.api("Torch.matmul"), col, [x, r.t((2, 4))], [r.t()])
    row = r.node(f"Module.{prefix}.row.RowParallelLinear.forward.0", parent, [r.t()], [r.t()],
                 params={"weight": r.t((2, 4)), "bias": r.t((4,))})
    partial = r.t()
    reduced = r.t()
    r.node(r.api("Torch.matmul"), row, [r.t(), r.t((4, 4))], [partial])
    r.node(r.api("Distributed.all_reduce"), row, [partial], [reduced, group(tp_ranks)],
           kwargs={"group": group(tp_ranks)})
    r.node(r.api("Tensor.__add__"), row, [reduced, r.t((4,))], [r.t()])


def tp_case(out):
    """tp = 2: merged statistics, a RowParallelLinear matmul taking the all_reduce output, equal data left alone,
    int tensors, the root API collections of both ranks, a root API only one rank has."""
    ranks = [Rank(11), Rank(12)]
    for k, r in enumerate(ranks):
        r.node(r.api("Torch.ones"), None, [{"type": "int", "value": 4}], [r.t((4,))])
        model = r.node("Module.model.Model.forward.0", None, [r.t()], [r.t()])
        tp_layer(r, k, [0, 1], "model.layer", model)
        # a pair whose data the two ranks share: only Megatron's Column -> Row pass merges it (without comparing)
        tp_layer(r, k, [0, 1], "model.layer2", model)
        r.node(r.api("Functional.gelu"), model, [r.t()], [r.t()])
        if k == 0:
            r.node("Module.model.norm.LayerNorm.forward.0", model, [r.t()], [r.t()], params={"weight": r.t((4,))})
        else:
            r.node("Module.model.norm.LayerNorm.forward.0", model, same=ranks[0])
        r.node(r.api("Tensor.argmax"), model, [r.t()], [r.t(dtype="torch.int64")])
        r.node(r.api("Tensor.__ge__"), model, [r.t(dtype="torch.int64"), {"type": "int", "value": 3}],
               [{"type": "torch.Tensor", "dtype": "torch.bool", "shape": [2, 4], "Max": True, "Min": False,
                 "Mean": None, "Norm": None, "requires_grad": False}])
        r.node(r.api("Torch.split"), None, [r.t()], [r.t()])
        r.node(r.api("Distributed.all_reduce"), None, [r.t()], [r.t(), group([0, 1])], kwargs={"group": group([0, 1])})
        if k == 1:
            r.node(r.api("Torch.zeros"), None, [r.t()], [r.t()])
        back = r.node("Module.model.Model.backward.0", None, [r.t()], [r.t()])
        col = r.node("Module.model.layer.column.ColumnParallelLinear.backward.0", back, [r.t()], [r.t()])
        grad = r.t()
        r.node(r.api("Torch.matmul", "backward"), col, [r.t()], [grad, r.t((2, 4))])
        r.node(r.api("Distributed.all_reduce"), col, [grad], [r.t(), group([0, 1])],
               kwargs={"group": group([0, 1])})
        if k == 1:
            r.node(r.api("Torch.empty"), None, [r.t()], [r.t()])  # a root API rank 0 lacks: dropped
    for name in ranks[1].data:
        if ".layer2." in name or name in ("Torch.matmul.2.forward", "Torch.matmul.3.forward",
                                          "Distributed.all_reduce.1.forward", "Tensor.__add__.1.forward"):
            ranks[1].data[name] = json.loads(json.dumps(ranks[0].data[name]))
    return ranks, (2, 2, 1, 1, "tp-cp-ep-dp-pp")


def stage(r, stage_no, stages, layers, last, model="Module.module", chunk=None):
    """One pipeline stage (or virtual chunk) of a GPT: embedding on the first, layers numbered from 0 on each,
    final norm and output layer on the last; the activations go on by isend."""
    m = model if chunk is None else f"Module.{chunk}.module"
    top = r.node(f"{m}.GPTModel.forward.0", None, [r.t()], [r.t()])
    if stage_no == 0:
        r.node(f"{m}.embedding.Embedding.forward.0", top, [r.t(dtype="torch.int64")], [r.t()],
               params={"weight": r.t((8, 4))})
    enc = r.node(f"{m}.encoder.ParallelTransformer.forward.0", top, [r.t()], [r.t()])
    for i in range(layers):
        layer = r.node(f"{m}.encoder.layers.{i}.ParallelTransformerLayer.forward.0", enc, [r.t()], [r.t()])
        r.node(f"{m}.encoder.layers.{i}.mlp.Linear.forward.0", layer, [r.t()], [r.t()], params={"weight": r.t((4, 4))})
        r.node(r.api("Functional.gelu"), layer, [r.t()], [r.t()])
    if last:
        r.node(f"{m}.encoder.final_layernorm.LayerNorm.forward.0", enc, [r.t()], [r.t()])
        r.node(f"{m}.output_layer.Linear.forward.0", top, [r.t()], [r.t()])
        r.node(r.api("Tensor.reshape"), top, [r.t()], [r.t()])
    return top


def pp_case(out):
    """pp = 2: split layers appended and renumbered, later-stage APIs named _rank1, nodes only the last stage has,
    a wrapper ending on the last stage's output, backward order."""
    ranks = [Rank(21), Rank(22)]
    for k, r in enumerate(ranks):
        if k == 1:
            r.node(r.api("Distributed.irecv"), None, [r.t()], [r.t()], kwargs={"src": {"type": "int", "value": 0}})
        stage(r, k, 2, 2, k == 1)
        r.node(r.api("Distributed.isend"), None, [r.t()], [r.t()],
               kwargs={"dst": {"type": "int", "value": 1 - k}})
        back = r.node("Module.module.GPTModel.backward.0", None, [r.t()], [r.t()])
        enc = r.node("Module.module.encoder.ParallelTransformer.backward.0", back, [r.t()], [r.t()])
        if k == 1:
            r.node("Module.module.encoder.final_layernorm.LayerNorm.backward.0", enc, [r.t()], [r.t()])
        for i in (1, 0):
            r.node(f"Module.module.encoder.layers.{i}.ParallelTransformerLayer.backward.0", enc, [r.t()], [r.t()])
    # the wrapper's inputs are equal on both stages, its outputs differ: it ends with the last stage's output
    ranks[1].data["Module.module.GPTModel.forward.0"]["input_args"] = \
        json.loads(json.dumps(ranks[0].data["Module.module.GPTModel.forward.0"]["input_args"]))
    return ranks, (2, 1, 2, 1, "tp-cp-ep-dp-pp")


def vpp_case(out):
    """pp = 2, vpp = 2: each rank runs two model chunks (Module.<chunk>.), one layer each; after the stages are
    merged the chunks fold into chunk 0 and the layers are renumbered."""
    ranks = [Rank(31), Rank(32)]
    for k, r in enumerate(ranks):
        for chunk in (0, 1):
            stage(r, k if chunk == 0 else 2 + k, 4, 1, k == 1 and chunk == 1, chunk=chunk)
            r.node(r.api("Distributed.isend"), None, [r.t()], [r.t()],
                   kwargs={"dst": {"type": "int", "value": 1 - k}})
    return ranks, (2, 1, 2, 2, "tp-cp-ep-dp-pp")


def tp_pp_ranks(count, tp, pp, seed):
    """Ranks of a tp x pp (x dp) run in Megatron's order (tp fastest, then dp, then pp)."""
    dp = count // (tp * pp)
    ranks = []
    for rank in range(count):
        tp_rank, dp_rank, pp_rank = rank % tp, (rank // tp) % dp, rank // (tp * dp)
        tp_group = [pp_rank * tp * dp + dp_rank * tp + i for i in range(tp)]
        next_stage = rank + tp * dp if pp_rank + 1 < pp else rank - tp * dp * (pp - 1)
        r = Rank(seed + rank)
        top = stage(r, pp_rank, pp, 1, pp_rank == pp - 1)
        tp_layer(r, tp_rank, tp_group, "module.head", top)
        r.node(r.api("Distributed.isend"), None, [r.t()], [r.t()], kwargs={"dst": {"type": "int", "value": next_stage}})
        ranks.append(r)
    return ranks


def tp_pp_case(out):
    """tp = 2, pp = 2 on 4 ranks (TPPPMerger): stages merged first, then the tensor-parallel pairs, with the
    _rank<r> names of later stages mapped between the tp ranks."""
    return tp_pp_ranks(4, 2, 2, 41), (4, 2, 2, 1, "tp-dp-pp")


def full_case(out):
    """tp = 2, pp = 2, dp = 2 on 8 ranks (FullMerger): one merged graph per data-parallel replica."""
    return tp_pp_ranks(8, 2, 2, 51), (8, 2, 2, 1, "tp-dp-pp")


CASES = {"tp": tp_case, "pp": pp_case, "vpp": vpp_case, "tp_pp": tp_pp_case, "full": full_case}


def main():
    out = sys.argv[1]
    msprobe = sys.argv[2] if len(sys.argv) > 2 else None
    here = os.path.dirname(os.path.abspath(__file__))
    for name, make in CASES.items():
        folder = os.path.join(out, name)
        ranks, layout = make(folder)
        for k, r in enumerate(ranks):
            r.write(os.path.join(folder, f"rank{k}"))
        with open(os.path.join(folder, "layout.txt"), "w") as f:
            f.write(" ".join(map(str, layout)) + "\n")
        if msprobe:
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [msprobe, os.environ.get("PYTHONPATH")])))
            text = subprocess.run([sys.executable, os.path.join(here, "merge_reference.py"), folder] +
                                  [str(x) for x in layout], env=env, capture_output=True, text=True, check=True)
            lines = [l for l in text.stdout.splitlines(True) if l.startswith(("graph ", "N ", " I ", " P "))]
            with open(os.path.join(folder, "expected.txt"), "w") as f:
                f.writelines(lines)


if __name__ == "__main__":
    main()
