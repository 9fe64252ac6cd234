#pragma once
// The node details: the matched NPU and bench nodes' inputs, outputs and parameters paired row by row, every
// field and metric of the mode, metric explanations as column tooltips, suspicious cells highlighted, and
// "copy as text"; under msprobe 26.0.0's rules, why the node is not a pass; for a graph merged from parallel ranks, how
// the node's data was merged; while a diff with another comparison is shown, the NPU node's verdict and worst metric
// before and after, side by side.
#include "models/changemap.h"
#include "models/snapshot.h"
#include "session/session_file.h"
#include "session/tensorerrorjob.h"

#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace psui {

class CollapsibleBox;
class NodeDetailsModel;

class DetailsPanel : public QWidget {
    Q_OBJECT
public:
    explicit DetailsPanel(QWidget* parent = nullptr);

    void setNodes(std::shared_ptr<const Snapshot> snapshot, NodeId npu, NodeId bench);
    // The diff shown (null: none); set before setNodes of the snapshot it describes.
    void setChanges(std::shared_ptr<const ChangeMap> changes);
    // The NPU node's change, then before and after: "Change: worse", "Before: bin 1, MaxRelativeErr 12.1%", ...;
    // "" without a diff or an NPU node.
    QString changeText() const;
    NodeDetailsModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QString headerText() const;
    QString mergeText() const; // the NPU node's parallel_merge_info, one line each ("" when none)
    QString verdictText() const; // msprobe 26.0.0's reasons of the NPU node's failed rows, one line each
    // Statistics mode: which relative error gave the node its colour, and whether near-zero bench values make
    // some relative errors meaningless (models/noisefloor.h); "" when there is nothing to say.
    QString colourNoteText() const;
    void copyToClipboard();
    void retranslate();
    // The notes of the shown NPU and bench nodes (null: none), above the table; the "Note…" button asks to edit.
    void setNotes(const ps::NodeNote* npu, const ps::NodeNote* bench);
    QString noteText() const; // what the note line shows ("" when neither node has a note)
    // Real-data mode: the tensor pair of the table's current row, for the Tensor error window; its paths are
    // empty when that row has no NPU and bench tensor files.
    TensorErrorRequest tensorErrorRequest() const;

Q_SIGNALS:
    void editNoteRequested();
    // "Tensor error…" (button or the table's context menu) on a row with both tensor files.
    void tensorErrorRequested(const psui::TensorErrorRequest& request);

private:
    void updateMergeInfo();
    void updateChange();
    void updateVerdict();
    void updateColourNote();
    void fitColumns(); // to their contents, at most 260 px each
    void updateNotes();
    void updateTensorError(); // the button is shown in real-data mode, enabled on a row with both files
    void showTableMenu(const QPoint& position);

    std::shared_ptr<const Snapshot> m_snapshot;
    std::shared_ptr<const ChangeMap> m_changes;
    NodeId m_npu = ps::kNoNode;
    NodeId m_bench = ps::kNoNode;
    QLabel* m_header;
    QLabel* m_change; // before / after of the NPU node while a diff is shown
    QLabel* m_verdict; // why the node is not a pass (msprobe 26.0.0's rules), in the verdict's colour
    QLabel* m_colourNote; // which metric drove the colour, and the noise-floor marks
    CollapsibleBox* m_verdictBox; // m_verdict under its "Why error" title
    QPlainTextEdit* m_merge;
    CollapsibleBox* m_mergeBox; // m_merge under its "Parallel merge" title
    QPushButton* m_copy;
    QPushButton* m_editNote;
    QPushButton* m_tensorError;
    QLabel* m_note;
    std::optional<ps::NodeNote> m_npuNote, m_benchNote;
    QTableView* m_table;
    NodeDetailsModel* m_model;
};

} // namespace psui
