#!/usr/bin/env python3
"""Prints what msprobe 26.0.0's own graph merger makes of a hand-made case (see make_cases.py), in the form
tst_parallel_merge prints ours: per merged graph its nodes in msprobe's order (get_sorted_nodes) with parent and
type, every data item's key, statistics and shape, and the parallel_merge_info lines.

  merge_reference.py CASE_DIR rank_size tp pp vpp order      (msprobe's python/ folder on PYTHONPATH)
"""
import json
import os
import sys

from msprobe.visualization.builder.graph_builder import GraphBuilder
from msprobe.visualization.builder.graph_merger import GraphMerger
from msprobe.visualization.utils import ParallelParam


class Result:
    def __init__(self, graph, rank):
        self.graph, self.rank, self.step, self.micro_steps = graph, rank, 0, 1


def main():
    case = sys.argv[1]
    rank_size, tp, pp, vpp = map(int, sys.argv[2:6])
    folders = sorted((f for f in os.listdir(case) if f.startswith("rank")), key=lambda f: int(f[4:] or 0))
    results = []
    for folder in folders:
        path = os.path.join(case, folder)
        graph = GraphBuilder.build(*(os.path.join(path, n) for n in ("construct.json", "dump.json", "stack.json")))
        results.append(Result(graph, int(folder[4:] or 0)))
    for result in GraphMerger(results, ParallelParam(rank_size, tp, pp, vpp, sys.argv[6])).merge_graph():
        print("graph", result.rank)
        for node in result.graph.get_sorted_nodes():
            print("N", node.id, "<", node.upnode.id if node.upnode else "", "type", node.op.value)
            for key, item in list(node.input_data.items()) + list(node.output_data.items()):
                stats = [item.get(s) for s in ("Max", "Min", "Mean", "Norm")]
                print(" I", key, json.dumps(stats), json.dumps(item.get("shape")))
            for line in node.parallel_merge_info:
                print(" P", line)


if __name__ == "__main__":
    main()
