#include "widgets/startpage.h"

#include <QCommandLinkButton>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QListWidget>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace psui {

namespace {

constexpr int kEntryRole = Qt::UserRole;

QString shortenHome(const QString& path)
{
    const QString home = QDir::homePath();
    if (!home.isEmpty() && home != QLatin1String("/") && path.startsWith(home + QLatin1Char('/')))
        return QStringLiteral("~") + path.mid(home.size());
    return path;
}

// What an entry is first, then where: "compare.json — ~/runs/mlp", "npu/step0/rank  ⇄  bench/step0/rank — ~/runs".
// The two folders of a pair are shown below their common parent, so that both stay readable when elided.
QString displayText(const QString& entry)
{
    QStringList parts = entry.split(QLatin1Char('\n'));
    QString parent = QFileInfo(parts[0]).absolutePath();
    if (parts.size() == 1)
        return QFileInfo(parts[0]).fileName() + QStringLiteral("  —  ") + QDir::toNativeSeparators(shortenHome(parent));
    while (parent.size() > 1) {
        bool common = true;
        for (const QString& p : parts)
            common = common && p.startsWith(parent + QLatin1Char('/'));
        if (common)
            break;
        parent = QFileInfo(parent).absolutePath();
    }
    QStringList relative;
    for (const QString& p : parts)
        relative << QDir::toNativeSeparators(QDir(parent).relativeFilePath(p));
    return relative.join(QStringLiteral("  ⇄  ")) + QStringLiteral("  —  ")
        + QDir::toNativeSeparators(shortenHome(parent));
}

bool allExist(const QString& entry)
{
    const QStringList parts = entry.split(QLatin1Char('\n'));
    for (const QString& p : parts)
        if (!QFileInfo::exists(p))
            return false;
    return true;
}

} // namespace

StartPage::StartPage(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_openComparison(new QCommandLinkButton(this))
    , m_openVis(new QCommandLinkButton(this))
    , m_openExample(new QCommandLinkButton(this))
    , m_recentTitle(new QLabel(this))
    , m_recent(new QListWidget(this))
    , m_noRecent(new QLabel(this))
    , m_hint(new QLabel(this))
{
    setObjectName(QStringLiteral("startPage"));
    m_openComparison->setObjectName(QStringLiteral("startOpenComparison"));
    m_openVis->setObjectName(QStringLiteral("startOpenVis"));
    m_openExample->setObjectName(QStringLiteral("startOpenExample"));
    m_recent->setObjectName(QStringLiteral("startRecentList"));

    auto* icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/probescope.svg")).pixmap(64, 64));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 2.0);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    auto* titleRow = new QHBoxLayout;
    titleRow->addWidget(icon);
    titleRow->addWidget(m_title, 1);

    m_summary->setWordWrap(true);
    m_hint->setWordWrap(true);
    m_noRecent->setWordWrap(true);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    m_noRecent->setForegroundRole(QPalette::PlaceholderText);
    QFont sectionFont = m_recentTitle->font();
    sectionFont.setBold(true);
    m_recentTitle->setFont(sectionFont);
    m_recent->setTextElideMode(Qt::ElideMiddle);
    m_recent->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // long paths are elided in the middle
    m_recent->setSpacing(3);

    // A centred column of readable width, whatever the window's size.
    auto* column = new QWidget(this);
    column->setMaximumWidth(760);
    auto* layout = new QVBoxLayout(column);
    layout->addLayout(titleRow);
    layout->addWidget(m_summary);
    layout->addSpacing(12);
    layout->addWidget(m_openComparison);
    layout->addWidget(m_openVis);
    layout->addWidget(m_openExample);
    layout->addSpacing(12);
    layout->addWidget(m_recentTitle);
    layout->addWidget(m_recent);
    layout->addWidget(m_noRecent);
    layout->addSpacing(12);
    layout->addWidget(m_hint);

    auto* outer = new QVBoxLayout(this);
    outer->addStretch(1);
    auto* centred = new QHBoxLayout;
    centred->addStretch(1);
    centred->addWidget(column, 4);
    centred->addStretch(1);
    outer->addLayout(centred);
    outer->addStretch(2);

    connect(m_openComparison, &QPushButton::clicked, this, &StartPage::openComparisonRequested);
    connect(m_openVis, &QPushButton::clicked, this, &StartPage::openVisRequested);
    connect(m_openExample, &QPushButton::clicked, this, &StartPage::openExampleRequested);
    // One click opens a recent entry, like a link, and so does Enter. A style that activates items on a single
    // click reports clicks as activations too, so only one of the two signals is followed for the mouse.
    if (style()->styleHint(QStyle::SH_ItemView_ActivateItemOnSingleClick, nullptr, m_recent)) {
        connect(m_recent, &QListWidget::itemActivated, this, &StartPage::onRecentActivated);
    } else {
        connect(m_recent, &QListWidget::itemClicked, this, &StartPage::onRecentActivated);
        connect(m_recent, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
            if (QGuiApplication::mouseButtons() == Qt::NoButton) // Enter, not the double click after a click
                onRecentActivated(item);
        });
    }

    retranslate();
    setRecentFiles({});
}

void StartPage::setRecentFiles(const QStringList& entries)
{
    m_entries = entries;
    m_recent->clear();
    for (const QString& entry : entries) {
        auto* item = new QListWidgetItem(displayText(entry), m_recent);
        item->setData(kEntryRole, entry);
        item->setIcon(QIcon::fromTheme(QStringLiteral("document-open-recent")));
        if (allExist(entry)) {
            item->setToolTip(QDir::toNativeSeparators(entry));
        } else {
            item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
            item->setToolTip(tr("No longer exists: %1").arg(QDir::toNativeSeparators(entry)));
        }
    }
    // As tall as its entries (at most six rows, then it scrolls).
    const int rows = std::min<int>(int(entries.size()), 6);
    const int rowHeight = entries.isEmpty() ? 0 : m_recent->sizeHintForRow(0) + 2 * m_recent->spacing();
    m_recent->setFixedHeight(rows * rowHeight + 2 * m_recent->frameWidth() + 2);
    m_recent->setVisible(!entries.isEmpty());
    m_noRecent->setVisible(entries.isEmpty());
}

void StartPage::setExampleAvailable(bool available)
{
    m_openExample->setEnabled(available);
    retranslate();
}

void StartPage::onRecentActivated(QListWidgetItem* item)
{
    if (item && (item->flags() & Qt::ItemIsEnabled))
        Q_EMIT recentRequested(item->data(kEntryRole).toString());
}

void StartPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void StartPage::retranslate()
{
    m_title->setText(tr("ProbeScope"));
    m_summary->setText(tr("Find where an Ascend NPU training run starts to drift from its GPU/CPU reference. Open the "
                          "msprobe dumps of both runs and ProbeScope shows their module trees side by side, "
                          "coloured by how far each node's outputs are from the reference."));
    m_openComparison->setText(tr("Open comparison…"));
    m_openComparison->setDescription(tr("An NPU and a bench dump folder, a compare.json, or one dump folder to "
                                        "build its graph alone (Ctrl+O)"));
    m_openVis->setText(tr("Open .vis / .vis.db…"));
    m_openVis->setDescription(tr("A graph file written by msprobe graph, probescope-cli or File ▸ Export"));
    m_openExample->setText(tr("Open the example"));
    m_openExample->setDescription(m_openExample->isEnabled()
            ? tr("A real comparison of a small MLP's NPU and bench dumps, with a few red nodes to explore")
            : tr("The bundled example was not found in this installation"));
    m_recentTitle->setText(tr("Recent"));
    m_noRecent->setText(tr("Nothing opened yet: what you open is listed here."));
    m_hint->setText(tr("You can also drop dump folders, a compare.json or a .vis file onto this window. "
                       "Help ▸ User guide (F1) explains the views and how to produce dumps with msprobe."));
    setRecentFiles(m_entries);
}

} // namespace psui
