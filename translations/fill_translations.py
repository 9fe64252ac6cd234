#!/usr/bin/env python3
"""Fills translations/probescope_zh_CN.ts (every message) and the English plural forms of probescope_en.ts.
Run after `ninja update_translations`; a message missing from the table below makes the script fail."""
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ZH = {
    "Worst bin only": "仅最差区间",
    "Upper half of the legend": "图例的上半部分",
    "Calling line of user code / node": "调用它的用户代码行 / 节点",
    "Nodes / code": "节点数 / 代码",
    "Available for comparisons.": "仅比对结果可用。",
    "… %1 more": "… 另有 %1 个",
    "%1 suspicious nodes in %2 places of user code": "%1 个可疑节点，来自用户代码的 %2 处",
    "Copy as text": "复制为文本",
    "Copy the table, tab separated, to the clipboard": "将表格（制表符分隔）复制到剪贴板",
    "Select a node to see its inputs, outputs and metrics.": "选择一个节点以查看其输入、输出和指标。",
    "(none)": "（无）",
    "NPU node: <b>%1</b>": "NPU 节点：<b>%1</b>",
    "Bench node: <b>%1</b>": "标杆节点：<b>%1</b>",
    "%n suspicious value(s)": "%n 个可疑值",
    "Module": "模块",
    "API": "API",
    "API list": "API 列表",
    "medium": "中",
    "high": "高",
    "critical": "严重",
    "NPU node": "NPU 节点",
    "Bench node": "标杆节点",
    "Type": "类型",
    "Precision": "精度",
    "Worst inside": "内部最差",
    "Overflow": "溢出",
    "msprobe's precision index of the NPU node (higher is worse); on the bench side, the value of the matched NPU node":
        "NPU 节点的 msprobe 精度指标（越大越差）；标杆侧显示与之匹配的 NPU 节点的值",
    "The worst precision bin among this node and everything below it": "此节点及其所有子孙节点中最差的精度区间",
    "Overflow level (only with the overflow check)": "溢出级别（仅在开启溢出检测时）",
    "NPU: %1": "NPU：%1",
    "Bench: %1": "标杆：%1",
    "Previous": "上一个",
    "Next": "下一个",
    "%n node(s)": "%n 个节点",
    "No matching node (NPU %1, bench %2)": "无匹配节点（NPU %1，标杆 %2）",
    "Precision (%1)": "精度误差（%1）",
    "Node types": "节点类型",
    "<b>Module</b>: a framework module, expandable<br><b>API</b>: an operator call (a leaf)<br><b>API list</b>: the APIs called between two modules, grouped<br>A collapsed module is painted in the worst colour it contains.":
        "<b>模块</b>：框架模块，可展开<br><b>API</b>：一次算子调用（叶子节点）<br><b>API 列表</b>：两个模块之间调用的 API 的分组<br>折叠的模块以其内部最差的颜色显示。",
    "Show only these nodes in the trees": "树中只显示这些节点",
    "%n warning(s) from the engine (hover for details)": "引擎给出 %n 条警告（悬停查看详情）",
    "%1 — ProbeScope": "%1 — ProbeScope",
    "ProbeScope": "ProbeScope",
    "Built %n node(s).": "已构建 %n 个节点。",
    "%1 NPU nodes, %2 unmatched, %3 in the worst bin. F3 jumps to the next one.":
        "%1 个 NPU 节点，%2 个未匹配，%3 个处于最差区间。按 F3 跳到下一个。",
    "Loading failed; the previous session is kept.": "加载失败；已保留之前的会话。",
    "Cannot open": "无法打开",
    "No node in the worst precision bin.": "最差精度区间中没有节点。",
    "About ProbeScope": "关于 ProbeScope",
    "<b>ProbeScope %1</b><br>A native viewer for msprobe graph comparisons: NPU and bench model hierarchies side by side, coloured by precision.":
        "<b>ProbeScope %1</b><br>msprobe 分级可视化比对的本地查看器：NPU 与标杆的模型层级并排显示，按精度着色。",
    "&File": "文件(&F)",
    "&Open comparison…": "打开比对(&O)…",
    "Open &compare.json…": "打开 compare.json(&C)…",
    "Open .&vis / .vis.db…": "打开 .vis / .vis.db(&V)…",
    "Open the bundled &example": "打开内置示例(&E)",
    "&Recent": "最近打开(&R)",
    "&Export .vis / .vis.db…": "导出 .vis / .vis.db(&E)…",
    "&Quit": "退出(&Q)",
    "&View": "视图(&V)",
    "&Mirror expansion on the other side": "另一侧同步展开(&M)",
    "&Link scrolling": "联动滚动(&L)",
    "&Expand node": "展开节点(&E)",
    "&Collapse node": "折叠节点(&C)",
    "Collapse &all": "全部折叠(&A)",
    "&Language": "语言(&L)",
    "System default": "跟随系统",
    "&Navigate": "导航(&N)",
    "&Find node…": "查找节点(&F)…",
    "Next &match": "下一个匹配(&M)",
    "&Previous match": "上一个匹配(&P)",
    "Next &suspicious node": "下一个可疑节点(&S)",
    "Next node in the worst precision bin, in execution order (F3)": "按执行顺序跳到最差精度区间的下一个节点（F3）",
    "Previous s&uspicious node": "上一个可疑节点(&U)",
    "Previous node in the worst precision bin (Shift+F3)": "跳到最差精度区间的上一个节点（Shift+F3）",
    "&Help": "帮助(&H)",
    "&About ProbeScope": "关于 ProbeScope(&A)",
    "Main toolbar": "主工具栏",
    "Legend and filters": "图例与筛选",
    "Node": "节点",
    "Comparison details": "比对详情",
    "Call stacks": "调用栈",
    "Suspicious nodes by caller": "按调用位置归类的可疑节点",
    " Step / rank: ": " Step / Rank： ",
    "Cancel": "取消",
    "Open a comparison (Ctrl+O), a compare.json, or drop dump folders here.":
        "打开比对（Ctrl+O）或 compare.json，或将 dump 目录拖放到此处。",
    "Open compare.json": "打开 compare.json",
    "JSON files (*.json);;All files (*)": "JSON 文件 (*.json);;所有文件 (*)",
    "Open .vis / .vis.db": "打开 .vis / .vis.db",
    "Graph files (*.vis *.vis.db);;All files (*)": "图文件 (*.vis *.vis.db);;所有文件 (*)",
    "Example missing": "缺少示例",
    "The bundled example comparison was not found.": "未找到内置的示例比对。",
    "Export .vis / .vis.db": "导出 .vis / .vis.db",
    "Graph file (*.vis);;Graph database (*.vis.db)": "图文件 (*.vis);;图数据库 (*.vis.db)",
    "Exporting %1…": "正在导出 %1…",
    "Export failed.": "导出失败。",
    "Export failed": "导出失败",
    "Exported %1": "已导出 %1",
    "NPU": "NPU",
    "Bench": "标杆",
    "Side": "侧",
    "Slot": "位置",
    "Open comparison": "打开比对",
    "NPU dump folder:": "NPU dump 目录：",
    "Bench dump folder (optional):": "标杆 dump 目录（可选）：",
    "empty: build the NPU graph only": "留空：只构建 NPU 图",
    "Layer mapping file (optional):": "层映射文件（可选）：",
    "Fuzzy matching (-f)": "模糊匹配 (-f)",
    "Overflow check (-oc)": "溢出检测 (-oc)",
    "Complete call stacks (-cs)": "完整调用栈 (-cs)",
    "Browse": "浏览",
    "Choose a dump folder": "选择 dump 目录",
    "Choose a layer mapping file": "选择层映射文件",
    "YAML files (*.yaml *.yml);;All files (*)": "YAML 文件 (*.yaml *.yml);;所有文件 (*)",
    "The NPU dump folder does not exist.": "NPU dump 目录不存在。",
    "The bench dump folder does not exist.": "标杆 dump 目录不存在。",
    "The layer mapping file does not exist.": "层映射文件不存在。",
    "Search node names (Ctrl+F)": "搜索节点名称（Ctrl+F）",
    "Both sides": "两侧",
    "Regex": "正则",
    "Treat the text as a regular expression": "将文本作为正则表达式",
    "Only matches": "仅显示匹配",
    "Show only the matching nodes and their parents in the trees": "树中只显示匹配的节点及其父节点",
    "Invalid expression": "表达式无效",
    "Not a folder: %1": "不是目录：%1",
    "Nothing to open.": "没有可打开的内容。",
    "Cannot open %1: expected a compare.json, a dump folder, or an NPU and a bench dump folder.":
        "无法打开 %1：需要一个 compare.json、一个 dump 目录，或一个 NPU 目录加一个标杆 dump 目录。",
    "Reading dumps, building and comparing graphs…": "正在读取 dump、构建并比对模型图…",
    "The file name must end in .vis or .vis.db.": "文件名必须以 .vis 或 .vis.db 结尾。",
    "%1 already holds %2: tb_graph_ascend shows one .vis.db per folder and hides every .vis next to it. Choose another folder.":
        "%1 中已有 %2：tb_graph_ascend 每个目录只显示一个 .vis.db，并隐藏同目录下的所有 .vis。请选择其他目录。",
    "%1 already holds %2: tb_graph_ascend would hide it behind the new .vis.db. Choose another folder.":
        "%1 中已有 %2：新的 .vis.db 会使 tb_graph_ascend 隐藏它。请选择其他目录。",
    "Nothing to export.": "没有可导出的内容。",
    "Fold framework frames (torch, msprobe, Python internals)": "折叠框架栈帧（torch、msprobe、Python 内部）",
    "NPU call stack": "NPU 调用栈",
    "Bench call stack": "标杆调用栈",
    "Copy": "复制",
    "(no stack recorded for this node)": "（此节点没有记录调用栈）",
    "··· %n framework frame(s), first: %1": "··· %n 个框架栈帧，第一个：%1",
    # Start page, Help ▸ User guide and Help ▸ About
    "<h2>ProbeScope %1</h2><p>Compares the msprobe dumps of an Ascend NPU training run with its GPU/CPU reference: the module trees side by side, coloured by precision, with msprobe's metrics for every node. Reads and writes the <code>.vis</code> files of <code>msprobe graph</code> (1.2.1) and tb_graph_ascend.</p>": "<h2>ProbeScope %1</h2><p>比对昇腾 NPU 训练与其 GPU/CPU 标杆的 msprobe dump 数据：两棵模块树并排显示，按精度着色，每个节点都附有 msprobe 的指标。读写 <code>msprobe graph</code>（1.2.1）和 tb_graph_ascend 的 <code>.vis</code> 文件。</p>",
    "Component": "组件",
    "Version": "版本",
    "%1 (built with %2)": "%1（构建时为 %2）",
    "Copy versions": "复制版本信息",
    "&User guide": "用户指南(&U)",
    "No longer exists: %1": "已不存在：%1",
    "Find where an Ascend NPU training run starts to drift from its GPU/CPU reference. Open the msprobe dumps of both runs and ProbeScope shows their module trees side by side, coloured by how far each node's outputs are from the reference.": "找出昇腾 NPU 训练从哪里开始偏离 GPU/CPU 标杆。打开两次运行的 msprobe dump，ProbeScope 会把两棵模块树并排显示，并按每个节点的输出与标杆的差距着色。",
    "Open comparison…": "打开比对…",
    "An NPU and a bench dump folder, a compare.json, or one dump folder to build its graph alone (Ctrl+O)": "一个 NPU dump 目录和一个标杆 dump 目录、一个 compare.json，或只用一个 dump 目录单独构图（Ctrl+O）",
    "Open .vis / .vis.db…": "打开 .vis / .vis.db…",
    "A graph file written by msprobe graph, probescope-cli or File ▸ Export": "由 msprobe graph、probescope-cli 或“文件 ▸ 导出”写出的图文件",
    "Open the example": "打开示例",
    "A real comparison of a small MLP's NPU and bench dumps, with a few red nodes to explore": "一个小型 MLP 的 NPU 与标杆 dump 的真实比对，其中有几个红色节点可供探索",
    "The bundled example was not found in this installation": "此安装中找不到内置示例",
    "Recent": "最近打开",
    "Nothing opened yet: what you open is listed here.": "尚未打开任何内容：打开过的内容会列在这里。",
    "You can also drop dump folders, a compare.json or a .vis file onto this window. Help ▸ User guide (F1) explains the views and how to produce dumps with msprobe.": "也可以把 dump 目录、compare.json 或 .vis 文件拖到此窗口。“帮助 ▸ 用户指南”（F1）介绍各个视图以及如何用 msprobe 采集 dump。",
    "ProbeScope User Guide": "ProbeScope 用户指南",
    "The user guide is missing from this build (%1).": "此版本缺少用户指南（%1）。",
}

EN_PLURALS = {
    "%n pair(s) changed; precision recomputed.": ("%n pair changed; precision recomputed.",
                                                  "%n pairs changed; precision recomputed."),
    "%n pair(s) changed, %1 could not be:": ("%n pair changed, %1 could not be:", "%n pairs changed, %1 could not be:"),
    "%n node(s) introduce an error: their outputs exceed the tolerance while the inputs they inherit do not. "
    "Double-click to show one.": (
        "%n node introduces an error: its outputs exceed the tolerance while the inputs it inherits do not. "
        "Double-click to show it.",
        "%n nodes introduce an error: their outputs exceed the tolerance while the inputs they inherit do not. "
        "Double-click to show one."),
    "%n suspicious value(s)": ("%n suspicious value", "%n suspicious values"),
    "%n node(s)": ("%n node", "%n nodes"),
    "%n warning(s) from the engine (hover for details)": ("%n warning from the engine (hover for details)",
                                                          "%n warnings from the engine (hover for details)"),
    "Built %n node(s).": ("Built %n node.", "Built %n nodes."),
    "··· %n framework frame(s), first: %1": ("··· %n framework frame, first: %1", "··· %n framework frames, first: %1"),
    "%n problem(s); Apply is blocked. Row %1: %2": (
        "%n problem; Apply is blocked. Row %1: %2", "%n problems; Apply is blocked. Row %1: %2"),
    "Loaded %n rule(s) from %1": ("Loaded %n rule from %1", "Loaded %n rules from %1"),
    "Comparing again with %n rule(s)…": ("Comparing again with %n rule…", "Comparing again with %n rules…"),
}


def fill(path, table, plural_only):
    tree = ET.parse(path)
    missing = []
    for message in tree.iter("message"):
        source = message.find("source").text or ""
        translation = message.find("translation")
        numerus = message.get("numerus") == "yes"
        if plural_only:
            if numerus and source in EN_PLURALS:
                for child in list(translation):
                    translation.remove(child)
                translation.text = None
                translation.attrib.pop("type", None)
                for form in EN_PLURALS[source]:
                    ET.SubElement(translation, "numerusform").text = form
            continue
        if source not in table:
            finished = translation.get("type") is None and ((translation.text or "").strip() or len(translation))
            if not finished:  # a translation made in Qt Linguist is kept
                missing.append(source)
            continue
        translation.attrib.pop("type", None)
        if numerus:
            for child in list(translation):
                translation.remove(child)
            translation.text = None
            ET.SubElement(translation, "numerusform").text = table[source]
        else:
            translation.text = table[source]
    with open(path, "wb") as f:
        f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(f, encoding="utf-8", xml_declaration=False)
    return missing


root = Path(__file__).resolve().parent
# Each feature may keep its own table beside this script: zh_CN_<feature>.tsv, "source<TAB>translation" per line
# (\n written as \\n), so that parallel work does not edit the same dictionary.
for tsv in sorted(root.glob("zh_CN_*.tsv")):
    for line in tsv.read_text(encoding="utf-8").splitlines():
        if line.strip():
            source, translation = line.split("\t", 1)
            ZH[source.replace("\\n", "\n")] = translation.replace("\\n", "\n")
missing = fill(root / "probescope_zh_CN.ts", ZH, False)
fill(root / "probescope_en.ts", {}, True)
if missing:
    print("untranslated:", *missing, sep="\n  ")
    sys.exit(1)
print("probescope_zh_CN.ts fully translated")
