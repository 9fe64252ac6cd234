#pragma once
// The call stacks of the selected NPU and bench nodes, side by side: each frame as file:line, function and
// code, with a copy button per side; framework frames (torch, msprobe, Python internals) can be folded into
// one line per run so the user's own code stands out.
#include "models/snapshot.h"

#include <QWidget>

#include <array>
#include <memory>

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace psui {

class StackPanel : public QWidget {
    Q_OBJECT
public:
    explicit StackPanel(QWidget* parent = nullptr);

    void setNodes(std::shared_ptr<const Snapshot> snapshot, NodeId npu, NodeId bench);
    QString text(Side side) const; // what the panel shows
    void setFolded(bool folded);
    void retranslate();

private:
    void refresh();

    std::shared_ptr<const Snapshot> m_snapshot;
    std::array<NodeId, 2> m_nodes { ps::kNoNode, ps::kNoNode };
    QCheckBox* m_fold;
    std::array<QLabel*, 2> m_titles {};
    std::array<QPlainTextEdit*, 2> m_texts {};
    std::array<QPushButton*, 2> m_copy {};
};

} // namespace psui
