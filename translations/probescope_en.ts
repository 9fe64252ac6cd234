<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AnalysisJobs</name>
    <message>
        <source>Nothing is open.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A single graph has no bench side to match with.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Real-data comparisons (task "all") cannot be matched by hand: the metrics come from the tensor files and are not recomputed for one pair (tb_graph_ascend refuses them too).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This comparison was opened from a graph file, which holds formatted rows but not the dump statistics: open the NPU and bench dump folders to match nodes by hand.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ComparisonOptions</name>
    <message>
        <source>-lm (edited rules)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ranks merged</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none</source>
        <comment>no engine options</comment>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>DiffJob</name>
    <message>
        <source>Only a comparison can be compared with another one.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Marking the changes…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 has no step %2, rank %3: its first graph (step %4, rank %5) is compared.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot compare with %1:
%2</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <source>A file or folder does not exist.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A file cannot be read.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A file is larger than the resource limits allow.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A file is not valid JSON.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A file does not hold what a dump or graph file holds.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The dump folder is not laid out as msprobe writes it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The NPU and bench folders are laid out differently.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The NPU and bench runs do not have the same ranks.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The dump was taken with a task ProbeScope cannot compare.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A node or file name cannot be used.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A structure is nested more deeply than the limits allow.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The output cannot be written.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A setting is not valid.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The operation failed.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>File: %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Details: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The run would need more memory than the resource limits allow.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A file changed while it was being read (is a job still writing it?).</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ExportJob</name>
    <message>
        <source>The file name must end in .vis or .vis.db.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 already holds %2: tb_graph_ascend shows one .vis.db per folder and hides every .vis next to it. Choose another folder.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 already holds %2: tb_graph_ascend would hide it behind the new .vis.db. Choose another folder.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>LoadJob</name>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Preparing the view…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reading dump.json…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reading construct.json and stack.json…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Building the graphs…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Matching nodes…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparing…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparing tensors…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Writing…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reading the node data of %1…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Judging both sides against the truth run…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The truth run could not be used: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>NodeSearch</name>
    <message>
        <source>The regular expression is too slow: %1 of %2 names searched in %3 s. Simplify it.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>NoteLabels</name>
    <message>
        <source>checked</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>suspicious</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cause</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Note: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tagged %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Note (%1): %2</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>OpenPaths</name>
    <message>
        <source>Not a folder: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Nothing to open.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot open %1: expected a compare.json, a dump folder, or an NPU and a bench dump folder.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>TensorErrorJob</name>
    <message>
        <source>Reading the tensors…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparing the tensors element by element…</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>TrendsJob</name>
    <message>
        <source>Trends: step %1, rank %2 (%3 of %4)…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Trends: done</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::AboutDialog</name>
    <message>
        <source>About ProbeScope</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;h2&gt;ProbeScope %1&lt;/h2&gt;&lt;p&gt;Compares the msprobe dumps of an Ascend NPU training run with its GPU/CPU reference: the module trees side by side, coloured by precision, with msprobe's metrics for every node. Reads and writes the &lt;code&gt;.vis&lt;/code&gt; files of &lt;code&gt;msprobe graph&lt;/code&gt; (1.2.1) and tb_graph_ascend.&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Component</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (built with %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Copy versions</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::AnalysisController</name>
    <message>
        <source>Nothing is open.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Matching nodes and recomputing…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unmatching nodes…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Applying %1…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparing the ranks of this step…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparing with %1…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This session has a single graph: there are no trends.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Computing trends…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparing the tensors…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Nothing to export.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Finding the communication peers of the other ranks…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The communication peers could not be found: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::AnalysisTools</name>
    <message>
        <source>Cannot save the match config</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Picked for matching: NPU %1 ⇄ bench %2 (Ctrl+M matches them)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Match the NPU node %1 with the bench node %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Manual matching needs a comparison</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unmatch from %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Match with selected bench node (select an unmatched bench node first)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Match with selected NPU node (select an unmatched NPU node first)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Match with bench node %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Match with NPU node %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Manual matching</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Select an unmatched NPU node and an unmatched bench node, then match them.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n pair(s) changed; precision recomputed.</source>
        <translation><numerusform>%n pair changed; precision recomputed.</numerusform><numerusform>%n pairs changed; precision recomputed.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) changed, %1 could not be:</source>
        <translation><numerusform>%n pair changed, %1 could not be:</numerusform><numerusform>%n pairs changed, %1 could not be:</numerusform></translation>
    </message>
    <message>
        <source>Load match config</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Match config (*.vis.config);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save match config</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Match config (*.vis.config)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Match with selected bench node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unmatch</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Include children (by short name and type)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Load match config…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save match config…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>First divergence</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::CallerPanel</name>
    <message>
        <source>Worst bin only</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Upper half of the legend</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Calling line of user code / node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Nodes / code</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Available for comparisons.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>… %1 more</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 suspicious nodes in %2 places of user code</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::CentralView</name>
    <message>
        <source>&amp;Trees</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Show the NPU and bench trees (Ctrl+1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Graph</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Show the nested-box graph, as tb_graph_ascend draws it (Ctrl+2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Trees &amp;and graph</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Show the trees above the graph (Ctrl+3)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::ChangeLegend</name>
    <message>
        <source>Worse: verdict or worst metric   (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Better: verdict or worst metric   (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Appeared: no node of that name before   (NPU %1, bench %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Same as before   (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Before: &lt;b&gt;%1&lt;/b&gt; (step %2, rank %3)&lt;br&gt;After: the comparison shown</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Vanished: only before, in no tree (NPU %1, bench %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench nodes carry the mark of their NPU node. A collapsed module shows the most notable change inside it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Change against another comparison</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop comparing</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Back to the precision colours</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::ColorRangesDialog</name>
    <message>
        <source>Colour ranges</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Nodes are coloured by their precision index: the first range with lower ≤ index &lt; upper (an index of 1 also fits a range ending at 1, 0 one starting at 0).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Colour</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Lower bound</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Upper bound</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 Not matched: always grey</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Add range</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe's ranges for this comparison's mode</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Remove this range</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::DetailsPanel</name>
    <message>
        <source>Copy as text</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Copy the table, tab separated, to the clipboard</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Select a node to see its inputs, outputs and metrics.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU node: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench node: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n suspicious value(s)</source>
        <translation><numerusform>%n suspicious value</numerusform><numerusform>%n suspicious values</numerusform></translation>
    </message>
    <message>
        <source>Taken from rank %1 and renamed by the pipeline-parallel merge.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Note…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Write a note on the selected node or tag it (checked, suspicious, cause)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Colour from %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Its bench value is below the noise floor (≈0): msprobe's colour, but likely rounding noise.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cells marked ≈0 divide by a bench value below 1e-6 × the tensor's largest |Max|, |Min| (or 1e-12).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>worse</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>better</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>appeared (no node of that name before)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>same</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not matched</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>bin %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>(absent)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Change: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Before: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>After: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;b&gt;Change: %1&lt;/b&gt; (against %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Worst metric</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Before</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>After</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Why %1 (msprobe 26.0 rules)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Parallel merge (how this node's values were merged across ranks)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tensor error…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Histograms and a heat map of the element-wise error between the NPU and bench tensors of the selected input or output</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Against the truth run: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::DiffTools</name>
    <message>
        <source>Cannot compare</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compare with another comparison (before)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparisons (*.vis *.vis.gz *.vis.db *.db *.json);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparing with %1…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop comparing with %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop comparing</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compare with another comparison…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Colour the trees by what changed since another comparison of the same model (a .vis, .vis.db or compare.json): worse, better, same, appeared</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::DivergencePanel</name>
    <message>
        <source>The finder needs a comparison (NPU and bench).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No node introduces an error above the tolerance.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n node(s) introduce an error: their outputs exceed the tolerance while the inputs they inherit do not. Double-click to show one.</source>
        <translation><numerusform>%n node introduces an error: its outputs exceed the tolerance while the inputs it inherits do not. Double-click to show it.</numerusform><numerusform>%n nodes introduce an error: their outputs exceed the tolerance while the inputs they inherit do not. Double-click to show one.</numerusform></translation>
    </message>
    <message>
        <source>Ignore:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>name patterns, comma separated (e.g. *dropout*, Functional.embedding*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tolerances:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>dtype=value, comma separated (defaults: float16=0.01, bfloat16=0.04, float32=0.001)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Find</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Added</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Output error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Input error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tolerance</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Worst output</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Entered through</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Output error minus the error of the inputs it inherited</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A diverging input no earlier node produced (a parameter or data tensor): the error entered here</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This file was opened without reading every node's data. Find reads it, then searches.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparing…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparing every rank of this step and following their communication links…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No rank of step %1 introduces an error above the tolerance.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n place(s) where an error entered step %1, across its ranks; an error that arrived from another rank through a communication node is traced back to it. Double-click to open that rank there.</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message>
        <source>This rank has no node %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Across ranks</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Where the errors of this step entered, over all its ranks: an error that arrived through a communication node is traced to the rank that sent it</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::ErrorHeatMapView</name>
    <message>
        <source>NaN/inf</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows %1, columns %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Largest absolute error %1 at %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU %1, bench %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Largest relative error %1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n element(s) with NaN or inf</source>
        <translation>
            <numerusform>%n element with NaN or inf</numerusform>
            <numerusform>%n elements with NaN or inf</numerusform>
        </translation>
    </message>
    <message>
        <source>The tensors are empty.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::GraphCanvas</name>
    <message>
        <source>No bench graph</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a comparison to see its graph</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::GraphChartDocks</name>
    <message>
        <source>Charts</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Zoom out (Ctrl+wheel)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Zoom in (Ctrl+wheel)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Fit the whole graph into the view</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::GraphMinimap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::GraphTreeModel</name>
    <message>
        <source>Module</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>API</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>API list</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>medium</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>high</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>critical</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Worst inside</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Overflow</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe's precision index of the NPU node (higher is worse); on the bench side, the value of the matched NPU node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The worst precision bin among this node and everything below it</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Overflow level (only with the overflow check)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data merged across tensor-parallel ranks (see the details)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Taken from rank %1 by the parallel merge</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>md5 equal</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>md5 differs</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe 26.0's verdict of the NPU node: the worst of its inputs' and outputs' rows (the details say why); on the bench side, the verdict of the matched NPU node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Its statistics hold NaN or inf (the precision is msprobe's own number)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::HitListModel</name>
    <message>
        <source>NPU: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no match</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Side</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Verdict / precision</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::HitNavigator</name>
    <message>
        <source>Previous</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Next</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation><numerusform>%n node</numerusform><numerusform>%n nodes</numerusform></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::LayerHeatmap</name>
    <message>
        <source>Attention</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>MLP</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Norm</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Other</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No numbered layers with precision values</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Worst precision index per layer and kind; blue frame: overflow or NaN/inf</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%1
worst precision index %2 (%n node(s))</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
</context>
<context>
    <name>psui::LayerMappingModel</name>
    <message>
        <source>Edit rule</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Add rule</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Remove rule</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Layer class (NPU)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU path</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench path</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::LayerMappingPanel</name>
    <message>
        <source>Not a module class of the NPU graph (nor TopLayer)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The comparison with these rules failed: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Apply stopped: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 nodes matched before → %2 after</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n problem(s); Apply is blocked. Row %1: %2</source>
        <translation><numerusform>%n problem; Apply is blocked. Row %1: %2</numerusform><numerusform>%n problems; Apply is blocked. Row %1: %2</numerusform></translation>
    </message>
    <message>
        <source>Cannot load the mapping: %1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Loaded %n rule(s) from %1</source>
        <translation><numerusform>Loaded %n rule from %1</numerusform><numerusform>Loaded %n rules from %1</numerusform></translation>
    </message>
    <message>
        <source>A new, empty mapping: add rules, then Apply.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a comparison first.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This session cannot be compared again (a graph file or a build).</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Comparing again with %n rule(s)…</source>
        <translation><numerusform>Comparing again with %n rule…</numerusform><numerusform>Comparing again with %n rules…</numerusform></translation>
    </message>
    <message>
        <source>Cannot save the mapping: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Saved to %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Load layer mapping</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Layer mapping (*.yaml *.yml)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save layer mapping</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Layer mapping (*.yaml)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Load…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>New</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Add rule</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Redo</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save As…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compare again with these rules</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::LegendPanel</name>
    <message>
        <source>No matching node (NPU %1, bench %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Precision (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Overflow</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Show only these nodes in the trees</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>md5 equal (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>md5 differs (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The node was not matched with a bench node during the comparison.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Every input and output of this node has the same md5 as the bench.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Some input or output of this node has an md5 different from the bench.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The absolute difference between the smallest One Thousandth Err Ratio of the node's inputs and that of its outputs: how much precision the node lost. The larger, the further the NPU values are from the bench. One Thousandth Err Ratio: the share of elements whose relative error against the bench is below 0.1%; the closer to 1 the better.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The relative error of the statistics of every input and output of this node; the larger, the further the NPU values are from the bench. Relative error: |(NPU - bench) / bench|.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Module: a framework module; expandable</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>API: an operator call, or a module without children</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>API list (Apis_Between_Modules): the APIs called between two modules, grouped</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Grey: no matching node on the other side</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>White: no precision value (bench nodes, API lists)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Blue (overflow column): overflow level</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A collapsed module is painted in the worst colour it contains.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Node types and fills</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Edit colours…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe 26.0 rules: every input and output of this node passed.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe 26.0 rules: an input or output of this node broke a warning rule (the output's norm relative error 10 times the inputs', the cosine falling, a parameter without partner). The details panel says which.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe 26.0 rules: an input or output of this node broke an error rule (nan or inf in the NPU maximum or minimum, dtype, shape, requires_grad or scalar arguments differing from the bench, an output's NormRelativeErr above 0.5, md5 differing). The details panel says which.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Colour the nodes by overflow level</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>As tb_graph_ascend in overflow mode: each node takes the colour of its overflow level (medium, high, critical) instead of its precision colour.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe's verdict</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe's precision index</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Verdict on values alone</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Colour by: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>What the colours, the filters and F3 follow. msprobe's own colours are what its TensorBoard plugin shows and what exports keep; a metric colours a node by the worst value among its outputs.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe 26.0 rules without those on dtype, shape and requires_grad: a node whose values agree with the bench passes even where the NPU ran in another dtype. The details panel says which rule each input and output broke.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The smallest cosine similarity to the bench among the node's outputs (real data). Bands of 1 - cosine: 0.01%, 0.1%, 1%, 10%.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The largest %1 among the node's outputs against the bench, in bands of 0.01%, 0.1%, 1% and 10%; above 100% counts as 100%.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Against the truth run</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Each node's output against a third run of the same step in higher precision, on both sides. NPU worse: its error exceeds 2.5 times the bench's and 4 times its dtype's rounding (bf16 3.9e-3, fp16 4.9e-4, fp32 1e-6). Both off: both beyond their rounding. Follows: worse only because its inputs, or a node inside, already were. The details panel shows the three values.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::MainWindow</name>
    <message numerus="yes">
        <source>%n warning(s) from the engine (hover for details)</source>
        <translation><numerusform>%n warning from the engine (hover for details)</numerusform><numerusform>%n warnings from the engine (hover for details)</numerusform></translation>
    </message>
    <message>
        <source>%1 — ProbeScope</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ProbeScope</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Built %n node(s).</source>
        <translation><numerusform>Built %n node.</numerusform><numerusform>Built %n nodes.</numerusform></translation>
    </message>
    <message>
        <source>%1 NPU nodes, %2 unmatched, %3 in the worst bin. F3 jumps to the next one.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Loading failed; the previous session is kept.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot open</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No node in the worst precision bin or with NaN / inf.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Open comparison…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open &amp;compare.json…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open .&amp;vis / .vis.db…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open the bundled &amp;example</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Recent</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Export .vis / .vis.db…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Mirror expansion on the other side</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Link scrolling</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Expand node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Collapse node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Collapse &amp;all</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Find node…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Next &amp;match</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Previous match</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Next &amp;suspicious node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Next node in the worst precision bin or with NaN / inf, in execution order (F3)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Previous s&amp;uspicious node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Previous node in the worst precision bin or with NaN / inf (Shift+F3)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;About ProbeScope</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Main toolbar</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Legend and filters</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparison details</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Call stacks</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Suspicious nodes by caller</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source> Step / rank: </source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a comparison (Ctrl+O), a compare.json, or drop dump folders here.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open compare.json</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open .vis / .vis.db</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Graph files (*.vis *.vis.db);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Example missing</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The bundled example comparison was not found.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export .vis / .vis.db</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export failed.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Exported %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>All</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source> Micro step: </source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Colour &amp;ranges…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Colour ranges</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Layer mapping</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rules: msprobe 26.0 (pass / warning / error)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rules: msprobe 1.2 (bins)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The rules this comparison was rated with; File ▸ Open comparison… chooses them</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Options: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The options this comparison was opened with; its recent entry opens it with them again, File ▸ Open comparison… changes them</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Showing the part of the graph opened so far (%n NPU node(s)); reading the rest…</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message>
        <source>%1 NPU nodes, %2 unmatched, %3 errors. F3 jumps to the next one.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 compared with %2 — ProbeScope</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compared with %1 (before): %2 worse, %3 better, %4 appeared, %5 vanished NPU nodes.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Graph file (*.vis)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Graph database (*.vis.db)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1

Write it into the new sub-folder %2 instead?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Use the sub-folder</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export report</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>CSV file (*.csv)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export &amp;report (CSV)…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save the notes, expanded nodes, filters and selection beside the comparison</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open sess&amp;ion…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Trends</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The session file could not be read; the comparison is open without it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Session file not read</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1

The comparison is open without its notes; the session file is left as it is until you save the session.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Session restored from %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save session as</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ProbeScope sessions (*.probescope.json);;JSON files (*.json)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The session was not saved.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot save the session</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Session saved to %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open session</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ProbeScope sessions (*.probescope.json);;JSON files (*.json);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unsaved notes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The notes on this comparison have changed since they were saved. Save the session first?</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n NPU node(s) matched; comparing them, the colours follow…</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message>
        <source>Rules: msprobe 26.0.0 release (pass / warning / error, numbers rounded)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Colour by</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::MatchesDock</name>
    <message>
        <source>Matches</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::NodeDetailsModel</name>
    <message>
        <source>NPU</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Side</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Slot</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The difference between the NPU and bench maximum values</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The difference between the NPU and bench minimum values</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The difference between the NPU and bench mean values</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The difference between the NPU and bench L2 norms</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Statistics: |Max diff / bench Max|. Real data: the largest relative error of an element; the closer to 0 the better (inf or NaN when the data holds 0 or NaN)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>|Min diff / bench Min|, as a percentage</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>|Mean diff / bench Mean|, as a percentage</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>|L2norm diff / bench L2 norm|, as a percentage</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The md5 of the data, to tell whether two tensors are exactly equal</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The share of elements whose relative error against the bench is below 0.1%; the closer to 1 the better</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The share of elements whose relative error against the bench is below 0.5%; the closer to 1 the better</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The cosine similarity of the two tensors; the closer to 1 the more alike (acceptable above 0.99). NaN when one of them is all zeros</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The largest absolute error of an element; the closer to 0 the better (acceptable below 0.001)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe 26.0 rules: the row's verdict (pass, warning, error). msprobe 1.2 md5 mode: pass when the NPU and bench md5 are equal, diff when they differ</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe 26.0 rules: why the row is not a pass, one message per failed rule</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Whether the NPU and bench tensors agree on requires_grad</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>≈0: the bench %1 is below the noise floor (|bench| &lt; 1e-6 × the tensor's largest |Max|, |Min|, or &lt; 1e-12): this relative error divides by almost nothing.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::NoteActions</name>
    <message>
        <source>Note…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tag</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Clear the tag</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::NoteDialog</name>
    <message>
        <source>Note on a node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>(no tag)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>What you found, checked or suspect about this node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Node:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tag:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Note:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No tag and no text remove the note.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::OpenDialog</name>
    <message>
        <source>Open comparison</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU dump folder:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench dump folder (optional):</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>empty: build the NPU graph only</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Layer mapping file (optional):</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Fuzzy matching (-f)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Overflow check (-oc)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Complete call stacks (-cs)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Browse</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Choose a dump folder</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Choose a layer mapping file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The NPU dump folder does not exist.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The bench dump folder does not exist.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The layer mapping file does not exist.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Parallel layout: merge the ranks (msprobe 26.0.0 rules)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>For runs split by tensor or pipeline parallelism: each side's rank folders are merged into one graph before matching (rank count = tp × pp × dp).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>TP</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>VPP</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU parallel layout: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench parallel layout: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe 26.0: pass / warning / error verdicts</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe 1.2: relative-error bins</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rules:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>msprobe 26.0 as its 26.0.0 release writes it: numbers rounded to 6 decimals</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The rules that match, rate and colour the nodes: msprobe 26.0's graph_visualize (what today's plugin opens, .vis.db) or msprobe 1.2's graph (.vis). The 26.0.0 release rates alike but rounds the data's numbers to 6 decimals in the details and exported files; the 26.1 line and msprobe's master write them unrounded.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Truth run (optional):</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the same step in higher precision, e.g. fp64 on a CPU</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A third dump of the same step in higher precision. Each node's output is judged against it on both sides: is the NPU worse than the bench, or are both off? (View it with Colour by: against the truth run.)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The truth run's dump folder does not exist.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A truth run judges a comparison: give the bench dump folder too.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::OriginsList</name>
    <message>
        <source>rank %1 %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Node / path</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reaches ranks</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Added</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The ranks whose errors this origin explains, its own included</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::PeerRankJump</name>
    <message>
        <source>Finding the peer ranks…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data sent to</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data received from</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data sent to and received from</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>rank %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Precision of the peer: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rank %1 is not part of this session.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The peer node %1 is not in this rank's graph.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::PrecisionCharts</name>
    <message>
        <source>%1
precision index %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Precision index</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Overflow</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NaN / inf</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Backward execution order</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Forward execution order</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No precision values (build mode or no matched nodes)</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n node(s) with a precision index</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message>
        <source>Forward: worst per layer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Backward: worst per layer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Worst precision index</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The model has no numbered layers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export chart</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Pass:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Forward</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Backward</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export PNG…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export SVG…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Execution order</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Per layer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Layer × kind</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::SearchBar</name>
    <message>
        <source>Search node names (Ctrl+F)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Both sides</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Regex</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Treat the text as a regular expression</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Only matches</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Show only the matching nodes and their parents in the trees</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Invalid expression</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::SessionController</name>
    <message>
        <source>Cancelled; the previous session is kept.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Only a comparison has colour ranges.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>In md5 mode the colours are fixed: equal or different.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cancelled; the colours are kept.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This comparison has no %1 to colour by.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Colouring by %1…</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::SessionLoader</name>
    <message>
        <source>Starting…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cancelled; the trees show the matched nodes without metrics.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cancelled; the previous session is kept.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparing…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reading the node data…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reading the graph…</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::StackPanel</name>
    <message>
        <source>Fold framework frames (torch, msprobe, Python internals)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU call stack</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench call stack</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>(no stack recorded for this node)</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>··· %n framework frame(s), first: %1</source>
        <translation><numerusform>··· %n framework frame, first: %1</numerusform><numerusform>··· %n framework frames, first: %1</numerusform></translation>
    </message>
</context>
<context>
    <name>psui::StartPage</name>
    <message>
        <source>No longer exists: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ProbeScope</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Find where an Ascend NPU training run starts to drift from its GPU/CPU reference. Open the msprobe dumps of both runs and ProbeScope shows their module trees side by side, coloured by how far each node's outputs are from the reference.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open comparison…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>An NPU and a bench dump folder, a compare.json, or one dump folder to build its graph alone (Ctrl+O)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open .vis / .vis.db…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A graph file written by msprobe graph, probescope-cli or File ▸ Export</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open the example</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A real comparison of a small MLP's NPU and bench dumps, with a few red nodes to explore</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The bundled example was not found in this installation</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Recent</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Nothing opened yet: what you open is listed here.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>You can also drop dump folders, a compare.json or a .vis file onto this window. Help ▸ User guide (F1) explains the views and how to produce dumps with msprobe.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::TensorErrorWindow</name>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reading the tensors…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tensor error — %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export PNG…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Colour by:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Absolute error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Relative error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NPU: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bench: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Heat map: %1 × %2 (rows × last dimension) in cells of %3 × %4 elements, each its block's largest error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Heat map</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 elements, shape %2, NPU %3, bench %4</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Beyond the tolerance (|NPU − bench| &gt; %1 + %2 × |bench|): %3 of %4 (%5%)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: none (no element has two finite values)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 at %2: NPU %3, bench %4 (absolute %5, relative %6)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Largest absolute error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Largest relative error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NaN: NPU %1, bench %2; inf: NPU %3, bench %4; NaN/inf not matched on the other side: %5</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Mean absolute error %1; bench 0 under NPU ≠ 0 (relative error inf): %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Elements per error decade</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Elements</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 %2: %3 elements (%4%)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export tensor error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The tolerance takes two numbers &gt;= 0 (rtol, atol).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tolerance rtol, atol:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>rtol: an element is beyond the tolerance when |NPU − bench| &gt; atol + rtol × |bench|</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>atol: an element is beyond the tolerance when |NPU − bench| &gt; atol + rtol × |bench|</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::TreeFilterBar</name>
    <message>
        <source>Show all nodes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The trees show only the search's matches and their parents (Only matches).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The trees show only the nodes ticked in the legend and their parents (Show only these nodes).</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::TrendsHeatmap</name>
    <message>
        <source>No module has a precision value in these graphs</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Click to open this graph at this module</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::TrendsLines</name>
    <message>
        <source>%1
worst error over the graphs (relative error, or 1 - cosine): %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Step / rank</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>First error: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Worst error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Worst modules:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>How many of the worst modules get a line; tick others in the list</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Log scale</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::TrendsModel</name>
    <message>
        <source>step %1, rank %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>absent, unmatched or without precision</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>worst error %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>First graph with an error</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::TrendsPanel</name>
    <message>
        <source>The module %1 is not in this graph.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Computing the trends was cancelled.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The trends are computed when this view is shown.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Trends need a session of several steps or ranks.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n graph(s), %1 modules. </source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message>
        <source>No graph has an error.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The first error appears at %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Each cell: the module's legend colour in that graph; hatched: absent or without precision. Click a cell to open that graph at that module.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Each cell: the module's legend colour in that graph; hatched: absent or without precision; red frame: the first graph with an error (%1). Click a cell to open that graph at that module.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Recompute</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compare every step and rank of the session again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Lines</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Heatmap</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::UserGuideDialog</name>
    <message>
        <source>ProbeScope User Guide</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The user guide is missing from this build (%1).</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>psui::Verdicts</name>
    <message>
        <source>There is nan/inf/-inf in the maximum or minimum value of NPU.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The NormRelativeErr of output is greater than 0.5.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The input/parameters of One Thousandth Err Ratio &gt; 0.9 while the output &lt; 0.6.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The Required_Grad of NPU and Bench are inconsistent</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The scalar parameters of NPU and Bench are inconsistent.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The dtype of NPU and Bench are inconsistent.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The shape of NPU and Bench are inconsistent.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The norm relative error of output is 10 times that of input.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The input/parameters of Cosine &gt; 0.9, and input/parameters - output &gt; 0.1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The CRC-32 value of NPU differs from that of the bench.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The parameter of NPU does not match the bench.</source>
        <translation type="unfinished" />
    </message>
</context>
</TS>