#!/usr/bin/env python3
"""Runs msprobe's graph command from a source tree, for the benchmark's ratios measured in the same run.

Usage: run_msprobe.py graph_visualize -tp NPU -gp BENCH -o OUT      (msprobe 26.0.0)
       run_msprobe.py graph -i compare.json -o OUT                    (msprobe 1.2.1)
The msprobe package must be importable (PYTHONPATH=<tree>/python or the tree of 1.2.1). Only the graph command's
own module is imported, so that the dependencies of msprobe's other tools need not be installed.
"""
import argparse
import importlib
import sys


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("graph", "graph_visualize"):
        sys.exit(__doc__)
    service = importlib.import_module("msprobe.visualization.graph_service")
    # 26.0.0 names them _graph_service_*, 1.2.x _pt_graph_service_* (one framework then).
    for prefix in ("_graph_service", "_pt_graph_service"):
        if hasattr(service, prefix + "_parser"):
            parser = argparse.ArgumentParser(prog="msprobe " + sys.argv[1])
            getattr(service, prefix + "_parser")(parser)
            getattr(service, prefix + "_command")(parser.parse_args(sys.argv[2:]))
            return
    sys.exit("msprobe.visualization.graph_service has no graph command this script knows")


if __name__ == "__main__":
    main()
