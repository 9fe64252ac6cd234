#include "widgets/stackpanel.h"

#include "models/stackframes.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>

namespace psui {

StackPanel::StackPanel(QWidget* parent)
    : QWidget(parent)
    , m_fold(new QCheckBox(this))
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(4, 4, 4, 4);
    grid->addWidget(m_fold, 0, 0, 1, 4);
    for (Side s : { Side::Npu, Side::Bench }) {
        const int col = 2 * int(s);
        auto* title = new QLabel(this);
        auto* text = new QPlainTextEdit(this);
        auto* copy = new QPushButton(this);
        text->setReadOnly(true);
        text->setLineWrapMode(QPlainTextEdit::NoWrap);
        text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        text->setObjectName(s == Side::Npu ? QStringLiteral("npuStack") : QStringLiteral("benchStack"));
        grid->addWidget(title, 1, col);
        grid->addWidget(copy, 1, col + 1, Qt::AlignRight);
        grid->addWidget(text, 2, col, 1, 2);
        m_titles[size_t(s)] = title;
        m_texts[size_t(s)] = text;
        m_copy[size_t(s)] = copy;
        connect(copy, &QPushButton::clicked, this,
            [this, s]() { QApplication::clipboard()->setText(m_texts[size_t(s)]->toPlainText()); });
    }
    m_fold->setChecked(true);
    connect(m_fold, &QCheckBox::toggled, this, &StackPanel::refresh);
    retranslate();
}

void StackPanel::retranslate()
{
    m_fold->setText(tr("Fold framework frames (torch, msprobe, Python internals)"));
    m_titles[0]->setText(tr("NPU call stack"));
    m_titles[1]->setText(tr("Bench call stack"));
    for (QPushButton* b : m_copy)
        b->setText(tr("Copy"));
    refresh();
}

void StackPanel::setFolded(bool folded)
{
    m_fold->setChecked(folded);
}

void StackPanel::setNodes(std::shared_ptr<const Snapshot> snapshot, NodeId npu, NodeId bench)
{
    m_snapshot = std::move(snapshot);
    m_nodes = { npu, bench };
    refresh();
}

QString StackPanel::text(Side side) const
{
    return m_texts[size_t(side)]->toPlainText();
}

void StackPanel::refresh()
{
    for (Side s : { Side::Npu, Side::Bench }) {
        QString text;
        const NodeId node = m_nodes[size_t(s)];
        if (m_snapshot && m_snapshot->hasSide(s) && node != ps::kNoNode) {
            const std::vector<StackFrame> frames = framesOf(m_snapshot->graph(s), node);
            if (frames.empty()) {
                text = tr("(no stack recorded for this node)");
            } else if (!m_fold->isChecked()) {
                text = stackText(frames);
            } else {
                for (const FoldedFrame& f : foldFrames(frames)) {
                    if (f.folded > 0)
                        text += tr("··· %n framework frame(s), first: %1", nullptr, f.folded).arg(f.frame.location())
                            % QLatin1Char('\n');
                    else
                        text += stackText({ f.frame });
                }
            }
        }
        m_texts[size_t(s)]->setPlainText(text);
        m_texts[size_t(s)]->setVisible(s == Side::Npu || (m_snapshot && m_snapshot->hasSide(s)));
    }
}

} // namespace psui
