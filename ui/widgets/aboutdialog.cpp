#include "widgets/aboutdialog.h"

#include "util/build_info.h"

#include <QClipboard>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace psui {

AboutDialog::AboutDialog(QWidget* parent)
    : QDialog(parent)
    , m_text(new QLabel(this))
    , m_versions(new QTreeWidget(this))
    , m_copy(new QPushButton(this))
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About ProbeScope"));
    m_versions->setObjectName(QStringLiteral("aboutVersions"));

    auto* icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/probescope.svg")).pixmap(64, 64));
    icon->setAlignment(Qt::AlignTop);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setText(tr(
        "<h2>ProbeScope %1</h2><p>Compares the msprobe dumps of an Ascend NPU training run with its GPU/CPU "
        "reference: the module trees side by side, coloured by precision, with msprobe's metrics for every node. "
        "Reads and writes the <code>.vis</code> files of <code>msprobe graph</code> (1.2.1) and tb_graph_ascend.</p>")
                        .arg(QCoreApplication::applicationVersion().toHtmlEscaped()));
    auto* top = new QHBoxLayout;
    top->addWidget(icon);
    top->addWidget(m_text, 1);

    m_versions->setColumnCount(2);
    m_versions->setHeaderLabels({ tr("Component"), tr("Version") });
    m_versions->setRootIsDecorated(false);
    for (const ps::ComponentVersion& c : ps::componentVersions()) {
        const QString name = QString::fromStdString(c.name);
        new QTreeWidgetItem(m_versions, { name, QString::fromStdString(c.version) });
        if (c.name == "ProbeScope") {
            // Qt right after ProbeScope: the one the program runs with, and the one it was built against.
            const QString runtime = QString::fromLatin1(qVersion());
            const QString built = QStringLiteral(QT_VERSION_STR);
            new QTreeWidgetItem(m_versions,
                { QStringLiteral("Qt"), runtime == built ? runtime : tr("%1 (built with %2)").arg(runtime, built) });
        }
    }
    m_versions->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_versions->setMinimumHeight(m_versions->sizeHintForRow(0) * (m_versions->topLevelItemCount() + 2));

    m_copy->setText(tr("Copy versions"));
    connect(m_copy, &QPushButton::clicked, this, [this]() { QGuiApplication::clipboard()->setText(versionsText()); });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_copy, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_versions, 1);
    layout->addWidget(buttons);
    resize(560, 460);
}

QString AboutDialog::versionsText() const
{
    QStringList lines;
    for (int i = 0; i < m_versions->topLevelItemCount(); ++i)
        lines << m_versions->topLevelItem(i)->text(0) + QLatin1Char(' ') + m_versions->topLevelItem(i)->text(1);
    return lines.join(QLatin1Char('\n'));
}

} // namespace psui
