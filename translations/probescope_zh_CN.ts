<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AnalysisJobs</name>
    <message>
        <source>Nothing is open.</source>
        <translation>未打开任何内容。</translation>
    </message>
    <message>
        <source>A single graph has no bench side to match with.</source>
        <translation>单个图没有可供匹配的标杆侧。</translation>
    </message>
    <message>
        <source>Real-data comparisons (task "all") cannot be matched by hand: the metrics come from the tensor files and are not recomputed for one pair (tb_graph_ascend refuses them too).</source>
        <translation>真实数据比对（task 为 "all"）无法手动匹配：其指标来自张量文件，不会针对单个节点对重新计算（tb_graph_ascend 同样拒绝）。</translation>
    </message>
    <message>
        <source>This comparison was opened from a graph file, which holds formatted rows but not the dump statistics: open the NPU and bench dump folders to match nodes by hand.</source>
        <translation>此比对结果是从图文件打开的，其中只有格式化后的行，没有 dump 统计量：请打开 NPU 和标杆的 dump 目录以手动匹配节点。</translation>
    </message>
</context>
<context>
    <name>ComparisonOptions</name>
    <message>
        <source>-lm (edited rules)</source>
        <translation>-lm（已编辑的规则）</translation>
    </message>
    <message>
        <source>ranks merged</source>
        <translation>已合并 rank</translation>
    </message>
    <message>
        <source>none</source>
        <comment>no engine options</comment>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>DiffJob</name>
    <message>
        <source>Only a comparison can be compared with another one.</source>
        <translation>只有比对结果才能与另一个比对结果对比。</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>Marking the changes…</source>
        <translation>正在标记变化…</translation>
    </message>
    <message>
        <source>%1 has no step %2, rank %3: its first graph (step %4, rank %5) is compared.</source>
        <translation>%1 中没有 step %2、rank %3：改为对比它的第一个图（step %4、rank %5）。</translation>
    </message>
    <message>
        <source>Cannot compare with %1:
%2</source>
        <translation>无法与 %1 对比：
%2</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <source>A file or folder does not exist.</source>
        <translation>文件或文件夹不存在。</translation>
    </message>
    <message>
        <source>A file cannot be read.</source>
        <translation>无法读取文件。</translation>
    </message>
    <message>
        <source>A file is larger than the resource limits allow.</source>
        <translation>文件超出了资源限制允许的大小。</translation>
    </message>
    <message>
        <source>A file is not valid JSON.</source>
        <translation>文件不是有效的 JSON。</translation>
    </message>
    <message>
        <source>A file does not hold what a dump or graph file holds.</source>
        <translation>文件的内容不是转储文件或图文件应有的内容。</translation>
    </message>
    <message>
        <source>The dump folder is not laid out as msprobe writes it.</source>
        <translation>转储文件夹的结构与 msprobe 写出的不同。</translation>
    </message>
    <message>
        <source>The NPU and bench folders are laid out differently.</source>
        <translation>NPU 与标杆文件夹的结构不一致。</translation>
    </message>
    <message>
        <source>The NPU and bench runs do not have the same ranks.</source>
        <translation>NPU 与标杆运行的 rank 不一致。</translation>
    </message>
    <message>
        <source>The dump was taken with a task ProbeScope cannot compare.</source>
        <translation>转储所用的任务类型 ProbeScope 无法比对。</translation>
    </message>
    <message>
        <source>A node or file name cannot be used.</source>
        <translation>节点名或文件名不可用。</translation>
    </message>
    <message>
        <source>A structure is nested more deeply than the limits allow.</source>
        <translation>结构的嵌套深度超出了限制。</translation>
    </message>
    <message>
        <source>The output cannot be written.</source>
        <translation>无法写入输出。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>A setting is not valid.</source>
        <translation>设置无效。</translation>
    </message>
    <message>
        <source>The operation failed.</source>
        <translation>操作失败。</translation>
    </message>
    <message>
        <source>File: %1.</source>
        <translation>文件：%1。</translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>详情：%1</translation>
    </message>
    <message>
        <source>The run would need more memory than the resource limits allow.</source>
        <translation>运行所需的内存超过资源限制允许的大小。</translation>
    </message>
    <message>
        <source>A file changed while it was being read (is a job still writing it?).</source>
        <translation>文件在读取过程中发生了变化（是否仍有作业在写入它？）。</translation>
    </message>
</context>
<context>
    <name>ExportJob</name>
    <message>
        <source>The file name must end in .vis or .vis.db.</source>
        <translation>文件名必须以 .vis 或 .vis.db 结尾。</translation>
    </message>
    <message>
        <source>%1 already holds %2: tb_graph_ascend shows one .vis.db per folder and hides every .vis next to it. Choose another folder.</source>
        <translation>%1 中已有 %2：tb_graph_ascend 每个目录只显示一个 .vis.db，并隐藏同目录下的所有 .vis。请选择其他目录。</translation>
    </message>
    <message>
        <source>%1 already holds %2: tb_graph_ascend would hide it behind the new .vis.db. Choose another folder.</source>
        <translation>%1 中已有 %2：新的 .vis.db 会使 tb_graph_ascend 隐藏它。请选择其他目录。</translation>
    </message>
</context>
<context>
    <name>LoadJob</name>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Preparing the view…</source>
        <translation>正在准备视图…</translation>
    </message>
    <message>
        <source>Reading dump.json…</source>
        <translation>正在读取 dump.json…</translation>
    </message>
    <message>
        <source>Reading construct.json and stack.json…</source>
        <translation>正在读取 construct.json 和 stack.json…</translation>
    </message>
    <message>
        <source>Building the graphs…</source>
        <translation>正在构建图…</translation>
    </message>
    <message>
        <source>Matching nodes…</source>
        <translation>正在匹配节点…</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比对…</translation>
    </message>
    <message>
        <source>Comparing tensors…</source>
        <translation>正在比对张量…</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>正在写入…</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>Reading the node data of %1…</source>
        <translation>正在读取 %1 的节点数据…</translation>
    </message>
    <message>
        <source>Judging both sides against the truth run…</source>
        <translation>正在以真值运行评判两侧…</translation>
    </message>
    <message>
        <source>The truth run could not be used: %1</source>
        <translation>无法使用真值运行：%1</translation>
    </message>
</context>
<context>
    <name>NodeSearch</name>
    <message>
        <source>The regular expression is too slow: %1 of %2 names searched in %3 s. Simplify it.</source>
        <translation>正则表达式太慢：%3 秒内只搜索了 %2 个名称中的 %1 个。请简化它。</translation>
    </message>
</context>
<context>
    <name>NoteLabels</name>
    <message>
        <source>checked</source>
        <translation>已核对</translation>
    </message>
    <message>
        <source>suspicious</source>
        <translation>可疑</translation>
    </message>
    <message>
        <source>cause</source>
        <translation>根因</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>备注：%1</translation>
    </message>
    <message>
        <source>Tagged %1</source>
        <translation>标记为%1</translation>
    </message>
    <message>
        <source>Note (%1): %2</source>
        <translation>备注（%1）：%2</translation>
    </message>
</context>
<context>
    <name>OpenPaths</name>
    <message>
        <source>Not a folder: %1</source>
        <translation>不是目录：%1</translation>
    </message>
    <message>
        <source>Nothing to open.</source>
        <translation>没有可打开的内容。</translation>
    </message>
    <message>
        <source>Cannot open %1: expected a compare.json, a dump folder, or an NPU and a bench dump folder.</source>
        <translation>无法打开 %1：需要一个 compare.json、一个 dump 目录，或一个 NPU 目录加一个标杆 dump 目录。</translation>
    </message>
</context>
<context>
    <name>TensorErrorJob</name>
    <message>
        <source>Reading the tensors…</source>
        <translation>正在读取张量…</translation>
    </message>
    <message>
        <source>Comparing the tensors element by element…</source>
        <translation>正在逐元素比较张量…</translation>
    </message>
</context>
<context>
    <name>TrendsJob</name>
    <message>
        <source>Trends: step %1, rank %2 (%3 of %4)…</source>
        <translation>趋势：Step %1，Rank %2（第 %3 个，共 %4 个）…</translation>
    </message>
    <message>
        <source>Trends: done</source>
        <translation>趋势：完成</translation>
    </message>
</context>
<context>
    <name>psui::AboutDialog</name>
    <message>
        <source>About ProbeScope</source>
        <translation>关于 ProbeScope</translation>
    </message>
    <message>
        <source>&lt;h2&gt;ProbeScope %1&lt;/h2&gt;&lt;p&gt;Compares the msprobe dumps of an Ascend NPU training run with its GPU/CPU reference: the module trees side by side, coloured by precision, with msprobe's metrics for every node. Reads and writes the &lt;code&gt;.vis&lt;/code&gt; files of &lt;code&gt;msprobe graph&lt;/code&gt; (1.2.1) and tb_graph_ascend.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;ProbeScope %1&lt;/h2&gt;&lt;p&gt;比对昇腾 NPU 训练与其 GPU/CPU 标杆的 msprobe dump 数据：两棵模块树并排显示，按精度着色，每个节点都附有 msprobe 的指标。读写 &lt;code&gt;msprobe graph&lt;/code&gt;（1.2.1）和 tb_graph_ascend 的 &lt;code&gt;.vis&lt;/code&gt; 文件。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>%1 (built with %2)</source>
        <translation>%1（构建时为 %2）</translation>
    </message>
    <message>
        <source>Copy versions</source>
        <translation>复制版本信息</translation>
    </message>
</context>
<context>
    <name>psui::AnalysisController</name>
    <message>
        <source>Nothing is open.</source>
        <translation>未打开任何内容。</translation>
    </message>
    <message>
        <source>Matching nodes and recomputing…</source>
        <translation>正在匹配节点并重新计算…</translation>
    </message>
    <message>
        <source>Unmatching nodes…</source>
        <translation>正在取消节点匹配…</translation>
    </message>
    <message>
        <source>Applying %1…</source>
        <translation>正在应用 %1…</translation>
    </message>
    <message>
        <source>Comparing the ranks of this step…</source>
        <translation>正在比对此 step 的各个 rank…</translation>
    </message>
    <message>
        <source>Comparing with %1…</source>
        <translation>正在与 %1 对比…</translation>
    </message>
    <message>
        <source>This session has a single graph: there are no trends.</source>
        <translation>此会话只有一个图：没有趋势。</translation>
    </message>
    <message>
        <source>Computing trends…</source>
        <translation>正在计算趋势…</translation>
    </message>
    <message>
        <source>Comparing the tensors…</source>
        <translation>正在比较张量…</translation>
    </message>
    <message>
        <source>Nothing to export.</source>
        <translation>没有可导出的内容。</translation>
    </message>
    <message>
        <source>Finding the communication peers of the other ranks…</source>
        <translation>正在查找其他 rank 上的通信对端…</translation>
    </message>
    <message>
        <source>The communication peers could not be found: %1</source>
        <translation>未能找到通信对端：%1</translation>
    </message>
</context>
<context>
    <name>psui::AnalysisTools</name>
    <message>
        <source>Cannot save the match config</source>
        <translation>无法保存匹配配置</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Picked for matching: NPU %1 ⇄ bench %2 (Ctrl+M matches them)</source>
        <translation>待匹配：NPU %1 ⇄ 标杆 %2（按 Ctrl+M 匹配）</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Match the NPU node %1 with the bench node %2</source>
        <translation>将 NPU 节点 %1 与标杆节点 %2 匹配</translation>
    </message>
    <message>
        <source>Manual matching needs a comparison</source>
        <translation>手动匹配需要比对结果</translation>
    </message>
    <message>
        <source>Unmatch from %1</source>
        <translation>取消与 %1 的匹配</translation>
    </message>
    <message>
        <source>Match with selected bench node (select an unmatched bench node first)</source>
        <translation>与选中的标杆节点匹配（请先选择一个未匹配的标杆节点）</translation>
    </message>
    <message>
        <source>Match with selected NPU node (select an unmatched NPU node first)</source>
        <translation>与选中的 NPU 节点匹配（请先选择一个未匹配的 NPU 节点）</translation>
    </message>
    <message>
        <source>Match with bench node %1</source>
        <translation>与标杆节点 %1 匹配</translation>
    </message>
    <message>
        <source>Match with NPU node %1</source>
        <translation>与 NPU 节点 %1 匹配</translation>
    </message>
    <message>
        <source>Manual matching</source>
        <translation>手动匹配</translation>
    </message>
    <message>
        <source>Select an unmatched NPU node and an unmatched bench node, then match them.</source>
        <translation>选择一个未匹配的 NPU 节点和一个未匹配的标杆节点，然后将它们匹配。</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) changed; precision recomputed.</source>
        <translation><numerusform>%n 对节点已更改；精度已重新计算。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) changed, %1 could not be:</source>
        <translation><numerusform>%n 对节点已更改，%1 对无法更改：</numerusform></translation>
    </message>
    <message>
        <source>Load match config</source>
        <translation>加载匹配配置</translation>
    </message>
    <message>
        <source>Match config (*.vis.config);;All files (*)</source>
        <translation>匹配配置 (*.vis.config);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save match config</source>
        <translation>保存匹配配置</translation>
    </message>
    <message>
        <source>Match config (*.vis.config)</source>
        <translation>匹配配置 (*.vis.config)</translation>
    </message>
    <message>
        <source>Match with selected bench node</source>
        <translation>与选中的标杆节点匹配</translation>
    </message>
    <message>
        <source>Unmatch</source>
        <translation>取消匹配</translation>
    </message>
    <message>
        <source>Include children (by short name and type)</source>
        <translation>包括子节点（按短名称和类型）</translation>
    </message>
    <message>
        <source>Load match config…</source>
        <translation>加载匹配配置…</translation>
    </message>
    <message>
        <source>Save match config…</source>
        <translation>保存匹配配置…</translation>
    </message>
    <message>
        <source>First divergence</source>
        <translation>首个偏差点</translation>
    </message>
</context>
<context>
    <name>psui::CallerPanel</name>
    <message>
        <source>Worst bin only</source>
        <translation>仅最差区间</translation>
    </message>
    <message>
        <source>Upper half of the legend</source>
        <translation>图例的上半部分</translation>
    </message>
    <message>
        <source>Calling line of user code / node</source>
        <translation>调用它的用户代码行 / 节点</translation>
    </message>
    <message>
        <source>Nodes / code</source>
        <translation>节点数 / 代码</translation>
    </message>
    <message>
        <source>Available for comparisons.</source>
        <translation>仅比对结果可用。</translation>
    </message>
    <message>
        <source>… %1 more</source>
        <translation>… 另有 %1 个</translation>
    </message>
    <message>
        <source>%1 suspicious nodes in %2 places of user code</source>
        <translation>%1 个可疑节点，来自用户代码的 %2 处</translation>
    </message>
</context>
<context>
    <name>psui::CentralView</name>
    <message>
        <source>&amp;Trees</source>
        <translation>树(&amp;T)</translation>
    </message>
    <message>
        <source>Show the NPU and bench trees (Ctrl+1)</source>
        <translation>显示 NPU 树和标杆树（Ctrl+1）</translation>
    </message>
    <message>
        <source>&amp;Graph</source>
        <translation>图(&amp;G)</translation>
    </message>
    <message>
        <source>Show the nested-box graph, as tb_graph_ascend draws it (Ctrl+2)</source>
        <translation>显示嵌套方框图，与 tb_graph_ascend 的画法相同（Ctrl+2）</translation>
    </message>
    <message>
        <source>Trees &amp;and graph</source>
        <translation>树和图(&amp;A)</translation>
    </message>
    <message>
        <source>Show the trees above the graph (Ctrl+3)</source>
        <translation>在图的上方显示两棵树（Ctrl+3）</translation>
    </message>
</context>
<context>
    <name>psui::ChangeLegend</name>
    <message>
        <source>Worse: verdict or worst metric   (%1)</source>
        <translation>变差：判定或最差指标   (%1)</translation>
    </message>
    <message>
        <source>Better: verdict or worst metric   (%1)</source>
        <translation>变好：判定或最差指标   (%1)</translation>
    </message>
    <message>
        <source>Appeared: no node of that name before   (NPU %1, bench %2)</source>
        <translation>新出现：之前没有同名节点   (NPU %1，标杆 %2)</translation>
    </message>
    <message>
        <source>Same as before   (%1)</source>
        <translation>与之前相同   (%1)</translation>
    </message>
    <message>
        <source>Before: &lt;b&gt;%1&lt;/b&gt; (step %2, rank %3)&lt;br&gt;After: the comparison shown</source>
        <translation>之前：&lt;b&gt;%1&lt;/b&gt;（step %2，rank %3）&lt;br&gt;之后：当前显示的比对结果</translation>
    </message>
    <message>
        <source>Vanished: only before, in no tree (NPU %1, bench %2)</source>
        <translation>已消失：仅之前存在，不在树中（NPU %1，标杆 %2）</translation>
    </message>
    <message>
        <source>Bench nodes carry the mark of their NPU node. A collapsed module shows the most notable change inside it.</source>
        <translation>标杆节点沿用与之匹配的 NPU 节点的标记。折叠的模块显示其内部最值得注意的变化。</translation>
    </message>
    <message>
        <source>Change against another comparison</source>
        <translation>与另一个比对结果的变化</translation>
    </message>
    <message>
        <source>Stop comparing</source>
        <translation>停止对比</translation>
    </message>
    <message>
        <source>Back to the precision colours</source>
        <translation>恢复精度颜色</translation>
    </message>
</context>
<context>
    <name>psui::ColorRangesDialog</name>
    <message>
        <source>Colour ranges</source>
        <translation>颜色区间</translation>
    </message>
    <message>
        <source>Nodes are coloured by their precision index: the first range with lower ≤ index &lt; upper (an index of 1 also fits a range ending at 1, 0 one starting at 0).</source>
        <translation>节点按精度指标着色：取第一个满足 下界 ≤ 指标 &lt; 上界 的区间（指标为 1 也落入以 1 结束的区间，为 0 也落入以 0 开始的区间）。</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>颜色</translation>
    </message>
    <message>
        <source>Lower bound</source>
        <translation>下界</translation>
    </message>
    <message>
        <source>Upper bound</source>
        <translation>上界</translation>
    </message>
    <message>
        <source>%1 Not matched: always grey</source>
        <translation>%1 未匹配：始终为灰色</translation>
    </message>
    <message>
        <source>Add range</source>
        <translation>添加区间</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>msprobe's ranges for this comparison's mode</source>
        <translation>msprobe 对此比对模式的默认区间</translation>
    </message>
    <message>
        <source>Remove this range</source>
        <translation>删除此区间</translation>
    </message>
</context>
<context>
    <name>psui::DetailsPanel</name>
    <message>
        <source>Copy as text</source>
        <translation>复制为文本</translation>
    </message>
    <message>
        <source>Copy the table, tab separated, to the clipboard</source>
        <translation>将表格（制表符分隔）复制到剪贴板</translation>
    </message>
    <message>
        <source>Select a node to see its inputs, outputs and metrics.</source>
        <translation>选择一个节点以查看其输入、输出和指标。</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>NPU node: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>NPU 节点：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Bench node: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>标杆节点：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>%n suspicious value(s)</source>
        <translation><numerusform>%n 个可疑值</numerusform></translation>
    </message>
    <message>
        <source>Taken from rank %1 and renamed by the pipeline-parallel merge.</source>
        <translation>由流水线并行合并取自 rank %1 并重新命名。</translation>
    </message>
    <message>
        <source>Colour from %1.</source>
        <translation>颜色来自 %1。</translation>
    </message>
    <message>
        <source>Its bench value is below the noise floor (≈0): msprobe's colour, but likely rounding noise.</source>
        <translation>其标杆值低于噪声下限（≈0）：颜色仍按 msprobe 的规则，但很可能只是舍入噪声。</translation>
    </message>
    <message>
        <source>Cells marked ≈0 divide by a bench value below 1e-6 × the tensor's largest |Max|, |Min| (or 1e-12).</source>
        <translation>标为 ≈0 的单元格以低于 1e-6 × 张量最大 |Max|、|Min|（或 1e-12）的标杆值作除数。</translation>
    </message>
    <message>
        <source>Note…</source>
        <translation>备注…</translation>
    </message>
    <message>
        <source>Write a note on the selected node or tag it (checked, suspicious, cause)</source>
        <translation>为所选节点写备注或加标记（已核对、可疑、根因）</translation>
    </message>
    <message>
        <source>NPU: %1</source>
        <translation>NPU：%1</translation>
    </message>
    <message>
        <source>Bench: %1</source>
        <translation>标杆：%1</translation>
    </message>
    <message>
        <source>worse</source>
        <translation>变差</translation>
    </message>
    <message>
        <source>better</source>
        <translation>变好</translation>
    </message>
    <message>
        <source>appeared (no node of that name before)</source>
        <translation>新出现（之前没有同名节点）</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>not matched</source>
        <translation>未匹配</translation>
    </message>
    <message>
        <source>bin %1</source>
        <translation>区间 %1</translation>
    </message>
    <message>
        <source>(absent)</source>
        <translation>（不存在）</translation>
    </message>
    <message>
        <source>Change: %1</source>
        <translation>变化：%1</translation>
    </message>
    <message>
        <source>Before: %1</source>
        <translation>之前：%1</translation>
    </message>
    <message>
        <source>After: %1</source>
        <translation>之后：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Change: %1&lt;/b&gt; (against %2)</source>
        <translation>&lt;b&gt;变化：%1&lt;/b&gt;（对比 %2）</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Worst metric</source>
        <translation>最差指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>Why %1 (msprobe 26.0 rules)</source>
        <translation>为何为 %1（msprobe 26.0 规则）</translation>
    </message>
    <message>
        <source>Parallel merge (how this node's values were merged across ranks)</source>
        <translation>并行合并（此节点的值如何由各 rank 合并）</translation>
    </message>
    <message>
        <source>Tensor error…</source>
        <translation>张量误差…</translation>
    </message>
    <message>
        <source>Histograms and a heat map of the element-wise error between the NPU and bench tensors of the selected input or output</source>
        <translation>所选输入或输出的 NPU 与标杆张量逐元素误差的直方图和热力图</translation>
    </message>
    <message>
        <source>Against the truth run: %1</source>
        <translation>对照真值运行：%1</translation>
    </message>
</context>
<context>
    <name>psui::DiffTools</name>
    <message>
        <source>Cannot compare</source>
        <translation>无法对比</translation>
    </message>
    <message>
        <source>Compare with another comparison (before)</source>
        <translation>与另一个比对结果对比（之前）</translation>
    </message>
    <message>
        <source>Comparisons (*.vis *.vis.gz *.vis.db *.db *.json);;All files (*)</source>
        <translation>比对结果 (*.vis *.vis.gz *.vis.db *.db *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Comparing with %1…</source>
        <translation>正在与 %1 对比…</translation>
    </message>
    <message>
        <source>Stop comparing with %1</source>
        <translation>停止与 %1 对比</translation>
    </message>
    <message>
        <source>Stop comparing</source>
        <translation>停止对比</translation>
    </message>
    <message>
        <source>Compare with another comparison…</source>
        <translation>与另一个比对结果对比…</translation>
    </message>
    <message>
        <source>Colour the trees by what changed since another comparison of the same model (a .vis, .vis.db or compare.json): worse, better, same, appeared</source>
        <translation>按照相对于同一模型的另一个比对结果（.vis、.vis.db 或 compare.json）的变化为树着色：变差、变好、相同、新出现</translation>
    </message>
</context>
<context>
    <name>psui::DivergencePanel</name>
    <message>
        <source>The finder needs a comparison (NPU and bench).</source>
        <translation>查找需要比对结果（NPU 与标杆）。</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在查找…</translation>
    </message>
    <message>
        <source>No node introduces an error above the tolerance.</source>
        <translation>没有节点引入超出容差的误差。</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) introduce an error: their outputs exceed the tolerance while the inputs they inherit do not. Double-click to show one.</source>
        <translation><numerusform>%n 个节点引入了误差：其输出超出容差，而继承的输入没有。双击可显示节点。</numerusform></translation>
    </message>
    <message>
        <source>Ignore:</source>
        <translation>忽略：</translation>
    </message>
    <message>
        <source>name patterns, comma separated (e.g. *dropout*, Functional.embedding*)</source>
        <translation>名称模式，以逗号分隔（例如 *dropout*, Functional.embedding*）</translation>
    </message>
    <message>
        <source>Tolerances:</source>
        <translation>容差：</translation>
    </message>
    <message>
        <source>dtype=value, comma separated (defaults: float16=0.01, bfloat16=0.04, float32=0.001)</source>
        <translation>dtype=值，以逗号分隔（默认：float16=0.01, bfloat16=0.04, float32=0.001）</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>新增误差</translation>
    </message>
    <message>
        <source>Output error</source>
        <translation>输出误差</translation>
    </message>
    <message>
        <source>Input error</source>
        <translation>输入误差</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>容差</translation>
    </message>
    <message>
        <source>Worst output</source>
        <translation>最差输出</translation>
    </message>
    <message>
        <source>Entered through</source>
        <translation>误差来源</translation>
    </message>
    <message>
        <source>Output error minus the error of the inputs it inherited</source>
        <translation>输出误差减去其继承的输入误差</translation>
    </message>
    <message>
        <source>A diverging input no earlier node produced (a parameter or data tensor): the error entered here</source>
        <translation>一个并非由更早节点产生的偏差输入（参数或数据张量）：误差从这里进入</translation>
    </message>
    <message>
        <source>This file was opened without reading every node's data. Find reads it, then searches.</source>
        <translation>此文件打开时未读取所有节点的数据。“查找”会先读取这些数据，然后再搜索。</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比对…</translation>
    </message>
    <message>
        <source>Comparing every rank of this step and following their communication links…</source>
        <translation>正在比对此 step 的每个 rank 并沿通信链接追踪…</translation>
    </message>
    <message>
        <source>No rank of step %1 introduces an error above the tolerance.</source>
        <translation>step %1 的任何 rank 都没有引入超出容差的误差。</translation>
    </message>
    <message numerus="yes">
        <source>%n place(s) where an error entered step %1, across its ranks; an error that arrived from another rank through a communication node is traced back to it. Double-click to open that rank there.</source>
        <translation><numerusform>step %1 的各 rank 中有 %n 处误差引入点；经通信节点从其他 rank 传来的误差已追溯到其源头。双击可在该 rank 中打开该节点。</numerusform></translation>
    </message>
    <message>
        <source>This rank has no node %1.</source>
        <translation>此 rank 中没有节点 %1。</translation>
    </message>
    <message>
        <source>Across ranks</source>
        <translation>跨 rank 追踪</translation>
    </message>
    <message>
        <source>Where the errors of this step entered, over all its ranks: an error that arrived through a communication node is traced to the rank that sent it</source>
        <translation>此 step 的误差在所有 rank 中从何处引入：经通信节点传来的误差会被追溯到发送它的 rank</translation>
    </message>
</context>
<context>
    <name>psui::ErrorHeatMapView</name>
    <message>
        <source>NaN/inf</source>
        <translation>NaN/inf</translation>
    </message>
    <message>
        <source>Rows %1, columns %2</source>
        <translation>行 %1，列 %2</translation>
    </message>
    <message>
        <source>Largest absolute error %1 at %2</source>
        <translation>最大绝对误差 %1，位于 %2</translation>
    </message>
    <message>
        <source>NPU %1, bench %2</source>
        <translation>NPU %1，标杆 %2</translation>
    </message>
    <message>
        <source>Largest relative error %1</source>
        <translation>最大相对误差 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n element(s) with NaN or inf</source>
        <translation>
            <numerusform>%n 个元素含 NaN 或 inf</numerusform>
        </translation>
    </message>
    <message>
        <source>The tensors are empty.</source>
        <translation>张量为空。</translation>
    </message>
</context>
<context>
    <name>psui::GraphCanvas</name>
    <message>
        <source>No bench graph</source>
        <translation>没有标杆图</translation>
    </message>
    <message>
        <source>Open a comparison to see its graph</source>
        <translation>打开比对以查看其图</translation>
    </message>
</context>
<context>
    <name>psui::GraphChartDocks</name>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>NPU</source>
        <translation>NPU</translation>
    </message>
    <message>
        <source>Bench</source>
        <translation>标杆</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+wheel)</source>
        <translation>缩小（Ctrl+滚轮）</translation>
    </message>
    <message>
        <source>Zoom in (Ctrl+wheel)</source>
        <translation>放大（Ctrl+滚轮）</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Fit the whole graph into the view</source>
        <translation>将整个图缩放到视图内</translation>
    </message>
</context>
<context>
    <name>psui::GraphMinimap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>概览：单击或拖动以移动视图</translation>
    </message>
</context>
<context>
    <name>psui::GraphTreeModel</name>
    <message>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>API list</source>
        <translation>API 列表</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>NPU node</source>
        <translation>NPU 节点</translation>
    </message>
    <message>
        <source>Bench node</source>
        <translation>标杆节点</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Worst inside</source>
        <translation>内部最差</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>溢出</translation>
    </message>
    <message>
        <source>msprobe's precision index of the NPU node (higher is worse); on the bench side, the value of the matched NPU node</source>
        <translation>NPU 节点的 msprobe 精度指标（越大越差）；标杆侧显示与之匹配的 NPU 节点的值</translation>
    </message>
    <message>
        <source>The worst precision bin among this node and everything below it</source>
        <translation>此节点及其所有子孙节点中最差的精度区间</translation>
    </message>
    <message>
        <source>Overflow level (only with the overflow check)</source>
        <translation>溢出级别（仅在开启溢出检测时）</translation>
    </message>
    <message>
        <source>Data merged across tensor-parallel ranks (see the details)</source>
        <translation>数据由张量并行的各 rank 合并而来（见详情）</translation>
    </message>
    <message>
        <source>Taken from rank %1 by the parallel merge</source>
        <translation>由并行合并取自 rank %1</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>msprobe 26.0's verdict of the NPU node: the worst of its inputs' and outputs' rows (the details say why); on the bench side, the verdict of the matched NPU node</source>
        <translation>msprobe 26.0 对 NPU 节点的判定：其输入输出各行中最差的判定（详情面板说明原因）；标杆侧显示所匹配 NPU 节点的判定</translation>
    </message>
    <message>
        <source>md5 equal</source>
        <translation>md5 一致</translation>
    </message>
    <message>
        <source>md5 differs</source>
        <translation>md5 不一致</translation>
    </message>
    <message>
        <source>Its statistics hold NaN or inf (the precision is msprobe's own number)</source>
        <translation>其统计量含 NaN 或 inf（精度仍为 msprobe 自身给出的数值）</translation>
    </message>
</context>
<context>
    <name>psui::HitListModel</name>
    <message>
        <source>NPU: %1</source>
        <translation>NPU：%1</translation>
    </message>
    <message>
        <source>Bench: %1</source>
        <translation>标杆：%1</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>NPU</source>
        <translation>NPU</translation>
    </message>
    <message>
        <source>Bench</source>
        <translation>标杆</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>侧</translation>
    </message>
    <message>
        <source>Verdict / precision</source>
        <translation>结论 / 精度</translation>
    </message>
</context>
<context>
    <name>psui::HitNavigator</name>
    <message>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation><numerusform>%n 个节点</numerusform></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
</context>
<context>
    <name>psui::LayerHeatmap</name>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <source>Norm</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>No numbered layers with precision values</source>
        <translation>没有带精度值的编号层</translation>
    </message>
    <message>
        <source>Worst precision index per layer and kind; blue frame: overflow or NaN/inf</source>
        <translation>每层每类的最差精度指标；蓝框：溢出或 NaN/inf</translation>
    </message>
    <message numerus="yes">
        <source>%1
worst precision index %2 (%n node(s))</source>
        <translation><numerusform>%1
最差精度指标 %2（%n 个节点）</numerusform></translation>
    </message>
</context>
<context>
    <name>psui::LayerMappingModel</name>
    <message>
        <source>Edit rule</source>
        <translation>编辑规则</translation>
    </message>
    <message>
        <source>Add rule</source>
        <translation>添加规则</translation>
    </message>
    <message>
        <source>Remove rule</source>
        <translation>删除规则</translation>
    </message>
    <message>
        <source>Layer class (NPU)</source>
        <translation>层类名（NPU）</translation>
    </message>
    <message>
        <source>NPU path</source>
        <translation>NPU 路径</translation>
    </message>
    <message>
        <source>Bench path</source>
        <translation>标杆路径</translation>
    </message>
</context>
<context>
    <name>psui::LayerMappingPanel</name>
    <message>
        <source>Not a module class of the NPU graph (nor TopLayer)</source>
        <translation>NPU 图中没有此模块类名（也不是 TopLayer）</translation>
    </message>
    <message>
        <source>The comparison with these rules failed: %1</source>
        <translation>使用这些规则比对失败：%1</translation>
    </message>
    <message>
        <source>Apply stopped: %1</source>
        <translation>应用已停止：%1</translation>
    </message>
    <message>
        <source>%1 nodes matched before → %2 after</source>
        <translation>匹配节点数：之前 %1 → 之后 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s); Apply is blocked. Row %1: %2</source>
        <translation><numerusform>%n 个问题，无法应用。第 %1 行：%2</numerusform></translation>
    </message>
    <message>
        <source>Cannot load the mapping: %1</source>
        <translation>无法加载映射：%1</translation>
    </message>
    <message numerus="yes">
        <source>Loaded %n rule(s) from %1</source>
        <translation><numerusform>已从 %1 加载 %n 条规则</numerusform></translation>
    </message>
    <message>
        <source>A new, empty mapping: add rules, then Apply.</source>
        <translation>新的空映射：添加规则后点击“应用”。</translation>
    </message>
    <message>
        <source>Open a comparison first.</source>
        <translation>请先打开一个比对。</translation>
    </message>
    <message>
        <source>This session cannot be compared again (a graph file or a build).</source>
        <translation>此会话无法重新比对（图文件或构图结果）。</translation>
    </message>
    <message numerus="yes">
        <source>Comparing again with %n rule(s)…</source>
        <translation><numerusform>正在使用 %n 条规则重新比对…</numerusform></translation>
    </message>
    <message>
        <source>Cannot save the mapping: %1</source>
        <translation>无法保存映射：%1</translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation>已保存到 %1</translation>
    </message>
    <message>
        <source>Load layer mapping</source>
        <translation>加载层映射</translation>
    </message>
    <message>
        <source>Layer mapping (*.yaml *.yml)</source>
        <translation>层映射 (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>Save layer mapping</source>
        <translation>保存层映射</translation>
    </message>
    <message>
        <source>Layer mapping (*.yaml)</source>
        <translation>层映射 (*.yaml)</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Add rule</source>
        <translation>添加规则</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Compare again with these rules</source>
        <translation>使用这些规则重新比对</translation>
    </message>
</context>
<context>
    <name>psui::LegendPanel</name>
    <message>
        <source>No matching node (NPU %1, bench %2)</source>
        <translation>无匹配节点（NPU %1，标杆 %2）</translation>
    </message>
    <message>
        <source>Precision (%1)</source>
        <translation>精度误差（%1）</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>溢出</translation>
    </message>
    <message>
        <source>Show only these nodes in the trees</source>
        <translation>树中只显示这些节点</translation>
    </message>
    <message>
        <source>md5 equal (%1)</source>
        <translation>md5 一致（%1）</translation>
    </message>
    <message>
        <source>md5 differs (%1)</source>
        <translation>md5 不一致（%1）</translation>
    </message>
    <message>
        <source>The node was not matched with a bench node during the comparison.</source>
        <translation>比对过程中节点未匹配上</translation>
    </message>
    <message>
        <source>Every input and output of this node has the same md5 as the bench.</source>
        <translation>与标杆相比, 此节点所有输入输出的md5值相同</translation>
    </message>
    <message>
        <source>Some input or output of this node has an md5 different from the bench.</source>
        <translation>与标杆相比, 此节点任意输入输出的md5值不同</translation>
    </message>
    <message>
        <source>The absolute difference between the smallest One Thousandth Err Ratio of the node's inputs and that of its outputs: how much precision the node lost. The larger, the further the NPU values are from the bench. One Thousandth Err Ratio: the share of elements whose relative error against the bench is below 0.1%; the closer to 1 the better.</source>
        <translation>此节点所有输入的最小双千分之一和所有输出的最小双千分之一的差值的绝对值, 代表双千指标的变化情况, 值越大代表测量值与标杆值的偏差越大, 双千分之一指标计算方式：Tensor中的元素逐个与对应的标杆数据对比，相对误差小于千分之一的比例占总元素个数的比例，比例越接近1越好</translation>
    </message>
    <message>
        <source>The relative error of the statistics of every input and output of this node; the larger, the further the NPU values are from the bench. Relative error: |(NPU - bench) / bench|.</source>
        <translation>此节点所有输入输出的统计量相对误差, 值越大代表测量值与标杆值的偏差越大, 相对误差计算方式:|(测量值-标杆值)/标杆值|</translation>
    </message>
    <message>
        <source>Module: a framework module; expandable</source>
        <translation>模块：框架模块，可展开</translation>
    </message>
    <message>
        <source>API: an operator call, or a module without children</source>
        <translation>API：一次算子调用，或没有子节点的模块</translation>
    </message>
    <message>
        <source>API list (Apis_Between_Modules): the APIs called between two modules, grouped</source>
        <translation>API 列表（Apis_Between_Modules）：两个模块之间调用的 API 的分组</translation>
    </message>
    <message>
        <source>Grey: no matching node on the other side</source>
        <translation>灰色：另一侧没有匹配的节点</translation>
    </message>
    <message>
        <source>White: no precision value (bench nodes, API lists)</source>
        <translation>白色：没有精度值（标杆节点、API 列表）</translation>
    </message>
    <message>
        <source>Blue (overflow column): overflow level</source>
        <translation>蓝色（溢出列）：溢出级别</translation>
    </message>
    <message>
        <source>A collapsed module is painted in the worst colour it contains.</source>
        <translation>折叠的模块以其内部最差的颜色显示。</translation>
    </message>
    <message>
        <source>Node types and fills</source>
        <translation>节点类型与填充色</translation>
    </message>
    <message>
        <source>Edit colours…</source>
        <translation>编辑颜色…</translation>
    </message>
    <message>
        <source>msprobe 26.0 rules: every input and output of this node passed.</source>
        <translation>msprobe 26.0 规则：此节点的所有输入输出均通过。</translation>
    </message>
    <message>
        <source>msprobe 26.0 rules: an input or output of this node broke a warning rule (the output's norm relative error 10 times the inputs', the cosine falling, a parameter without partner). The details panel says which.</source>
        <translation>msprobe 26.0 规则：此节点的某个输入或输出触发了告警规则（输出的范数相对误差为输入的 10 倍、余弦相似度下降、参数没有对应项）。详情面板会说明是哪一条。</translation>
    </message>
    <message>
        <source>msprobe 26.0 rules: an input or output of this node broke an error rule (nan or inf in the NPU maximum or minimum, dtype, shape, requires_grad or scalar arguments differing from the bench, an output's NormRelativeErr above 0.5, md5 differing). The details panel says which.</source>
        <translation>msprobe 26.0 规则：此节点的某个输入或输出触发了错误规则（NPU 最大值或最小值含 nan 或 inf，dtype、shape、requires_grad 或标量参数与标杆不一致，输出的 NormRelativeErr 大于 0.5，md5 不同）。详情面板会说明是哪一条。</translation>
    </message>
    <message>
        <source>Colour the nodes by overflow level</source>
        <translation>按溢出等级为节点着色</translation>
    </message>
    <message>
        <source>As tb_graph_ascend in overflow mode: each node takes the colour of its overflow level (medium, high, critical) instead of its precision colour.</source>
        <translation>与 tb_graph_ascend 的溢出模式相同：每个节点显示其溢出等级（中、高、严重）的颜色，而不是精度颜色。</translation>
    </message>
    <message>
        <source>msprobe's verdict</source>
        <translation>msprobe 的判定</translation>
    </message>
    <message>
        <source>msprobe's precision index</source>
        <translation>msprobe 的精度指标</translation>
    </message>
    <message>
        <source>Verdict on values alone</source>
        <translation>仅按数值判定</translation>
    </message>
    <message>
        <source>Colour by: %1</source>
        <translation>着色依据：%1</translation>
    </message>
    <message>
        <source>What the colours, the filters and F3 follow. msprobe's own colours are what its TensorBoard plugin shows and what exports keep; a metric colours a node by the worst value among its outputs.</source>
        <translation>颜色、筛选和 F3 所依据的指标。msprobe 自己的颜色即其 TensorBoard 插件显示、导出时保留的颜色；按某个指标着色时，节点取其输出中最差的值。</translation>
    </message>
    <message>
        <source>msprobe 26.0 rules without those on dtype, shape and requires_grad: a node whose values agree with the bench passes even where the NPU ran in another dtype. The details panel says which rule each input and output broke.</source>
        <translation>msprobe 26.0 规则，但不含 dtype、shape 和 requires_grad 规则：数值与标杆一致的节点即使 NPU 使用了其他 dtype 也判为通过。详情面板说明每个输入输出违反了哪条规则。</translation>
    </message>
    <message>
        <source>The smallest cosine similarity to the bench among the node's outputs (real data). Bands of 1 - cosine: 0.01%, 0.1%, 1%, 10%.</source>
        <translation>节点各输出与标杆的最小余弦相似度（真实数据）。按 1 - 余弦划分区间：0.01%、0.1%、1%、10%。</translation>
    </message>
    <message>
        <source>The largest %1 among the node's outputs against the bench, in bands of 0.01%, 0.1%, 1% and 10%; above 100% counts as 100%.</source>
        <translation>节点各输出相对标杆的最大 %1，区间为 0.01%、0.1%、1% 和 10%；超过 100% 按 100% 计。</translation>
    </message>
    <message>
        <source>Against the truth run</source>
        <translation>对照真值运行</translation>
    </message>
    <message>
        <source>Each node's output against a third run of the same step in higher precision, on both sides. NPU worse: its error exceeds 2.5 times the bench's and 4 times its dtype's rounding (bf16 3.9e-3, fp16 4.9e-4, fp32 1e-6). Both off: both beyond their rounding. Follows: worse only because its inputs, or a node inside, already were. The details panel shows the three values.</source>
        <translation>两侧每个节点的输出与同一步更高精度的第三次运行对照。NPU 更差：其误差超过标杆误差的 2.5 倍且超过其 dtype 舍入的 4 倍（bf16 3.9e-3，fp16 4.9e-4，fp32 1e-6）。两侧均偏：两侧都超出各自的舍入。随之偏差：仅因其输入或内部某个节点已经更差。详情面板显示这三个值。</translation>
    </message>
</context>
<context>
    <name>psui::MainWindow</name>
    <message numerus="yes">
        <source>%n warning(s) from the engine (hover for details)</source>
        <translation><numerusform>引擎给出 %n 条警告（悬停查看详情）</numerusform></translation>
    </message>
    <message>
        <source>%1 — ProbeScope</source>
        <translation>%1 — ProbeScope</translation>
    </message>
    <message>
        <source>ProbeScope</source>
        <translation>ProbeScope</translation>
    </message>
    <message numerus="yes">
        <source>Built %n node(s).</source>
        <translation><numerusform>已构建 %n 个节点。</numerusform></translation>
    </message>
    <message>
        <source>%1 NPU nodes, %2 unmatched, %3 in the worst bin. F3 jumps to the next one.</source>
        <translation>%1 个 NPU 节点，%2 个未匹配，%3 个处于最差区间。按 F3 跳到下一个。</translation>
    </message>
    <message>
        <source>Loading failed; the previous session is kept.</source>
        <translation>加载失败；已保留之前的会话。</translation>
    </message>
    <message>
        <source>Cannot open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>No node in the worst precision bin or with NaN / inf.</source>
        <translation>最差精度区间中没有节点，也没有含 NaN / inf 的节点。</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open comparison…</source>
        <translation>打开比对(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;compare.json…</source>
        <translation>打开 compare.json(&amp;C)…</translation>
    </message>
    <message>
        <source>Open .&amp;vis / .vis.db…</source>
        <translation>打开 .vis / .vis.db(&amp;V)…</translation>
    </message>
    <message>
        <source>Open the bundled &amp;example</source>
        <translation>打开内置示例(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Export .vis / .vis.db…</source>
        <translation>导出 .vis / .vis.db(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Mirror expansion on the other side</source>
        <translation>另一侧同步展开(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Link scrolling</source>
        <translation>联动滚动(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Expand node</source>
        <translation>展开节点(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Collapse node</source>
        <translation>折叠节点(&amp;C)</translation>
    </message>
    <message>
        <source>Collapse &amp;all</source>
        <translation>全部折叠(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation>导航(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Find node…</source>
        <translation>查找节点(&amp;F)…</translation>
    </message>
    <message>
        <source>Next &amp;match</source>
        <translation>下一个匹配(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Previous match</source>
        <translation>上一个匹配(&amp;P)</translation>
    </message>
    <message>
        <source>Next &amp;suspicious node</source>
        <translation>下一个可疑节点(&amp;S)</translation>
    </message>
    <message>
        <source>Next node in the worst precision bin or with NaN / inf, in execution order (F3)</source>
        <translation>按执行顺序跳到最差精度区间或含 NaN / inf 的下一个节点（F3）</translation>
    </message>
    <message>
        <source>Previous s&amp;uspicious node</source>
        <translation>上一个可疑节点(&amp;U)</translation>
    </message>
    <message>
        <source>Previous node in the worst precision bin or with NaN / inf (Shift+F3)</source>
        <translation>跳到最差精度区间或含 NaN / inf 的上一个节点（Shift+F3）</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About ProbeScope</source>
        <translation>关于 ProbeScope(&amp;A)</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Legend and filters</source>
        <translation>图例与筛选</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Comparison details</source>
        <translation>比对详情</translation>
    </message>
    <message>
        <source>Call stacks</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>Suspicious nodes by caller</source>
        <translation>按调用位置归类的可疑节点</translation>
    </message>
    <message>
        <source> Step / rank: </source>
        <translation> Step / Rank： </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open a comparison (Ctrl+O), a compare.json, or drop dump folders here.</source>
        <translation>打开比对（Ctrl+O）或 compare.json，或将 dump 目录拖放到此处。</translation>
    </message>
    <message>
        <source>Open compare.json</source>
        <translation>打开 compare.json</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open .vis / .vis.db</source>
        <translation>打开 .vis / .vis.db</translation>
    </message>
    <message>
        <source>Graph files (*.vis *.vis.db);;All files (*)</source>
        <translation>图文件 (*.vis *.vis.db);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Example missing</source>
        <translation>缺少示例</translation>
    </message>
    <message>
        <source>The bundled example comparison was not found.</source>
        <translation>未找到内置的示例比对。</translation>
    </message>
    <message>
        <source>Export .vis / .vis.db</source>
        <translation>导出 .vis / .vis.db</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>正在导出 %1…</translation>
    </message>
    <message>
        <source>Export failed.</source>
        <translation>导出失败。</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source> Micro step: </source>
        <translation> 微步： </translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>Colour &amp;ranges…</source>
        <translation>颜色区间(&amp;R)…</translation>
    </message>
    <message>
        <source>Colour ranges</source>
        <translation>颜色区间</translation>
    </message>
    <message>
        <source>Layer mapping</source>
        <translation>层映射</translation>
    </message>
    <message>
        <source>Rules: msprobe 26.0 (pass / warning / error)</source>
        <translation>规则：msprobe 26.0（pass / warning / error）</translation>
    </message>
    <message>
        <source>Rules: msprobe 1.2 (bins)</source>
        <translation>规则：msprobe 1.2（区间）</translation>
    </message>
    <message>
        <source>The rules this comparison was rated with; File ▸ Open comparison… chooses them</source>
        <translation>评定此比对结果所用的规则；在“文件 ▸ 打开比对…”中选择</translation>
    </message>
    <message>
        <source>%1 NPU nodes, %2 unmatched, %3 errors. F3 jumps to the next one.</source>
        <translation>%1 个 NPU 节点，%2 个未匹配，%3 个 error。按 F3 跳到下一个。</translation>
    </message>
    <message>
        <source>Graph file (*.vis)</source>
        <translation>图文件 (*.vis)</translation>
    </message>
    <message>
        <source>Graph database (*.vis.db)</source>
        <translation>图数据库 (*.vis.db)</translation>
    </message>
    <message>
        <source>Options: %1</source>
        <translation>选项：%1</translation>
    </message>
    <message>
        <source>The options this comparison was opened with; its recent entry opens it with them again, File ▸ Open comparison… changes them</source>
        <translation>打开此比对时所用的选项；从“最近打开”再次打开时会使用相同的选项，可在 文件 ▸ 打开比对… 中更改</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>%1

Write it into the new sub-folder %2 instead?</source>
        <translation>%1

改为写入新的子目录 %2？</translation>
    </message>
    <message>
        <source>Use the sub-folder</source>
        <translation>使用子目录</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>CSV file (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export &amp;report (CSV)…</source>
        <translation>导出报告 (CSV)(&amp;R)…</translation>
    </message>
    <message>
        <source>Trends</source>
        <translation>趋势</translation>
    </message>
    <message>
        <source>%1 compared with %2 — ProbeScope</source>
        <translation>%1 对比 %2 — ProbeScope</translation>
    </message>
    <message>
        <source>Compared with %1 (before): %2 worse, %3 better, %4 appeared, %5 vanished NPU nodes.</source>
        <translation>已与 %1（之前）对比：NPU 节点 %2 个变差、%3 个变好、%4 个新出现、%5 个消失。</translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save the notes, expanded nodes, filters and selection beside the comparison</source>
        <translation>将备注、展开的节点、过滤条件和选中项保存在比对结果旁</translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Open sess&amp;ion…</source>
        <translation>打开会话(&amp;I)…</translation>
    </message>
    <message>
        <source>The session file could not be read; the comparison is open without it.</source>
        <translation>无法读取会话文件；比对结果已打开，但未恢复会话。</translation>
    </message>
    <message>
        <source>Session file not read</source>
        <translation>未读取会话文件</translation>
    </message>
    <message>
        <source>%1

The comparison is open without its notes; the session file is left as it is until you save the session.</source>
        <translation>%1

比对结果已打开，但没有其备注；在您保存会话之前，会话文件保持原样。</translation>
    </message>
    <message>
        <source>Session restored from %1.</source>
        <translation>已从 %1 恢复会话。</translation>
    </message>
    <message>
        <source>Save session as</source>
        <translation>会话另存为</translation>
    </message>
    <message>
        <source>ProbeScope sessions (*.probescope.json);;JSON files (*.json)</source>
        <translation>ProbeScope 会话 (*.probescope.json);;JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>The session was not saved.</source>
        <translation>会话未保存。</translation>
    </message>
    <message>
        <source>Cannot save the session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>Session saved to %1.</source>
        <translation>会话已保存到 %1。</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>ProbeScope sessions (*.probescope.json);;JSON files (*.json);;All files (*)</source>
        <translation>ProbeScope 会话 (*.probescope.json);;JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Unsaved notes</source>
        <translation>备注未保存</translation>
    </message>
    <message>
        <source>The notes on this comparison have changed since they were saved. Save the session first?</source>
        <translation>此比对结果的备注在上次保存后已更改。是否先保存会话？</translation>
    </message>
    <message numerus="yes">
        <source>Showing the part of the graph opened so far (%n NPU node(s)); reading the rest…</source>
        <translation><numerusform>正在显示已打开的部分图（%n 个 NPU 节点）；正在读取其余部分…</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n NPU node(s) matched; comparing them, the colours follow…</source>
        <translation><numerusform>已匹配 %n 个 NPU 节点；正在比对，颜色随后显示…</numerusform></translation>
    </message>
    <message>
        <source>Rules: msprobe 26.0.0 release (pass / warning / error, numbers rounded)</source>
        <translation>规则：msprobe 26.0.0 正式版（pass / warning / error，数值已舍入）</translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation>着色依据</translation>
    </message>
</context>
<context>
    <name>psui::MatchesDock</name>
    <message>
        <source>Matches</source>
        <translation>匹配结果</translation>
    </message>
</context>
<context>
    <name>psui::NodeDetailsModel</name>
    <message>
        <source>NPU</source>
        <translation>NPU</translation>
    </message>
    <message>
        <source>Bench</source>
        <translation>标杆</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>侧</translation>
    </message>
    <message>
        <source>Slot</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>The difference between the NPU and bench maximum values</source>
        <translation>NPU与标杆API统计信息比对，最大值的差值</translation>
    </message>
    <message>
        <source>The difference between the NPU and bench minimum values</source>
        <translation>NPU与标杆API统计信息比对，最小值的差值</translation>
    </message>
    <message>
        <source>The difference between the NPU and bench mean values</source>
        <translation>NPU与标杆API统计信息比对，平均值的差值</translation>
    </message>
    <message>
        <source>The difference between the NPU and bench L2 norms</source>
        <translation>NPU与标杆API统计信息比对，2范数（平方根）的差值</translation>
    </message>
    <message>
        <source>Statistics: |Max diff / bench Max|. Real data: the largest relative error of an element; the closer to 0 the better (inf or NaN when the data holds 0 or NaN)</source>
        <translation>统计量：|Max diff / 标杆 Max|。真实数据：元素的最大相对误差，越接近0越好（数据中有0或NaN时为inf或NaN，属于正常现象）</translation>
    </message>
    <message>
        <source>|Min diff / bench Min|, as a percentage</source>
        <translation>|Min diff / 标杆 Min|，以百分比表示</translation>
    </message>
    <message>
        <source>|Mean diff / bench Mean|, as a percentage</source>
        <translation>|Mean diff / 标杆 Mean|，以百分比表示</translation>
    </message>
    <message>
        <source>|L2norm diff / bench L2 norm|, as a percentage</source>
        <translation>|L2norm diff / 标杆 L2 范数|，以百分比表示</translation>
    </message>
    <message>
        <source>The md5 of the data, to tell whether two tensors are exactly equal</source>
        <translation>数据MD5信息，用于比较两个数据信息是否完全一致</translation>
    </message>
    <message>
        <source>The share of elements whose relative error against the bench is below 0.1%; the closer to 1 the better</source>
        <translation>Tensor中的元素逐个与对应的标杆数据对比，相对误差小于千分之一的比例占总元素个数的比例，比例越接近1越好</translation>
    </message>
    <message>
        <source>The share of elements whose relative error against the bench is below 0.5%; the closer to 1 the better</source>
        <translation>Tensor中的元素逐个与对应的标杆数据对比，相对误差小于千分之五的比例占总元素个数的比例，比例越接近1越好</translation>
    </message>
    <message>
        <source>The cosine similarity of the two tensors; the closer to 1 the more alike (acceptable above 0.99). NaN when one of them is all zeros</source>
        <translation>通过计算两个向量的余弦值来判断其相似度，数值越接近于1说明计算出的两个张量越相似，实际可接受阈值为大于0.99。其中一个向量全为0时为NaN</translation>
    </message>
    <message>
        <source>The largest absolute error of an element; the closer to 0 the better (acceptable below 0.001)</source>
        <translation>当最大绝对误差越接近0表示其计算的误差越小，实际可接受阈值为小于0.001</translation>
    </message>
    <message>
        <source>msprobe 26.0 rules: the row's verdict (pass, warning, error). msprobe 1.2 md5 mode: pass when the NPU and bench md5 are equal, diff when they differ</source>
        <translation>msprobe 26.0 规则：此行的判定（pass、warning、error）。msprobe 1.2 的 md5 模式：NPU 与标杆的 md5 相同时为 pass，不同时为 diff</translation>
    </message>
    <message>
        <source>msprobe 26.0 rules: why the row is not a pass, one message per failed rule</source>
        <translation>msprobe 26.0 规则：此行未通过的原因，每条未通过的规则一条消息</translation>
    </message>
    <message>
        <source>Whether the NPU and bench tensors agree on requires_grad</source>
        <translation>NPU 与标杆张量的 requires_grad 是否一致</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%2 的 %1（%3）</translation>
    </message>
    <message>
        <source>≈0: the bench %1 is below the noise floor (|bench| &lt; 1e-6 × the tensor's largest |Max|, |Min|, or &lt; 1e-12): this relative error divides by almost nothing.</source>
        <translation>≈0：标杆 %1 低于噪声下限（|标杆| &lt; 1e-6 × 张量最大的 |Max|、|Min|，或 &lt; 1e-12）：这个相对误差的除数几乎为零。</translation>
    </message>
</context>
<context>
    <name>psui::NoteActions</name>
    <message>
        <source>Note…</source>
        <translation>备注…</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Clear the tag</source>
        <translation>清除标记</translation>
    </message>
</context>
<context>
    <name>psui::NoteDialog</name>
    <message>
        <source>Note on a node</source>
        <translation>节点备注</translation>
    </message>
    <message>
        <source>(no tag)</source>
        <translation>（无标记）</translation>
    </message>
    <message>
        <source>What you found, checked or suspect about this node</source>
        <translation>关于此节点的发现、核对结果或怀疑</translation>
    </message>
    <message>
        <source>Node:</source>
        <translation>节点：</translation>
    </message>
    <message>
        <source>Tag:</source>
        <translation>标记：</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <source>No tag and no text remove the note.</source>
        <translation>不选标记且不写文字即删除备注。</translation>
    </message>
</context>
<context>
    <name>psui::OpenDialog</name>
    <message>
        <source>Open comparison</source>
        <translation>打开比对</translation>
    </message>
    <message>
        <source>NPU dump folder:</source>
        <translation>NPU dump 目录：</translation>
    </message>
    <message>
        <source>Bench dump folder (optional):</source>
        <translation>标杆 dump 目录（可选）：</translation>
    </message>
    <message>
        <source>empty: build the NPU graph only</source>
        <translation>留空：只构建 NPU 图</translation>
    </message>
    <message>
        <source>Layer mapping file (optional):</source>
        <translation>层映射文件（可选）：</translation>
    </message>
    <message>
        <source>Fuzzy matching (-f)</source>
        <translation>模糊匹配 (-f)</translation>
    </message>
    <message>
        <source>Overflow check (-oc)</source>
        <translation>溢出检测 (-oc)</translation>
    </message>
    <message>
        <source>Complete call stacks (-cs)</source>
        <translation>完整调用栈 (-cs)</translation>
    </message>
    <message>
        <source>Browse</source>
        <translation>浏览</translation>
    </message>
    <message>
        <source>Choose a dump folder</source>
        <translation>选择 dump 目录</translation>
    </message>
    <message>
        <source>Choose a layer mapping file</source>
        <translation>选择层映射文件</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation>YAML 文件 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The NPU dump folder does not exist.</source>
        <translation>NPU dump 目录不存在。</translation>
    </message>
    <message>
        <source>The bench dump folder does not exist.</source>
        <translation>标杆 dump 目录不存在。</translation>
    </message>
    <message>
        <source>The layer mapping file does not exist.</source>
        <translation>层映射文件不存在。</translation>
    </message>
    <message>
        <source>Parallel layout: merge the ranks (msprobe 26.0.0 rules)</source>
        <translation>并行切分：合并各 rank（msprobe 26.0.0 规则）</translation>
    </message>
    <message>
        <source>For runs split by tensor or pipeline parallelism: each side's rank folders are merged into one graph before matching (rank count = tp × pp × dp).</source>
        <translation>用于按张量并行或流水线并行切分的训练：匹配前先把每一侧的各 rank 目录合并为一张图（rank 数 = tp × pp × dp）。</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>rank 数</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>NPU</source>
        <translation>NPU</translation>
    </message>
    <message>
        <source>Bench</source>
        <translation>标杆</translation>
    </message>
    <message>
        <source>NPU parallel layout: %1</source>
        <translation>NPU 并行切分：%1</translation>
    </message>
    <message>
        <source>Bench parallel layout: %1</source>
        <translation>标杆并行切分：%1</translation>
    </message>
    <message>
        <source>msprobe 26.0: pass / warning / error verdicts</source>
        <translation>msprobe 26.0：pass / warning / error 判定</translation>
    </message>
    <message>
        <source>msprobe 1.2: relative-error bins</source>
        <translation>msprobe 1.2：相对误差区间</translation>
    </message>
    <message>
        <source>Rules:</source>
        <translation>规则：</translation>
    </message>
    <message>
        <source>msprobe 26.0 as its 26.0.0 release writes it: numbers rounded to 6 decimals</source>
        <translation>msprobe 26.0（按 26.0.0 正式版的写法）：数值四舍五入到 6 位小数</translation>
    </message>
    <message>
        <source>The rules that match, rate and colour the nodes: msprobe 26.0's graph_visualize (what today's plugin opens, .vis.db) or msprobe 1.2's graph (.vis). The 26.0.0 release rates alike but rounds the data's numbers to 6 decimals in the details and exported files; the 26.1 line and msprobe's master write them unrounded.</source>
        <translation>匹配、评定并着色节点所用的规则：msprobe 26.0 的 graph_visualize（如今的插件打开的 .vis.db）或 msprobe 1.2 的 graph（.vis）。26.0.0 正式版的评定相同，但在详情和导出的文件中把数据中的数值四舍五入到 6 位小数；26.1 版本线和 msprobe 的 master 写出不舍入的数值。</translation>
    </message>
    <message>
        <source>Truth run (optional):</source>
        <translation>真值运行（可选）：</translation>
    </message>
    <message>
        <source>the same step in higher precision, e.g. fp64 on a CPU</source>
        <translation>同一步的更高精度运行，例如 CPU 上的 fp64</translation>
    </message>
    <message>
        <source>A third dump of the same step in higher precision. Each node's output is judged against it on both sides: is the NPU worse than the bench, or are both off? (View it with Colour by: against the truth run.)</source>
        <translation>同一步更高精度的第三份 dump。两侧每个节点的输出都与它对照评判：NPU 是否比标杆更差，还是两侧都有偏差？（在“着色依据：对照真值运行”中查看。）</translation>
    </message>
    <message>
        <source>The truth run's dump folder does not exist.</source>
        <translation>真值运行的 dump 文件夹不存在。</translation>
    </message>
    <message>
        <source>A truth run judges a comparison: give the bench dump folder too.</source>
        <translation>真值运行用于评判一次比对：请同时给出标杆 dump 文件夹。</translation>
    </message>
</context>
<context>
    <name>psui::OriginsList</name>
    <message>
        <source>rank %1 %2</source>
        <translation>rank %1 %2</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Node / path</source>
        <translation>节点 / 路径</translation>
    </message>
    <message>
        <source>Reaches ranks</source>
        <translation>波及的 rank</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>新增误差</translation>
    </message>
    <message>
        <source>The ranks whose errors this origin explains, its own included</source>
        <translation>此源头所解释的误差所在的 rank（包括其自身）</translation>
    </message>
</context>
<context>
    <name>psui::PeerRankJump</name>
    <message>
        <source>Data sent to</source>
        <translation>数据发送</translation>
    </message>
    <message>
        <source>Data received from</source>
        <translation>数据接收</translation>
    </message>
    <message>
        <source>Data sent to and received from</source>
        <translation>数据发送接收</translation>
    </message>
    <message>
        <source>rank %1: %2</source>
        <translation>rank%1：%2</translation>
    </message>
    <message>
        <source>Precision of the peer: %1</source>
        <translation>对端的精度：%1</translation>
    </message>
    <message>
        <source>Rank %1 is not part of this session.</source>
        <translation>rank%1 不在本次会话中。</translation>
    </message>
    <message>
        <source>The peer node %1 is not in this rank's graph.</source>
        <translation>对端节点 %1 不在该 rank 的图中。</translation>
    </message>
    <message>
        <source>Finding the peer ranks…</source>
        <translation>正在查找对端 rank…</translation>
    </message>
</context>
<context>
    <name>psui::PrecisionCharts</name>
    <message>
        <source>%1
precision index %2</source>
        <translation>%1
精度指标 %2</translation>
    </message>
    <message>
        <source>Precision index</source>
        <translation>精度指标</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>溢出</translation>
    </message>
    <message>
        <source>NaN / inf</source>
        <translation>NaN / inf</translation>
    </message>
    <message>
        <source>Backward execution order</source>
        <translation>反向执行顺序</translation>
    </message>
    <message>
        <source>Forward execution order</source>
        <translation>正向执行顺序</translation>
    </message>
    <message>
        <source>No precision values (build mode or no matched nodes)</source>
        <translation>没有精度值（构图模式或没有匹配的节点）</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) with a precision index</source>
        <translation><numerusform>%n 个节点有精度指标</numerusform></translation>
    </message>
    <message>
        <source>Forward: worst per layer</source>
        <translation>正向：每层最差</translation>
    </message>
    <message>
        <source>Backward: worst per layer</source>
        <translation>反向：每层最差</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Worst precision index</source>
        <translation>最差精度指标</translation>
    </message>
    <message>
        <source>The model has no numbered layers</source>
        <translation>模型没有编号的层</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Pass:</source>
        <translation>阶段：</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>正向</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>导出 PNG…</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>导出 SVG…</translation>
    </message>
    <message>
        <source>Execution order</source>
        <translation>执行顺序</translation>
    </message>
    <message>
        <source>Per layer</source>
        <translation>按层</translation>
    </message>
    <message>
        <source>Layer × kind</source>
        <translation>层 × 类型</translation>
    </message>
</context>
<context>
    <name>psui::SearchBar</name>
    <message>
        <source>Search node names (Ctrl+F)</source>
        <translation>搜索节点名称（Ctrl+F）</translation>
    </message>
    <message>
        <source>Both sides</source>
        <translation>两侧</translation>
    </message>
    <message>
        <source>NPU</source>
        <translation>NPU</translation>
    </message>
    <message>
        <source>Bench</source>
        <translation>标杆</translation>
    </message>
    <message>
        <source>Regex</source>
        <translation>正则</translation>
    </message>
    <message>
        <source>Treat the text as a regular expression</source>
        <translation>将文本作为正则表达式</translation>
    </message>
    <message>
        <source>Only matches</source>
        <translation>仅显示匹配</translation>
    </message>
    <message>
        <source>Show only the matching nodes and their parents in the trees</source>
        <translation>树中只显示匹配的节点及其父节点</translation>
    </message>
    <message>
        <source>Invalid expression</source>
        <translation>表达式无效</translation>
    </message>
</context>
<context>
    <name>psui::SessionController</name>
    <message>
        <source>Cancelled; the previous session is kept.</source>
        <translation>已取消；已保留之前的会话。</translation>
    </message>
    <message>
        <source>Only a comparison has colour ranges.</source>
        <translation>只有比对结果才有颜色区间。</translation>
    </message>
    <message>
        <source>In md5 mode the colours are fixed: equal or different.</source>
        <translation>md5 模式的颜色是固定的：相同或不同。</translation>
    </message>
    <message>
        <source>Cancelled; the colours are kept.</source>
        <translation>已取消；颜色保持不变。</translation>
    </message>
    <message>
        <source>This comparison has no %1 to colour by.</source>
        <translation>此比对结果没有可用于着色的 %1。</translation>
    </message>
    <message>
        <source>Colouring by %1…</source>
        <translation>正在按 %1 着色…</translation>
    </message>
</context>
<context>
    <name>psui::SessionLoader</name>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Cancelled; the trees show the matched nodes without metrics.</source>
        <translation>已取消；树中显示已匹配的节点，但没有指标。</translation>
    </message>
    <message>
        <source>Cancelled; the previous session is kept.</source>
        <translation>已取消；已保留之前的会话。</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比对…</translation>
    </message>
    <message>
        <source>Reading the node data…</source>
        <translation>正在读取节点数据…</translation>
    </message>
    <message>
        <source>Reading the graph…</source>
        <translation>正在读取图…</translation>
    </message>
</context>
<context>
    <name>psui::StackPanel</name>
    <message>
        <source>Fold framework frames (torch, msprobe, Python internals)</source>
        <translation>折叠框架栈帧（torch、msprobe、Python 内部）</translation>
    </message>
    <message>
        <source>NPU call stack</source>
        <translation>NPU 调用栈</translation>
    </message>
    <message>
        <source>Bench call stack</source>
        <translation>标杆调用栈</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>(no stack recorded for this node)</source>
        <translation>（此节点没有记录调用栈）</translation>
    </message>
    <message numerus="yes">
        <source>··· %n framework frame(s), first: %1</source>
        <translation><numerusform>··· %n 个框架栈帧，第一个：%1</numerusform></translation>
    </message>
</context>
<context>
    <name>psui::StartPage</name>
    <message>
        <source>No longer exists: %1</source>
        <translation>已不存在：%1</translation>
    </message>
    <message>
        <source>ProbeScope</source>
        <translation>ProbeScope</translation>
    </message>
    <message>
        <source>Find where an Ascend NPU training run starts to drift from its GPU/CPU reference. Open the msprobe dumps of both runs and ProbeScope shows their module trees side by side, coloured by how far each node's outputs are from the reference.</source>
        <translation>找出昇腾 NPU 训练从哪里开始偏离 GPU/CPU 标杆。打开两次运行的 msprobe dump，ProbeScope 会把两棵模块树并排显示，并按每个节点的输出与标杆的差距着色。</translation>
    </message>
    <message>
        <source>Open comparison…</source>
        <translation>打开比对…</translation>
    </message>
    <message>
        <source>An NPU and a bench dump folder, a compare.json, or one dump folder to build its graph alone (Ctrl+O)</source>
        <translation>一个 NPU dump 目录和一个标杆 dump 目录、一个 compare.json，或只用一个 dump 目录单独构图（Ctrl+O）</translation>
    </message>
    <message>
        <source>Open .vis / .vis.db…</source>
        <translation>打开 .vis / .vis.db…</translation>
    </message>
    <message>
        <source>A graph file written by msprobe graph, probescope-cli or File ▸ Export</source>
        <translation>由 msprobe graph、probescope-cli 或“文件 ▸ 导出”写出的图文件</translation>
    </message>
    <message>
        <source>Open the example</source>
        <translation>打开示例</translation>
    </message>
    <message>
        <source>A real comparison of a small MLP's NPU and bench dumps, with a few red nodes to explore</source>
        <translation>一个小型 MLP 的 NPU 与标杆 dump 的真实比对，其中有几个红色节点可供探索</translation>
    </message>
    <message>
        <source>The bundled example was not found in this installation</source>
        <translation>此安装中找不到内置示例</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近打开</translation>
    </message>
    <message>
        <source>Nothing opened yet: what you open is listed here.</source>
        <translation>尚未打开任何内容：打开过的内容会列在这里。</translation>
    </message>
    <message>
        <source>You can also drop dump folders, a compare.json or a .vis file onto this window. Help ▸ User guide (F1) explains the views and how to produce dumps with msprobe.</source>
        <translation>也可以把 dump 目录、compare.json 或 .vis 文件拖到此窗口。“帮助 ▸ 用户指南”（F1）介绍各个视图以及如何用 msprobe 采集 dump。</translation>
    </message>
</context>
<context>
    <name>psui::TensorErrorWindow</name>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Reading the tensors…</source>
        <translation>正在读取张量…</translation>
    </message>
    <message>
        <source>Tensor error — %1</source>
        <translation>张量误差 — %1</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>导出 PNG…</translation>
    </message>
    <message>
        <source>Colour by:</source>
        <translation>着色依据：</translation>
    </message>
    <message>
        <source>Absolute error</source>
        <translation>绝对误差</translation>
    </message>
    <message>
        <source>Relative error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>NPU: %1</source>
        <translation>NPU：%1</translation>
    </message>
    <message>
        <source>Bench: %1</source>
        <translation>标杆：%1</translation>
    </message>
    <message>
        <source>Heat map: %1 × %2 (rows × last dimension) in cells of %3 × %4 elements, each its block's largest error</source>
        <translation>热力图：%1 × %2（行 × 最后一维），每格 %3 × %4 个元素，取块内最大误差</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>%1 elements, shape %2, NPU %3, bench %4</source>
        <translation>%1 个元素，形状 %2，NPU %3，标杆 %4</translation>
    </message>
    <message>
        <source>Beyond the tolerance (|NPU − bench| &gt; %1 + %2 × |bench|): %3 of %4 (%5%)</source>
        <translation>超出容差（|NPU − 标杆| &gt; %1 + %2 × |标杆|）：%4 个中有 %3 个（%5%）</translation>
    </message>
    <message>
        <source>%1: none (no element has two finite values)</source>
        <translation>%1：无（没有两侧均为有限值的元素）</translation>
    </message>
    <message>
        <source>%1 at %2: NPU %3, bench %4 (absolute %5, relative %6)</source>
        <translation>%1 位于 %2：NPU %3，标杆 %4（绝对 %5，相对 %6）</translation>
    </message>
    <message>
        <source>Largest absolute error</source>
        <translation>最大绝对误差</translation>
    </message>
    <message>
        <source>Largest relative error</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>NaN: NPU %1, bench %2; inf: NPU %3, bench %4; NaN/inf not matched on the other side: %5</source>
        <translation>NaN：NPU %1，标杆 %2；inf：NPU %3，标杆 %4；另一侧不一致的 NaN/inf：%5</translation>
    </message>
    <message>
        <source>Mean absolute error %1; bench 0 under NPU ≠ 0 (relative error inf): %2</source>
        <translation>平均绝对误差 %1；标杆为 0 而 NPU ≠ 0（相对误差为 inf）：%2</translation>
    </message>
    <message>
        <source>Elements per error decade</source>
        <translation>各误差数量级的元素数</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>%1 %2: %3 elements (%4%)</source>
        <translation>%1 %2：%3 个元素（%4%）</translation>
    </message>
    <message>
        <source>Export tensor error</source>
        <translation>导出张量误差</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>The tolerance takes two numbers &gt;= 0 (rtol, atol).</source>
        <translation>容差需要两个 &gt;= 0 的数（rtol、atol）。</translation>
    </message>
    <message>
        <source>Tolerance rtol, atol:</source>
        <translation>容差 rtol、atol：</translation>
    </message>
    <message>
        <source>rtol: an element is beyond the tolerance when |NPU − bench| &gt; atol + rtol × |bench|</source>
        <translation>rtol：当 |NPU − 标杆| &gt; atol + rtol × |标杆| 时，元素超出容差</translation>
    </message>
    <message>
        <source>atol: an element is beyond the tolerance when |NPU − bench| &gt; atol + rtol × |bench|</source>
        <translation>atol：当 |NPU − 标杆| &gt; atol + rtol × |标杆| 时，元素超出容差</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
</context>
<context>
    <name>psui::TreeFilterBar</name>
    <message>
        <source>Show all nodes</source>
        <translation>显示全部节点</translation>
    </message>
    <message>
        <source>The trees show only the search's matches and their parents (Only matches).</source>
        <translation>树中只显示搜索的匹配项及其父节点（仅显示匹配）。</translation>
    </message>
    <message>
        <source>The trees show only the nodes ticked in the legend and their parents (Show only these nodes).</source>
        <translation>树中只显示图例中勾选的节点及其父节点（树中只显示这些节点）。</translation>
    </message>
</context>
<context>
    <name>psui::TrendsHeatmap</name>
    <message>
        <source>No module has a precision value in these graphs</source>
        <translation>这些图中没有模块有精度值</translation>
    </message>
    <message>
        <source>Click to open this graph at this module</source>
        <translation>单击在此图中打开该模块</translation>
    </message>
</context>
<context>
    <name>psui::TrendsLines</name>
    <message>
        <source>Step</source>
        <translation>Step</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Step / rank</source>
        <translation>Step / Rank</translation>
    </message>
    <message>
        <source>First error: %1</source>
        <translation>首个错误：%1</translation>
    </message>
    <message>
        <source>Worst modules:</source>
        <translation>最差模块数：</translation>
    </message>
    <message>
        <source>How many of the worst modules get a line; tick others in the list</source>
        <translation>为多少个最差模块绘制曲线；也可在列表中勾选其他模块</translation>
    </message>
    <message>
        <source>%1
worst error over the graphs (relative error, or 1 - cosine): %2</source>
        <translation>%1
所有图中的最大误差（相对误差，或 1 - 余弦）：%2</translation>
    </message>
    <message>
        <source>Worst error</source>
        <translation>最大误差</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>对数坐标</translation>
    </message>
</context>
<context>
    <name>psui::TrendsModel</name>
    <message>
        <source>step %1, rank %2</source>
        <translation>Step %1，Rank %2</translation>
    </message>
    <message>
        <source>absent, unmatched or without precision</source>
        <translation>不存在、未匹配或无精度值</translation>
    </message>
    <message>
        <source>worst error %1</source>
        <translation>最大误差 %1</translation>
    </message>
    <message>
        <source>First graph with an error</source>
        <translation>第一个有错误的图</translation>
    </message>
</context>
<context>
    <name>psui::TrendsPanel</name>
    <message>
        <source>The module %1 is not in this graph.</source>
        <translation>此图中没有模块 %1。</translation>
    </message>
    <message>
        <source>Computing the trends was cancelled.</source>
        <translation>趋势计算已取消。</translation>
    </message>
    <message>
        <source>The trends are computed when this view is shown.</source>
        <translation>显示此视图时计算趋势。</translation>
    </message>
    <message>
        <source>Trends need a session of several steps or ranks.</source>
        <translation>趋势需要包含多个 Step 或 Rank 的会话。</translation>
    </message>
    <message numerus="yes">
        <source>%n graph(s), %1 modules. </source>
        <translation><numerusform>%n 个图，%1 个模块。</numerusform></translation>
    </message>
    <message>
        <source>No graph has an error.</source>
        <translation>没有图出现错误。</translation>
    </message>
    <message>
        <source>The first error appears at %1: %2</source>
        <translation>首个错误出现在 %1：%2</translation>
    </message>
    <message>
        <source>Each cell: the module's legend colour in that graph; hatched: absent or without precision. Click a cell to open that graph at that module.</source>
        <translation>每个格子：该模块在该图中的图例颜色；斜线：不存在或无精度值。单击格子可在该图中打开该模块。</translation>
    </message>
    <message>
        <source>Each cell: the module's legend colour in that graph; hatched: absent or without precision; red frame: the first graph with an error (%1). Click a cell to open that graph at that module.</source>
        <translation>每个格子：该模块在该图中的图例颜色；斜线：不存在或无精度值；红框：第一个有错误的图（%1）。单击格子可在该图中打开该模块。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重新计算</translation>
    </message>
    <message>
        <source>Compare every step and rank of the session again</source>
        <translation>重新比对会话中的每个 Step 和 Rank</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>热力图</translation>
    </message>
</context>
<context>
    <name>psui::UserGuideDialog</name>
    <message>
        <source>ProbeScope User Guide</source>
        <translation>ProbeScope 用户指南</translation>
    </message>
    <message>
        <source>The user guide is missing from this build (%1).</source>
        <translation>此版本缺少用户指南（%1）。</translation>
    </message>
</context>
<context>
    <name>psui::Verdicts</name>
    <message>
        <source>There is nan/inf/-inf in the maximum or minimum value of NPU.</source>
        <translation>NPU 的最大值或最小值中有 nan/inf/-inf。</translation>
    </message>
    <message>
        <source>The NormRelativeErr of output is greater than 0.5.</source>
        <translation>输出的 NormRelativeErr 大于 0.5。</translation>
    </message>
    <message>
        <source>The input/parameters of One Thousandth Err Ratio &gt; 0.9 while the output &lt; 0.6.</source>
        <translation>输入/参数的 One Thousandth Err Ratio &gt; 0.9，而输出 &lt; 0.6。</translation>
    </message>
    <message>
        <source>The Required_Grad of NPU and Bench are inconsistent</source>
        <translation>NPU 与标杆的 Required_Grad 不一致</translation>
    </message>
    <message>
        <source>The scalar parameters of NPU and Bench are inconsistent.</source>
        <translation>NPU 与标杆的标量参数不一致。</translation>
    </message>
    <message>
        <source>The dtype of NPU and Bench are inconsistent.</source>
        <translation>NPU 与标杆的 dtype 不一致。</translation>
    </message>
    <message>
        <source>The shape of NPU and Bench are inconsistent.</source>
        <translation>NPU 与标杆的 shape 不一致。</translation>
    </message>
    <message>
        <source>The norm relative error of output is 10 times that of input.</source>
        <translation>输出的范数相对误差是输入的 10 倍。</translation>
    </message>
    <message>
        <source>The input/parameters of Cosine &gt; 0.9, and input/parameters - output &gt; 0.1</source>
        <translation>输入/参数的 Cosine &gt; 0.9，且输入/参数 - 输出 &gt; 0.1</translation>
    </message>
    <message>
        <source>The CRC-32 value of NPU differs from that of the bench.</source>
        <translation>NPU 的 CRC-32 值与标杆不同。</translation>
    </message>
    <message>
        <source>The parameter of NPU does not match the bench.</source>
        <translation>NPU 的参数与标杆不匹配。</translation>
    </message>
</context>
</TS>