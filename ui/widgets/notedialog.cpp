#include "widgets/notedialog.h"

#include "models/nodenotes.h"
#include "theme/palette.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace psui {

NoteDialog::NoteDialog(const QString& node, ps::NoteTag tag, const QString& text, QWidget* parent)
    : QDialog(parent)
    , m_node(new QLabel(this))
    , m_tag(new QComboBox(this))
    , m_text(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("noteDialog"));
    setWindowTitle(tr("Note on a node"));
    m_node->setText(node);
    m_node->setWordWrap(true);
    m_node->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tag->setObjectName(QStringLiteral("noteTag"));
    m_text->setObjectName(QStringLiteral("noteText"));
    for (ps::NoteTag t : { ps::NoteTag::None, ps::NoteTag::Checked, ps::NoteTag::Suspicious, ps::NoteTag::Cause }) {
        QPixmap swatch(12, 12);
        swatch.fill(t == ps::NoteTag::None ? QColor(Qt::transparent) : Palette::noteColor(int(t)));
        m_tag->addItem(QIcon(swatch), t == ps::NoteTag::None ? tr("(no tag)") : NoteLabels::tagName(t), int(t));
    }
    m_tag->setCurrentIndex(m_tag->findData(int(tag)));
    m_text->setPlainText(text);
    m_text->setPlaceholderText(tr("What you found, checked or suspect about this node"));
    m_text->setTabChangesFocus(true);

    auto* form = new QFormLayout;
    form->addRow(tr("Node:"), m_node);
    form->addRow(tr("Tag:"), m_tag);
    form->addRow(tr("Note:"), m_text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("No tag and no text remove the note."), this));
    layout->addWidget(buttons);
    resize(460, 280);
    m_text->setFocus();
}

ps::NoteTag NoteDialog::tag() const
{
    return ps::NoteTag(m_tag->currentData().toInt());
}

QString NoteDialog::text() const
{
    return m_text->toPlainText();
}

} // namespace psui
