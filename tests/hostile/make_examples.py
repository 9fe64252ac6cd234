#!/usr/bin/env python3
"""Writes the hostile inputs, one folder per example, each with an `args` file: the probescope-cli
arguments that feed it (paths relative to the folder). run_examples.sh runs them under a time and memory watch.
Standard library only. Usage: make_examples.py OUT_DIR"""
import gzip
import json
import os
import sqlite3
import struct
import sys
import zlib

OUT = sys.argv[1] if len(sys.argv) > 1 else "hostile-examples"


def tensor(shape=(2,), extra=None):
    t = {"type": "torch.Tensor", "dtype": "torch.float32", "shape": list(shape), "Max": 1.0, "Min": -1.0,
         "Mean": 0.1, "Norm": 2.0, "requires_grad": False}
    t.update(extra or {})
    return t


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(text)


def dump_folder(path, records, construct, stack=None, task="statistics", raw_dump=None):
    data = {"task": task, "level": "mix", "framework": "pytorch", "dump_data_dir": None, "data": records}
    write(path + "/dump.json", raw_dump if raw_dump is not None else json.dumps(data))
    write(path + "/construct.json", construct if isinstance(construct, str) else json.dumps(construct))
    write(path + "/stack.json", stack if isinstance(stack, str) else json.dumps(stack or {}))


def records_of(names, shape=(2,)):
    return {n: {"input_args": [tensor(shape)], "output": [tensor(shape)]} for n in names}


def example(name, args, make):
    folder = os.path.join(OUT, name)
    os.makedirs(folder, exist_ok=True)
    make(folder)
    write(folder + "/args", args + "\n")
    print(name)


def pair(folder, npu, bench=None, extra_compare=None):
    compare = {"npu_path": "npu", "bench_path": "bench"}
    compare.update(extra_compare or {})
    npu(folder + "/npu")
    (bench or npu)(folder + "/bench")
    write(folder + "/compare.json", json.dumps(compare))


GRAPH = "graph -i compare.json -o out"

# 1. Regular expressions built from data.
example("1a_regex_module_name", GRAPH, lambda d: pair(d, lambda p: dump_folder(
    p, records_of(["Module.(a|a)*c.M.forward.0"]), {"Module.(a|a)*c.M.forward.0": None},
    {"Module.(a|a)*c.M.forward.0": ["File a.py, line 1, in f, \n " + "a" * 60 + "!"] * 200})))
example("1b_regex_huge_call_index_fuzzy", GRAPH + " -f", lambda d: pair(d, lambda p: dump_folder(
    p, records_of(["Module.m.M.forward.0", "Torch.matmul." + "9" * 5000 + ".forward"]),
    {"Module.m.M.forward.0": None, "Torch.matmul." + "9" * 5000 + ".forward": "Module.m.M.forward.0"})))

# 2. Cycles reachable from the root.
example("2_default_model_parent", GRAPH, lambda d: pair(d, lambda p: dump_folder(
    p, records_of(["Module.a.A.forward.0"]), {"Module.a.A.forward.0": None, "DefaultModel": "Module.a.A.forward.0"})))

# 3. Quadratic paths.
def duplicate_members(p):
    members = ", ".join('"Tensor.y.%d.forward": []' % i for i in range(2000000))
    dump_folder(p, records_of(["Tensor.x.0.forward"]), {"Tensor.x.0.forward": None},
                '{"Tensor.x.0.forward": ["a"], ' + members + ', "Tensor.x.0.forward": ["b"]}')


example("3a_2M_duplicate_members", GRAPH, lambda d: pair(d, duplicate_members))


def many_rules(d):
    modules = ["Module.a.A%d.forward.0" % i for i in range(2000)]
    pair(d, lambda p: dump_folder(p, records_of(modules), {m: None for m in modules},
                                  {modules[0]: ["File m.py, line 1, in forward, \n return self.a(x)"]}))
    write(d + "/map.yaml", "TopLayer:\n" + "".join("  a.x%d: y%d\n" % (i, i) for i in range(1000000)))


example("3b_layer_mapping_1M_rules", GRAPH + " -lm map.yaml", many_rules)


def renumbering(d):
    modules = ["Module.m%d.ParallelTransformer.forward.0" % i for i in range(50000)]
    pair(d, lambda p: dump_folder(p, records_of(modules), {m: None for m in modules},
                                  {modules[0]: ["File m.py, line 1, in forward"]}))
    write(d + "/map.yaml", "TopLayer:\n  m0: m0\n")


example("3c_layer_renumbering_50k", GRAPH + " -lm map.yaml", renumbering)


def deep_chain(p):
    construct = {"Module.m%d.M.forward.0" % k: ("Module.m%d.M.forward.0" % (k - 1) if k else None)
                 for k in range(40000)}
    dump_folder(p, records_of(list(construct)), construct)


example("3d_40000_deep_chain_with_itself", GRAPH, lambda d: pair(d, deep_chain))

# 4. Decompression and amplification.
def gzip_bomb_streamed(d):
    # 4 GiB of spaces, compressed without holding them: ~4 MB of gzip.
    z = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = b" " * (1 << 24)
    with open(d + "/bomb.vis", "wb") as f:
        f.write(z.compress(b'{"root": "M", "pad": "'))
        for _ in range(256):
            f.write(z.compress(chunk))
        f.write(z.compress(b'"}'))
        f.write(z.flush())


example("4a_gzip_vis_bomb_4GiB", "report bomb.vis", gzip_bomb_streamed)


def pt_bytes(numel, deflate_storage):
    """A torch.save zip: data.pkl rebuilding a float32 tensor of `numel` elements, storage record maybe deflated."""
    def pickle():
        out = b"\x80\x02ctorch._utils\n_rebuild_tensor_v2\nq\x00((X\x07\x00\x00\x00storageq\x01ctorch\nFloatStorage\nq\x02X\x01\x00\x00\x000q\x03X\x03\x00\x00\x00cpuq\x04"
        out += b"J" + struct.pack("<i", numel) + b"tq\x05QK\x00J" + struct.pack("<i", numel) + b"\x85q\x06K\x01\x85q\x07\x89ccollections\nOrderedDict\nq\x08)Rq\x09tq\x0aRq\x0b."
        return out
    records = [("x/data.pkl", pickle(), False), ("x/data/0", b"\0" * (4 * numel), deflate_storage)]
    out, central = b"", b""
    for name, data, deflate in records:
        crc = zlib.crc32(data) & 0xffffffff
        stored = zlib.compress(data, 9)[2:-4] if deflate else data
        method = 8 if deflate else 0
        offset = len(out)
        nb = name.encode()
        out += struct.pack("<IHHHHHIIIHH", 0x04034b50, 20, 0, method, 0, 0, crc, len(stored), len(data), len(nb), 0)
        out += nb + stored
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014b50, 20, 20, 0, method, 0, 0, crc, len(stored),
                               len(data), len(nb), 0, 0, 0, 0, 0, offset) + nb
    cd = len(out)
    return out + central + struct.pack("<IHHHHIIH", 0x06054b50, 0, 0, len(records), len(records), len(central), cd, 0)


def pt_bombs(d):
    names = ["Tensor.t.%d.forward" % i for i in range(8)]
    for side in ("npu", "bench"):
        recs = {n: {"input_args": [tensor((250000000,), {"data_name": n + ".input.0.pt"})], "output": []}
                for n in names}
        dump_folder(d + "/" + side, recs, {n: None for n in names}, task="tensor")
        os.makedirs(d + "/" + side + "/dump_tensor_data", exist_ok=True)
        bomb = pt_bytes(250000000, True)  # 1 GB of storage from ~1 MB
        for n in names:
            write(d + "/" + side + "/dump_tensor_data/" + n + ".input.0.pt", bomb, "wb")
    write(d + "/compare.json", json.dumps({"npu_path": "npu", "bench_path": "bench"}))


example("4b_pt_storage_1_to_1000_every_worker", GRAPH + " -j 8", pt_bombs)


# The tables exactly as ProbeScope (and msprobe) create them, taken from core/vis/vis_db_schema.h.
_header = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../core/vis/vis_db_schema.h")).read()
VIS_DB_SCHEMA = _header.split('kVisDbTables = R"(', 1)[1].split(')";', 1)[0]


def vis_db(d, edit):
    con = sqlite3.connect(d + "/g.vis.db")
    con.executescript(VIS_DB_SCHEMA)
    con.execute("INSERT INTO tb_config VALUES ('1', 'build', 'summary', NULL, 1, 0, '{}', '[0]', '[0]')")
    con.execute("INSERT INTO tb_nodes VALUES ('NPU_0_0_DefaultModel', 'NPU_0_0', 0, 'DefaultModel', '0', '', '[]', "
                "NULL, NULL, 0, '[]', NULL, NULL, NULL, 0, '{}', '{}', 'NPU', NULL, 0, 0)")
    con.executescript(edit)
    con.commit()
    con.close()


example("4c_vis_db_rows_sharing_a_100MB_stack", "report g.vis.db", lambda d: vis_db(d, """
    INSERT INTO tb_stack VALUES ('big', '["' || replace(hex(zeroblob(50000000)), '00', 'ab') || '"]');
    WITH RECURSIVE k(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM k WHERE x < 100000)
    INSERT INTO tb_nodes SELECT 'NPU_0_0_n' || x, 'NPU_0_0', x, 'Tensor.n.' || x || '.forward', '1', 'DefaultModel',
        '[]', NULL, NULL, 0, '[]', 'big', NULL, NULL, 0, '{}', '{}', 'NPU', NULL, 0, 0 FROM k;"""))
example("4d_vis_db_generated_column", "report g.vis.db", lambda d: vis_db(d, """
    ALTER TABLE tb_nodes ADD COLUMN g TEXT GENERATED ALWAYS AS (zeroblob(1000000000)) VIRTUAL;"""))
example("4e_vis_db_endless_view", "report g.vis.db", lambda d: vis_db(d, """
    DROP TABLE tb_stack; CREATE VIEW tb_stack AS WITH RECURSIVE k(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM k)
    SELECT x AS id, x AS stack_info FROM k;"""))

# 5. Files that change while read: run_examples.sh truncates dump.json shortly after the start.
def big_dump(p):
    names = ["Tensor.x.%d.forward" % i for i in range(1500000)]
    dump_folder(p, records_of(names), {"Tensor.x.0.forward": None})


example("5_dump_json_shrinking_while_read", GRAPH, lambda d: pair(d, big_dump))

# 6. Escaped exceptions.
example("6a_vis_node_type_11_digits", "report g.vis",
        lambda d: write(d + "/g.vis", '{"root": "M", "node": {"M": {"node_type": "12345678901"}}}'))
example("6b_vis_micro_steps_1e9", "report g.vis",
        lambda d: write(d + "/g.vis", '{"root": "M", "node": {"M": {"node_type": 0}}, "MicroSteps": 1000000000}'))

# 7. Names that collide with generated ones.
example("7_node_named_like_a_group", GRAPH, lambda d: pair(d, lambda p: dump_folder(
    p, records_of(["Tensor.a.0.forward", "Tensor.b.0.forward"]),
    {"Apis_Between_Modules.0": None, "Tensor.a.0.forward": None, "Tensor.b.0.forward": None})))

# 8. Silent fallbacks.
example("8a_lm_missing_mapping_file", GRAPH + " -lm no_such_mapping.yaml", lambda d: pair(d, lambda p: dump_folder(
    p, records_of(["Tensor.a.0.forward"]), {"Tensor.a.0.forward": None})))


def tensor_link_outside(d):
    for side in ("npu", "bench"):
        name = "Tensor.x.0.forward"
        recs = {name: {"input_args": [tensor((4,), {"data_name": name + ".input.0.pt"})], "output": []}}
        dump_folder(d + "/" + side, recs, {name: None}, task="tensor")
        os.makedirs(d + "/" + side + "/dump_tensor_data", exist_ok=True)
    write(d + "/secret.pt", pt_bytes(4, False), "wb")
    write(d + "/bench/dump_tensor_data/Tensor.x.0.forward.input.0.pt", pt_bytes(4, False), "wb")
    os.symlink("../../secret.pt", d + "/npu/dump_tensor_data/Tensor.x.0.forward.input.0.pt")
    write(d + "/compare.json", json.dumps({"npu_path": "npu", "bench_path": "bench"}))


example("8b_tensor_link_outside_the_dump", GRAPH, tensor_link_outside)
